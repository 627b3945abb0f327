// Runs the built `tirgen` binary: exit codes, located errors, atomic outputs.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "onnx_test_models.h"

namespace {

struct RunResult {
  int exit_code;
  std::string output;  // stdout + stderr
};

RunResult RunCli(const std::string& args) {
  std::string cmd = std::string(TIRGEN_CLI_PATH) + " " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  EXPECT_NE(pipe, nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) out.append(buf, n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "tirgen_cli_" + name;
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string kGolden = std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/primfunc_0.py";

TEST(Cli, ScriptReprintsGoldenExactly) {
  std::string out = TempPath("reprint.py");
  std::remove(out.c_str());
  RunResult r = RunCli("script " + kGolden + " -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(kGolden));
}

TEST(Cli, ScriptCheckPassesOnGolden) {
  RunResult r = RunCli("script --check " + kGolden);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("round trip ok"), std::string::npos) << r.output;
}

TEST(Cli, ScriptReadsStdin) {
  RunResult r = RunCli("script - < " + kGolden);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, ReadText(kGolden));
}

TEST(Cli, ScriptCheckReportsFirstDifferingLine) {
  // Valid TVMScript that TVM would print differently (a needless T.float32 on an int literal
  // position is not possible, so use extra spaces): parse succeeds, print differs on line 5.
  std::string text = ReadText(kGolden);
  size_t pos = text.find("T.func_attr({\"tir.noalias\": T.bool(True)})");
  ASSERT_NE(pos, std::string::npos);
  text.insert(pos + std::string("T.func_attr(").size(), " ");
  std::string in = TempPath("spaced.py");
  WriteText(in, text);
  RunResult r = RunCli("script --check " + in);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find(":5: print(parse(x)) differs from x"), std::string::npos) << r.output;
}

TEST(Cli, MalformedInputIsExit2WithLocatedErrorAndNoOutputFile) {
  std::string in = TempPath("bad.py");
  WriteText(in, "# from tvm.script import tir as T\n\n@T.prim_func\ndef main(:\n    pass\n");
  std::string out = TempPath("bad_out.py");
  std::remove(out.c_str());
  RunResult r = RunCli("script " + in + " -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find(in + ":4:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("^"), std::string::npos) << r.output;
  std::ifstream probe(out);
  EXPECT_FALSE(probe.good()) << "no output file may be written on error";
}

TEST(Cli, MissingFileIsExit2) {
  RunResult r = RunCli("script /nonexistent/dir/x.py");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/dir/x.py: cannot open file"), std::string::npos)
      << r.output;
}

TEST(Cli, UnknownSubcommandIsExit2) {
  EXPECT_EQ(RunCli("frobnicate").exit_code, 2);
  EXPECT_EQ(RunCli("").exit_code, 2);
}

}  // namespace

// ---- tirgen fuse -----------------------------------------------------------------------------
namespace {
const std::string kRelayGolden = std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/";

TEST(Cli, FusePrintsTvmsOptimizedModule) {
  std::string out = TempPath("fuse_out.relay");
  RunResult r = RunCli("fuse " + kRelayGolden + "input.relay -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(kRelayGolden + "optimized.relay"));
}

TEST(Cli, FuseMalformedInputIsExit2) {
  std::string in = TempPath("fuse_bad.relay");
  WriteText(in, "#[version = \"0.0.5\"]\ndef @main(%x) { nn.relu(%x, }\n");
  RunResult r = RunCli("fuse " + in);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("fuse_bad.relay:2:"), std::string::npos) << r.output;
}
}  // namespace

// ---- ONNX models as command input (tools/tirgen/input_loader.cc) ----------------------------
namespace {

TEST(Cli, FuseReadsOnnxModels) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  RunResult r = RunCli("fuse " + dir + "/conv.onnx");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("def @main(%in0: Tensor[(1, 4, 9, 9), float32]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Primitive=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("nn.conv2d("), std::string::npos) << r.output;
  // The same model piped through stdin is recognized by its bytes.
  RunResult piped = RunCli("fuse - < " + dir + "/conv.onnx");
  EXPECT_EQ(piped.exit_code, 0) << piped.output;
  EXPECT_EQ(piped.output, r.output);
}

TEST(Cli, OnnxInputShapesAndErrors) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string model = dir + "/dynamic_batch_view.onnx";
  RunResult dynamic = RunCli("fuse " + model);
  EXPECT_EQ(dynamic.exit_code, 2) << dynamic.output;
  EXPECT_NE(dynamic.output.find("--input-shape in0="), std::string::npos) << dynamic.output;
  RunResult fixed = RunCli("fuse --input-shape in0=2,3,4 " + model);
  EXPECT_EQ(fixed.exit_code, 0) << fixed.output;
  EXPECT_NE(fixed.output.find("reshape(%p0, newshape=[2, 12])"), std::string::npos) << fixed.output;
  RunResult bad = RunCli("fuse --input-shape in0=2,x " + model);
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("--input-shape 'in0=2,x'"), std::string::npos) << bad.output;
  std::string truncated = TempPath("truncated.onnx");
  std::string bytes = ReadText(dir + "/conv.onnx");
  WriteText(truncated, bytes.substr(0, bytes.size() / 2));
  RunResult t = RunCli("fuse " + truncated);
  EXPECT_EQ(t.exit_code, 2) << t.output;
  EXPECT_NE(t.output.find("corrupt or truncated"), std::string::npos) << t.output;
}

}  // namespace
