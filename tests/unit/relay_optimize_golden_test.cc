// relay::Optimize on every golden case: parse input.relay, bind params.npz, optimize with the
// manifest's link_params, print == TVM's optimized.relay byte for byte. Cases that need a pass
// not implemented yet (or FoldConstant's evaluator) are listed with the reason and skipped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "tirgen/ir/npz.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace {

const std::string kDir = std::string(TIRGEN_SHARED_DIR) + "/golden/";

std::vector<std::string> Cases() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(kDir))
    if (std::filesystem::exists(e.path() / "optimized.relay")) out.push_back(e.path().filename());
  std::sort(out.begin(), out.end());
  return out;
}

class OptimizeGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(OptimizeGolden, MatchesTvm) {
  const std::string c = GetParam();
  std::string dir = kDir + c + "/";
  std::map<std::string, NDArray> params;
  if (std::filesystem::exists(dir + "params.npz")) params = LoadNpz(dir + "params.npz");
  bool link = ReadFile(dir + "manifest.json").find("\"link_params\": true") != std::string::npos;
  IRModule mod = relay::ParseModule(ReadFile(dir + "input.relay"), dir + "input.relay");
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = link;
  IRModule out = relay::Optimize(mod, params, config);
  EXPECT_EQ(relay::PrintModule(out), ReadFile(dir + "optimized.relay")) << c;
}

INSTANTIATE_TEST_SUITE_P(Golden, OptimizeGolden, ::testing::ValuesIn(Cases()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace tirgen
