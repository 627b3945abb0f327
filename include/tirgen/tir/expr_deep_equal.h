// ExprDeepEqual: structural equality of two expressions with variables and buffers compared by
// identity (TVM's tir::ExprDeepEqual). It sits beside the expression nodes, not in analysis/,
// because arith (below tir/analysis, which simplifies with it) needs it.
#pragma once

#include <cstddef>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

/// True when `a` and `b` are the same expression tree; vars and buffers by identity (what
/// region union needs to tell two accesses apart, and what the simplifier's x - x needs).
bool ExprDeepEqual(const PrimExpr& a, const PrimExpr& b);

/// A hash consistent with ExprDeepEqual (deep-equal expressions hash alike), for indexing
/// expressions by it. Vars and buffers hash by identity, so the value is not stable across runs:
/// use it to look things up, never to order or name anything.
size_t ExprDeepHash(const PrimExpr& e);

/// The hash functor for unordered containers keyed by deep equality.
struct ExprDeepHasher {
  size_t operator()(const PrimExpr& e) const { return ExprDeepHash(e); }
};

}  // namespace tir
}  // namespace tirgen
