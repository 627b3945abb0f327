# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# Every use of i fits in int32 (i < 2^31) but its extent 2^31 does not: the rewrite casts extent
# and min to the loop var's type, so i stays int64 (TVM v0.14 narrows it, then its IntImm check
# fails on int32(2147483648)). j's loop fits and narrows; k is used only in a cast read that
# fits, so the cast narrows with it.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(2147483648),), "float32"), B: T.Buffer((T.int64(2147483648),), "float32"), C: T.Buffer((T.int64(8),), "int32")):
    for i in range(T.int64(2147483648)):
        B[i] = A[i]
    for j in range(T.int64(2147483647)):
        B[j] = A[j + T.int64(1)]
    for k in range(T.int64(8)):
        B[T.Cast("int64", C[k])] = A[k]
