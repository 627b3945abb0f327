// Integer interval arithmetic over loop domains (a small stand-in for TVM's arith::IntSet as
// the allocation passes use it): relax loop variables to their ranges, union accesses, and turn
// the result back into a buffer Range.
#pragma once

#include <unordered_map>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

/// [min, max], both inclusive. An undefined bound means unbounded on that side.
struct Interval {
  PrimExpr min;
  PrimExpr max;
  static Interval Point(const PrimExpr& e) { return Interval{e, e}; }
  static Interval Everything() { return Interval{}; }
  bool IsBounded() const { return min.defined() && max.defined(); }
  /// True when min and max are the same expression (deep equality, vars by identity).
  bool IsPoint() const;
};

/// Variables to relax, each with its (min, extent) range; other variables stay symbolic.
using VarDomain = std::unordered_map<const VarNode*, Range>;

/// The values `expr` takes when the variables in `dom` run over their ranges. Expressions that
/// use none of them are a point (kept as written, so printed indices do not change).
Interval EvalInterval(const PrimExpr& expr, const VarDomain& dom);

/// The smallest interval holding both.
Interval UnionInterval(const Interval& a, const Interval& b);

/// A point -> (p, 1); a bounded interval -> (min, max - min + 1) simplified; otherwise `whole`.
Range CoverRange(const Interval& iv, const Range& whole);

/// Constant bounds of an integer expression when the variables of `dom` lie in their ranges
/// (other variables unknown). False when no finite bound is known.
bool ConstBounds(const PrimExpr& expr, const VarDomain& dom, int64_t* lo, int64_t* hi);

/// Removes min/max operands that the ranges in `dom` prove irrelevant (min(0, i) -> 0 for
/// i >= 0), then simplifies: what an analyzer that knows the loop bounds does.
PrimExpr SimplifyWithBounds(const PrimExpr& expr, const VarDomain& dom);

/// `dom` with the ranges of its variables narrowed by what `cond` (assumed true) implies:
/// conjuncts like `2 <= i`, `i + k < 18`, `likely(...)`, `not (a or b)` bound a variable whose
/// range is constant (other variables taken over their ranges).
VarDomain NarrowDomain(const PrimExpr& cond, const VarDomain& dom);

/// True when `expr` mentions a variable of `dom`.
bool UsesVarIn(const PrimExpr& expr, const VarDomain& dom);

}  // namespace tir
}  // namespace tirgen
