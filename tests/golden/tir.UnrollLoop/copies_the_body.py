# RUN: tirgen opt %s --pass tir.UnrollLoop,tir.Simplify
# One copy of the body per iteration, the loop var replaced by its value (`i * 3 + 0` is left
# to the Simplify that follows in the pipeline, as in TVM).
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    for i in range(2):
        for j in T.unroll(3):
            A[i * 3 + j] = T.float32(1)
