// Expression builders with TVM's operator semantics: operand types are matched (ints widen,
// int meets float -> float), constants fold, and trivial identities (x + 0, x * 1) vanish.
// These are what TE/TOPI code uses; tir::Binary is the raw, non-folding constructor.
#pragma once

#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

// ---- arithmetic -------------------------------------------------------------------------
PrimExpr add(PrimExpr a, PrimExpr b);
PrimExpr sub(PrimExpr a, PrimExpr b);
PrimExpr mul(PrimExpr a, PrimExpr b);
PrimExpr neg(PrimExpr a);  ///< -a; a non-constant becomes `0 - a` (TVM's spelling)
/// a / b: float division for floats, truncating Div for ints (TVM's `div`).
PrimExpr div(PrimExpr a, PrimExpr b);
PrimExpr truncdiv(PrimExpr a, PrimExpr b);
PrimExpr truncmod(PrimExpr a, PrimExpr b);
PrimExpr floordiv(PrimExpr a, PrimExpr b);
PrimExpr floormod(PrimExpr a, PrimExpr b);
PrimExpr min(PrimExpr a, PrimExpr b);
PrimExpr max(PrimExpr a, PrimExpr b);

// ---- comparisons and logic (results are bool) -------------------------------------------
PrimExpr eq(PrimExpr a, PrimExpr b);
PrimExpr ne(PrimExpr a, PrimExpr b);
PrimExpr lt(PrimExpr a, PrimExpr b);
PrimExpr le(PrimExpr a, PrimExpr b);
PrimExpr gt(PrimExpr a, PrimExpr b);
PrimExpr ge(PrimExpr a, PrimExpr b);
PrimExpr logical_and(PrimExpr a, PrimExpr b);
PrimExpr logical_or(PrimExpr a, PrimExpr b);
PrimExpr logical_not(PrimExpr a);

// ---- bit operations on ints/uints (tir.bitwise_* / tir.shift_* calls; constants fold) ----
PrimExpr bitwise_and(PrimExpr a, PrimExpr b);
PrimExpr bitwise_or(PrimExpr a, PrimExpr b);
PrimExpr bitwise_xor(PrimExpr a, PrimExpr b);
PrimExpr bitwise_not(PrimExpr a);
PrimExpr shift_left(PrimExpr a, PrimExpr b);
PrimExpr shift_right(PrimExpr a, PrimExpr b);

// ---- conversions and selection ------------------------------------------------------------
/// Cast; a no-op for equal types, folds constants.
PrimExpr cast(DataType t, PrimExpr value);
/// Bit reinterpretation (tir.reinterpret).
PrimExpr reinterpret(DataType t, PrimExpr value);
/// tir.if_then_else(cond, t, f); a constant condition picks the branch.
PrimExpr if_then_else(PrimExpr cond, PrimExpr true_value, PrimExpr false_value);
/// tir.likely(cond) (a hint; constants pass through).
PrimExpr likely(PrimExpr cond);

// ---- math intrinsics (tir.<name> calls of the argument's type) ---------------------------
PrimExpr exp(PrimExpr x);
PrimExpr log(PrimExpr x);
PrimExpr sqrt(PrimExpr x);
PrimExpr rsqrt(PrimExpr x);
PrimExpr tanh(PrimExpr x);
PrimExpr sigmoid(PrimExpr x);
PrimExpr erf(PrimExpr x);
PrimExpr pow(PrimExpr x, PrimExpr y);
/// fabs for floats; ints become Select(x >= 0, x, -x); uints are unchanged.
PrimExpr abs(PrimExpr x);
PrimExpr floor(PrimExpr x);
PrimExpr ceil(PrimExpr x);
PrimExpr round(PrimExpr x);
PrimExpr nearbyint(PrimExpr x);

// ---- dtype limits -------------------------------------------------------------------------
/// Largest value of a scalar dtype (float32: 3.4028234663852886e+38).
PrimExpr max_value(DataType t);
/// Smallest value of a scalar dtype (float32: -3.4028234663852886e+38).
PrimExpr min_value(DataType t);

// ---- reductions (TE) ----------------------------------------------------------------------
/// Reduce(source) over `axis` with the matching CommReducer (identity 0, min_value,
/// max_value, 1). `where` defaults to true; `init` (optional) replaces the identity.
PrimExpr sum(PrimExpr source, std::vector<IterVar> axis, PrimExpr where = PrimExpr(),
             std::vector<PrimExpr> init = {});
