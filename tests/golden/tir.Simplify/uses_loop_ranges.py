# RUN: tirgen opt %s --pass tir.Simplify
# Loop ranges are known: a unit loop's var is its min, min/max/mod decided by bounds, a
# provably true condition disappears, a store of an element into itself is removed.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((1, 16), "float32"), B: T.Buffer((1, 16), "float32")):
    for i, j in T.grid(1, 16):
        if j < 16:
            B[i, T.min(j, 15)] = A[i, j % 16] + A[i, j + 1 - 1]
        A[i, j] = A[i, j]
