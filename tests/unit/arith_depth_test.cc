// Every recursive walk Analyzer::Simplify reaches (the canonical form, constant bounds, modular
// sets, conjunct lists, deep equality) checks the stack as the rewriter does: a 10k-deep chain
// goes through on the CLI's work stack and, on a small stack, ends in the one-line "nested too
// deeply" error, never a SIGSEGV.
#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <string>

#include "tirgen/arith/analyzer.h"
#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

constexpr int kDepth = 10000;

// x + y + ... + y, y - (y - (... - x)), (((x + 1) // 2 + 1) // 2 ...): kDepth levels each.
PrimExpr Chain(const std::string& kind, const Var& x, const Var& y) {
  PrimExpr e = x;
  for (int i = 0; i < kDepth; ++i) {
    if (kind == "add") e = Binary(Kind::kAdd, e, y);
    else if (kind == "sub") e = Binary(Kind::kSub, y, e);
    else e = Binary(Kind::kFloorDiv, Binary(Kind::kAdd, e, IntImm(x.dtype(), 1)), IntImm(x.dtype(), 2));
  }
  return e;
}

using Simplifier = std::function<PrimExpr(const arith::Analyzer&, const PrimExpr&)>;
const std::pair<const char*, Simplifier> kSimplifiers[] = {
    {"Simplify", [](const arith::Analyzer& a, const PrimExpr& e) { return a.Simplify(e); }},
    {"RewriteSimplify", [](const arith::Analyzer& a, const PrimExpr& e) { return a.RewriteSimplify(e); }},
    {"CanonicalSimplify", [](const arith::Analyzer& a, const PrimExpr& e) { return a.CanonicalSimplify(e); }},
};

TEST(ArithDepth, TenThousandDeepChainsSimplifyOnTheWorkStack) {
  support::RunWithStack(support::kWorkStack, [] {
    Var x("x", DataType::Int(64)), y("y", DataType::Int(64));
    arith::Analyzer a;
    PrimExpr sum = a.Simplify(Chain("add", x, y));
    EXPECT_TRUE(ExprDeepEqual(sum, a.Simplify(x + y * IntImm(DataType::Int(64), kDepth))));
    // an even number of negations: y - (y - x) is x
    EXPECT_TRUE(ExprDeepEqual(a.Simplify(Chain("sub", x, y)), x));
    for (const auto& [name, simplify] : kSimplifiers) {
      for (const char* kind : {"add", "sub", "floordiv"}) {
        SCOPED_TRACE(std::string(name) + " " + kind);
        EXPECT_NO_THROW(simplify(a, Chain(kind, x, y)));
      }
    }
  });
}

TEST(ArithDepth, TenThousandDeepChainsOnASmallStackAreAnError) {
  // 256 KB: far too little for 10k levels of any recursion.
  support::RunWithStack(std::size_t(256) << 10, [] {
    Var x("x", DataType::Int(64)), y("y", DataType::Int(64));
    arith::Analyzer a;
    for (const auto& [name, simplify] : kSimplifiers) {
      for (const char* kind : {"add", "sub", "floordiv"}) {
        SCOPED_TRACE(std::string(name) + " " + kind);
        PrimExpr e = Chain(kind, x, y);
        try {
          simplify(a, e);
          ADD_FAILURE() << "a 10k-deep chain simplified on a 256 KB stack";
        } catch (const Error& err) {
          std::string what = err.what();
          EXPECT_NE(what.find("nested too deeply"), std::string::npos) << what;
          EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        }
      }
    }
  });
}

}  // namespace
}  // namespace tirgen
