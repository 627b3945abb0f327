// Sampled schedules that tuning runs found broken, kept as regression cases: each task
// (TVMScript as LowerTE made it) with the trace the tuner proposed (TVM's JSON form) must
// replay, build and compute what the unscheduled task computes (rtol 1e-5, atol 1e-5 x the
// output's magnitude).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "design_space_test_util.h"
#include "fresh_build_cache.h"
#include "tirgen/script/parser.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/schedule/design_space.h"

namespace tirgen {
namespace {

// depthwise_padding_inlined: mobilenet_v2, 900 s tuning run of 2026-12-04: a stride-1
// depthwise convolution whose padding block is inlined (sample_compute_location decision -2)
// into a register tile with a vectorized channel axis; 21 of 1775 candidates failed to build
// ("vector expression outside a vector context"; resnet18's max_pool2d: 1 of 1293).
// CommonSubexprElimTIR (as TVM's, which only refuses a bare Ramp or Broadcast) binds the
// padding's vector conditions to LetStmts outside the vectorized loop; the C generator now
// puts vector-valued lets back into their uses.

class SampledScheduleRegression : public FreshBuildCache, public ::testing::WithParamInterface<std::string> {
 protected:
  SampledScheduleRegression() : FreshBuildCache("sampled_schedule_regression") {}
};

TEST_P(SampledScheduleRegression, ReplaysBuildsAndComputesTheSame) {
  const std::string base = std::string(TIRGEN_SOURCE_DIR) + "/tests/data/tune/sampled/" + GetParam();
  ObjectRef parsed = script::Parse(ReadFile(base + ".task.py"), base + ".task.py");
  tir::PrimFunc task = parsed.as<tir::PrimFuncNode>() ? parsed.cast<tir::PrimFunc>()
                                                      : parsed.cast<IRModule>()->functions.at("main").cast<tir::PrimFunc>();
  tir::SampledSchedule s =
      tir::ReplayCpuSchedule(task, tir::Trace::FromJSON(nlohmann::json::parse(ReadFile(base + ".trace.json"))));
  std::vector<NDArray> inputs = space_testing::Inputs(task);
  NDArray want = runtime::BuildModule(task).Run("main", inputs)[0];
  space_testing::ExpectClose(want, space_testing::Run(s.func, s.rewrites, inputs));
}

INSTANTIATE_TEST_SUITE_P(Cases, SampledScheduleRegression, ::testing::Values("depthwise_padding_inlined"));

}  // namespace
}  // namespace tirgen
