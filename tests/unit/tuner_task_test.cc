// ExtractTuneTasks on small Relay models: one task per class of equal PrimFuncs, weights from
// main's call sites, layout-free parameters (constants at every call site), FLOPs, order of
// first call.
#include <gtest/gtest.h>

#include "tirgen/relay/text.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/tuner/task.h"

namespace tirgen {
namespace tuner {
namespace {

NDArray Zeros(std::vector<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return NDArray(shape, DataType::Float(32), std::vector<uint8_t>(n * 4, 0));
}

// Two identical conv2d + relu (weights %w1, %w2), then a reshape and a dense (%w4); with `third`, a third
// identical conv2d whose weight %w3 stays an input of main.
IRModule Model(bool third) {
  std::string text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 8, 10, 10), float32], %w1: Tensor[(8, 8, 3, 3), float32], %w2: Tensor[(8, 8, 3, 3), float32],
          %w3: Tensor[(8, 8, 3, 3), float32], %w4: Tensor[(16, 800), float32]) {
  %0 = nn.relu(nn.conv2d(%x, %w1, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]));
  %1 = nn.relu(nn.conv2d(%0, %w2, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]));
)";
  text += third ? "  %2 = nn.relu(nn.conv2d(%1, %w3, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]));\n"
                : "  %2 = %1;\n";
  text += "  nn.dense(reshape(%2, newshape=[1, 800]), %w4, units=16)\n}\n";
  std::map<std::string, NDArray> params = {
      {"w1", Zeros({8, 8, 3, 3})}, {"w2", Zeros({8, 8, 3, 3})}, {"w4", Zeros({16, 800})}};
  if (!third) params["w3"] = Zeros({8, 8, 3, 3});
  return runtime::LowerForExecution(relay::ParseModule(text), params);
}

TEST(TunerTasks, EqualFunctionsShareATaskWithTheirCallSitesAsWeight) {
  std::vector<TuneTask> tasks = ExtractTuneTasks(Model(false));
  std::string names;
  for (const TuneTask& t : tasks) names += " " + t.name;
  ASSERT_EQ(tasks.size(), 3u) << names;  // conv2d_relu, reshape, dense
  EXPECT_NE(tasks[0].name.find("conv2d"), std::string::npos) << tasks[0].name;  // first called first
  EXPECT_EQ(tasks[0].weight, 2);
  EXPECT_EQ(tasks[0].layout_free, std::set<int>({1}));
  // 8 x 10 x 10 outputs x 8 x 3 x 3 multiply-adds, plus the relu
  EXPECT_GE(tasks[0].flop, 2.0 * 8 * 10 * 10 * 8 * 3 * 3);
  EXPECT_LE(tasks[0].flop, 2.0 * 8 * 10 * 10 * 8 * 3 * 3 + 2 * 800);
  EXPECT_NE(tasks[1].name.find("reshape"), std::string::npos) << tasks[1].name;
  EXPECT_TRUE(tasks[1].layout_free.empty());
  EXPECT_NE(tasks[2].name.find("dense"), std::string::npos) << tasks[2].name;
  EXPECT_EQ(tasks[2].weight, 1);
  EXPECT_EQ(tasks[2].layout_free, std::set<int>({1}));
  EXPECT_TRUE(tasks[0].mod->functions.count("main"));
}

TEST(TunerTasks, AWeightPassedAtRunTimeIsNotLayoutFree) {
  std::vector<TuneTask> tasks = ExtractTuneTasks(Model(true));
  ASSERT_GE(tasks.size(), 2u);
  EXPECT_EQ(tasks[0].weight, 3);
  EXPECT_TRUE(tasks[0].layout_free.empty());  // %w3 is not a constant: nobody may pack it
}

TEST(TunerTasks, PrimFuncsWithoutMainAreTasksByName) {
  IRModule lowered = Model(false);
  std::map<std::string, ObjectRef> prims;
  for (const auto& kv : lowered->functions)
    if (kv.second.as<tir::PrimFuncNode>()) prims.insert(kv);
  std::vector<TuneTask> tasks = ExtractTuneTasks(IRModule(prims));
  ASSERT_EQ(tasks.size(), prims.size());
  for (const TuneTask& t : tasks) {
    EXPECT_EQ(t.weight, 1);
    EXPECT_TRUE(t.layout_free.empty());
  }
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen
