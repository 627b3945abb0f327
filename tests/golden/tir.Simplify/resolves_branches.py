# RUN: tirgen opt %s --pass tir.Simplify
# A provably false branch takes the else case; an unprovable condition stays.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    for i in range(8):
        if i >= 8:
            A[i] = 1
        else:
            A[i] = 2
        if i > 3:
            A[i] = (i * 4 + 2) // 4
