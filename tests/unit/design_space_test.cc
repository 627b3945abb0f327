// The CPU design space (tir::SampleCpuSchedule): sampled schedules of real lowered functions
// (convolution, depthwise convolution, dense, pooling) compute what the unscheduled function
// does for 20 seeds each (rtol 1e-5, atol 1e-5 x the output's magnitude: fused multiply-adds);
// the trace has the sampling instructions with their decisions; text and JSON replay give
// structurally equal functions; the same seed gives the same trace.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <random>

#include "design_space_test_util.h"
#include "fresh_build_cache.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

using space_testing::Case;
using space_testing::Cases;

class DesignSpace : public FreshBuildCache {
 protected:
  DesignSpace() : FreshBuildCache("design_space") {}
};

void ExpectSampledSchedulesCompute(const Case& c) {
  tir::PrimFunc f = space_testing::Lower(c.relay);
  std::vector<NDArray> inputs = space_testing::Inputs(f);
  NDArray want = runtime::BuildModule(f).Run("main", inputs)[0];
  for (int64_t seed = 1; seed <= 20; ++seed) {
    tir::SampledSchedule s = tir::SampleCpuSchedule(f, target::Target::Host(), c.layout_free, seed);
    SCOPED_TRACE(c.name + " seed " + std::to_string(seed) + "\n" + s.trace.Str());
    space_testing::ExpectClose(want, space_testing::Run(s.func, s.rewrites, inputs));
  }
}

TEST_F(DesignSpace, Conv2dSampledSchedulesComputeTheSame) { ExpectSampledSchedulesCompute(Cases()[0]); }
TEST_F(DesignSpace, DepthwiseConv2dSampledSchedulesComputeTheSame) { ExpectSampledSchedulesCompute(Cases()[1]); }
TEST_F(DesignSpace, DenseSampledSchedulesComputeTheSame) { ExpectSampledSchedulesCompute(Cases()[2]); }
TEST_F(DesignSpace, PoolingSampledSchedulesComputeTheSame) { ExpectSampledSchedulesCompute(Cases()[3]); }

TEST(DesignSpaceTrace, HasSamplingInstructionsWithDecisions) {
  tir::SampledSchedule s = tir::SampleCpuSchedule(space_testing::Lower(Cases()[0].relay), target::Target::Host(),
                                                  Cases()[0].layout_free, 3);
  std::string text = s.trace.Str();
  for (const char* inst : {"sch.sample_perfect_tile(", "sch.sample_categorical(", "sch.sample_compute_location(",
                           "ann_key=\"pragma_auto_unroll_max_step\"", "sch.parallel("})
    EXPECT_NE(text.find(inst), std::string::npos) << inst << " missing from\n" << text;
  for (const tir::Instruction& inst : s.trace.instructions())
    if (tir::IsSamplingMethod(inst.method)) EXPECT_TRUE(inst.decision().has_value()) << inst.method;
}

// A tiled reduction's spatial loops get a sampled cache level: the vector and register axes a
// three-level perfect tile (outer, cache, register), the others a two-level one; all of them
// keep their product (the loop's extent) whatever is sampled.
TEST(DesignSpaceTrace, TiledAxesHaveACacheLevel) {
  tir::SampledSchedule s = tir::SampleCpuSchedule(space_testing::Lower(Cases()[0].relay), target::Target::Host(),
                                                  Cases()[0].layout_free, 3);
  int three = 0, two = 0;
  for (const tir::Instruction& inst : s.trace.instructions()) {
    if (inst.method != "sample_perfect_tile") continue;
    three += inst.Arg("n")->i == 3;
    two += inst.Arg("n")->i == 2;
  }
  EXPECT_EQ(three, 2) << s.trace.Str();  // conv2d: output channels (vectors), width (steps)
  EXPECT_EQ(two, 1) << s.trace.Str();    // height (the batch of 1 is not tiled)
}

