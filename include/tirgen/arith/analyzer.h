// A range-aware arithmetic analyzer (TVM's arith::Analyzer, reduced to what the TIR passes
// need): variables get bounds from loops and block iterators, and expressions are simplified
// and conditions proved with those bounds.
//   Simplify = range-aware rewrite rules (min/max/compare/div/mod with known bounds, constant
//   folding) followed by the canonical sum-of-splits form of index arithmetic.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

/// Inclusive constant bounds; INT64_MIN / INT64_MAX stand for minus / plus infinity.
struct ConstBound {
  int64_t min;
  int64_t max;
};

class Analyzer {
 public:
  /// `var` ranges over [min, min + extent). A unit range makes `var` stand for `min`.
  void Bind(const tir::Var& var, const tir::Range& range);
  /// `var` stands for `value` (substituted before simplification).
  void Bind(const tir::Var& var, const tir::PrimExpr& value);
  /// Bounds of an integer expression under the known variable ranges.
  ConstBound Bound(const tir::PrimExpr& expr) const;
  /// TVM's Analyzer::Simplify: rewrite rules, then canonical form.
  tir::PrimExpr Simplify(const tir::PrimExpr& expr) const;
  /// Only the canonical form (with known ranges).
  tir::PrimExpr CanonicalSimplify(const tir::PrimExpr& expr) const;
  /// True when `cond` simplifies to true.
  bool CanProve(const tir::PrimExpr& cond) const;
  /// Known bound of a variable, if any.
  bool VarBound(const tir::VarNode* var, ConstBound* out) const;

 private:
  std::unordered_map<const Object*, ConstBound> bounds_;
  std::unordered_map<const Object*, tir::PrimExpr> values_;
  std::vector<tir::Var> keep_alive_;  // bound vars stay alive while their entries exist
};

}  // namespace arith
}  // namespace tirgen
