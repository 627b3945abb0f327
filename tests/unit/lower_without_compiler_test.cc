// `tirgen lower` with no C compiler anywhere: PATH holds no `cc`, $CC names a missing file and
// the build cache starts empty. Constant folding runs in process (lower::EvaluateConstant ->
// tir::Interpreter), so lowering works, prints exactly what the C path printed, and the build
// cache stays empty (nothing was compiled):
//  - the bundled ONNX model with its weights embedded (--link-params: folded values printed)
//    against the output of the C path (tests/data/fold/README.md);
//  - every golden case (with its weights and link-params), against the same command run with
//    the normal environment (which LowerCliGolden checks against TVM's own output).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"
#include "fresh_build_cache.h"

namespace tirgen {
namespace {

using namespace tirgen_cli_test;  // NOLINT
namespace fs = std::filesystem;

class LowerWithoutCompiler : public FreshBuildCache {
 protected:
  LowerWithoutCompiler() : FreshBuildCache("no_cc") {}

  // `tirgen lower ARGS` with an environment that has no C compiler.
  RunResult LowerWithoutCc(const std::string& args) {
    std::string env = "env PATH=/nonexistent CC=/nonexistent/cc TIRGEN_CACHE_DIR=" + dir_.string() + " ";
    return RunCli("lower " + args, env);
  }
  void ExpectNothingCompiled() {
    EXPECT_TRUE(!fs::exists(dir_) || fs::is_empty(dir_)) << "the build cache " << dir_ << " is not empty";
  }
};

TEST_F(LowerWithoutCompiler, BundledOnnxModelPrintsWhatTheCPathPrinted) {
  const std::string src = TIRGEN_SOURCE_DIR;
  const std::string out = TempPath("no_cc_small_cnn.py");
  RunResult r = LowerWithoutCc(src + "/examples/small_cnn.onnx --link-params -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string expected = ReadText(src + "/tests/data/fold/small_cnn_link_params.py");
  ASSERT_FALSE(expected.empty());
  EXPECT_TRUE(ReadText(out) == expected) << "output differs from tests/data/fold/small_cnn_link_params.py";
  ExpectNothingCompiled();
  fs::remove(out);
}

TEST_F(LowerWithoutCompiler, GoldenCasesLowerTheSame) {
  const std::string golden = std::string(TIRGEN_SHARED_DIR) + "/golden/";
  int checked = 0;
  for (const auto& e : fs::directory_iterator(golden)) {
    const std::string dir = e.path().string() + "/";
    if (!fs::exists(dir + "manifest.json")) continue;
    auto manifest = nlohmann::json::parse(ReadText(dir + "manifest.json"));
    std::string args = dir + "input.relay";
    if (fs::exists(dir + "params.npz")) args += " --params " + dir + "params.npz";
    if (manifest.value("link_params", false)) args += " --link-params";
    SCOPED_TRACE(e.path().filename().string());
    RunResult without = LowerWithoutCc(args);
    ASSERT_EQ(without.exit_code, 0) << without.output;
    RunResult with = RunCli("lower " + args);
    ASSERT_EQ(with.exit_code, 0) << with.output;
    EXPECT_TRUE(without.output == with.output) << "the output depends on having a C compiler";
    ++checked;
  }
  EXPECT_GE(checked, 20) << "expected the golden cases under " << golden;
  ExpectNothingCompiled();
}

}  // namespace
}  // namespace tirgen
