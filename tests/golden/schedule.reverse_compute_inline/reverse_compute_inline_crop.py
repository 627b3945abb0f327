# RUN: tirgen opt %s --schedule %S/reverse_compute_inline_crop.trace.py
# The consumer reads only B[0:16] of B's 21: the inlined store keeps the producer's loops and
# gets T.where(i < 16), never writing C out of bounds (swin_t's cropped reverse roll).
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(21),), "float32"), C: T.Buffer((T.int64(16),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    B = T.alloc_buffer((T.int64(21),))
    for i in range(T.int64(21)):
        with T.block("B"):
            v_i = T.axis.spatial(T.int64(21), i)
            T.reads(A[v_i])
            T.writes(B[v_i])
            B[v_i] = A[v_i] + T.float32(1)
    for i in range(T.int64(16)):
        with T.block("C"):
            v_i = T.axis.spatial(T.int64(16), i)
            T.reads(B[v_i])
            T.writes(C[v_i])
            C[v_i] = B[v_i] * T.float32(2)
