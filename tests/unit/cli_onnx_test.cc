// `tirgen` commands reading ONNX models (tools/tirgen/input_loader.cc): fuse, stdin, input
// shapes, errors.
#include <gtest/gtest.h>

#include "cli_test_util.h"
#include "onnx_test_models.h"
namespace {

using namespace tirgen_cli_test;  // NOLINT

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
