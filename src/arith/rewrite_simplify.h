// Range-aware rewriting (private to arith/; used by Analyzer::Simplify). Variable bounds come
// from the active VarBoundScope (canonical.h).
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

/// Bottom-up rewrite: min/max, comparisons, division and modulo decided by known bounds, then
/// constant folding and the canonical index form (arith::Simplify's rules).
tir::PrimExpr RewriteSimplify(const tir::PrimExpr& expr);
/// Canonical form of the integer parts of an expression (a second pass after rewriting).
tir::PrimExpr RewriteCanonical(const tir::PrimExpr& expr);

}  // namespace arith
}  // namespace tirgen
