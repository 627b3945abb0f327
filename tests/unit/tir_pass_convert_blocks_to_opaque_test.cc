// ConvertBlocksToOpaque: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;
using testing::ParseModule;

// Block vars become their bindings everywhere (body, reads/writes, nested blocks, predicates).
TEST(ConvertBlocksToOpaque, SubstitutesBindingsInNestedBlocks) {
  ExpectPass(transform::ConvertBlocksToOpaque(), R"(
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    for io, j in T.grid(2, 8):
        with T.block("outer"):
            vo, vj = T.axis.remap("SS", [io, j])
            T.reads(A[vo * 4:vo * 4 + 4, vj])
            T.writes(B[vo * 4:vo * 4 + 4, vj])
            for ii in range(4):
                with T.block("inner"):
                    vi = T.axis.spatial(8, vo * 4 + ii)
                    T.where(vo * 4 + ii < 7)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj]
)", R"(
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    for io, j in T.grid(2, 8):
        with T.block("outer"):
            T.reads(A[io * 4:io * 4 + 4, j])
            T.writes(B[io * 4:io * 4 + 4, j])
            for ii in range(4):
                with T.block("inner"):
                    T.where(io * 4 + ii < 7)
                    T.reads(A[io * 4 + ii, j])
                    T.writes(B[io * 4 + ii, j])
                    B[io * 4 + ii, j] = A[io * 4 + ii, j]
)");
}

// With a constant: only the indices into its view change; the AllocateConst stays.
TEST(ConvertBlocksToOpaque, KeepsAllocateConst) {
  ExpectPass(transform::ConvertBlocksToOpaque(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[vi], W_1[vi])
            T.writes(C[vi])
            C[vi] = A[vi] * W_1[vi]
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for i in range(4):
        with T.block("C"):
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[i], W_1[i])
            T.writes(C[i])
            C[i] = A[i] * W_1[i]
)");
}

// Already opaque: nothing changes (same object). A block with an init is an internal error
// (LowerInitBlock runs first).
TEST(ConvertBlocksToOpaque, EdgeCases) {
  IRModule opaque = ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("set"):
            T.reads()
            T.writes(A[i])
            A[i] = T.float32(0)
)");
  EXPECT_TRUE(transform::ConvertBlocksToOpaque()(opaque).same_as(opaque));

  IRModule with_init = ParseModule(R"(
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
  EXPECT_THROW(transform::ConvertBlocksToOpaque()(with_init), Error);  // a user error: tirgen opt can run passes in any order
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
