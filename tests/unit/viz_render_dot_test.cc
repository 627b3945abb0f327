// viz::RenderDot (src/viz/render_dot.cc): Graphviz lays out GraphDot's text; SVG clusters
// carry Graphviz's class="cluster"; a missing `dot` is a user error naming the package.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "viz_test_util.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/support/error.h"
#include "tirgen/viz/graph.h"

namespace tirgen {
namespace {
using namespace tirgen_viz_test;  // NOLINT

TEST(VizRenderDot, SvgHasOneGraphvizClusterPerFusedFunction) {
  if (!HaveDot()) GTEST_SKIP() << "Graphviz `dot` is not installed (apt install graphviz)";
  frontend::OnnxImport model =
      frontend::ImportOnnx(std::string(TIRGEN_SOURCE_DIR) + "/examples/small_cnn.onnx");
  std::string dot = viz::GraphDot(model.mod, model.params);
  std::string svg = viz::RenderDot(dot, "svg");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u) << svg.substr(0, 200);
  EXPECT_EQ(Count(svg, "class=\"cluster\""), Count(dot, "subgraph cluster_"));
  EXPECT_EQ(Count(svg, "class=\"cluster\""), 8u);
  EXPECT_NE(svg.find("tvmgen_default_fused_nn_conv2d_add_nn_relu"), std::string::npos);
  std::string png = viz::RenderDot(dot, "png");
  EXPECT_EQ(png.substr(1, 3), "PNG");
}

TEST(VizRenderDot, MissingDotNamesThePackage) {
  // An empty directory as PATH: posix_spawnp finds no `dot`.
  std::string empty = ::testing::TempDir() + "tirgen_no_dot_" + std::to_string(getpid());
  std::filesystem::create_directories(empty);
  const char* old = std::getenv("PATH");
  std::string saved = old ? old : "";
  setenv("PATH", empty.c_str(), 1);
  std::string message;
  try {
    viz::RenderDot("digraph { a -> b }", "svg");
  } catch (const Error& e) {
    message = e.what();
  }
  setenv("PATH", saved.c_str(), 1);
  std::filesystem::remove_all(empty);
  EXPECT_NE(message.find("error: graph: Graphviz's `dot` program is not on PATH"), std::string::npos) << message;
  EXPECT_NE(message.find("apt install graphviz"), std::string::npos) << message;
}

TEST(VizRenderDot, BadFormatIsAUserError) {
  EXPECT_THROW(viz::RenderDot("digraph { a }", "svg; rm"), Error);
  EXPECT_THROW(viz::RenderDot("digraph { a }", ""), Error);
}

}  // namespace
}  // namespace tirgen
