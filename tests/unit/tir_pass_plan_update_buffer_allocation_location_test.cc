// PlanAndUpdateBufferAllocationLocation: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;
using testing::ParseModule;

// A buffer produced and consumed under one loop is allocated in an opaque block injected under
// that loop; the block's reads/writes are its body's, loops inside relaxed.
TEST(PlanAndUpdateBufferAllocationLocation, MovesUnderTheCommonLoop) {
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    B = T.alloc_buffer((4, 8))
    for i in range(4):
        for j in range(8):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2)
        for j in range(8):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    with T.block("root"):
        T.reads()
        T.writes()
        for i in range(4):
            with T.block(""):
                T.reads(A[i, 0:8])
                T.writes(C[i, 0:8])
                B = T.alloc_buffer((4, 8))
                for j in range(8):
                    with T.block("B"):
                        vi, vj = T.axis.remap("SS", [i, j])
                        T.reads(A[vi, vj])
                        T.writes(B[vi, vj])
                        B[vi, vj] = A[vi, vj] * T.float32(2)
                for j in range(8):
                    with T.block("C"):
                        vi, vj = T.axis.remap("SS", [i, j])
                        T.reads(B[vi, vj])
                        T.writes(C[vi, vj])
                        C[vi, vj] = B[vi, vj] + T.float32(1)
)");
}

// A buffer used by one block only moves into that block and leaves its writes (argmax's case).
TEST(PlanAndUpdateBufferAllocationLocation, MovesIntoTheOnlyBlock) {
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    T_1 = T.alloc_buffer((4,))
    for i in range(4):
        with T.block("both"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(B[vi], T_1[vi])
            T_1[vi] = A[vi]
            B[vi] = T_1[vi]
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    with T.block("root"):
        T.reads()
        T.writes()
        for i in range(4):
            with T.block("both"):
                vi = T.axis.spatial(4, i)
                T.reads(A[vi])
                T.writes(B[vi])
                T_1 = T.alloc_buffer((4,))
                T_1[vi] = A[vi]
                B[vi] = T_1[vi]
)");
}

// The constant weight is reached only through a match_buffer and a read region (TVM #13605):
// the view must be known, the AllocateConst neither moved nor duplicated, the read kept.
TEST(PlanAndUpdateBufferAllocationLocation, ConstantBehindMatchBuffer) {
  const char* text = R"(
@T.prim_func
def main(A: T.Buffer((4, 4), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], "int32", [4, 4])
    for i in range(4):
        with T.block("dot_o"):
            vi = T.axis.spatial(4, i)
            W_1 = T.Buffer((4, 4), "int32", data=W)
            T.reads(A[vi, 0:4], W_1[vi, 0:4])
            T.writes(C[vi])
            X = T.match_buffer(A[vi, 0:4], (4,), "int32", offset_factor=1)
            Y = T.match_buffer(W_1[vi, 0:4], (4,), "int32", offset_factor=1)
            Z = T.match_buffer(C[vi], (), "int32", offset_factor=1)
            Z[()] = X[0] * Y[0] + X[1] * Y[1] + X[2] * Y[2] + X[3] * Y[3]
)";
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), text, text);
}

// A root buffer used by two loop nests stays at the root; a buffer never accessed is dropped
// (as TVM does); an AllocateConst next to them is untouched.
TEST(PlanAndUpdateBufferAllocationLocation, RootBuffersAndConstantStay) {
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    B = T.alloc_buffer((4,), "int32")
    unused = T.alloc_buffer((4,), "int32")
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[vi], W_1[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * W_1[vi]
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            T.reads(B[vi])
            T.writes(C[vi])
            C[vi] = B[vi] + 1
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    B = T.alloc_buffer((4,), "int32")
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[vi], W_1[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * W_1[vi]
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            T.reads(B[vi])
            T.writes(C[vi])
            C[vi] = B[vi] + 1
)");
}

TEST(PlanAndUpdateBufferAllocationLocation, RejectsBlocksWithInit) {
  IRModule mod = ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((1,), "float32")):
    for k in range(4):
        with T.block("sum"):
            vk = T.axis.reduce(4, k)
            T.reads(A[vk])
            T.writes(B[0])
            with T.init():
                B[0] = T.float32(0)
            B[0] = B[0] + A[vk]
)");
  EXPECT_THROW(transform::PlanAndUpdateBufferAllocationLocation()(mod), Error);  // a user error: tirgen opt can run passes in any order
}

