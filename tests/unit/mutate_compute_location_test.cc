// MutateComputeLocation: the padding block's location changes to another one the trace
// replays with, and the mutated traces of convolution and pooling compute the same.
#include <gtest/gtest.h>

#include "design_space_test_util.h"
#include "fresh_build_cache.h"

namespace tirgen {
namespace {

class MutateComputeLocation : public FreshBuildCache {
 protected:
  MutateComputeLocation() : FreshBuildCache("mutate_compute_location") {}
};

TEST_F(MutateComputeLocation, MutatedConvolutionAndPoolingTracesComputeTheSame) {
  auto location = [](const tir::PrimFunc& f, const tir::Trace& t, support::LinearCongruentialEngine& rng) {
    return tir::MutateComputeLocation(t, f, rng);
  };
  EXPECT_GE(space_testing::ExpectMutationsCompute(space_testing::Cases()[0], 3, location), 1);
  EXPECT_GE(space_testing::ExpectMutationsCompute(space_testing::Cases()[3], 3, location), 1);
}

TEST(MutateComputeLocationTrace, NothingWithoutALocation) {
  support::LinearCongruentialEngine rng(1);
  EXPECT_FALSE(tir::MutateComputeLocation(tir::Trace(), space_testing::Lower(space_testing::Cases()[0].relay), rng));
}

}  // namespace
}  // namespace tirgen
