# RUN: tirgen opt %s --pass tir.RewriteUnsafeSelect
# A Select reading a buffer on one side becomes if_then_else; one of pure arithmetic, or whose
# load sits only in a guarded if_then_else condition's branch, stays a Select.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = T.Select(i < 4, A[i + 4], T.float32(0))
    for i in range(8):
        B[i] = T.Select(i < 4, T.Cast("float32", i) * T.float32(2), T.exp(T.float32(1)))
    for i in range(8):
        B[i] = T.Select(i < 4, T.if_then_else(i < 2, A[i], T.float32(0)), T.float32(1))