// The sampled unroll depth reaches the code: lowered with 512, the convolution's kernel-window
// loops are unrolled (fewer loops than with 0).
TEST(DesignSpaceTrace, UnrollDepthChangesTheLoweredLoops) {
  tir::PrimFunc f = space_testing::Lower(Cases()[0].relay);
  tir::Trace t = tir::SampleCpuSchedule(f, target::Target::Host(), Cases()[0].layout_free, 3).trace;
  auto loops_with = [&](int64_t choice) {
    for (size_t k = 0; k < t.instructions().size(); ++k) {
      const tir::TraceValue* c = t.instructions()[k].Arg("candidates");
      if (t.instructions()[k].method != "sample_categorical" || !c || c->items.size() != 4) continue;
      std::string text = script::Print(
          runtime::LowerForBuild(IRModule({{"main", tir::ReplayTrace(f, t.WithDecision(k, tir::TraceValue::Int(choice)))}})));
      size_t n = 0;
      for (size_t p = text.find("for "); p != std::string::npos; p = text.find("for ", p + 1)) ++n;
      return n;
    }
    ADD_FAILURE() << "no unroll decision in\n" << t.Str();
    return size_t{0};
  };
  EXPECT_LT(loops_with(3), loops_with(0));  // candidates [0, 16, 64, 512]
}

TEST(DesignSpaceTrace, TextAndJsonReplayGiveTheSameFunction) {
  for (const Case& c : Cases()) {
    tir::PrimFunc f = space_testing::Lower(c.relay);
    for (int64_t seed : {1, 7, 12}) {
      tir::SampledSchedule s = tir::SampleCpuSchedule(f, target::Target::Host(), c.layout_free, seed);
      SCOPED_TRACE(c.name + " seed " + std::to_string(seed));
      tir::PrimFunc from_text = tir::ReplayTrace(f, tir::Trace::Parse(s.trace.Str()));
      tir::PrimFunc from_json = tir::ReplayTrace(f, tir::Trace::FromJSON(nlohmann::json::parse(tir::JSONDumps(s.trace.AsJSON()))));
      EXPECT_TRUE(StructuralEqual(s.func, from_text));
      EXPECT_TRUE(StructuralEqual(s.func, from_json));
    }
  }
}

TEST(DesignSpaceTrace, ReplayRecoversThePackedParameters) {
  size_t packed = 0;
  for (const Case& c : Cases()) {
    tir::PrimFunc f = space_testing::Lower(c.relay);
    for (int64_t seed : {2, 9}) {
      tir::SampledSchedule s = tir::SampleCpuSchedule(f, target::Target::Host(), c.layout_free, seed);
      SCOPED_TRACE(c.name + " seed " + std::to_string(seed));
      tir::SampledSchedule r =
          tir::ReplayCpuSchedule(f, tir::Trace::FromJSON(nlohmann::json::parse(tir::JSONDumps(s.trace.AsJSON()))));
      EXPECT_TRUE(StructuralEqual(s.func, r.func));
      ASSERT_EQ(s.rewrites.size(), r.rewrites.size());
      std::vector<NDArray> inputs = space_testing::Inputs(f);
      for (size_t i = 0; i < s.rewrites.size(); ++i) {
        // The trace's lambda text drops T.int64 on constants: the maps are compared by what
        // they do to the argument.
        EXPECT_EQ(s.rewrites[i].param_index, r.rewrites[i].param_index);
        const NDArray& arg = inputs.at(s.rewrites[i].param_index);
        NDArray a = runtime::ApplyIndexMap(arg, s.rewrites[i].map), b = runtime::ApplyIndexMap(arg, r.rewrites[i].map);
        EXPECT_EQ(a->shape, b->shape);
        EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a->NumElements() * a->dtype.bytes()));
      }
      packed += s.rewrites.size();
    }
  }
  EXPECT_GT(packed, 0u) << "no case packs a weight: the test shows nothing";
}

TEST(DesignSpaceTrace, SameSeedSameTraceOtherSeedsOtherPoints) {
  tir::PrimFunc f = space_testing::Lower(Cases()[0].relay);
  std::set<std::string> traces;
  for (int64_t seed = 1; seed <= 8; ++seed) {
    std::string a = tir::SampleCpuSchedule(f, target::Target::Host(), Cases()[0].layout_free, seed).trace.Str();
    EXPECT_EQ(a, tir::SampleCpuSchedule(f, target::Target::Host(), Cases()[0].layout_free, seed).trace.Str());
    traces.insert(a);
  }
  EXPECT_GT(traces.size(), 1u);
}

}  // namespace
}  // namespace tirgen
