# RUN: tirgen opt %s --pass tir.UnrollLoop,tir.Simplify
# A loop kept (j: 6 stores > 4) keeps every loop around it, however small.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((6,), "float32")):
    T.attr(A.data, "pragma_auto_unroll_max_step", 4)
    for i in range(1):
        for j in range(2):
            for k in range(3):
                A[j * 3 + k] = T.float32(1)
