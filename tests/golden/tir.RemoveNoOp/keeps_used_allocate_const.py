# RUN: tirgen opt %s --pass tir.RemoveNoOp
# A constant allocation whose body does something stays, once.
# from tvm.script import tir as T

@T.prim_func
def main(C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(4):
        T.evaluate(0)
        C[i] = W_1[i]
