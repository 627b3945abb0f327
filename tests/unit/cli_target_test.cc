// `tirgen build --target` and `tirgen run --target`: a good target builds and runs, a bad one
// is a one-line user error (exit 2) and writes nothing.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "cli_test_util.h"
#include "tirgen/support/npz.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT

const std::string kCase = std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/";

class CliTarget : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempPath("target_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

TEST_F(CliTarget, GoodTargetBuildsAndRuns) {
  std::string lib = dir_ + "/lib.so";
  RunResult r = RunCli("build " + kCase + "primfunc_0.py -o " + lib + " --target 'c -mcpu=x86-64-v3'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(lib).substr(0, 4), "\x7f" "ELF");
  r = RunCli("run " + kCase + "primfunc_0.py --input p0=" + kCase + "input_0.npy --input p1=" + kCase +
             "input_1.npy --output-dir " + dir_ + " --target 'llvm -mcpu=native -num-cores 1'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  tirgen::NDArray out = tirgen::LoadNpy(dir_ + "/output_0.npy");
  tirgen::NDArray x = tirgen::LoadNpy(kCase + "input_0.npy"), y = tirgen::LoadNpy(kCase + "input_1.npy");
  ASSERT_EQ(out->shape, x->shape);
  for (int64_t i = 0; i < x->NumElements(); ++i)
    ASSERT_EQ(out.data_as<float>()[i], std::max(x.data_as<float>()[i] + y.data_as<float>()[i], 0.0f)) << i;
}

TEST_F(CliTarget, BadTargetIsAOneLineUserError) {
  std::string lib = dir_ + "/lib.so";
  RunResult r = RunCli("build " + kCase + "primfunc_0.py -o " + lib + " --target 'c -mcpu=pentium9'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("invalid target 'c -mcpu=pentium9': unknown -mcpu 'pentium9'"), std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << r.output;
  EXPECT_FALSE(std::filesystem::exists(lib));
  r = RunCli("run " + kCase + "primfunc_0.py --input p0=" + kCase + "input_0.npy --input p1=" + kCase +
             "input_1.npy --output-dir " + dir_ + " --target cuda");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("unknown kind 'cuda'"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/output_0.npy"));
}

}  // namespace
