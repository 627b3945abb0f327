// The registered TE computes of the reductions and transforms against real TVM v0.14: each
// golden fused function made only of these ops is lowered through relay::GetCompute +
// CreatePrimFunc and must print exactly TVM's primfunc_<i>.py.
#include <gtest/gtest.h>

#include "op_compute_util.h"
#include "tir_pass_test_util.h"

namespace tirgen {
namespace {

struct GoldenCase {
  const char* name;
  int index;
};

class OpComputeGolden : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(OpComputeGolden, PrintsTvmPrimFunc) {
  GoldenCase c = GetParam();
  std::string dir = std::string(TIRGEN_SHARED_DIR) + "/golden/" + c.name + "/";
  std::string i = std::to_string(c.index);
  testing::OpProgram prog = testing::LowerOpText(tir::testing::ReadText(dir + "fused_" + i + ".relay"), c.name);
  EXPECT_EQ(script::Print(prog.func), tir::testing::ReadText(dir + "primfunc_" + i + ".py")) << c.name << "/" << i;
}

INSTANTIATE_TEST_SUITE_P(
    Golden, OpComputeGolden,
    ::testing::Values(GoldenCase{"argmax", 0}, GoldenCase{"concat_split", 0},
                      GoldenCase{"mean_variance", 0}, GoldenCase{"mean_variance", 1},
                      GoldenCase{"reshape_special", 0}, GoldenCase{"split_sections", 0},
                      GoldenCase{"stack_gather", 0}, GoldenCase{"stack_gather", 1},
                      GoldenCase{"take_embedding", 0}, GoldenCase{"tile_repeat_reverse", 0},
                      GoldenCase{"tile_repeat_reverse", 1}, GoldenCase{"tile_repeat_reverse", 2},
                      GoldenCase{"transpose_reshape", 0}, GoldenCase{"expand_squeeze_broadcast", 0}),
    [](const ::testing::TestParamInfo<GoldenCase>& info) {
      return std::string(info.param.name) + "_" + std::to_string(info.param.index);
    });

}  // namespace
}  // namespace tirgen
