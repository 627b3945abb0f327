// Let chains are walked in a loop, not by recursion (issue 18 item 1; TVM's ExpandANormalForm):
// PreVisitLet_ runs outermost first, PostVisitLet_ innermost first, and the passes built on
// them (InferType, FoldConstant, DeadCodeElimination, ResetTypes) take a 20k-long chain on an
// 8 MB stack, a Python caller's main thread, where recursing per let ran out of stack at 10k.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace relay {
namespace {

constexpr std::size_t kPythonStack = std::size_t(8) << 20;
constexpr int kLets = 20000;

Type F32() { return TensorType({4}, DataType::Float(32)); }

// fn (%x) { let %v1 = nn.relu(%x); ... let %vN = nn.relu(%v(N-1)); %vN }, each value a call
// on the previous variable; `constant_every` > 0 makes every such value a constant instead.
Function LetChain(int n, int constant_every = 0) {
  Var x("x", F32());
  std::vector<Var> vars{x};
  for (int i = 1; i <= n; ++i) vars.push_back(Var("v" + std::to_string(i)));
  Expr e = vars.back();
  for (int i = n; i >= 1; --i) {
    Expr value = Call(Op::Get("nn.relu"), {vars[i - 1]});
    if (constant_every && i % constant_every == 0)
      value = Constant(NDArray({4}, DataType::Float(32), std::vector<uint8_t>(16, 0)));
    e = Let(vars[i], value, e);
  }
  return Function({x}, e);
}

int CountLets(const Expr& e) {
  int n = 0;
  PostOrderVisit(e, [&](const Expr& x) { n += x.as<LetNode>() != nullptr; });
  return n;
}

int CountCalls(const Expr& e) {
  int n = 0;
  PostOrderVisit(e, [&](const Expr& x) { n += x.as<CallNode>() != nullptr; });
  return n;
}

TEST(RelayLetChain, PreVisitsOutermostFirstAndPostVisitsInnermostFirst) {
  struct Order : ExprVisitor {
    std::vector<std::string> log;
    void PreVisitLet_(const LetNode* op) override {
      log.push_back("pre " + op->var->name_hint);
      ExprVisitor::PreVisitLet_(op);
    }
    void PostVisitLet_(const LetNode* op) override {
      ExprVisitor::PostVisitLet_(op);
      log.push_back("post " + op->var->name_hint);
    }
  } order;
  order.VisitExpr(LetChain(3));
  std::vector<std::string> want = {"pre v1", "pre v2", "pre v3", "post v3", "post v2", "post v1"};
  EXPECT_EQ(order.log, want);

  struct Rename : ExprMutator {  // rebuilds every let: the chain comes back whole and in order
    Expr VisitExpr_(const CallNode* op) override { return Call(Op::Get("nn.relu"), {VisitExpr(op->args[0])}); }
  };
  Function f = LetChain(3);
  Expr out = Rename().VisitExpr(f);
  ASSERT_FALSE(out.same_as(f));
  const auto* l = out.as<FunctionNode>()->body.as<LetNode>();
  for (int i = 1; i <= 3; ++i) {
    ASSERT_TRUE(l) << i;
    EXPECT_EQ(l->var->name_hint, "v" + std::to_string(i));
    if (i < 3) l = l->body.as<LetNode>();
  }
  EXPECT_EQ(l->body.get(), l->var.get()) << "the innermost body is the last variable";
}

TEST(RelayLetChain, TwentyThousandLetsGoThroughThePassesOnAnEightMegabyteStack) {
  // Built (and freed: every chain is kept alive outside) on the CLI's stack; only the passes run
  // on the small one.
  support::RunWithStack(support::kWorkStack, [] {
    Function chain = LetChain(kLets);
    Function with_constants = LetChain(kLets, 10);
    Expr typed, typed_constants, folded, kept, inlined, reset;
    support::RunWithStack(kPythonStack, [&] {
      typed = InferType(chain);
      typed_constants = InferType(with_constants);
      folded = FoldConstantExpr(typed_constants, lower::EvaluateConstant);
      kept = DeadCodeElimination(typed);
      inlined = DeadCodeElimination(typed, /*inline_once=*/true);
      reset = ResetTypes(typed);
    });
    const auto* fn = typed.as<FunctionNode>();
    ASSERT_TRUE(fn);
    EXPECT_EQ(TypeToString(fn->body->checked_type), "Tensor[(4), float32]");
    EXPECT_EQ(CountLets(typed), kLets);
    // The 10th value is a constant; from there on every relu folds to a constant too, and each
    // constant binding is inlined and dropped: the first 9 lets remain.
    EXPECT_EQ(CountLets(folded), 9);
    EXPECT_EQ(CountLets(kept), kLets) << "every variable is used";
    EXPECT_EQ(CountLets(inlined), 0) << "each variable is used once: all inlined";
    EXPECT_EQ(CountCalls(inlined), kLets);
    EXPECT_FALSE(reset.as<FunctionNode>()->body->checked_type.defined());
  });
}

}  // namespace
}  // namespace relay
}  // namespace tirgen
