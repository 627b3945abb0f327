// tir::EstimateTIRFlops and tir::FindAnchorBlock with TVM's rules: arithmetic operations times
// constant loop extents (loads, comparisons and a block's init reached through its realize
// cost nothing; a select costs its condition plus its costlier side); the anchor is the only
// reduction block, or the one whose top-level loop nest costs most (the first on ties).
#include <gtest/gtest.h>

#include "tirgen/script/parser.h"
#include "tirgen/tir/analysis/estimate_flops.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace {

tir::PrimFunc Parse(const std::string& body) {
  std::string text =
      "@T.prim_func\n"
      "def main(A: T.Buffer((4, 8), \"float32\"), B: T.Buffer((4,), \"float32\"), C: T.Buffer((4,), \"float32\")):\n" +
      body;
  return script::Parse(text).cast<tir::PrimFunc>();
}

const char* kSmall = R"(    for i, k in T.grid(4, 8):
        with T.block("small"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
)";
const char* kBig = R"(    for i, k in T.grid(4, 8):
        with T.block("big"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                C[vi] = T.float32(0)
            C[vi] = C[vi] + A[vi, vk] * A[vi, vk]
)";

// The anchor block's name ("" when there is none). A name, not the node: the module that owns the
// node dies with this call (returning the pointer was a use after free that ASan found).
std::string Anchor(const tir::PrimFunc& f) {
  const tir::BlockNode* a = tir::FindAnchorBlock(IRModule({{"main", f}}));
  return a ? a->name_hint : "";
}

TEST(EstimateFlops, CountsArithmeticTimesLoopExtents) {
  EXPECT_EQ(tir::EstimateTIRFlops(Parse(kSmall)->body), 32.0);   // 1 add x 4 x 8
  EXPECT_EQ(tir::EstimateTIRFlops(Parse(kBig)->body), 64.0);     // add + mul
  EXPECT_EQ(tir::EstimateTIRFlops(Parse(std::string(kSmall) + kBig)->body), 96.0);
  // A select: its condition's cost (a comparison: none) plus the costlier side (2 ops).
  const char* select = R"(    for i in range(4):
        with T.block("s"):
            vi = T.axis.spatial(4, i)
            B[vi] = T.Select(A[vi, 0] < A[vi, 1], A[vi, 0] + A[vi, 1], A[vi, 0] * A[vi, 1] - A[vi, 2])
)";
  EXPECT_EQ(tir::EstimateTIRFlops(Parse(select)->body), 8.0);
}

TEST(EstimateFlops, AnchorIsTheCostliestReductionFirstOnTies) {
  EXPECT_EQ(Anchor(Parse(std::string(kSmall) + kBig)), "big");
  EXPECT_EQ(Anchor(Parse(std::string(kBig) + kSmall)), "big");
  std::string big_again = kBig;
  big_again.replace(big_again.find("\"big\""), 5, "\"big2\"");
  EXPECT_EQ(Anchor(Parse(big_again + kBig)), "big2") << "ties keep the first";
  EXPECT_EQ(Anchor(Parse(kSmall)), "small") << "a single reduction is the anchor";
  const char* spatial = R"(    for i in range(4):
        with T.block("s"):
            vi = T.axis.spatial(4, i)
            B[vi] = A[vi, 0] + T.float32(1)
)";
  EXPECT_EQ(Anchor(Parse(spatial)), "") << "no reduction, no anchor";
}

}  // namespace
}  // namespace tirgen
