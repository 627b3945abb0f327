// Freeing deep IR (issue 18 item 1): the last handle to a million-deep expression, statement
// nest or Relay chain is dropped on a thread with a 256 KB stack, as a library caller's worker
// thread might. Each node's destructor drops its children, so a recursive free would need
// ~100 bytes of stack per level (about 100 MB here); ObjectRef defers releases past a small
// depth to a loop (detail::ReleaseLast), so the free fits.
#include <gtest/gtest.h>

#include <memory>
#include <utility>
#include <vector>

#include "tirgen/relay/expr.h"
#include "tirgen/relay/op.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace {

constexpr int kDepth = 1000000;
constexpr std::size_t kSmallStack = 256 << 10;

// Drops `chain`, which holds the only reference to its root, on a small stack; checks the root
// and its deepest node were freed.
void FreeOnSmallStack(ObjectRef chain, const std::weak_ptr<const Object>& deepest) {
  std::weak_ptr<const Object> root = chain.data();
  ASSERT_EQ(chain.data().use_count(), 1);
  support::RunWithStack(kSmallStack, [&chain] { ObjectRef dying = std::move(chain); });
  EXPECT_TRUE(root.expired());
  EXPECT_TRUE(deepest.expired());
}

TEST(ObjectReleaseDepth, MillionDeepSumIsFreedOnASmallStack) {
  tir::PrimExpr e = tir::Var("x");
  std::weak_ptr<const Object> deepest = e.data();
  for (int i = 0; i < kDepth; ++i) e = tir::Binary(Kind::kAdd, e, tir::IntImm(DataType::Int(32), i));
  FreeOnSmallStack(std::move(e), deepest);
}

TEST(ObjectReleaseDepth, MillionDeepStatementNestIsFreedOnASmallStack) {
  tir::Var x("x");
  tir::Stmt s = tir::Evaluate(tir::IntImm(DataType::Int(32), 0));
  std::weak_ptr<const Object> deepest = s.data();
  for (int i = 0; i < kDepth; ++i) s = tir::LetStmt(tir::Var("v"), x, s);
  FreeOnSmallStack(std::move(s), deepest);
}

TEST(ObjectReleaseDepth, MillionLongRelayChainsAreFreedOnASmallStack) {
  relay::Op relu = relay::Op::Get("nn.relu");
  relay::Var x("x");
  {  // let %v1 = nn.relu(%x); let %v2 = nn.relu(%v1); ... %vN
    std::vector<relay::Var> vars{x};
    for (int i = 0; i < kDepth; ++i) vars.push_back(relay::Var("v"));
    relay::Expr e = vars.back();
    std::weak_ptr<const Object> deepest;
    for (int i = kDepth; i > 0; --i) {
      e = relay::Let(vars[i], relay::Call(relu, {vars[i - 1]}), e);
      if (i == kDepth) deepest = e.data();
    }
    vars.clear();
    FreeOnSmallStack(std::move(e), deepest);
  }
  {  // nn.relu(nn.relu(...(%x)))
    relay::Expr e = relay::Call(relu, {x});
    std::weak_ptr<const Object> deepest = e.data();
    for (int i = 1; i < kDepth; ++i) e = relay::Call(relu, {e});
    FreeOnSmallStack(std::move(e), deepest);
  }
}

TEST(ObjectReleaseDepth, ReleasesInsideAFreeAreAllDone) {
  // A deep and wide tree: many nodes wait in the queue at once, and the outermost release frees
  // every one of them.
  std::vector<std::weak_ptr<const Object>> leaves;
  tir::Var x("x");
  tir::Stmt s = tir::Evaluate(tir::IntImm(DataType::Int(32), 0));
  for (int i = 0; i < 1000; ++i) {
    std::vector<tir::Stmt> seq;
    for (int k = 0; k < 50; ++k) {
      seq.push_back(tir::Evaluate(tir::IntImm(DataType::Int(32), k)));
      leaves.push_back(seq.back().data());
    }
    seq.push_back(s);
    s = tir::LetStmt(tir::Var("v"), x, tir::SeqStmt(std::move(seq)));
  }
  FreeOnSmallStack(std::move(s), leaves.front());
  for (const auto& w : leaves) EXPECT_TRUE(w.expired());
}

}  // namespace
}  // namespace tirgen
