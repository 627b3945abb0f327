# RUN: tirgen opt %s --pass tir.UnrollLoop,tir.Simplify
# Under pragma_auto_unroll_max_step = N, loops are unrolled from the innermost out while the
# copies make at most N stores: here k (3 stores) and j (6), not i (24); the pragmas go.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((24,), "float32")):
    T.attr(A.data, "pragma_auto_unroll_max_step", 8)
    for i in range(4):
        for j in range(2):
            for k in range(3):
                A[i * 6 + j * 3 + k] = T.float32(1)
