# RUN: tirgen opt %s --pass tir.LowerOpaqueBlock
# A buffer storage_align padded (axis 0, factor 16, offset 1: strides (17, 1) for shape (4, 8),
# as CompactBufferAllocation leaves it) is allocated by its strides, [4, 17], and its Allocate
# carries the alignment as buffer_dim_align [[-1, 0, 16, 1]] (TVM v0.14 lower_opaque_block.cc:
# GetBufferAllocationShape, tuple[0] = -1). Hand-written.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    # with T.block("root"):
    B = T.alloc_buffer((4, 8), strides=(17, 1))
    for i, j in T.grid(4, 8):
        with T.block("B"):
            T.reads(A[i, j])
            T.writes(B[i, j])
            T.block_attr({"buffer_dim_align": [[0, 0, 16, 1]]})
            B[i, j] = A[i, j] + T.float32(1)
    for i, j in T.grid(4, 8):
        with T.block("C"):
            T.reads(B[i, j])
            T.writes(C[i, j])
            C[i, j] = B[i, j]
