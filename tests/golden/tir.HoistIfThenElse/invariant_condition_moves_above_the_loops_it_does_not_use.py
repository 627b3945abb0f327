# RUN: tirgen opt %s --pass tir.HoistIfThenElse
# An `if` that covers a loop's whole body and does not use its variable moves above it, as
# far out as the variables it uses allow; an else branch gets its own copy of the loops.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
    for i in range(4):
        for j in range(8):
            if i < 2:
                B[i * 8 + j] = A[i * 8 + j]
    for i in range(4):
        for j in range(8):
            if i == 1:
                B[i * 8 + j] = T.float32(1)
            else:
                B[i * 8 + j] = T.float32(2)
