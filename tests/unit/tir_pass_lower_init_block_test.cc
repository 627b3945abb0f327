// LowerInitBlock: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;
using testing::ParseModule;

TEST(LowerInitBlock, GuardsInitByEveryReductionVar) {
  ExpectPass(transform::LowerInitBlock(), R"(
@T.prim_func
def main(A: T.Buffer((4, 8, 8), "float32"), B: T.Buffer((4,), "float32")):
    for i, j, k in T.grid(4, 8, 8):
        with T.block("sum"):
            vi, vj, vk = T.axis.remap("SRR", [i, j, k])
            T.reads(A[vi, vj, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vj, vk]
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 8, 8), "float32"), B: T.Buffer((4,), "float32")):
    for i, j, k in T.grid(4, 8, 8):
        with T.block("sum"):
            vi, vj, vk = T.axis.remap("SRR", [i, j, k])
            T.reads(A[vi, vj, vk])
            T.writes(B[vi])
            if vj == 0 and vk == 0:
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vj, vk]
)");
}

// A reduction var whose domain does not start at 0 compares with its min.
TEST(LowerInitBlock, ComparesWithTheDomainMin) {
  ExpectPass(transform::LowerInitBlock(), R"(
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((1,), "float32")):
    for k in range(6):
        with T.block("sum"):
            vk = T.axis.reduce((2, 8), k + 2)
            T.reads(A[vk])
            T.writes(B[0])
            with T.init():
                B[0] = T.float32(0)
            B[0] = B[0] + A[vk]
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((1,), "float32")):
    for k in range(6):
        with T.block("sum"):
            vk = T.axis.reduce((2, 8), k + 2)
            T.reads(A[vk])
            T.writes(B[0])
            if vk == 2:
                B[0] = T.float32(0)
            B[0] = B[0] + A[vk]
)");
}

// Edge cases: no init anywhere leaves the module as it is; an init with no reduction var (all
// spatial) runs unconditionally; nested blocks are lowered too.
TEST(LowerInitBlock, NoInitIsUnchangedAndSpatialInitIsUnguarded) {
  const char* no_init = R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("copy"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]
)";
  IRModule mod = ParseModule(no_init);
  EXPECT_TRUE(transform::LowerInitBlock()(mod).same_as(mod));

  ExpectPass(transform::LowerInitBlock(), R"(
@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("outer"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi, 0:4])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(1)
            for k in range(4):
                with T.block("inner"):
                    vk = T.axis.reduce(4, k)
                    T.reads(A[vi, vk])
                    T.writes(B[vi])
                    with T.init():
                        B[vi] = T.float32(0)
                    B[vi] = B[vi] + A[vi, vk]
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("outer"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi, 0:4])
            T.writes(B[vi])
            B[vi] = T.float32(1)
            for k in range(4):
                with T.block("inner"):
                    vk = T.axis.reduce(4, k)
                    T.reads(A[vi, vk])
                    T.writes(B[vi])
                    if vk == 0:
                        B[vi] = T.float32(0)
                    B[vi] = B[vi] + A[vi, vk]
)");
}

// With a constant weight: the AllocateConst stays where it is, with its data, exactly once.
TEST(LowerInitBlock, KeepsAllocateConst) {
  ExpectPass(transform::LowerInitBlock(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for k in range(4):
        with T.block("dot"):
            vk = T.axis.reduce(4, k)
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[vk], W_1[vk])
            T.writes(B[0])
            with T.init():
                B[0] = 0
            B[0] = B[0] + A[vk] * W_1[vk]
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for k in range(4):
        with T.block("dot"):
            vk = T.axis.reduce(4, k)
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[vk], W_1[vk])
            T.writes(B[0])
            if vk == 0:
                B[0] = 0
            B[0] = B[0] + A[vk] * W_1[vk]
)");
}

TEST(LowerInitBlock, SkipsLegacyTeFunctions) {
  IRModule mod = ParseModule(R"(
@T.prim_func
def main(B: T.Buffer((1,), "float32")):
    T.func_attr({"from_legacy_te_schedule": T.bool(True)})
    for k in range(4):
        with T.block("sum"):
            vk = T.axis.reduce(4, k)
            T.reads()
            T.writes(B[0])
            with T.init():
                B[0] = T.float32(0)
            B[0] = B[0] + T.float32(1)
)");
  EXPECT_TRUE(transform::LowerInitBlock()(mod).same_as(mod));
}

TEST(LowerInitBlock, IsRegisteredByName) {
  EXPECT_EQ(transform::GetPassFactory("LowerInitBlock")({}).name(), "LowerInitBlock");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
