# RUN: tirgen opt %s --pass tir.Simplify
# Integer lets of pure values are inlined; the constant allocation stays exactly once.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(4):
        k: T.int32 = i + 0
        C[k] = A[k] * W_1[T.min(k, 3)]
