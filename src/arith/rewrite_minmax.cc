// TVM v0.14's min / max rewrite rules on scalar index arithmetic (see rewrite_rules.h):
// absorption, a repeated operand in a chain, a common operand, term or factor moved out, and
// constants merged or moved through a product, a difference or a division.
#include <limits>
#include <optional>

#include "rewrite_rules.h"
#include "canonical.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {


// Whether x is an operand of the chain op(op(op(a, b), c), ...) of one kind.
bool InChain(Kind k, const PrimExpr& chain, const PrimExpr& x) {
  PrimExpr e = chain;
  while (const BinaryNode* n = As(e, k)) {
    if (Same(n->b, x)) return true;
    PrimExpr left = n->a;
    e = left;
  }
  return Same(e, x);
}

}  // namespace

std::optional<PrimExpr> RewriteMinMax(Kind k, const PrimExpr& a, const PrimExpr& b) {
  if (k != Kind::kMin && k != Kind::kMax) return std::nullopt;
  if (!a.dtype().is_int() || a.dtype().lanes() != 1 || a.dtype() != b.dtype()) return std::nullopt;
  Kind dual = k == Kind::kMin ? Kind::kMax : Kind::kMin;
  // min(x, max(x, y)) -> x, min(max(x, y), x) -> x (either order inside)
  for (bool swap : {false, true}) {
    const PrimExpr& x = swap ? b : a;
    const BinaryNode* d = As(swap ? a : b, dual);
    if (d && (Same(d->a, x) || Same(d->b, x))) return x;
  }
  // min(max(x, y), min(x, y)) -> min(x, y) (and max of the pair likewise)
  const BinaryNode* da = As(a, dual);
  const BinaryNode* sb = As(b, k);
  if (da && sb && ((Same(da->a, sb->a) && Same(da->b, sb->b)) || (Same(da->a, sb->b) && Same(da->b, sb->a))))
    return PrimExpr(Binary(k, da->a, da->b));
  // min(min(x, y), x) -> min(x, y), min(x, min(x, y)) -> min(x, y): an operand already in the chain
  if (As(a, k) && InChain(k, a, b)) return a;
  if (const BinaryNode* sb2 = As(b, k); sb2 && (Same(sb2->a, a) || Same(sb2->b, a))) return b;
  // min(max(x, y), max(x, z)) -> max(min(y, z), x); min(min(x, y), min(x, z)) -> min(min(y, z), x);
  // min(x + y, x + z) -> min(y, z) + x (x in either place of either side)
  for (Kind inner : {dual, k, Kind::kAdd}) {
    const BinaryNode* p = As(a, inner);
    const BinaryNode* q = As(b, inner);
    if (!p || !q) continue;
    for (int i = 0; i < 4; ++i) {
      const PrimExpr& xa = i & 1 ? p->b : p->a;
      const PrimExpr& ya = i & 1 ? p->a : p->b;
      const PrimExpr& xb = i & 2 ? q->b : q->a;
      const PrimExpr& zb = i & 2 ? q->a : q->b;
      if (Same(xa, xb)) return PrimExpr(Binary(inner == Kind::kAdd ? Kind::kAdd : inner, Binary(k, ya, zb), xa));
    }
  }
  const BinaryNode* sa = As(a, Kind::kSub);
  const BinaryNode* sbb = As(b, Kind::kSub);
  if (sa && sbb) {
    if (Same(sa->b, sbb->b)) return PrimExpr(Binary(Kind::kSub, Binary(k, sa->a, sbb->a), sa->b));  // min(y - x, z - x)
    if (Same(sa->a, sbb->a)) return PrimExpr(Binary(Kind::kSub, sa->a, Binary(dual, sa->b, sbb->b)));  // min(x - y, x - z)
  }
  DataType t = a.dtype();
  const int64_t* c2 = as_const_int(b);
  // min(min(x, c1), c2) -> min(x, min(c1, c2))
  if (const BinaryNode* m = As(a, k); m && c2 && as_const_int(m->b)) {
    int64_t c1 = *as_const_int(m->b);
    return PrimExpr(Binary(k, m->a, IntImm(t, k == Kind::kMin ? std::min(c1, *c2) : std::max(c1, *c2))));
  }
  const BinaryNode* ma = As(a, Kind::kMul);
  const int64_t* c1 = ma ? as_const_int(ma->b) : nullptr;
  // min(x * c1, c2) -> min(x, c2 / c1) * c1 when c1 divides c2 (max for a negative c1)
  if (c1 && c2 && *c1 != 0 && *c1 != -1 && *c2 % *c1 == 0)
    return PrimExpr(Binary(Kind::kMul, Binary(*c1 > 0 ? k : dual, ma->a, IntImm(t, *c2 / *c1)), ma->b));
  // min(x * c1, y * c1) -> min(x, y) * c1 (max for a negative c1)
  if (const BinaryNode* mb = As(b, Kind::kMul); c1 && mb && *c1 != 0 && is_const_int(mb->b, *c1))
    return PrimExpr(Binary(Kind::kMul, Binary(*c1 > 0 ? k : dual, ma->a, mb->a), ma->b));
  // min(div(x, c1), div(y, c1)) -> div(min(x, y), c1) (max for a negative c1)
  for (Kind div : {Kind::kDiv, Kind::kFloorDiv}) {
    const BinaryNode* p = As(a, div);
    const BinaryNode* q = As(b, div);
    const int64_t* c = p ? as_const_int(p->b) : nullptr;
    if (c && q && *c != 0 && is_const_int(q->b, *c))
      return PrimExpr(Binary(div, Binary(*c > 0 ? k : dual, p->a, q->a), p->b));
  }
  // min(c1 - x, c2) -> c1 - max(x, c1 - c2)
  if (sa && c2 && *c2 != 0) {
    int64_t d;
    if (const int64_t* k1 = as_const_int(sa->a); k1 && !__builtin_sub_overflow(*k1, *c2, &d) && FitsType(t, d))
      return PrimExpr(Binary(Kind::kSub, sa->a, Binary(dual, sa->b, IntImm(t, d))));
  }
  // A multiple of c below (above) x: min(x, x // c * c) -> x // c * c, min(div(x + c - 1, c) * c, x) -> x
  for (bool swap : {false, true}) {
    const PrimExpr& x = swap ? b : a;
    const BinaryNode* m = As(swap ? a : b, Kind::kMul);
    const int64_t* c = m ? as_const_int(m->b) : nullptr;
    if (!c || *c <= 0) continue;
    const BinaryNode* d = As(m->a, Kind::kFloorDiv) ? As(m->a, Kind::kFloorDiv) : As(m->a, Kind::kDiv);
    if (!d || !is_const_int(d->b, *c)) continue;
    PrimExpr low = swap ? a : b;
    if (d->kind() == Kind::kFloorDiv && Same(d->a, x)) return k == Kind::kMin ? low : x;
    const BinaryNode* plus = As(d->a, Kind::kAdd);
    if (plus && Same(plus->a, x) && is_const_int(plus->b, *c - 1)) return k == Kind::kMin ? x : low;
    // min(div(x + c - 1, c) * c, max(x, c)) -> max(x, c) for x >= 1: both are x rounded up
    // to a multiple of c, or c itself when x < c, and the multiple is the larger
    const BinaryNode* mx = As(x, Kind::kMax);
    if (k == Kind::kMin && plus && mx && Same(plus->a, mx->a) && is_const_int(plus->b, *c - 1) &&
        is_const_int(mx->b, *c) && ConstIntBound(mx->a).min >= 1)
      return x;
  }
  return std::nullopt;
}

}  // namespace arith
}  // namespace tirgen
