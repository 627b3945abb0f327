# RUN: tirgen opt %s --pass tir.CompactBufferAllocation
# A buffer allocated but never accessed has no region to shrink to: it stays as it is (TVM
# v0.14 stops on an internal check there; PlanAndUpdateBufferAllocationLocation normally drops
# such buffers first). B, read under `if_then_else(i < 2, ...)` and written under the block
# predicate, is compacted from the accesses alone. Hand-written.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    unused = T.alloc_buffer((4,))
    for i in range(4):
        with T.block(""):
            B = T.alloc_buffer((16,))
            for j in range(4):
                with T.block("B"):
                    T.where(i * 4 + j < 14)
                    B[i * 4 + j] = A[i * 4 + j]
            for j in range(4):
                with T.block("C"):
                    C[i * 4 + j] = T.if_then_else(i < 2, B[i * 4 + j], T.float32(0))
