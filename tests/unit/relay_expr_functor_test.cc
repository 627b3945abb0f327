#include "tirgen/relay/expr_functor.h"

#include <gtest/gtest.h>

#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

Type F32() { return TensorType({2}, DataType::Float(32)); }

TEST(RelayExprFunctor, PostOrderVisitsSharedNodesOnce) {
  Var x("x", F32());
  Expr a = Call(Op::Get("exp"), {x});
  Expr b = Call(Op::Get("add"), {a, a});
  std::vector<Kind> order;
  PostOrderVisit(Function({x}, b), [&](const Expr& e) { order.push_back(e.kind()); });
  // x (param), add op, exp op, x already seen, exp call, add call, function
  std::vector<Kind> expected = {Kind::kRelayVar, Kind::kOp, Kind::kOp, Kind::kRelayCall,
                                Kind::kRelayCall, Kind::kFunction};
  EXPECT_EQ(order, expected);
}

TEST(RelayExprFunctor, MutatorRewritesOnlyWhatChanged) {
  class ExpToLog : public ExprMutator {
    Expr VisitExpr_(const OpNode* op) override {
      return op->name == "exp" ? Op::Get("log") : ExprMutator::VisitExpr_(op);
    }
  };
  Var x("x", F32()), y("y", F32());
  Expr e = Call(Op::Get("exp"), {x});
  Expr keep = Call(Op::Get("negative"), {y});
  Expr both = Tuple({Call(Op::Get("add"), {e, e}), keep});
  Expr out = ExpToLog().VisitExpr(both);
  const auto* t = out.as<TupleNode>();
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->fields[1].same_as(keep));  // untouched subtree is shared, not copied
  const auto* add = t->fields[0].as<CallNode>();
  EXPECT_TRUE(add->args[0].same_as(add->args[1]));  // the DAG stays a DAG
  EXPECT_EQ(add->args[0].as<CallNode>()->op.as<OpNode>()->name, "log");
}

TEST(RelayExprFunctor, LongChainsDoNotOverflowTheStack) {
  Var x("x", F32());
  Expr e = x;
  for (int i = 0; i < 200000; ++i) e = Call(Op::Get("negative"), {e});
  int calls = 0;
  PostOrderVisit(e, [&](const Expr& n) { calls += n.kind() == Kind::kRelayCall; });
  EXPECT_EQ(calls, 200000);
  Var y("y", F32());
  Expr sub = Substitute(e, {{x.get(), y}});
  int ys = 0;
  PostOrderVisit(sub, [&](const Expr& n) { ys += n.same_as(y); });
  EXPECT_EQ(ys, 1);
  // The printer walks the chain iteratively too.
  std::string text = PrintExpr(Function({x}, e));
  EXPECT_NE(text.find("%199998 = negative(%199997);"), std::string::npos);
  // Destroying a long chain is recursive in shared_ptr: release it gradually (outermost first).
  while (const auto* c = e.as<CallNode>()) {
    Expr next = c->args[0];
    e = next;
  }
  while (const auto* c = sub.as<CallNode>()) {
    Expr next = c->args[0];
    sub = next;
  }
}

}  // namespace
}  // namespace relay
}  // namespace tirgen
