// A range-aware arithmetic analyzer (TVM's arith::Analyzer, reduced to what the TIR passes
// need): variables get bounds from loops and block iterators, and expressions are simplified
// and conditions proved with those bounds.
//   Simplify = range-aware rewrite rules (min/max/compare/div/mod with known bounds, constant
//   folding) followed by the canonical sum-of-splits form of index arithmetic.
// Constraints (an if's condition inside its branch: ConstraintContext) add facts while they are
// in scope, as TVM's sub-analyzers take them: bounds of a variable compared with a constant,
// the condition's conjuncts as literals (a repeated condition is true, its negation false), and
// known comparisons (TransitiveComparisonAnalyzer: `i < j` proves `i < j + 1`; chains of them
// with the kTransitivelyProveInequalities extension).
#pragma once

#include <cstdint>
#include <memory>
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

class TransitiveComparisons;  // private to arith/

/// TVM's RewriteSimplifier extensions, as bits (tir.Simplify's config turns them on).
enum Extension : unsigned {
  kNoExtension = 0,
  kTransitivelyProveInequalities = 1,   ///< prove comparisons along chains of known ones
  kConvertBooleanToAndOfOrs = 2,        ///< write && / || trees as an AND of ORs
  kApplyConstraintsToBooleanBranches = 4,  ///< simplify each side of && (||) assuming the other (its negation)
};

class Analyzer {
 public:
  Analyzer();
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;
  /// `var` ranges over [min, min + extent). A unit range makes `var` stand for `min`.
  void Bind(const tir::Var& var, const tir::Range& range);
  /// `var` stands for `value` (substituted before simplification).
  void Bind(const tir::Var& var, const tir::PrimExpr& value);
  /// Bounds of an integer expression under the known variable ranges.
  ConstBound Bound(const tir::PrimExpr& expr) const;
  /// TVM v0.14's Analyzer::Simplify: canonical form, the rewrite rules alone, canonical form
  /// again.
  tir::PrimExpr Simplify(const tir::PrimExpr& expr) const;
  /// Only the rewrite rules (TVM's Analyzer::rewrite_simplify: each rule's output as written,
  /// x + -2, no canonical form), under the known ranges and the constraints in scope.
  tir::PrimExpr RewriteSimplify(const tir::PrimExpr& expr) const;
  /// Only the canonical form (with known ranges).
  tir::PrimExpr CanonicalSimplify(const tir::PrimExpr& expr) const;
  /// True when `cond` simplifies to true.
  bool CanProve(const tir::PrimExpr& cond) const;
  /// Known bound of a variable, if any (its range, narrowed by the constraints in scope).
  bool VarBound(const tir::VarNode* var, ConstBound* out) const;

  void SetEnabledExtensions(unsigned flags) { extensions_ = flags; }
  unsigned enabled_extensions() const { return extensions_; }
  /// TVM's MarkGlobalNonNegValue for a buffer shape value `n * c + k` (c > 0): n >= -k.
  void MarkGlobalNonNegValue(const tir::PrimExpr& value);

  /// For the simplifier: the literal constraints in scope (each conjunct and the negation of
  /// its negation, as TVM's RewriteSimplifier keeps them), and the known comparisons.
  const std::vector<tir::PrimExpr>& literal_constraints() const { return literals_; }
  const TransitiveComparisons& comparisons() const { return *comparisons_; }

 private:
  friend class ConstraintContext;
  std::unordered_map<const Object*, ConstBound> bounds_;
  std::unordered_map<const Object*, tir::PrimExpr> values_;
  std::vector<tir::Var> keep_alive_;  // bound vars stay alive while their entries exist
  unsigned extensions_ = kNoExtension;
  // Scoped facts (ConstraintContext pushes and pops them; the simplifier enters constraints of
  // its own while it runs, so they change under a const Analyzer).
  mutable std::vector<tir::PrimExpr> literals_;
  mutable std::vector<std::pair<const tir::VarNode*, ConstBound>> constraint_bounds_;
  std::unique_ptr<TransitiveComparisons> comparisons_;
};

/// TVM's With<ConstraintContext>: `constraint` holds while this lives (scopes nest, last in
/// first out). It is simplified first, under the facts already known.
class ConstraintContext {
 public:
  ConstraintContext(const Analyzer* analyzer, const tir::PrimExpr& constraint);
  ~ConstraintContext();
  ConstraintContext(const ConstraintContext&) = delete;
  ConstraintContext& operator=(const ConstraintContext&) = delete;

 private:
  const Analyzer* analyzer_;
  size_t literals_, bounds_, comparisons_;
};

}  // namespace arith
}  // namespace tirgen
