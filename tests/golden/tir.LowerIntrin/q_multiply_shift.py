# RUN: tirgen opt %s --pass tir.LowerIntrin
# TVM's default FLegalize of the fixed-point intrinsics: a general multiplier becomes int64
# multiply, rounding add and shifts (left shift only under its select); a multiplier of exactly
# 0.5 (1 << 30) is a plain shift, rounded when to the right; the per-axis form takes its shifts
# from buffers; a multiplier or shift read at run time takes the general rule. Other calls stay.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "int32"), M: T.Buffer((8,), "int32"), L: T.Buffer((8,), "int32"), R: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        B[i] = T.q_multiply_shift(A[i], 1789569636, 31, -2)
    for i in range(8):
        B[i] = T.q_multiply_shift(A[i], 1073741824, 31, 3)
    for i in range(8):
        B[i] = T.q_multiply_shift(A[i], 1073741824, 31, -1)
    for i in range(8):
        B[i] = T.q_multiply_shift(A[i], M[i], 31, L[i])
    for i in range(8):
        B[i] = T.q_multiply_shift_per_axis(A[i], M[i], L[i], R[i], 31, T.bool(True), T.bool(False))
    for i in range(8):
        B[i] = T.abs(A[i])
