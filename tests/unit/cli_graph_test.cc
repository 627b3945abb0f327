// `tirgen graph` (tools/tirgen/graph_command.cc) run as a user runs it: .svg/.dot/.png
// outputs, the flags, and user errors (exit 2, no output file left behind).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli_test_util.h"
#include "viz_test_util.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT
using namespace tirgen_viz_test;  // NOLINT

const std::string kModel = std::string(TIRGEN_SOURCE_DIR) + "/examples/small_cnn.onnx";

TEST(CliGraph, DotAndSvgOutputs) {
  std::string dot = TempPath("g.dot");
  RunResult r = RunCli("graph " + kModel + " -o " + dot);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string text = ReadText(dot);
  EXPECT_EQ(text.rfind("digraph tirgen {", 0), 0u) << text;
  EXPECT_EQ(Count(text, "subgraph cluster_"), 8u);
  RunResult stdout_dot = RunShell(std::string(TIRGEN_CLI_PATH) + " graph " + kModel + " -o -");
  EXPECT_EQ(stdout_dot.output, text);
  std::remove(dot.c_str());

  if (!HaveDot()) GTEST_SKIP() << "Graphviz `dot` is not installed (apt install graphviz): SVG not checked";
  std::string svg = TempPath("g.svg");
  r = RunCli("graph " + kModel + " -o " + svg);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string picture = ReadText(svg);
  EXPECT_EQ(Count(picture, "class=\"cluster\""), 8u);
  EXPECT_NE(picture.find("tvmgen_default_fused_nn_dense_add"), std::string::npos);
  std::remove(svg.c_str());
}

TEST(CliGraph, Flags) {
  RunResult unfused = RunShell(std::string(TIRGEN_CLI_PATH) + " graph " + kModel + " --unfused -o -");
  ASSERT_EQ(unfused.exit_code, 0) << unfused.output;
  EXPECT_EQ(Count(unfused.output, "subgraph"), 0u);
  EXPECT_EQ(Count(unfused.output, "[label=\"nn.conv2d"), 3u);
  RunResult linked = RunShell(std::string(TIRGEN_CLI_PATH) + " graph " + kModel + " --link-params -o -");
  ASSERT_EQ(linked.exit_code, 0) << linked.output;
  std::string before_clusters = linked.output.substr(0, linked.output.find("subgraph"));
  EXPECT_EQ(before_clusters.find("constant ("), std::string::npos) << linked.output;
  EXPECT_EQ(Count(linked.output, "constant ("), 8u);
}

TEST(CliGraph, UserErrors) {
  std::string pdf = TempPath("g.pdf");
  RunResult r = RunCli("graph " + kModel + " -o " + pdf);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find(pdf + ": error: -o: unknown picture format"), std::string::npos) << r.output;
  EXPECT_EQ(std::fopen(pdf.c_str(), "r"), nullptr) << "no output file after an error";

  r = RunCli("graph " + kModel);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--output is required"), std::string::npos) << r.output;

  // No Graphviz on PATH: a Relay model with nothing to fold runs no C compiler either.
  std::string relay = TempPath("relu.relay");
  WriteText(relay, "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(1, 4), float32]) {\n  nn.relu(%x)\n}\n");
  std::string svg = TempPath("nodot.svg");
  r = RunCli("graph " + relay + " -o " + svg, "PATH=/nonexistent ");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("error: graph: Graphviz's `dot` program is not on PATH; install the Graphviz "
                          "package (Debian: apt install graphviz)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(std::fopen(svg.c_str(), "r"), nullptr) << "no output file after an error";
  std::remove(relay.c_str());
}

}  // namespace
