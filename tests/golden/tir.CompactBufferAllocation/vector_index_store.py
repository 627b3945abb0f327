# RUN: tirgen opt %s --pass tir.CompactBufferAllocation
# An intermediate written and read through vector indices (T.Ramp), as vectorized or
# tensor-core programs store: the region covers the ramp's lanes (base, stride * lanes).
# Before: an internal error (a vector index turned into a scalar range).
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        for i in range(16):
            with T.block(""):
                T.reads(A[i, 0:16])
                T.writes(C[i, 0:16])
                B = T.alloc_buffer((16, 16))
                for j in range(2):
                    B[i, T.Ramp(j * 8, 1, 8)] = A[i, T.Ramp(j * 8, 1, 8)] * T.Broadcast(T.float32(2), 8)
                for j in range(16):
                    C[i, j] = B[i, j]
