# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32"), n: T.int32):
        T.call_extern("int32", "f", n)
        T.call_extern("int32", "g", n)
        A[0] = T.float32(2)
        for m in range(n):
            T.call_extern("int32", "h", m)
