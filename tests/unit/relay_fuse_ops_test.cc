// FuseOps rules on small graphs: chains, diamonds, tuples, reductions, conv anchors, depth.
#include <gtest/gtest.h>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace {

using Groups = std::vector<std::vector<std::string>>;

// The op names of each fused function, functions in post order of main's body.
Groups FusedGroups(const IRModule& mod) {
  Groups out;
  auto main = mod->functions.at("main").as<relay::FunctionNode>();
  relay::PostOrderVisit(main->body, [&](const relay::Expr& e) {
    const auto* call = e.as<relay::CallNode>();
    const auto* fn = call ? call->op.as<relay::FunctionNode>() : nullptr;
    if (!fn) return;
    EXPECT_TRUE(fn->IsPrimitive());
    std::vector<std::string> ops;
    relay::PostOrderVisit(fn->body, [&](const relay::Expr& x) {
      if (const auto* c = x.as<relay::CallNode>())
        if (const auto* op = c->op.as<relay::OpNode>()) ops.push_back(op->name);
    });
    out.push_back(ops);
  });
  return out;
}

Groups Fuse(const std::string& body, const std::string& params, int depth = 256) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n" + body + "\n}\n";
  IRModule mod = relay::ParseModule(text);
  return FusedGroups(relay::FuseOps(mod, false, depth));
}

const char* kT = "Tensor[(1, 8, 4, 4), float32]";
std::string P(const std::string& n) { return "%" + n + ": " + kT; }
std::string Ty() { return std::string(" /* ty=") + kT + " */"; }

TEST(FuseOps, ElementwiseChainIsOneFunction) {
  Groups g = Fuse("%0 = add(%x, %y)" + Ty() + ";\n%1 = nn.relu(%0)" + Ty() + ";\nexp(%1)" + Ty(),
                  P("x") + ", " + P("y"));
  EXPECT_EQ(g, (Groups{{"add", "nn.relu", "exp"}}));
}

TEST(FuseOps, DiamondJoinsAtThePostDominator) {
  Groups g = Fuse("%0 = exp(%x)" + Ty() + ";\n%1 = nn.relu(%0)" + Ty() + ";\n%2 = negative(%0)" +
                      Ty() + ";\nadd(%1, %2)" + Ty(),
                  P("x"));
  EXPECT_EQ(g, (Groups{{"exp", "nn.relu", "negative", "add"}}));
}

TEST(FuseOps, ConvTakesElementwiseConsumersButNotASecondConv) {
  std::string w = "%w: Tensor[(8, 8, 3, 3), float32]";
  std::string conv = "nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])";
  std::string conv2 = "nn.conv2d(%1, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])";
  Groups g = Fuse("%0 = " + conv + Ty() + ";\n%1 = nn.relu(%0)" + Ty() + ";\n%2 = " + conv2 +
                      Ty() + ";\nadd(%2, %1)" + Ty(),
                  P("x") + ", " + w);
  EXPECT_EQ(g, (Groups{{"nn.conv2d", "nn.relu"}, {"nn.conv2d", "add"}}));
}

TEST(FuseOps, ReductionTakesElementwiseProducersNotConsumers) {
  const char* r = " /* ty=Tensor[(1, 8), float32] */";
  Groups g = Fuse("%0 = exp(%x)" + Ty() + ";\n%1 = sum(%0, axis=[2, 3])" + r + ";\nnn.relu(%1)" + r,
                  P("x"));
  EXPECT_EQ(g, (Groups{{"exp", "sum"}, {"nn.relu"}}));
}

TEST(FuseOps, TupleOfInjectiveFieldsFusesWithConcatenate) {
  const char* c = " /* ty=Tensor[(1, 16, 4, 4), float32] */";
  std::string tt = std::string(" /* ty=(") + kT + ", " + kT + ") */";
  Groups g = Fuse("%0 = exp(%x)" + Ty() + ";\n%1 = nn.relu(%y)" + Ty() + ";\n%2 = (%0, %1)" + tt +
                      ";\nconcatenate(%2, axis=1)" + c,
                  P("x") + ", " + P("y"));
  EXPECT_EQ(g, (Groups{{"exp", "nn.relu", "concatenate"}}));
}

