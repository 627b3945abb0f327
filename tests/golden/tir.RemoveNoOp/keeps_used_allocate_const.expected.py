# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(C: T.Buffer((4,), "int32")):
        W = T.allocate_const([1, 2, 3, 4], "int32", [4])
        for i in range(4):
            W_1 = T.Buffer((4,), "int32", data=W)
            C[i] = W_1[i]
