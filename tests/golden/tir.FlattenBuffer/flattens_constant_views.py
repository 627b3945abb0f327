# RUN: tirgen opt %s --pass tir.FlattenBuffer
# A constant buffer is read through a flat view; the AllocateConst itself is unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), C: T.Buffer((2, 2), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [2, 2])
    W_1 = T.Buffer((2, 2), "int32", data=W)
    for i, j in T.grid(2, 2):
        C[i, j] = A[i, j] * W_1[j, i]
