# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
        W = T.allocate_const([1, 2, 3, 4], "int32", [4])
        W_1 = T.Buffer((4,), "int32", data=W)
        C[0:4] = A[0:4] * W_1[0:4]
        for i in range(4):
            if A[i] < 0:
                C[i] = 0
            else:
                C[i] = 1
