// ExprDeepEqual: structural equality of two expressions with variables and buffers compared by
// identity (TVM's tir::ExprDeepEqual). It sits beside the expression nodes, not in analysis/,
// because arith (below tir/analysis, which simplifies with it) needs it.
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

/// True when `a` and `b` are the same expression tree; vars and buffers by identity (what
/// region union needs to tell two accesses apart, and what the simplifier's x - x needs).
bool ExprDeepEqual(const PrimExpr& a, const PrimExpr& b);

}  // namespace tir
}  // namespace tirgen
