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
/// They need TVM's order, where the canonical form has flattened the sums first (Analyzer's
/// Simplify canonicalizes first, its RewriteSimplify is TVM's rewrite_simplify alone): in a
/// bottom-up pass over an unflattened tree they would meet sums TVM never sees (avg_pool's
/// `end - (start + max(0 - start, 0))`).
/// `tvm_rules`: TVM's rewrite_simplify alone, whose + - * rules keep their raw output (x + -2,
/// x + y * 2 as the rule wrote it) where tirgen's passes put each sum in canonical form (x - 2,
/// y * 2 + x); TVM's Analyzer::Simplify canonicalizes again after it.
tir::PrimExpr RewriteSimplify(const tir::PrimExpr& expr, const Analyzer* analyzer = nullptr, bool sum_rules = false,
                              bool tvm_rules = false);
/// arith::Simplify's rules under an analyzer's constraints and extensions (null: none).
tir::PrimExpr SimplifyIn(const tir::PrimExpr& expr, const Analyzer* analyzer, bool sum_rules = false,
                         bool tvm_rules = false);
/// An extension bit private to arith/: the simplifier runs TVM's rewrite rules alone (see
/// RewriteSimplify's tvm_rules); carried with the Analyzer's extensions into nested passes.
constexpr unsigned kTvmRewriteRulesOnly = 1u << 30;
/// TVM's NormalizeBooleanOperators: pushes `!` inward (De Morgan) and into comparisons, so the
/// negation of a simplified condition is written as the simplifier would write it.
tir::PrimExpr NormalizeBooleanOperators(tir::PrimExpr expr);
/// Canonical form of every scalar int32/int64 + - * / % subtree, bottom up: TVM's canonical pass
/// after its rewriter (Analyzer::Simplify), which reaches indices inside loads and calls too.
tir::PrimExpr RewriteCanonical(const tir::PrimExpr& expr);

}  // namespace arith
}  // namespace tirgen
