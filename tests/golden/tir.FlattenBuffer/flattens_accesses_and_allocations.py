# RUN: tirgen opt %s --pass tir.FlattenBuffer
# Accesses become flat; an allocation takes the product of its extents; an index that can be
# negative under the loop ranges (padding) is kept whole.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 10), "float32")):
    P = T.decl_buffer((4, 10))
    for i, j in T.grid(4, 10):
        P[i, j] = T.if_then_else(1 <= j and j < 9, A[i, j - 1], T.float32(0))
    for i, j in T.grid(4, 10):
        B[i, j] = P[i, j]