PrimExpr max(PrimExpr source, std::vector<IterVar> axis, PrimExpr where = PrimExpr(),
             std::vector<PrimExpr> init = {});
PrimExpr min(PrimExpr source, std::vector<IterVar> axis, PrimExpr where = PrimExpr(),
             std::vector<PrimExpr> init = {});
PrimExpr prod(PrimExpr source, std::vector<IterVar> axis, PrimExpr where = PrimExpr(),
              std::vector<PrimExpr> init = {});
/// Logical and / or over `axis` (bool sources; identity true / false).
PrimExpr all(PrimExpr source, std::vector<IterVar> axis, PrimExpr where = PrimExpr(),
             std::vector<PrimExpr> init = {});
PrimExpr any(PrimExpr source, std::vector<IterVar> axis, PrimExpr where = PrimExpr(),
             std::vector<PrimExpr> init = {});
/// Applies a reducer: its result expressions with lhs/rhs vars replaced by the given values.
std::vector<PrimExpr> ApplyCombiner(const CommReducer& combiner, const std::vector<PrimExpr>& lhs,
                                    const std::vector<PrimExpr>& rhs);

// ---- operator overloads (TE code reads like math) -----------------------------------------
inline PrimExpr operator+(PrimExpr a, PrimExpr b) { return add(std::move(a), std::move(b)); }
inline PrimExpr operator-(PrimExpr a, PrimExpr b) { return sub(std::move(a), std::move(b)); }
inline PrimExpr operator*(PrimExpr a, PrimExpr b) { return mul(std::move(a), std::move(b)); }
inline PrimExpr operator/(PrimExpr a, PrimExpr b) { return div(std::move(a), std::move(b)); }
inline PrimExpr operator-(PrimExpr a) { return neg(std::move(a)); }
inline PrimExpr operator==(PrimExpr a, PrimExpr b) { return eq(std::move(a), std::move(b)); }
inline PrimExpr operator!=(PrimExpr a, PrimExpr b) { return ne(std::move(a), std::move(b)); }
inline PrimExpr operator<(PrimExpr a, PrimExpr b) { return lt(std::move(a), std::move(b)); }
inline PrimExpr operator<=(PrimExpr a, PrimExpr b) { return le(std::move(a), std::move(b)); }
inline PrimExpr operator>(PrimExpr a, PrimExpr b) { return gt(std::move(a), std::move(b)); }
inline PrimExpr operator>=(PrimExpr a, PrimExpr b) { return ge(std::move(a), std::move(b)); }
inline PrimExpr operator&&(PrimExpr a, PrimExpr b) { return logical_and(std::move(a), std::move(b)); }
inline PrimExpr operator||(PrimExpr a, PrimExpr b) { return logical_or(std::move(a), std::move(b)); }
inline PrimExpr operator!(PrimExpr a) { return logical_not(std::move(a)); }

/// Brings two operands to one type (TVM's BinaryOpMatchTypes).
void MatchTypes(PrimExpr* a, PrimExpr* b);

/// The folding builder for a binary kind (Kind::kAdd .. Kind::kOr): what passes call when they
/// rebuild a BinaryNode whose operands changed.
PrimExpr MakeBinaryFolded(Kind kind, PrimExpr a, PrimExpr b);

// ---- TVM's constant folder (arith/const_fold.h), the one copy ------------------------------
/// Folds `a kind b` for the arithmetic kinds (Kind::kAdd .. Kind::kMax) whose operands already
/// have one type: both constant -> a constant, a neutral constant -> the other operand. An
/// undefined PrimExpr when no rule applies. Integer results wrap to the dtype as C does
/// (INT_MIN / -1 -> INT_MIN, INT_MIN % -1 -> 0, as the run-time helpers of DESIGN §5); a
/// constant zero divisor is a tirgen::Error.
PrimExpr TryConstFold(Kind kind, const PrimExpr& a, const PrimExpr& b);
/// floor(a / b) and a - floor(a / b) * b on int64 without overflow (INT64_MIN / -1 wraps to
/// INT64_MIN); b != 0.
int64_t FloorDivInt(int64_t a, int64_t b);
int64_t FloorModInt(int64_t a, int64_t b);

}  // namespace tir
}  // namespace tirgen
