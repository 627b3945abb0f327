# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((2, 2), "int32"), C: T.Buffer((2, 2), "int32")):
        W = T.allocate_const([1, 2, 3, 4], "int32", [2, 2])
        for i, j in T.grid(2, 2):
            C_1 = T.Buffer((4,), "int32", data=C.data)
            A_1 = T.Buffer((4,), "int32", data=A.data)
            W_1 = T.Buffer((4,), "int32", data=W)
            C_1[i * 2 + j] = A_1[i * 2 + j] * W_1[j * 2 + i]
