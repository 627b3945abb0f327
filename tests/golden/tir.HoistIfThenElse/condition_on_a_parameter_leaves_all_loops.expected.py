# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((32,), "float32"), n: T.int32):
        if 3 < n:
            for i, j in T.grid(4, 8):
                A[i * 8 + j] = T.float32(0)
