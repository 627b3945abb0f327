// The transitive-comparison analyzer's key index: expressions are found by deep equality through
// a hash (ExprDeepHash), so the work of a comparison does not grow with the keys seen before
// (counted, not timed: speed is measured in bench/, never asserted).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tirgen/arith/analyzer.h"
#include "tirgen/arith/analyzer_testing.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

TEST(ExprDeepHash, DeepEqualExpressionsHashAlike) {
  Var x("x"), y("y");
  Var x2("x");  // same name, another variable: not deep-equal
  std::vector<std::pair<PrimExpr, PrimExpr>> equal = {
      {x + 1, x + 1},
      {floordiv(x * y, 4), floordiv(x * y, 4)},
      {cast(DataType::Int(64), x), cast(DataType::Int(64), x)},
      {make_const(DataType::Float(32), 0.0), make_const(DataType::Float(32), -0.0)},
      {Call(DataType::Int(32), "tir.call_pure_extern", {StringImm("f"), x}),
       Call(DataType::Int(32), "tir.call_pure_extern", {StringImm("f"), x})},
  };
  for (const auto& [a, b] : equal) {
    ASSERT_TRUE(ExprDeepEqual(a, b));
    EXPECT_EQ(ExprDeepHash(a), ExprDeepHash(b));
  }
  EXPECT_FALSE(ExprDeepEqual(x + 1, x2 + 1));
}

// Facts about many different expressions, each proved in its own scope: a lookup compares the
// expression it looks for with the few keys of equal hash only. A linear key search compared it
// with every key of its dtype seen so far (quadratic over a function's comparisons).
TEST(TransitiveComparisons, KeyLookupComparesFewKeys) {
  const int n = 2000;
  arith::Analyzer analyzer;
  analyzer.SetEnabledExtensions(arith::kTransitivelyProveInequalities);
  std::vector<Var> v;
  for (int i = 0; i <= n; ++i) v.push_back(Var("n" + std::to_string(i)));
  size_t most = 0;
  for (int i = 0; i < n; ++i) {
    arith::ConstraintContext scope(&analyzer, v[i] < v[i + 1] + 5);
    size_t before = arith::TransitiveKeyComparisons(analyzer);
    EXPECT_TRUE(analyzer.CanProve(v[i] < v[i + 1] + 10)) << i;
    EXPECT_FALSE(analyzer.CanProve(v[i + 1] < v[i])) << i;
    most = std::max(most, arith::TransitiveKeyComparisons(analyzer) - before);
  }
  // The same few lookups per step, whatever the number of keys before (~2 * n with a linear search).
  EXPECT_LE(most, 16u);  // 4 today
  EXPECT_GT(arith::TransitiveKeyComparisons(analyzer), 0u);
}

}  // namespace
}  // namespace tirgen
