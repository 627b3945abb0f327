// TVM v0.14's division and modulo rules by constants that its canonical form also covers (see
// rewrite_rules.h, RewriteLinear): tirgen's canonical passes do not need them, TVM's
// rewrite_simplify alone does (it keeps truncdiv(x * 4, 2) as x * 2 and (x + 5) % 2 as
// (x + 1) % 2 without a canonical form).
#include <limits>
#include <optional>

#include "canonical.h"
#include "rewrite_rules.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

bool NonNeg(const PrimExpr& e) { return ConstIntBound(e).min >= 0; }

// (x + y) + z, (y + x) + z, y + (z + x), y + (x + z) over x: {y, z}.
std::optional<std::pair<PrimExpr, PrimExpr>> SumWith(const PrimExpr& a, const PrimExpr& x) {
  const BinaryNode* s = As(a, Kind::kAdd);
  if (!s) return std::nullopt;
  if (const BinaryNode* l = As(s->a, Kind::kAdd)) {
    if (Same(l->a, x)) return std::make_pair(l->b, s->b);
    if (Same(l->b, x)) return std::make_pair(l->a, s->b);
  }
  if (const BinaryNode* r = As(s->b, Kind::kAdd)) {
    if (Same(r->b, x)) return std::make_pair(s->a, r->a);
    if (Same(r->a, x)) return std::make_pair(s->a, r->b);
  }
  return std::nullopt;
}

// x * c1 + y + z, y + x * c1 + z (TVM's patterns for a multiple inside a three-term sum): {x, c1,
// the rest y + z}.
struct ScaledTerm {
  PrimExpr x;
  int64_t c1;
  PrimExpr rest;
  bool first;  // x * c1 + y + z (not y + x * c1 + z)
};
std::optional<ScaledTerm> ScaledInSum3(const PrimExpr& a) {
  const BinaryNode* s = As(a, Kind::kAdd);
  const BinaryNode* l = s ? As(s->a, Kind::kAdd) : nullptr;
  if (!l) return std::nullopt;
  PrimExpr x;
  if (const int64_t* c1 = ConstRight(l->a, Kind::kMul, &x)) return ScaledTerm{x, *c1, add(l->b, s->b), true};
  if (const int64_t* c1 = ConstRight(l->b, Kind::kMul, &x)) return ScaledTerm{x, *c1, add(l->a, s->b), false};
  return std::nullopt;
}

std::optional<Rewritten> Div(Kind k, const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  bool floor = k == Kind::kFloorDiv;
  auto div = [floor](const PrimExpr& p, const PrimExpr& q) { return floor ? floordiv(p, q) : truncdiv(p, q); };
  const int64_t* c2 = as_const_int(b);
  PrimExpr x;
  // div(div(x, c1), c2) -> div(x, c1 * c2) for c1, c2 > 0
  if (const int64_t* c1 = ConstRight(a, k, &x); c1 && c2 && *c1 > 0 && *c2 > 0) {
    if (std::optional<PrimExpr> c = RuleConst(t, static_cast<__int128>(*c1) * *c2)) return Rewritten{div(x, *c), false};
    return std::nullopt;
  }
  // truncdiv(x * c1, c2) for c1, c2 > 0: x * (c1 / c2) when c2 divides c1, truncdiv(x, c2 / c1)
  // when c1 divides c2
  if (const int64_t* c1 = ConstRight(a, Kind::kMul, &x); !floor && c1 && c2 && *c1 > 0 && *c2 > 0) {
    if (*c1 % *c2 == 0) return Rewritten{mul(x, IntImm(t, *c1 / *c2)), false};
    if (*c2 % *c1 == 0) return Rewritten{truncdiv(x, IntImm(t, *c2 / *c1)), false};
  }
  if (floor && c2 && *c2 > 0) {
    // floordiv(x * c1 + y + z, c2) -> x * (c1 / c2) + floordiv(y + z, c2) when c2 divides c1
    // floordiv(x * c1 + y + z, c2) -> floordiv(x, c2 / c1) when c1 divides c2 and 0 <= y + z < c1
    if (std::optional<ScaledTerm> s = ScaledInSum3(a)) {
      if (s->c1 % *c2 == 0) return Rewritten{add(mul(s->x, IntImm(t, s->c1 / *c2)), floordiv(s->rest, b)), false};
      IntBound rest = ConstIntBound(s->rest);
      if (s->first && s->c1 > 0 && *c2 % s->c1 == 0 && rest.min >= 0 && rest.max < s->c1)
        return Rewritten{floordiv(s->x, IntImm(t, *c2 / s->c1)), false};
    }
    // floordiv(x + c1, c2) -> floordiv(x, c2) + c1 / c2 when c2 divides c1
    if (const int64_t* c1 = ConstRight(a, Kind::kAdd, &x); c1 && *c1 % *c2 == 0)
      return Rewritten{add(floordiv(x, b), IntImm(t, *c1 / *c2)), false};
  }
  // div((x + y) + z, x) (any order of x in the sum) -> div(y + z, x) + 1 for x >= 0 (truncdiv:
  // and y + z >= 0)
  if (std::optional<std::pair<PrimExpr, PrimExpr>> yz = SumWith(a, b)) {
    PrimExpr rest = add(yz->first, yz->second);
    if (NonNeg(b) && (floor || NonNeg(rest))) return Rewritten{add(div(rest, b), make_const(t, 1)), false};
  }
  return std::nullopt;
}

// floormod(x + c1, c2) -> floormod(x + floormod(c1, c2), c2) for c2 > 0 and c1 outside [0, c2)
std::optional<Rewritten> FloorMod(const PrimExpr& a, const PrimExpr& b) {
  const int64_t* c2 = as_const_int(b);
  PrimExpr x;
  const int64_t* c1 = ConstRight(a, Kind::kAdd, &x);
  if (!c1 || !c2 || *c2 <= 0 || (*c1 >= 0 && *c1 < *c2)) return std::nullopt;
  int64_t r = ModuloOffset(a.dtype(), ConstIntBound(x).max, *c1, *c2);
  if (r == *c1) return std::nullopt;  // the move could overflow
  return Rewritten{floormod(add(x, IntImm(a.dtype(), r)), b), false};
}

}  // namespace

std::optional<Rewritten> RewriteDivModConst(Kind k, const PrimExpr& a, const PrimExpr& b) {
  switch (k) {
    case Kind::kDiv: case Kind::kFloorDiv: return Div(k, a, b);
    case Kind::kFloorMod: return FloorMod(a, b);
    default: return std::nullopt;
  }
}

}  // namespace arith
}  // namespace tirgen
