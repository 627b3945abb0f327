# RUN: tirgen opt %s --pass tir.VectorizeLoop
# A contiguous elementwise body becomes ramp accesses; scalars are broadcast.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(16):
        for j in T.vectorized(4):
            B[i * 4 + j] = T.max(A[i * 4 + j], T.float32(0))
