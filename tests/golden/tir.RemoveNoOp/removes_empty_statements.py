# RUN: tirgen opt %s --pass tir.RemoveNoOp
# Loops and branches that do nothing vanish, sequences keep only effective statements.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        T.evaluate(0)
    for i in range(4):
        A[i] = A[i]
        if i < 2:
            T.evaluate(0)
        A[i] = T.float32(1)
