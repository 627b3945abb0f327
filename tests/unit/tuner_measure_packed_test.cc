// Measuring candidates whose schedules pack a layout-free weight (tir::SampleCpuSchedule's
// rewrites): the child gets the packed input, the packed parameter is not compared, and a
// candidate fed the wrong packing is still caught by the output comparison.
#include <gtest/gtest.h>

#include <filesystem>

#include "design_space_test_util.h"
#include "fresh_build_cache.h"
#include "tirgen/tuner/database.h"
#include "tirgen/tuner/measure.h"

namespace tirgen {
namespace tuner {
namespace {

class TunerMeasurePacked : public FreshBuildCache {
 protected:
  TunerMeasurePacked() : FreshBuildCache("tuner_measure_packed") {}
  static MeasureOptions Options() {
    MeasureOptions o;
    o.target = target::Target::Host();
    o.run.repeat = 1;
    o.run.timeout_seconds = 10;
    o.run.helper = (std::filesystem::path(TIRGEN_CLI_PATH).parent_path() / "tirgen-measure").string();
    return o;
  }
};

// The first sampled schedule of `c` that packs a parameter.
tir::SampledSchedule PackedSample(const space_testing::Case& c, const tir::PrimFunc& f) {
  for (int64_t seed = 1; seed < 20; ++seed) {
    tir::SampledSchedule s = tir::SampleCpuSchedule(f, target::Target::Host(), c.layout_free, seed);
    if (!s.rewrites.empty()) return s;
  }
  ADD_FAILURE() << c.name << ": no sample packs a parameter";
  return {};
}

TEST_F(TunerMeasurePacked, PackedCandidatesMeasureAndWrongPackingIsWrong) {
  for (int k : {0, 2}) {  // conv2d, dense
    const space_testing::Case& c = space_testing::Cases()[k];
    SCOPED_TRACE(c.name);
    tir::PrimFunc f = space_testing::Lower(c.relay);
    tir::SampledSchedule s = PackedSample(c, f);
    ASSERT_FALSE(s.rewrites.empty());
    // Wrong: the weight's first axis reversed before it is packed.
    const tir::ParamLayoutRewrite& r = s.rewrites[0];
    const tir::Buffer& w = *f->BufferOf(f->params[r.param_index]);
    std::string vars, flipped;
    for (size_t d = 0; d < w->shape.size(); ++d) {
      std::string v = "i" + std::to_string(d);
      vars += (d ? ", " : "") + v;
      flipped += (d ? v : std::to_string(*tir::as_const_int(w->shape[0]) - 1) + " - " + v) + ", ";
    }
    std::vector<tir::ParamLayoutRewrite> wrong = {{r.param_index, tir::IndexMap::FromPython("lambda " + vars + ": (" + flipped + ")")}};
    wrong.insert(wrong.end(), s.rewrites.begin(), s.rewrites.end());
    std::vector<MeasureResult> rs =
        MeasureCandidates({MeasureCandidate{s.func, s.rewrites}, MeasureCandidate{s.func, wrong},
                           MeasureCandidate{s.func, {}}},
                          f, Options());
    ASSERT_EQ(rs.size(), 3u);
    EXPECT_TRUE(rs[0].ok) << rs[0].error;
    EXPECT_EQ(rs[1].error.rfind("wrong result: ", 0), 0u) << rs[1].error;
    EXPECT_EQ(rs[2].error.rfind("parameters differ from the reference's", 0), 0u) << rs[2].error;  // unpacked input
    EXPECT_EQ(rs[1].run_secs, std::vector<double>{kFailedRunSecs});
  }
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen
