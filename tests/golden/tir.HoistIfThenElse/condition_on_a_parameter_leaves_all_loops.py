# RUN: tirgen opt %s --pass tir.HoistIfThenElse
# A condition on a parameter leaves every loop.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((32,), "float32"), n: T.int32):
    for i, j in T.grid(4, 8):
        if 3 < n:
            A[i * 8 + j] = T.float32(0)
