// ExtractTasks against real TVM v0.14 on every golden case (tests/data/tvm/golden, iterated so
// held-back cases are checked the same way): input.relay with the case's params and
// link-params setting gives one task per distinct primfunc_<i>.py — each task's PrimFunc is
// structurally equal (constant data included) to TVM's lower_to_primfunc output, and its
// weight is the number of TVM's primitive functions that lowered to it. (The goldens do not
// record TVM's task order; tests/unit/cli_tasks_test.cc derives it for resnet18.)
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tirgen/ir/npz.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/parser.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

const std::string kDir = std::string(TIRGEN_SHARED_DIR) + "/golden/";

std::vector<std::string> Cases() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(kDir))
    if (std::filesystem::exists(e.path() / "manifest.json")) out.push_back(e.path().filename());
  std::sort(out.begin(), out.end());
  return out;
}

class ExtractTasksGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(ExtractTasksGolden, TasksAreTvmsDistinctPrimFuncsWeightedByUse) {
  const std::string dir = kDir + GetParam() + "/";
  nlohmann::json manifest = nlohmann::json::parse(ReadFile(dir + "manifest.json"));
  IRModule mod = relay::ParseModule(ReadFile(dir + "input.relay"), dir + "input.relay");
  std::map<std::string, NDArray> params;
  if (std::filesystem::exists(dir + "params.npz")) params = LoadNpz(dir + "params.npz");
  lower::ExtractOptions options;
  options.link_params = manifest.at("link_params").get<bool>();

  // Tasks start from the fused module: where relay::Optimize does not reproduce TVM's,
  // TVM's PrimFuncs cannot be expected (OptimizeGolden shows the difference).
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = options.link_params;
  if (relay::PrintModule(relay::Optimize(mod, params, config)) != ReadFile(dir + "optimized.relay"))
    FAIL() << GetParam() << ": relay::Optimize does not give TVM's optimized.relay (see OptimizeGolden)";

  std::vector<ObjectRef> golden;  // TVM's PrimFunc of each primitive function
  for (const auto& f : manifest.at("functions"))
    golden.push_back(script::Parse(ReadFile(dir + f.at("primfunc").get<std::string>()), f.at("primfunc")));

  std::vector<lower::Task> tasks = lower::ExtractTasks(mod, params, options);
  int total = 0;
  std::vector<bool> matched(golden.size(), false);
  for (const lower::Task& t : tasks) {
    const ObjectRef& f = t.mod->functions.at("main");
    int uses = 0;
    for (size_t i = 0; i < golden.size(); ++i) {
      if (!StructuralEqual(f, golden[i])) continue;
      matched[i] = true;
      ++uses;
    }
    EXPECT_GT(uses, 0) << t.name << " is none of TVM's PrimFuncs";
    EXPECT_EQ(t.weight, uses) << t.name;
    total += t.weight;
  }
  EXPECT_EQ(total, static_cast<int>(golden.size())) << "every primitive function is a call site of one task";
  for (size_t i = 0; i < golden.size(); ++i) EXPECT_TRUE(matched[i]) << "primfunc_" << i << " has no task";
}

std::string CaseName(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

INSTANTIATE_TEST_SUITE_P(Golden, ExtractTasksGolden, ::testing::ValuesIn(Cases()), CaseName);

}  // namespace
}  // namespace tirgen
