// TVM's rewrite rules for vectors and selects (private to arith/), tried by the simplifier on a
// node whose operands are already simplified. Each gives the rewritten node, to be simplified
// again, or nullopt when no rule applies.
#pragma once

#include <limits>
#include <optional>

#include "canonical.h"

#include "tirgen/tir/expr.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace arith {

/// The rules' pattern helpers: e as a binary node of kind k (else null); structural sameness.
inline const tir::BinaryNode* As(const tir::PrimExpr& e, Kind k) {
  return e.kind() == k ? e.as<tir::BinaryNode>() : nullptr;
}
inline bool Same(const tir::PrimExpr& a, const tir::PrimExpr& b) { return tir::ExprDeepEqual(a, b); }
/// A rule's constant v of type t, or nullopt when t has no such value (the rule then gives up,
/// where TVM's folder would wrap).
inline std::optional<tir::PrimExpr> RuleConst(DataType t, __int128 v) {
  if (v < std::numeric_limits<int64_t>::min() || v > std::numeric_limits<int64_t>::max()) return std::nullopt;
  if (!FitsType(t, static_cast<int64_t>(v))) return std::nullopt;
  return tir::PrimExpr(tir::IntImm(t, static_cast<int64_t>(v)));
}
/// e = x OP c with an integer constant c: c, and x in *x (else null).
inline const int64_t* ConstRight(const tir::PrimExpr& e, Kind k, tir::PrimExpr* x) {
  const tir::BinaryNode* n = As(e, k);
  const int64_t* c = n ? tir::as_const_int(n->b) : nullptr;
  if (c) *x = n->a;
  return c;
}

/// a OP b with lanes > 1: ramps and broadcasts combine lane-wise (ramp(b1, s1, n) +
/// broadcast(x, n) -> ramp(b1 + x, s1, n)); a ramp divided by a constant broadcast becomes a
/// ramp or a broadcast when its lanes' quotients allow (TVM's ModularSet reasoning).
/// OP is any binary kind; > and >= arrive as the swapped < and <=.
std::optional<tir::PrimExpr> RewriteVector(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);
/// !broadcast(x, n) -> broadcast(!x, n).
std::optional<tir::PrimExpr> RewriteVectorNot(const tir::PrimExpr& a);
/// Selects on one condition combine branch by branch under + - min max; a select minus one of
/// its own branches leaves zero in that branch.
std::optional<tir::PrimExpr> RewriteSelect(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);

/// TVM's division and modulo rules on scalar int32/int64 operands (rewrite_divmod.cc): a
/// division times its divisor subtracted becomes a modulo (x - x // 3 * 3 -> x % 3), quotients
/// of sums drop what the bounds or the divisor's multiples decide ((x * 8 + 7) // 16 -> x // 2),
/// remainders of multiples reduce (x * 9600 % 6400 -> x * 3200 % 6400) or vanish.
std::optional<tir::PrimExpr> RewriteDivMod(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);

/// TVM's min / max rules on scalar integers (rewrite_minmax.cc): absorption (min(x, max(x, y))
/// -> x), an operand already in a chain drops, a common operand of two duals moves out.
std::optional<tir::PrimExpr> RewriteMinMax(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);

/// TVM's rules for sums, differences and products the canonical form leaves (rewrite_sum.cc):
/// a term moves into a min / max (min(x, y - z) + z -> min(x + z, y), min(x + y, z) - x ->
/// min(y, z - x)), a min and a max of one pair add (multiply) to its sum (product), a common
/// non-constant factor moves out (x * y + x * z -> x * (y + z)).
std::optional<tir::PrimExpr> RewriteSum(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);

/// A rule's result; `again`: TVM rewrites it again (its TVM_TRY_RECURSIVE_REWRITE), else it
/// stands as the rule wrote it.
struct Rewritten {
  tir::PrimExpr expr;
  bool again;
};
/// TVM's + - * rules on scalar int32/int64 that its canonical form also covers, so tirgen's
/// canonical passes need them only in TVM's rewrite_simplify alone (rewrite_linear.cc):
/// cancellation ((x - y) + y -> x), constants gathered ((x + c1) - c2 -> x + (c1 - c2),
/// (x + c1) * c2 -> x * c2 + c1 * c2), x + x -> x * 2, a quotient times its divisor plus the
/// remainder. Tried before the other families, as TVM does.
std::optional<Rewritten> RewriteLinear(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);
/// TVM's division and modulo rules by constants that its canonical form also covers
/// (rewrite_divmod_const.cc), for TVM's rewrite_simplify alone, after RewriteDivMod:
/// div(div(x, c1), c2) -> div(x, c1 * c2), truncdiv(x * 4, 2) -> x * 2, floordiv(x + 4, 2) ->
/// floordiv(x, 2) + 2, floordiv(x * 6 + y + z, 2) -> x * 3 + floordiv(y + z, 2), (x + y + z) / x
/// -> (y + z) / x + 1, (x + 5) % 2 -> (x + 1) % 2.
std::optional<Rewritten> RewriteDivModConst(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);
/// TVM's ordering ("canonicalization") rules for + - *, tried after every other rule: x - c ->
/// x + -c, constants move to the outermost right (x + (y + c) -> (x + y) + c), min / max terms
/// and constant factors to the left (c * x -> x * c).
std::optional<Rewritten> RewriteOrder(Kind k, const tir::PrimExpr& a, const tir::PrimExpr& b);

/// TVM's rules for a && b joining a quotient and a remainder of one x: x // 8 == 3 && x % 8 == 4
/// -> x == 28, x // 10 == 5 && x % 10 < 7 -> 50 <= x && x < 57, 0 <= x - y * 5 && x - y * 5 < 5
/// -> y == x // 5, x < 20 && x % 5 < 2 -> x < 17 && x % 5 < 2 (rewrite_divmod_and.cc).
std::optional<tir::PrimExpr> RewriteDivModAnd(const tir::PrimExpr& a, const tir::PrimExpr& b);

/// TVM's ordered rules for a < b on integers whose order the bounds do not decide: common terms
/// cancel (x + y < x + z -> y < z), constant factors and divisors move to the constant side
/// (x * 4 < 10 -> x < 3, floordiv(x, 4) < 3 -> x < 12), x - floordiv(x, c) * c becomes a
/// modulo, min / max split into || and &&, and constant offsets gather on one side
/// (x - 1 < y -> x <= y). a <= b is !(b < a) in TVM, so it takes these rules too.
std::optional<tir::PrimExpr> RewriteLessThan(const tir::PrimExpr& a, const tir::PrimExpr& b);

}  // namespace arith
}  // namespace tirgen
