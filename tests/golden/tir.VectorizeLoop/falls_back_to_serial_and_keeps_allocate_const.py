# RUN: tirgen opt %s --pass tir.VectorizeLoop
# A body it cannot vectorize keeps a serial loop; a constant read by index is a ramp load of
# the constant's view, and the AllocateConst stays once.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in T.vectorized(4):
        C[i] = A[i] * W_1[i]
    for i in T.vectorized(4):
        if A[i] < 0:
            C[i] = 0
        else:
            C[i] = 1
