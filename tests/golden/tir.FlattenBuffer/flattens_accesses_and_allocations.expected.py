# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 10), "float32")):
        P = T.allocate([40], "float32", "global")
        P_1 = T.Buffer((40,), data=P)
        for i, j in T.grid(4, 10):
            A_1 = T.Buffer((32,), data=A.data)
            P_1[i * 10 + j] = T.if_then_else(1 <= j and j < 9, A_1[i * 8 + (j - 1)], T.float32(0))
        for i, j in T.grid(4, 10):
            B_1 = T.Buffer((40,), data=B.data)
            B_1[i * 10 + j] = P_1[i * 10 + j]
