# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "int32"), M: T.Buffer((8,), "int32"), L: T.Buffer((8,), "int32"), R: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
        for i in range(8):
            B[i] = T.Cast("int32", T.shift_right(T.Select(T.Select(T.bool(False), -2, 0) != 0, T.shift_left(T.Cast("int64", A[i]), T.Cast("int64", T.Select(T.bool(False), -2, 0))), T.Cast("int64", A[i])) * T.int64(1789569636) + T.shift_left(T.int64(1), T.Cast("int64", T.Select(T.bool(False), 0, 2) + 31 - 1)), T.Cast("int64", T.Select(T.bool(False), 0, 2) + 31)))
        for i in range(8):
            B[i] = T.shift_left(A[i], 2)
        for i in range(8):
            B[i] = T.shift_right(A[i] + 2, 2)
        for i in range(8):
            B[i] = T.Cast("int32", T.shift_right(T.Select(T.Select(L[i] > 0, L[i], 0) != 0, T.shift_left(T.Cast("int64", A[i]), T.Cast("int64", T.Select(L[i] > 0, L[i], 0))), T.Cast("int64", A[i])) * T.Cast("int64", M[i]) + T.shift_left(T.int64(1), T.Cast("int64", T.Select(L[i] > 0, 0, 0 - L[i]) + 31 - 1)), T.Cast("int64", T.Select(L[i] > 0, 0, 0 - L[i]) + 31)))
        for i in range(8):
            B[i] = T.Cast("int32", T.shift_right(T.Select(T.bool(True), T.shift_left(T.Cast("int64", A[i]), T.Cast("int64", L[i])), T.Cast("int64", A[i])) * T.Cast("int64", M[i]) + T.shift_left(T.int64(1), T.Cast("int64", R[i] + 31 - 1)), T.Cast("int64", R[i] + 31)))
        for i in range(8):
            B[i] = T.Select(A[i] >= 0, A[i], 0 - A[i])
