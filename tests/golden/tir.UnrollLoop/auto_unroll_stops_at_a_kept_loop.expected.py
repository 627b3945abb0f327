# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((6,), "float32")):
        for i, j in T.grid(1, 2):
            A[j * 3] = T.float32(1)
            A[j * 3 + 1] = T.float32(1)
            A[j * 3 + 2] = T.float32(1)
