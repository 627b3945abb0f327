// `tirgen run` and `tirgen build`: outputs on disk, exit codes and error messages.
// Relay inputs (optimize + LowerTE + executor) on every golden case: runtime_run_golden_test.cc.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "cli_test_util.h"
#include "tirgen/ir/npz.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT

const std::string kCase = std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/";

class CliRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempPath("run_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

TEST_F(CliRun, PrimFuncRunWritesOutputsMatchingANaiveReference) {
  RunResult r = RunCli("run " + kCase + "primfunc_0.py --input p0=" + kCase + "input_0.npy --input p1=" + kCase +
                       "input_1.npy --output-dir " + dir_);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  tirgen::NDArray out = tirgen::LoadNpy(dir_ + "/output_0.npy");
  tirgen::NDArray x = tirgen::LoadNpy(kCase + "input_0.npy"), y = tirgen::LoadNpy(kCase + "input_1.npy");
  ASSERT_EQ(out->shape, x->shape);
  for (int64_t i = 0; i < x->NumElements(); ++i) {
    float want = std::max(x.data_as<float>()[i] + y.data_as<float>()[i], 0.0f);  // one rounding: exact
    ASSERT_EQ(out.data_as<float>()[i], want) << i;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/output_1.npy"));
}

TEST_F(CliRun, InputErrorsAreUserErrors) {
  std::string base = "run " + kCase + "primfunc_0.py --output-dir " + dir_;
  RunResult r = RunCli(base + " --input p0=" + kCase + "input_0.npy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("missing --input p1=FILE.npy (main's inputs: p0, p1)"), std::string::npos) << r.output;
  r = RunCli(base + " --input p0=" + kCase + "input_0.npy --input p1=" + kCase + "input_1.npy --input q=" + kCase + "input_1.npy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("unknown input 'q'"), std::string::npos) << r.output;
  r = RunCli(base + " --input p0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("expected NAME=FILE.npy"), std::string::npos) << r.output;
  r = RunCli(base + " --input p0=" + dir_ + "/none.npy --input p1=" + kCase + "input_1.npy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("none.npy"), std::string::npos) << r.output;
  // Wrong shape: the first golden input of another case.
  std::string other = std::string(TIRGEN_SHARED_DIR) + "/golden/softmax/input_0.npy";
  r = RunCli(base + " --input p0=" + other + " --input p1=" + kCase + "input_1.npy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("must be float32(1, 16, 32, 32)"), std::string::npos) << r.output;
  // An --output-dir that is a file: nothing is written beside it.
  std::string file = dir_ + "/plain_file";
  { std::ofstream(file) << "x"; }
  r = RunCli("run " + kCase + "primfunc_0.py --input p0=" + kCase + "input_0.npy --input p1=" + kCase +
             "input_1.npy --output-dir " + file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--output-dir " + file + ": cannot create the directory"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/output_0.npy"));
}

TEST_F(CliRun, MissingOutputDirIsCreatedOnlyWhenTheRunSucceeds) {
  std::string args = "run " + kCase + "primfunc_0.py --input p0=" + kCase + "input_0.npy --output-dir ";
  RunResult r = RunCli(args + dir_ + "/failed/out");  // p1 missing: the run fails before any output
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/failed"));
  r = RunCli(args + dir_ + "/new/out --input p1=" + kCase + "input_1.npy");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(tirgen::LoadNpy(dir_ + "/new/out/output_0.npy")->shape, tirgen::LoadNpy(kCase + "input_0.npy")->shape);
}

// --repeat N: the outputs as without it, then one line on stdout (nothing on stderr).
TEST_F(CliRun, RepeatPrintsTheMedianLatencyOnStdout) {
  // Relay main (the Executor) and a TVMScript PrimFunc: inputs by parameter name.
  for (auto [program, x, y] : {std::tuple<std::string, std::string, std::string>{"input.relay", "x", "y"},
                               {"primfunc_0.py", "p0", "p1"}}) {
    std::string args = "run " + kCase + program + " --input " + x + "=" + kCase + "input_0.npy --input " + y + "=" +
                       kCase + "input_1.npy";
    RunResult plain = RunCli(args + " --output-dir " + dir_ + "/plain");
    ASSERT_EQ(plain.exit_code, 0) << plain.output;
    EXPECT_EQ(plain.output, "");
    RunResult timed = RunShell(std::string(TIRGEN_CLI_PATH) + " " + args + " --output-dir " + dir_ + "/timed --repeat 3 2>/dev/null");
    ASSERT_EQ(timed.exit_code, 0) << program;
    EXPECT_EQ(timed.output.rfind("median latency: ", 0), 0u) << timed.output;
    EXPECT_NE(timed.output.find(" ms (3 runs)\n"), std::string::npos) << timed.output;
    EXPECT_EQ(std::count(timed.output.begin(), timed.output.end(), '\n'), 1) << timed.output;
    EXPECT_EQ(ReadText(dir_ + "/timed/output_0.npy"), ReadText(dir_ + "/plain/output_0.npy")) << program;
  }
}

// --profile N: a table of the compiled functions (a header, one row each, a total) on stdout.
TEST_F(CliRun, ProfilePrintsWhereTheTimeGoes) {
  std::string args = "run " + kCase + "input.relay --input x=" + kCase + "input_0.npy --input y=" + kCase +
                     "input_1.npy --output-dir " + dir_ + "/out --profile 3";
  RunResult r = RunShell(std::string(TIRGEN_CLI_PATH) + " " + args + " 2>/dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("function ", 0), 0u) << r.output;
  EXPECT_NE(r.output.find("ms/run"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("tvmgen_default_fused_"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(mean of 3 runs)"), std::string::npos) << r.output;
  RunResult bad = RunCli("run " + kCase + "input.relay --input x=" + kCase + "input_0.npy --input y=" + kCase +
                         "input_1.npy --output-dir " + dir_ + "/bad --profile -1");
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("--profile must be at least 1, got -1"), std::string::npos) << bad.output;
}

TEST_F(CliRun, RepeatMustBePositive) {
  std::string base = "run " + kCase + "input.relay --input x=" + kCase + "input_0.npy --input y=" + kCase +
                     "input_1.npy --output-dir " + dir_ + "/out --repeat ";
  RunResult r = RunCli(base + "0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--repeat must be at least 1, got 0"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/out"));  // checked before anything runs
  r = RunCli(base + "-2");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--repeat must be at least 1, got -2"), std::string::npos) << r.output;
  r = RunCli(base + "many");
  EXPECT_EQ(r.exit_code, 2) << r.output;
}

TEST_F(CliRun, BuildWritesLibraryAndC) {
  std::string lib = dir_ + "/lib.so", c = dir_ + "/lib.c";
  RunResult r = RunCli("build " + kCase + "primfunc_0.py -o " + lib + " --emit-c " + c);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(lib).substr(0, 4), "\x7f" "ELF");
  EXPECT_NE(ReadText(c).find("int32_t tirgen_main(void** args)"), std::string::npos);
  EXPECT_EQ(ReadText(c).find("static const union"), std::string::npos);  // add_relu has no constants
}

// A Relay model builds as `tirgen run` runs it: with the default CPU schedule (the big
// convolution's channel loop becomes an OpenMP loop); TVMScript compiles as written.
TEST_F(CliRun, BuildOfAGraphModelAppliesTheDefaultSchedule) {
  std::string relay = dir_ + "/conv.relay", c = dir_ + "/conv.c";
  WriteText(relay, R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 64, 56, 56), float32], %w: Tensor[(64, 64, 3, 3), float32]) {
  nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=64, kernel_size=[3, 3])
}
)");
  RunResult r = RunCli("build " + relay + " -o " + dir_ + "/conv.so --emit-c " + c);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(ReadText(c).find("#pragma omp parallel"), std::string::npos);
  r = RunCli("build " + kCase + "primfunc_0.py -o " + dir_ + "/add.so --emit-c " + c);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(c).find("#pragma omp"), std::string::npos);
}

TEST_F(CliRun, BuildReportsCompilerFailures) {
  std::string env = "TIRGEN_CACHE_DIR=" + dir_ + "/cache ";
  RunResult r = RunCli("build " + kCase + "primfunc_0.py -o " + dir_ + "/x.so", env + "CC=/nonexistent/cc ");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("C compiler '/nonexistent/cc' not found"), std::string::npos) << r.output;
  r = RunCli("build " + kCase + "primfunc_0.py -o " + dir_ + "/x.so", env + "CC=false ");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("C compilation failed"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/x.so"));
  r = RunCli("build " + kCase + "primfunc_0.py -o " + dir_ + "/x.so --params " + kCase + "input_0.npy");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("apply to Relay input"), std::string::npos) << r.output;
}

// --target: a good one builds and runs, a bad one is a one-line user error that writes nothing.
TEST_F(CliRun, GoodTargetBuildsAndRuns) {
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

TEST_F(CliRun, BadTargetIsAOneLineUserError) {
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
