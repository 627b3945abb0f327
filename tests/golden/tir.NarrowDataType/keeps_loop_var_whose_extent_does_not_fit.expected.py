# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(2147483648),), "float32"), B: T.Buffer((T.int64(2147483648),), "float32"), C: T.Buffer((T.int64(8),), "int32")):
        for i in range(T.int64(2147483648)):
            B[i] = A[i]
        for j in range(2147483647):
            B[j] = A[j + 1]
        for k in range(8):
            B[T.Cast("int32", C[k])] = A[k]
