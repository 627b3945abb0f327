# RUN: tirgen opt %s --pass tir.UnrollLoop
# pragma_unroll_explicit = 0: the loops that would be unrolled are marked T.unroll instead.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((6,), "float32")):
    T.attr(A.data, "pragma_auto_unroll_max_step", 16)
    T.attr(A.data, "pragma_unroll_explicit", 0)
    for j in range(2):
        for k in range(3):
            A[j * 3 + k] = T.float32(1)