// TVM's own nested case: buffers allocated in a block move down to the loops under it, each
// into its own opaque block whose reads/writes see only the buffers visible there.
TEST(PlanAndUpdateBufferAllocationLocation, NestedOpaqueBlocks) {
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), R"(
@T.prim_func
def main():
    A = T.alloc_buffer((128, 128))
    for i0, j0 in T.grid(128, 128):
        with T.block("a"):
            i, j = T.axis.remap("SS", [i0, j0])
            T.reads()
            T.writes(A[i, j])
            A[i, j] = T.float32(0)
    for i0, j0, k0 in T.grid(32, 32, 32):
        with T.block("b"):
            i, j, k = T.axis.remap("SSR", [i0, j0, k0])
            T.reads(A[i * 4:i * 4 + 4, j * 4:j * 4 + 4])
            T.writes()
            B = T.alloc_buffer((128, 128))
            C = T.alloc_buffer((128, 128))
            D = T.alloc_buffer((128, 128))
            if k == 0:
                for ii, jj in T.grid(4, 4):
                    B[i * 4 + ii, j * 4 + jj] = A[i * 4 + ii, j * 4 + jj]
            for ii, jj in T.grid(4, 4):
                for kk in range(4):
                    B[i * 4 + ii, j * 4 + jj] = B[i * 4 + ii, j * 4 + jj] + C[i * 4 + ii, k * 4 + kk]
                for kk in range(4):
                    B[i * 4 + ii, j * 4 + jj] = B[i * 4 + ii, j * 4 + jj] + D[j * 4 + jj, k * 4 + kk] * C[i * 4 + ii, k * 4 + kk]
)", R"(
@T.prim_func
def main():
    A = T.alloc_buffer((128, 128))
    for i0, j0 in T.grid(128, 128):
        with T.block("a"):
            i, j = T.axis.remap("SS", [i0, j0])
            T.reads()
            T.writes(A[i, j])
            A[i, j] = T.float32(0)
    for i0, j0, k0 in T.grid(32, 32, 32):
        with T.block("b"):
            i, j, k = T.axis.remap("SSR", [i0, j0, k0])
            T.reads(A[i * 4:i * 4 + 4, j * 4:j * 4 + 4])
            T.writes()
            B = T.alloc_buffer((128, 128))
            if k == 0:
                for ii, jj in T.grid(4, 4):
                    B[i * 4 + ii, j * 4 + jj] = A[i * 4 + ii, j * 4 + jj]
            for ii, jj in T.grid(4, 4):
                with T.block(""):
                    T.reads(B[i * 4 + ii, j * 4 + jj])
                    T.writes(B[i * 4 + ii, j * 4 + jj])
                    C = T.alloc_buffer((128, 128))
                    for kk in range(4):
                        B[i * 4 + ii, j * 4 + jj] = B[i * 4 + ii, j * 4 + jj] + C[i * 4 + ii, k * 4 + kk]
                    for kk in range(4):
                        with T.block(""):
                            T.reads(B[i * 4 + ii, j * 4 + jj], C[i * 4 + ii, k * 4 + kk])
                            T.writes(B[i * 4 + ii, j * 4 + jj])
                            D = T.alloc_buffer((128, 128))
                            B[i * 4 + ii, j * 4 + jj] = B[i * 4 + ii, j * 4 + jj] + D[j * 4 + jj, k * 4 + kk] * C[i * 4 + ii, k * 4 + kk]
)");
}

// The injected block's regions honour branch conditions: A is read only where j < 4.
TEST(PlanAndUpdateBufferAllocationLocation, InjectedRegionsUseConditions) {
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    B = T.alloc_buffer((4, 8))
    for i in range(4):
        for j in range(8):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = T.if_then_else(vj < 4, A[vi, vj], T.float32(0))
        for j in range(8):
            if j < 4:
                C[i, j] = B[i, j] + A[i, j]
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    with T.block("root"):
        T.reads()
        T.writes()
        for i in range(4):
            with T.block(""):
                T.reads(A[i, 0:8])
                T.writes(C[i, 0:4])
                B = T.alloc_buffer((4, 8))
                for j in range(8):
                    with T.block("B"):
                        vi, vj = T.axis.remap("SS", [i, j])
                        T.reads(A[vi, vj])
                        T.writes(B[vi, vj])
                        B[vi, vj] = T.if_then_else(vj < 4, A[vi, vj], T.float32(0))
                for j in range(8):
                    if j < 4:
                        C[i, j] = B[i, j] + A[i, j]
)");
}

// Under a blockIdx launch, a global buffer is allocated no deeper than the launching loop
// (TVM's rule) even when all its uses sit under an inner loop; a local one goes to that loop.
TEST(PlanAndUpdateBufferAllocationLocation, GlobalBuffersStayAtBlockIdx) {
  ExpectPass(transform::PlanAndUpdateBufferAllocationLocation(), R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    G = T.alloc_buffer((4, 8))
    L = T.alloc_buffer((4, 8), scope="local")
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for j in range(8):
            with T.block("G"):
                vi, vj = T.axis.remap("SS", [bx, j])
                T.reads(A[vi, vj])
                T.writes(G[vi, vj], L[vi, vj])
                G[vi, vj] = A[vi, vj]
                L[vi, vj] = A[vi, vj]
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [bx, j])
                T.reads(G[vi, vj], L[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = G[vi, vj] + L[vi, vj]
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    with T.block("root"):
        T.reads()
        T.writes()
        for bx in T.thread_binding(4, thread="blockIdx.x"):
            with T.block(""):
                T.reads(A[bx, 0:8])
                T.writes(C[bx, 0:8])
                G = T.alloc_buffer((4, 8))
                for j in range(8):
                    with T.block(""):
                        T.reads(A[bx, j], G[bx, j])
                        T.writes(G[bx, j], C[bx, j])
                        L = T.alloc_buffer((4, 8), scope="local")
                        with T.block("G"):
                            vi, vj = T.axis.remap("SS", [bx, j])
                            T.reads(A[vi, vj])
                            T.writes(G[vi, vj], L[vi, vj])
                            G[vi, vj] = A[vi, vj]
                            L[vi, vj] = A[vi, vj]
                        with T.block("C"):
                            vi, vj = T.axis.remap("SS", [bx, j])
                            T.reads(G[vi, vj], L[vi, vj])
                            T.writes(C[vi, vj])
                            C[vi, vj] = G[vi, vj] + L[vi, vj]
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