TEST(FuseOps, MaxDepthSplitsLongChains) {
  std::string body = "%0 = exp(%x)" + Ty() + ";\n";
  for (int i = 1; i < 6; ++i)
    body += "%" + std::to_string(i) + " = exp(%" + std::to_string(i - 1) + ")" + Ty() + ";\n";
  body += "exp(%5)" + Ty();
  EXPECT_EQ(Fuse(body, P("x")).size(), 1u);
  EXPECT_GT(Fuse(body, P("x"), 3).size(), 1u);
}

// The fused functions of main, in post order.
std::vector<const relay::FunctionNode*> FusedFunctions(const IRModule& mod) {
  std::vector<const relay::FunctionNode*> out;
  relay::PostOrderVisit(mod->functions.at("main").as<relay::FunctionNode>()->body,
                        [&](const relay::Expr& e) {
                          const auto* call = e.as<relay::CallNode>();
                          if (const auto* fn = call ? call->op.as<relay::FunctionNode>() : nullptr)
                            out.push_back(fn);
                        });
  return out;
}

IRModule FuseText(const std::string& body, const std::string& params) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n" + body + "\n}\n";
  return relay::FuseOps(relay::InferType(relay::ParseModule(text)), false, 256);
}

bool ReshapeOnly(const relay::FunctionNode* fn) {
  const ObjectRef* a = fn->GetAttr("relay.reshape_only");
  return a && a->as<tir::IntImmNode>()->value == 1;
}

TEST(FuseOps, GroupOfReshapeOpsIsMarkedReshapeOnly) {
  IRModule m = FuseText(
      "%0 = squeeze(%x, axis=[3]) /* ty=Tensor[(2, 3, 4), float32] */;\n"
      "%1 = reshape(%0, newshape=[6, 4]) /* ty=Tensor[(6, 4), float32] */;\n"
      "expand_dims(%1, axis=0) /* ty=Tensor[(1, 6, 4), float32] */",
      "%x: Tensor[(2, 3, 4, 1), float32]");
  auto fns = FusedFunctions(m);
  ASSERT_EQ(fns.size(), 1u);
  EXPECT_TRUE(ReshapeOnly(fns[0]));
  EXPECT_NE(relay::PrintModule(m).find("Primitive=1, relay.reshape_only=1"), std::string::npos);
}

TEST(FuseOps, GroupWithComputationIsNotReshapeOnly) {
  IRModule m = FuseText(
      "%0 = reshape(%x, newshape=[6, 4]) /* ty=Tensor[(6, 4), float32] */;\n"
      "exp(%0) /* ty=Tensor[(6, 4), float32] */",
      "%x: Tensor[(2, 3, 4), float32]");
  auto fns = FusedFunctions(m);
  ASSERT_EQ(fns.size(), 1u);
  EXPECT_FALSE(ReshapeOnly(fns[0]));
}

TEST(FuseOps, ExpandDimsIsBroadcastAndJoinsAConvGroup) {
  // expand_dims has TVM's broadcast pattern, so it fuses into the conv2d + add + relu group
  // (an injective op could not join a group anchored by an out-elemwise-fusable op).
  std::string ty = " /* ty=Tensor[(1, 8, 4, 4), float32] */";
  Groups g = Fuse(
      "%0 = nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])" + ty +
          ";\n%1 = expand_dims(%b, axis=1, num_newaxis=2) /* ty=Tensor[(8, 1, 1), float32] */;\n"
          "%2 = add(%0, %1)" + ty + ";\nnn.relu(%2)" + ty,
      P("x") + ", %w: Tensor[(8, 8, 3, 3), float32], %b: Tensor[(8), float32]");
  EXPECT_EQ(g, (Groups{{"nn.conv2d", "expand_dims", "add", "nn.relu"}}));
}

