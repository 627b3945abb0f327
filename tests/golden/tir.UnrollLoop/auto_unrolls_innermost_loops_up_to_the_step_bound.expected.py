# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((24,), "float32")):
        for i in range(4):
            A[i * 6] = T.float32(1)
            A[i * 6 + 1] = T.float32(1)
            A[i * 6 + 2] = T.float32(1)
            A[i * 6 + 3] = T.float32(1)
            A[i * 6 + 4] = T.float32(1)
            A[i * 6 + 5] = T.float32(1)
