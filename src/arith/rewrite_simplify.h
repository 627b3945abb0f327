// Range-aware rewriting (private to arith/; used by Analyzer::Simplify). Variable bounds come
// from the active VarBoundScope (canonical.h).
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

class Analyzer;

/// Bottom-up rewrite: min/max, comparisons, division and modulo decided by known bounds, then
/// constant folding and the canonical index form (arith::Simplify's rules). With an analyzer,
/// its constraints in scope and enabled extensions take part (analyzer.h). `sum_rules`: TVM's
/// rewrite rules for sums of min / max terms and common factors (RewriteSum) take part too.
/// TVM's rewrite_simplify applies them as this rewriter meets the tree; TVM's Simplify first
/// puts the whole expression in canonical form, which flattens the sums they would match
/// (avg_pool's `end - (start + max(0 - start, 0))` becomes `end - start - max(...)`), and
/// tirgen's Simplify has no canonical pass before rewriting, so it leaves them out.
tir::PrimExpr RewriteSimplify(const tir::PrimExpr& expr, const Analyzer* analyzer = nullptr, bool sum_rules = false);
/// arith::Simplify's rules under an analyzer's constraints and extensions (null: none).
tir::PrimExpr SimplifyIn(const tir::PrimExpr& expr, const Analyzer* analyzer, bool sum_rules = false);
/// TVM's NormalizeBooleanOperators: pushes `!` inward (De Morgan) and into comparisons, so the
/// negation of a simplified condition is written as the simplifier would write it.
tir::PrimExpr NormalizeBooleanOperators(tir::PrimExpr expr);
/// Canonical form of the integer parts of an expression (a second pass after rewriting).
tir::PrimExpr RewriteCanonical(const tir::PrimExpr& expr);

}  // namespace arith
}  // namespace tirgen
