// viz::GraphDot (src/viz/graph_dot.cc): the DOT text of a fused model.
//  - one cluster per call of a primitive function, labelled (in post order) exactly with the
//    global names LowerTE gives the calls (collected from LowerTE's own output, `_1` suffixes
//    for distinct functions sharing a fused name included);
//  - op nodes carry their output type, constants their shape and bytes (scalars their value),
//    edges that cross a cluster the tensor's type (and which output of a tuple-valued op); link_params puts constants inside clusters; unfused draws the
//    same ops without clusters;
//  - a run-time If: a diamond fed by the condition, both branches, an "if result" node;
//  - an already fused module is drawn as it is; user errors for mains calling globals, params
//    given with a fused module, TIR modules; deterministic text.
#include <gtest/gtest.h>

#include <regex>

#include "viz_test_util.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/viz/graph.h"

namespace tirgen {
namespace {
using namespace tirgen_viz_test;  // NOLINT

// Globals of main's call_lowered calls, arguments before the call (GraphDot's cluster order).
class LoweredCalls : public relay::ExprVisitor {
 public:
  std::vector<std::string> names;

 protected:
  void VisitExpr_(const relay::CallNode* op) override {
    relay::ExprVisitor::VisitExpr_(op);
    std::vector<relay::Expr> args;
    if (const relay::GlobalVarNode* gv = lower::LoweredCallee(op, &args)) names.push_back(gv->name_hint);
  }
};

std::vector<std::string> ClusterLabels(const std::string& dot) {
  std::vector<std::string> out;
  std::regex re("subgraph cluster_[0-9]+ \\{\\n    label=\"([^\"]*)\"");
  for (std::sregex_iterator it(dot.begin(), dot.end(), re), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

std::vector<std::string> ExpectedLabels(const IRModule& mod, const std::map<std::string, NDArray>& params,
                                        bool link_params = false) {
  relay::OptimizeConfig config = lower::DefaultOptimizeConfig();
  config.link_params = link_params;
  IRModule lowered = lower::LowerTE(relay::Optimize(mod, params, config));
  LoweredCalls calls;
  calls.VisitExpr(lowered.Lookup("main").cast<relay::Expr>());
  return calls.names;
}

frontend::OnnxImport SmallCnn() {
  return frontend::ImportOnnx(std::string(TIRGEN_SOURCE_DIR) + "/examples/small_cnn.onnx");
}

TEST(VizGraphDot, OneClusterPerPrimitiveCallNamedAsLowerTE) {
  frontend::OnnxImport model = SmallCnn();
  std::string dot = viz::GraphDot(model.mod, model.params);
  std::vector<std::string> expected = ExpectedLabels(model.mod, model.params);
  ASSERT_EQ(expected.size(), 8u);  // conv+add+relu, pool, conv+add, conv+add+clip, gap, flatten, dense+add, softmax
  EXPECT_EQ(ClusterLabels(dot), expected);
  EXPECT_EQ(Count(dot, "subgraph cluster_"), expected.size());
  EXPECT_EQ(expected[0], "tvmgen_default_fused_nn_conv2d_add_nn_relu");
  // Op nodes with their output type, the input and output, the weights summarized.
  EXPECT_NE(dot.find("[label=\"nn.conv2d\\n(1, 8, 32, 32) float32\"]"), std::string::npos) << dot;
  EXPECT_NE(dot.find("[label=\"image\\n(1, 3, 32, 32) float32\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("[label=\"output\\n(1, 10) float32\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("[label=\"constant (8, 3, 3, 3) float32\\n864 B\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("[label=\"constant (10, 16) float32\\n640 B\""), std::string::npos) << dot;
  // Edges between clusters say the tensor; edges inside one do not.
  EXPECT_NE(dot.find(" [label=\"(1, 8, 16, 16) float32\"];"), std::string::npos) << dot;
  size_t labelled = 0, plain = 0;
  std::regex edge("(n[0-9]+) -> (n[0-9]+)( \\[label=\"[^\"]*\"\\])?;");
  for (std::sregex_iterator it(dot.begin(), dot.end(), edge), end; it != end; ++it)
    ((*it)[3].matched ? labelled : plain)++;
  EXPECT_EQ(labelled, 9u);  // input->cluster, 7 cluster->cluster, cluster->output
  EXPECT_EQ(plain, 14u);    // 8 constants + 6 inside clusters
}

TEST(VizGraphDot, DistinctFunctionsSharingAFusedNameGetLowerTEsSuffixes) {
  // Three relu calls on two shapes: two distinct PrimFuncs (fused_nn_relu, fused_nn_relu_1),
  // and the two calls of equal functions share one name.
  IRModule mod = relay::ParseModule(R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4), float32], %y: Tensor[(2, 4), float32], %z: Tensor[(1, 4), float32]) {
  %0 = nn.relu(%x);
  %1 = nn.relu(%y);
  %2 = nn.relu(%z);
  (%0, %1, %2)
}
)");
  std::string dot = viz::GraphDot(mod);
  std::vector<std::string> labels = ClusterLabels(dot);
  EXPECT_EQ(labels, ExpectedLabels(mod, {}));
  ASSERT_EQ(labels.size(), 3u);
  EXPECT_EQ(labels[0], labels[2]);
  EXPECT_NE(labels[0], labels[1]);
  EXPECT_TRUE(labels[1] == "tvmgen_default_fused_nn_relu_1" || labels[0] == "tvmgen_default_fused_nn_relu_1")
      << labels[0] << " " << labels[1];
  // A tuple output: one edge per field into the output node.
  EXPECT_NE(dot.find("output\\n(1, 4) float32\\n(2, 4) float32\\n(1, 4) float32"), std::string::npos) << dot;
}

TEST(VizGraphDot, ScalarConstantsAndTupleOutputsOfOps) {
  // split's two outputs leave its cluster on edges that say which output they carry.
  IRModule mod = relay::ParseModule(R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 6), float32]) {
  %0 = add(%x, 1f);
  %1 = split(%0, indices_or_sections=2, axis=1);
  %2 = %1.0;
  %3 = multiply(%2, %1.1);
  (%3, %2)
}
)");
  std::string dot = viz::GraphDot(mod);
  EXPECT_EQ(ClusterLabels(dot), ExpectedLabels(mod, {}));
  EXPECT_NE(dot.find("[label=\"constant 1f\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("[label=\"split\\n(1, 3) float32\\n(1, 3) float32\"]"), std::string::npos) << dot;
  EXPECT_EQ(Count(dot, " [label=\".0 (1, 3) float32\"];"), 2u) << dot;  // to multiply and to the output
  EXPECT_EQ(Count(dot, " [label=\".1 (1, 3) float32\"];"), 1u) << dot;
}

TEST(VizGraphDot, LinkParamsPutsConstantsInsideClusters) {
  frontend::OnnxImport model = SmallCnn();
  viz::GraphOptions options;
  options.link_params = true;
  std::string dot = viz::GraphDot(model.mod, model.params, options);
  EXPECT_EQ(ClusterLabels(dot), ExpectedLabels(model.mod, model.params, true));
  size_t first_cluster = dot.find("subgraph cluster_");
  ASSERT_NE(first_cluster, std::string::npos);
  EXPECT_EQ(dot.substr(0, first_cluster).find("constant ("), std::string::npos)
      << "no constant at top level with link_params";
  EXPECT_NE(dot.find("constant (8, 3, 3, 3) float32", first_cluster), std::string::npos);
  // Without link_params the weights are drawn outside the clusters.
  std::string plain = viz::GraphDot(model.mod, model.params);
  EXPECT_NE(plain.substr(0, plain.find("subgraph cluster_")).find("constant (8, 3, 3, 3)"), std::string::npos);
}

TEST(VizGraphDot, UnfusedDrawsTheSameOpsWithoutClusters) {
  frontend::OnnxImport model = SmallCnn();
  viz::GraphOptions options;
  options.unfused = true;
  std::string unfused = viz::GraphDot(model.mod, model.params, options);
  std::string fused = viz::GraphDot(model.mod, model.params);
  EXPECT_EQ(Count(unfused, "subgraph"), 0u);
  EXPECT_EQ(Count(unfused, " -> "), Count(fused, " -> "));
  EXPECT_EQ(Count(unfused, "[label=\"nn."), Count(fused, "[label=\"nn."));
  EXPECT_EQ(Count(unfused, "[label=\"add\\n"), 4u);
  EXPECT_EQ(Count(unfused, " [label=\"("), 0u) << "no cluster boundary, no edge labels";
}

TEST(VizGraphDot, FusedModuleIsDrawnAsItIs) {
  frontend::OnnxImport model = SmallCnn();
  IRModule fused = relay::Optimize(model.mod, model.params, lower::DefaultOptimizeConfig());
  EXPECT_EQ(viz::GraphDot(fused), viz::GraphDot(model.mod, model.params));
  try {
    viz::GraphDot(fused, model.params);
    FAIL() << "params with a fused module";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("already optimized"), std::string::npos) << e.what();
  }
}

TEST(VizGraphDot, Deterministic) {
  frontend::OnnxImport model = SmallCnn();
  std::string first = viz::GraphDot(model.mod, model.params);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(viz::GraphDot(model.mod, model.params), first);
}

TEST(VizGraphDot, RunTimeIfIsADiamondWhoseBranchesMeetInItsResult) {
  IRModule mod = relay::ParseModule(R"(#[version = "0.0.5"]
def @main(%c: bool, %x: Tensor[(2), float32]) {
  %0 = if (%c) { nn.relu(%x) } else { negative(%x) };
  add(%0, %x)
}
)");
  std::string dot = viz::GraphDot(mod);
  EXPECT_EQ(ClusterLabels(dot), ExpectedLabels(mod, {}));  // the branches' functions too
  std::smatch test, result;
  ASSERT_TRUE(std::regex_search(dot, test, std::regex("(n[0-9]+) \\[label=\"if\", shape=diamond"))) << dot;
  ASSERT_TRUE(std::regex_search(dot, result, std::regex("(n[0-9]+) \\[label=\"if result\\\\n\\(2,\\) float32\""))) << dot;
  EXPECT_EQ(Count(dot, test[1].str() + " -> " + result[1].str() + " [style=dashed];"), 1u) << dot;
  EXPECT_EQ(Count(dot, " -> " + result[1].str() + " [label=\"then (2,) float32\"];"), 1u) << dot;
  EXPECT_EQ(Count(dot, " -> " + result[1].str() + " [label=\"else (2,) float32\"];"), 1u) << dot;
  EXPECT_EQ(Count(dot, "n0 -> " + test[1].str() + ";"), 1u) << "the condition %c feeds the diamond\n" << dot;
}

TEST(VizGraphDot, ALoopIsAStateNodeItsInitialAndNextValuesFeed) {
  IRModule mod = relay::ParseModule(R"(#[version = "0.0.5"]
def @main(%n: int64, %x: Tensor[(2), float32]) {
  %0 = (
    let %while_loop = fn (%i: int64, %acc: Tensor[(2), float32]) {
      if (less(%i, %n)) { %while_loop(add(%i, 1i64), multiply(%acc, %x)) } else { (%i, %acc) }
    };
    %while_loop
  );
  %1 = %0(0i64, %x);
  nn.relu(%1.1)
}
)");
  std::string dot = viz::GraphDot(mod);
  std::smatch head, result;
  ASSERT_TRUE(std::regex_search(dot, head, std::regex("(n[0-9]+) \\[label=\"loop %while_loop\\\\n\\(\\) int64\\\\n\\(2,\\) float32\", shape=house"))) << dot;
  ASSERT_TRUE(std::regex_search(dot, result, std::regex("(n[0-9]+) \\[label=\"loop %while_loop result\\\\n"))) << dot;
  EXPECT_EQ(Count(dot, " -> " + head[1].str() + " [label=\"init"), 2u) << dot;  // 0i64 and %x
  EXPECT_EQ(Count(dot, " -> " + head[1].str() + " [label=\"next"), 2u) << dot;  // the counter and the product
  EXPECT_EQ(Count(dot, " -> " + result[1].str() + " [label=\"exit"), 2u) << dot;  // the state leaving the loop
  std::smatch test;
  ASSERT_TRUE(std::regex_search(dot, test, std::regex("(n[0-9]+) \\[label=\"if\", shape=diamond"))) << dot;
  EXPECT_EQ(Count(dot, test[1].str() + " -> " + head[1].str() + " [style=dashed, label=\"then\", constraint=false];"), 1u)
      << dot;
  EXPECT_EQ(Count(dot, test[1].str() + " -> " + result[1].str() + " [style=dashed, label=\"else\"];"), 1u) << dot;
  EXPECT_EQ(viz::GraphDot(mod), dot);  // deterministic
}

// The tail call named by a let, or through an alias of the function, feeds the state back as a
// direct one does; a call that is not the last action is the executor's one-line refusal (it
// recursed without end before).
TEST(VizGraphDot, ALoopsTailCallMayBeNamedOrAliasedAndOtherSelfCallsAreRefused) {
  auto loop = [](const std::string& step) {
    return relay::ParseModule(R"(#[version = "0.0.5"]
def @main(%n: int64, %x: Tensor[(2), float32]) {
  %0 = (
    let %while_loop = fn (%i: int64, %acc: Tensor[(2), float32]) -> (int64, Tensor[(2), float32]) {
      if (less(%i, %n)) { )" + step + R"( } else { (%i, %acc) }
    };
    %while_loop
  );
  %1 = %0(0i64, %x);
  nn.relu(%1.1)
}
)");
  };
  for (const std::string& step : {std::string("let %r = %while_loop(add(%i, 1i64), %acc); %r"),
                                  std::string("let %g = %while_loop; %g(add(%i, 1i64), %acc)")}) {
    std::string dot = viz::GraphDot(loop(step));
    std::smatch head;
    ASSERT_TRUE(std::regex_search(dot, head, std::regex("(n[0-9]+) \\[label=\"loop %while_loop\\\\n"))) << step << "\n" << dot;
    EXPECT_EQ(Count(dot, " -> " + head[1].str() + " [label=\"next"), 2u) << step << "\n" << dot;
  }
  try {
    viz::GraphDot(loop("let %r = %while_loop(add(%i, 1i64), %acc); (%r.0, add(%r.1, %x))"));
    FAIL() << "a self call that is not the last action was drawn";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "error: graph: %while_loop calls itself other than as its last action; only a tail call (a loop, as "
              "relay.loops.while_loop builds) can run");
  }
}

TEST(VizGraphDot, UserErrors) {
  IRModule global_call = relay::ParseModule(R"(#[version = "0.0.5"]
def @f(%y: Tensor[(2), float32]) { nn.relu(%y) }
def @main(%x: Tensor[(2), float32]) { @f(%x) }
)");
  try {
    viz::GraphDot(global_call);
    FAIL() << "a call of a global function in main";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("error: graph: main calls"), std::string::npos) << e.what();
  }
  EXPECT_THROW(viz::GraphDot(IRModule(std::map<std::string, ObjectRef>{})), Error);
}

}  // namespace
}  // namespace tirgen
