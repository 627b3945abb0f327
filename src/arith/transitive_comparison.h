// Known comparisons between integer expressions and what follows from them (TVM's
// TransitiveComparisonAnalyzer), private to arith/. Facts come from variable ranges (always true)
// and from scoped constraints (an if's condition inside its branch). Each fact is kept as
// `lhs OP rhs + offset` with OP one of ==, !=, <=, >= (x < y + c is x <= y + c - 1 on integers),
// over expressions compared by ExprDeepEqual. TryCompare answers from the facts that relate its
// two sides directly, or, when propagating, along chains of facts (i <= j, j < k: i < k).
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "tirgen/tir/expr.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace arith {

/// TVM's CompareResult: a set of possible orders as bits (EQ 1, LT 2, GT 4), so `&` combines
/// what two proofs know and kUnknown (all three) knows nothing.
enum class CompareResult : int {
  kInconsistent = 0,
  kEQ = 1,
  kLT = 2,
  kLE = 3,
  kGT = 4,
  kGE = 5,
  kNE = 6,
  kUnknown = 7
};
inline CompareResult operator&(CompareResult a, CompareResult b) {
  return CompareResult(static_cast<int>(a) & static_cast<int>(b));
}

/// The conjuncts of a && b && ... (TVM's ExtractConstraints without the composite ones).
std::vector<tir::PrimExpr> Conjuncts(const tir::PrimExpr& e);

class TransitiveComparisons {
 public:
  TransitiveComparisons() : keys_(0, tir::ExprDeepHasher(), KeyEqual{&key_comparisons_}) {}
  TransitiveComparisons(const TransitiveComparisons&) = delete;  // keys_ points at the counter
  TransitiveComparisons& operator=(const TransitiveComparisons&) = delete;
  /// `var` in [min, min + extent): facts var >= min, var < min + extent (var == min for a unit
  /// extent). Rebinding a variable drops the facts of its old range.
  void Bind(const tir::Var& var, const tir::Range& range);
  /// Adds the comparisons among the conjuncts of `constraint` as scoped facts.
  void EnterConstraint(const tir::PrimExpr& constraint);
  size_t ScopedSize() const { return scoped_.size(); }
  /// Drops the scoped facts added after the size was `n`.
  void ExitConstraints(size_t n) { scoped_.erase(scoped_.begin() + static_cast<std::ptrdiff_t>(n), scoped_.end()); }
  /// What the facts prove about lhs against rhs (integers only); kUnknown when nothing.
  CompareResult TryCompare(const tir::PrimExpr& lhs, const tir::PrimExpr& rhs, bool propagate) const;
  /// How many times two expressions were compared by deep equality to find a key (for tests: a
  /// lookup compares against the few keys of equal hash, never against every key seen).
  size_t key_comparisons() const { return key_comparisons_; }

 private:
  // Offsets are exact integers: a sum of int64 constants along a chain (or INT64_MIN negated)
  // must not wrap, so they are kept in 128 bits.
  using Offset = __int128;
  struct Fact {
    int lhs, rhs;
    Offset offset;  // lhs OP rhs + offset
    CompareResult op;  // kEQ, kNE, kLE or kGE once normalized
    Fact(int l, int r, Offset off, CompareResult o);
    std::optional<Fact> WithLhs(int key) const;
    bool Implies(const Fact& other) const;
  };
  // ExprDeepEqual that counts its calls.
  struct KeyEqual {
    size_t* count;
    bool operator()(const tir::PrimExpr& a, const tir::PrimExpr& b) const {
      ++*count;
      return tir::ExprDeepEqual(a, b);
    }
  };
  int Key(const tir::PrimExpr& e);
  int FindKey(const tir::PrimExpr& e) const;
  void Add(const tir::PrimExpr& constraint, std::vector<Fact>* out);
  std::vector<Fact> Chains(int lhs, int rhs) const;

  size_t key_comparisons_ = 0;
  // expression -> key (keys are 0, 1, ... in order of first use; TVM's ExprToPreviousKey)
  std::unordered_map<tir::PrimExpr, int, tir::ExprDeepHasher, KeyEqual> keys_;
  std::vector<Fact> knowns_, scoped_;
  // ranges bound so far, by variable
  std::unordered_map<tir::Var, tir::Range, ObjectPtrHash, ObjectPtrEqual> bound_;
};

}  // namespace arith
}  // namespace tirgen
