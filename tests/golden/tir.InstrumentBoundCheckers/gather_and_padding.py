# RUN: tirgen opt %s --pass tir.InstrumentBoundCheckers
# Every load and store index of a constant-extent buffer is checked against its extent, the
# index computed from data (B[I[i]]) as well as the loop index; the load in the untaken side of
# if_then_else keeps its check inside that side, so it runs only when the side is taken.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((6,), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for i in range(4):
        B[i] = A[I[i]]
    for i in range(2):
        B[i + 4] = T.if_then_else(1 <= i, A[i - 1], T.float32(0))
