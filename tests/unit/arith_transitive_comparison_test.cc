// The transitive-comparison analyzer's key index: expressions are found by deep equality through
// a hash (ExprDeepHash), so the cost of a comparison does not grow with the keys seen before.
#include <gtest/gtest.h>

#include <ctime>
#include <string>
#include <vector>

#include "tirgen/arith/analyzer.h"
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

// Facts about many different expressions, each proved in its own scope: with a linear key search
// the work per comparison grows with the number of keys seen so far (16x the comparisons took
// ~200x the CPU time); with the index it stays flat.
double CpuSecondsForComparisons(int n) {
  arith::Analyzer analyzer;
  analyzer.SetEnabledExtensions(arith::kTransitivelyProveInequalities);
  std::vector<Var> v;
  for (int i = 0; i <= n; ++i) v.push_back(Var("n" + std::to_string(i)));
  std::clock_t start = std::clock();
  for (int i = 0; i < n; ++i) {
    arith::ConstraintContext scope(&analyzer, v[i] < v[i + 1] + 5);
    EXPECT_TRUE(analyzer.CanProve(v[i] < v[i + 1] + 10)) << i;
    EXPECT_FALSE(analyzer.CanProve(v[i + 1] < v[i])) << i;
  }
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

TEST(TransitiveComparisons, KeyLookupDoesNotGrowWithKeys) {
  double small = CpuSecondsForComparisons(1000);
  double large = CpuSecondsForComparisons(16000);
  // Linear is 16x; a linear key search made it 100x or more. 48x leaves room for noise.
  EXPECT_LT(large, 48 * small + 0.05) << "1000 comparisons: " << small << " s, 16000: " << large << " s";
}

}  // namespace
}  // namespace tirgen
