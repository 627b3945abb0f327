# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# Values that do not fit stay 64-bit; the constant allocation is untouched.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(4),), "int64")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(T.int64(4)):
        A_1 = T.Buffer((T.int64(4),), "int64", data=A.data)
        A_1[i] = i * T.int64(4294967296) + T.Cast("int64", W_1[i])
