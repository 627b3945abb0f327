// MutateTileSize: one sample_perfect_tile decision changes, its product kept, and the mutated
// traces of convolution and dense schedules replay to functions computing the same (rtol 1e-5).
#include <gtest/gtest.h>

#include "design_space_test_util.h"
#include "fresh_build_cache.h"

namespace tirgen {
namespace {

class MutateTileSize : public FreshBuildCache {
 protected:
  MutateTileSize() : FreshBuildCache("mutate_tile_size") {}
};

auto Mutator() {
  return [](const tir::PrimFunc& f, const tir::Trace& t, support::LinearCongruentialEngine& rng) {
    return tir::MutateTileSize(t, f, rng);
  };
}

TEST_F(MutateTileSize, MutatedConvolutionAndDenseTracesComputeTheSame) {
  EXPECT_GE(space_testing::ExpectMutationsCompute(space_testing::Cases()[0], 4, Mutator()), 1);
  EXPECT_GE(space_testing::ExpectMutationsCompute(space_testing::Cases()[2], 4, Mutator()), 1);
}

TEST(MutateTileSizeTrace, KeepsTheProductAndTheInnermostBound) {
  tir::PrimFunc f = space_testing::Lower(space_testing::Cases()[0].relay);
  tir::Trace t = tir::SampleCpuSchedule(f, target::Target::Host(), {1}, 2).trace;
  support::LinearCongruentialEngine rng(9);
  for (int i = 0; i < 20; ++i) {
    std::optional<tir::Trace> m = tir::MutateTileSize(t, f, rng);
    ASSERT_TRUE(m);
    for (size_t k = 0; k < t.instructions().size(); ++k) {
      const tir::Instruction& inst = m->instructions()[k];
      if (inst.method != "sample_perfect_tile") continue;
      int64_t before = 1, after = 1;
      const tir::TraceValue old_decision = *t.instructions()[k].decision(), new_decision = *inst.decision();
      for (const auto& v : old_decision.items) before *= v.i;
      for (const auto& v : new_decision.items) after *= v.i;
      EXPECT_EQ(before, after);
      EXPECT_LE(inst.decision()->items.back().i, inst.Arg("max_innermost_factor")->i);
    }
    t = *m;
  }
  EXPECT_FALSE(tir::MutateTileSize(tir::Trace(), f, rng));
}

}  // namespace
}  // namespace tirgen
