// MutateUnroll and MutateParallel: the unroll depth / parallel extent decision changes to
// another candidate, and the mutated traces replay to functions computing the same.
#include <gtest/gtest.h>

#include "design_space_test_util.h"
#include "fresh_build_cache.h"

namespace tirgen {
namespace {

class MutateCategorical : public FreshBuildCache {
 protected:
  MutateCategorical() : FreshBuildCache("mutate_categorical") {}
};

TEST_F(MutateCategorical, MutatedUnrollTracesComputeTheSame) {
  auto unroll = [](const tir::PrimFunc& f, const tir::Trace& t, support::LinearCongruentialEngine& rng) {
    return tir::MutateUnroll(t, f, rng);
  };
  EXPECT_GE(space_testing::ExpectMutationsCompute(space_testing::Cases()[0], 3, unroll), 1);
}

TEST_F(MutateCategorical, MutatedParallelTracesComputeTheSame) {
  auto parallel = [](const tir::PrimFunc& f, const tir::Trace& t, support::LinearCongruentialEngine& rng) {
    return tir::MutateParallel(t, f, rng);
  };
  EXPECT_GE(space_testing::ExpectMutationsCompute(space_testing::Cases()[0], 3, parallel), 1);
}

TEST(MutateCategoricalTrace, UnrollAndParallelChangeTheirOwnDecision) {
  tir::PrimFunc f = space_testing::Lower(space_testing::Cases()[0].relay);
  tir::Trace t = tir::SampleCpuSchedule(f, target::Target::Host(), {1}, 4).trace;
  support::LinearCongruentialEngine rng(3);
  auto changed_candidates = [&](const tir::Trace& m) {
    for (size_t k = 0; k < t.instructions().size(); ++k)
      if (t.instructions()[k].decision() != m.instructions()[k].decision())
        return t.instructions()[k].Arg("candidates")->items;
    return std::vector<tir::TraceValue>();
  };
  std::vector<tir::TraceValue> unroll = changed_candidates(*tir::MutateUnroll(t, f, rng));
  ASSERT_EQ(unroll.size(), 4u);
  EXPECT_EQ(unroll[3].i, 512);
  std::vector<tir::TraceValue> parallel = changed_candidates(*tir::MutateParallel(t, f, rng));
  ASSERT_FALSE(parallel.empty());
  EXPECT_NE(parallel, unroll);
  EXPECT_FALSE(tir::MutateUnroll(tir::Trace(), f, rng));
  EXPECT_FALSE(tir::MutateParallel(tir::Trace(), f, rng));
}

}  // namespace
}  // namespace tirgen
