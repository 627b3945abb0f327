# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
        for i in range(8):
            B[i] = T.if_then_else(i < 4, A[i + 4], T.float32(0))
        for i in range(8):
            B[i] = T.Select(i < 4, T.Cast("float32", i) * T.float32(2), T.exp(T.float32(1)))
        for i in range(8):
            B[i] = T.Select(i < 4, T.if_then_else(i < 2, A[i], T.float32(0)), T.float32(1))