TEST(FuseOps, ParametersFollowPostOrderOfTheCallsReadingThem) {
  // multiply(%x, exp(%y)): exp is rewritten before the multiply reads %x, so %y is %p0.
  IRModule m = FuseText("%0 = exp(%y)" + Ty() + ";\nmultiply(%x, %0)" + Ty(), P("x") + ", " + P("y"));
  auto fns = FusedFunctions(m);
  ASSERT_EQ(fns.size(), 1u);
  std::string text = relay::PrintModule(m);
  EXPECT_NE(text.find("exp(%p0)"), std::string::npos) << text;
  EXPECT_NE(text.find("multiply(%p1, %0)"), std::string::npos) << text;
  EXPECT_NE(text.find("(%y, %x)"), std::string::npos) << text;
}

// TVM does not fuse through a let, but the calls a let binds are fused (each its own group, with
// the let's body): they used to stay plain op calls, and `tirgen run` refused them.
TEST(FuseOps, CallsBoundByLetsAreFusedOnEachSide) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(" + P("x") +
                     ") {\n  let %a = exp(%x);\n  let %b = nn.relu(%a);\n  negative(%b)\n}\n";
  IRModule mod = relay::InferType(relay::ParseModule(text));
  EXPECT_EQ(FusedGroups(relay::FuseOps(mod, false, 256)),
            (Groups{{"exp"}, {"nn.relu"}, {"negative"}}));
}

// 100k operators in a chain: once a SIGSEGV (recursive rewrite) and quadratic. Built, fused and
// freed on a large stack (freeing a long chain recurses in shared_ptr).
TEST(FuseOps, HundredThousandOperatorChain) {
  support::RunWithStack(std::size_t(512) << 20, [] {
    std::string text = "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(4), float32]) {\n";
    std::string prev = "%x";
    for (int i = 0; i < 100000; ++i) {
      text += "  %" + std::to_string(i) + " = nn.relu(" + prev + ");\n";
      prev = "%" + std::to_string(i);
    }
    text += "  " + prev + "\n}\n";
    IRModule mod = relay::InferType(relay::ParseModule(text));
    Groups g = FusedGroups(relay::FuseOps(mod, false, 256));
    size_t ops = 0;
    for (const auto& group : g) {
      EXPECT_LE(group.size(), 256u);
      ops += group.size();
    }
    EXPECT_EQ(ops, 100000u);
    EXPECT_EQ(g.size(), (100000u + 255) / 256);
  });
}

// A let chain deeper than the stack is a user error naming the cause, never a crash; with the
// CLI's stack it goes through.
TEST(FuseOps, DeepLetChainGoesThroughOnASmallStack) {
  // InferType and FuseOps walk let chains in a loop: a 20k-long chain needs no deep stack
  // (it was a "nested too deeply" error on 2 MB before).
  std::string text = "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(4), float32]) {\n";
  std::string prev = "%x";
  for (int i = 0; i < 20000; ++i) {
    text += "  let %v" + std::to_string(i) + " = nn.relu(" + prev + ");\n";
    prev = "%v" + std::to_string(i);
  }
  text += "  " + prev + "\n}\n";
  // Parsed and freed on a large stack (freeing a deep chain still recurses); only the passes
  // run on the small one, and every result stays alive outside it.
  support::RunWithStack(std::size_t(512) << 20, [&text] {
    IRModule parsed = relay::ParseModule(text);
    IRModule typed, fused;
    support::RunWithStack(std::size_t(2) << 20, [&] {
      typed = relay::InferType(parsed);
      fused = relay::FuseOps(typed, false, 256);
    });
    int lets = 0, primitives = 0;
    relay::PostOrderVisit(fused->functions.at("main").cast<relay::Expr>(), [&](const relay::Expr& e) {
      lets += e.as<relay::LetNode>() != nullptr;
      const auto* f = e.as<relay::FunctionNode>();
      primitives += f && f->IsPrimitive();
    });
    EXPECT_EQ(lets, 20000);
    EXPECT_EQ(primitives, 20000) << "each let's relu is its own fused group";
  });
}

}  // namespace
}  // namespace tirgen
