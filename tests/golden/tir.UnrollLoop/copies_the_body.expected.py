# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32")):
        for i in range(2):
            A[i * 3] = T.float32(1)
            A[i * 3 + 1] = T.float32(1)
            A[i * 3 + 2] = T.float32(1)
