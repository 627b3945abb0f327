# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
        for i, j in T.grid(4, 8):
            if i == 0:
                B[i * 8 + j] = T.float32(0)
            B[i * 8 + j] = B[i * 8 + j] + A[i * 8 + j]
        for i, j in T.grid(4, 8):
            if T.float32(0) < A[i]:
                B[i * 8 + j] = T.float32(1)
        for i, j in T.grid(4, 8):
            if j < 3:
                B[i * 8 + j] = T.float32(2)
