# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(C: T.Buffer((2,), "int32")):
        for i in range(2):
            W = T.allocate_const([1, 2], "int32", [2])
            W_1 = T.Buffer((2,), "int32", data=W)
            C[i] = W_1[i]
