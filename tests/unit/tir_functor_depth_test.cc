// The TIR visitor and mutator on deep input (issue 18 item 1): a 100k-deep sum and a 100k-deep
// statement nest go through both on the CLI's 1 GB stack; a million-deep sum on an 8 MB stack (a
// library caller's main thread) is a tirgen::Error naming the cause, not a SIGSEGV. Built and
// freed on a large stack: freeing a deep chain still recurses once per level in shared_ptr.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace {

constexpr std::size_t kCliStack = support::kWorkStack;

// x + 1 + 1 + ... (n additions), left-deep as a parsed sum.
tir::PrimExpr DeepSum(const tir::Var& x, int n) {
  tir::PrimExpr e = x;
  for (int i = 0; i < n; ++i) e = tir::Binary(Kind::kAdd, e, tir::IntImm(DataType::Int(32), 1));
  return e;
}

struct Counter : tir::StmtExprVisitor {
  using tir::StmtExprVisitor::VisitExpr;
  using tir::StmtExprVisitor::VisitStmt;
  long adds = 0, ifs = 0;
  void VisitExpr_(const tir::BinaryNode* op) override {
    ++adds;
    tir::StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const tir::IfThenElseNode* op) override {
    ++ifs;
    tir::StmtExprVisitor::VisitStmt_(op);
  }
};

// Replaces the variable x by y everywhere (every level is rebuilt).
struct Rename : tir::StmtExprMutator {
  Rename(tir::Var x, tir::Var y) : x(std::move(x)), y(std::move(y)) {}
  using tir::StmtExprMutator::VisitExpr;
  tir::Var x, y;
  tir::PrimExpr VisitExpr_(const tir::VarNode* op) override {
    return op == x.get() ? tir::PrimExpr(y) : tir::StmtExprMutator::VisitExpr_(op);
  }
};

TEST(TirFunctorDepth, HundredThousandDeepSumGoesThroughVisitorAndMutator) {
  support::RunWithStack(kCliStack, [] {
    tir::Var x("x"), y("y");
    tir::PrimExpr sum = DeepSum(x, 100000);
    Counter c;
    c.VisitExpr(sum);
    EXPECT_EQ(c.adds, 100000);
    Rename r(x, y);
    tir::PrimExpr out = r.VisitExpr(sum);
    const Object* p = out.get();
    while (p->kind() == Kind::kAdd) p = static_cast<const tir::BinaryNode*>(p)->a.get();
    EXPECT_EQ(p, y.get()) << "the innermost operand was renamed";
  });
}

TEST(TirFunctorDepth, HundredThousandDeepIfNestGoesThroughVisitorAndMutator) {
  support::RunWithStack(kCliStack, [] {
    tir::Var x("x"), y("y");
    tir::Stmt s = tir::Evaluate(x);
    for (int i = 0; i < 100000; ++i)
      s = tir::IfThenElse(tir::Binary(Kind::kLT, x, tir::IntImm(DataType::Int(32), i)), s);
    Counter c;
    c.VisitStmt(s);
    EXPECT_EQ(c.ifs, 100000);
    Rename r(x, y);
    tir::Stmt out = r.VisitStmt(s);
    Counter after;
    after.VisitStmt(out);
    EXPECT_EQ(after.ifs, 100000);
    EXPECT_FALSE(out.same_as(s));
  });
}

TEST(TirFunctorDepth, MillionDeepSumIsAnErrorOnAnEightMegabyteStack) {
  support::RunWithStack(kCliStack, [] {
    tir::Var x("x");
    tir::PrimExpr sum = DeepSum(x, 1000000);
    for (int mutate = 0; mutate < 2; ++mutate) {
      try {
        support::RunWithStack(std::size_t(8) << 20, [&] {
          if (mutate) {
            Rename(x, tir::Var("y")).VisitExpr(sum);  // throws before rebuilding any level
          } else {
            Counter().VisitExpr(sum);
          }
        });
        ADD_FAILURE() << "expected an error (mutator: " << mutate << ")";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("TIR expression or statement: the input is nested too deeply"),
                  std::string::npos)
            << e.what();
      }
    }
  });
}

}  // namespace
}  // namespace tirgen
