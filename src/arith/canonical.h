// Canonical form of integer index arithmetic (private to arith/): TVM's canonical simplifier
// restricted to + - * and floor/trunc division and modulo by constants. An expression is a sum
// of "splits" ((index % upper) / lower) * scale plus a constant; that form cancels terms,
// divides multiples exactly (floordiv(x * 12 + y, 4) -> x * 3 + floordiv(y, 4)) and prints in
// TVM's order (larger scales first, then larger lower factors).
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

/// Canonical form of an integer Add/Sub/Mul/Div/Mod/FloorDiv/FloorMod tree. Other nodes are
/// treated as opaque atoms (simplify them first). Non-integer expressions are returned as is.
tir::PrimExpr CanonicalSimplify(const tir::PrimExpr& expr);

/// Constant bounds [min, max] of an integer expression when nothing is known about variables.
struct IntBound {
  int64_t min;
  int64_t max;
};
IntBound ConstIntBound(const tir::PrimExpr& expr);
/// Whether v is a value of the scalar integer type t (a rule's constant must be one).
bool FitsType(DataType t, int64_t v);
/// The offset of rest + c taken modulo m > 0, as TVM moves it into [0, m): (x - 1) % 4 ->
/// (x + 3) % 4. A positive c only shrinks (the sum stays between rest and the input); a
/// negative one grows, which overflows where rest is within the shift of the type's maximum: it
/// moves when rest's bound (rest_max; INT64_MAX: none) shows it cannot, or when the shift is at
/// most half the type's maximum (TVM's no-overflow assumption, at the type's edge only). Else
/// c stays: (x - 5) % INT64_MAX would become x + (INT64_MAX - 5), wrong for every x > 5.
int64_t ModuloOffset(DataType t, int64_t rest_max, int64_t c, int64_t m);
/// Bounds of a - b after cancelling common terms (TVM's TryCompare by constant bounds).
IntBound DiffBound(const tir::PrimExpr& a, const tir::PrimExpr& b);

/// Known bounds of variables, consulted by ConstIntBound while a scope is active (the
/// Analyzer installs its loop ranges this way; without a scope, variables are unbounded).
class VarBoundScope {
 public:
  using Lookup = bool (*)(const void* ctx, const tir::VarNode* var, IntBound* out);
  VarBoundScope(Lookup fn, const void* ctx);
  ~VarBoundScope();
  VarBoundScope(const VarBoundScope&) = delete;
  VarBoundScope& operator=(const VarBoundScope&) = delete;

 private:
  Lookup prev_fn_;
  const void* prev_ctx_;
};

}  // namespace arith
}  // namespace tirgen
