# RUN: tirgen opt %s --pass tir.UnrollLoop
# A body that allocates is never copied (the loop becomes serial); constants stay once.
# from tvm.script import tir as T

@T.prim_func
def main(C: T.Buffer((2,), "int32")):
    for i in T.unroll(2):
        W = T.allocate_const([1, 2], "int32", [2])
        W_1 = T.Buffer((2,), "int32", data=W)
        C[i] = W_1[i]
