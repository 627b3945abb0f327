# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32"), D: T.Buffer((16,), "float32")):
        for i in range(16):
            C[i] = T.if_then_else(i < 8, A[i], A[i - 8])
            D[i] = T.Select(i < 8, A[i], A[i - 8])
            if 4 <= i and i < 8:
                D[i] = A[i] + T.float32(1)
            else:
                D[i] = A[0]
