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

// Every factor move MutateTileSize can make replays: the design space keeps the unit loops a
// factor of 1 makes (a write-back moved under the tile used to drop them, so later get_loops
// calls counted other loops and 37-57% of the moves failed on these cases).
TEST(MutateTileSizeTrace, EveryFactorMoveReplays) {
  for (size_t c : {size_t{0}, size_t{2}}) {
    const space_testing::Case& test_case = space_testing::Cases()[c];
    tir::PrimFunc f = space_testing::Lower(test_case.relay);
    int moves = 0;
    for (int64_t seed = 1; seed <= 4; ++seed) {
      tir::Trace t = tir::SampleCpuSchedule(f, target::Target::Host(), test_case.layout_free, seed).trace;
      for (size_t k = 0; k < t.instructions().size(); ++k) {
        if (t.instructions()[k].method != "sample_perfect_tile") continue;
        const tir::TraceValue decision = *t.instructions()[k].decision();
        std::vector<int64_t> factors;
        for (const tir::TraceValue& v : decision.items) factors.push_back(v.i);
        for (size_t x = 0; x < factors.size(); ++x)
          for (size_t y = 0; y < factors.size(); ++y) {
            if (x == y || factors[x] % 2 != 0) continue;  // moving a factor 2 from x to y
            std::vector<int64_t> moved = factors;
            moved[x] /= 2;
            moved[y] *= 2;
            SCOPED_TRACE(test_case.name + " seed " + std::to_string(seed) + " instruction " + std::to_string(k));
            EXPECT_NO_THROW(tir::ReplayTrace(f, t.WithDecision(k, tir::TraceValue::IntList(moved))));
            ++moves;
          }
      }
    }
    EXPECT_GT(moves, 4) << test_case.name;
  }
}

}  // namespace
}  // namespace tirgen
