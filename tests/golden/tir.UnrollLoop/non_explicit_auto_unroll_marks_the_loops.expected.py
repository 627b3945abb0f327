# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((6,), "float32")):
        for j in T.unroll(2):
            for k in T.unroll(3):
                A[j * 3 + k] = T.float32(1)
