# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "int32")):
        for i in range(8):
            A[i] = 2
            if 3 < i:
                A[i] = i
