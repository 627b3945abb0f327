# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((6,), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        for i in range(4):
            B[T.tirgen_check_index(i, T.int64(6), "B")] = A[T.tirgen_check_index(I[T.tirgen_check_index(i, T.int64(4), "I")], T.int64(8), "A")]
        for i in range(2):
            B[T.tirgen_check_index(i + 4, T.int64(6), "B")] = T.if_then_else(1 <= i, A[T.tirgen_check_index(i - 1, T.int64(8), "A")], T.float32(0))
