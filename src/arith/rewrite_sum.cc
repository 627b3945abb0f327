// TVM v0.14's rewrite rules for sums, differences and products of index expressions that the
// canonical form does not cover (RewriteSimplifier's Add / Sub / Mul rules; see
// rewrite_rules.h): a term cancels against a min / max operand, a min and a max of the same
// pair add or multiply to the pair's sum or product, a common non-constant factor moves out.
// The rules give TVM's result shape; the simplifier simplifies its new inner sums.
#include <limits>
#include <optional>
#include <tuple>

#include "canonical.h"
#include "rewrite_rules.h"
#include "tirgen/arith/simplify.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

PrimExpr B(Kind k, const PrimExpr& a, const PrimExpr& b) { return Binary(k, a, b); }
bool IsMinMax(const PrimExpr& e) { return e.kind() == Kind::kMin || e.kind() == Kind::kMax; }
Kind Dual(Kind k) { return k == Kind::kMin ? Kind::kMax : Kind::kMin; }

// {min, max} of one pair in either operand order.
bool SamePair(const BinaryNode* p, const BinaryNode* q) {
  return (Same(p->a, q->a) && Same(p->b, q->b)) || (Same(p->a, q->b) && Same(p->b, q->a));
}

// e = y + z * c (or y - z * c, read as c negated): {y, z, c}.
struct PlusScaled {
  PrimExpr y, z;
  int64_t c;
};
std::optional<PlusScaled> AsPlusScaled(const PrimExpr& e) {
  const BinaryNode* s = e.as<BinaryNode>();
  if (!s || (s->kind() != Kind::kAdd && s->kind() != Kind::kSub)) return std::nullopt;
  const BinaryNode* m = As(s->b, Kind::kMul);
  const int64_t* c = m ? as_const_int(m->b) : nullptr;
  if (!c || (s->kind() == Kind::kSub && *c == std::numeric_limits<int64_t>::min())) return std::nullopt;
  return PlusScaled{s->a, m->a, s->kind() == Kind::kSub ? -*c : *c};
}

// mm + t, where mm is a min or max: TVM's rules moving t into mm.
std::optional<PrimExpr> AddIntoMinMax(const PrimExpr& mm, const PrimExpr& t) {
  const BinaryNode* m = mm.as<BinaryNode>();
  Kind k = mm.kind();
  // min(x, y - t) + t -> min(x + t, y);  min(x - t, y) + t -> min(x, y + t). TVM writes y - z * c
  // as y + z * -c, which the rule with a scaled term below takes.
  const BinaryNode* tm = As(t, Kind::kMul);
  bool scaled = tm && as_const_int(tm->b);
  if (const BinaryNode* s = As(m->b, Kind::kSub); s && !scaled && Same(s->b, t))
    return B(k, B(Kind::kAdd, m->a, t), s->a);
  if (const BinaryNode* s = As(m->a, Kind::kSub); s && !scaled && Same(s->b, t))
    return B(k, s->a, B(Kind::kAdd, m->b, t));
  // min(x, y + c1) + c2 -> min(x + c2, y) and min(x + c1, y) + c2 -> min(x, y + c2) for c1 == -c2
  if (const int64_t* c2 = as_const_int(t)) {
    const BinaryNode* s = As(m->b, Kind::kAdd);
    if (const int64_t* c1 = s ? as_const_int(s->b) : nullptr; c1 && *c2 != std::numeric_limits<int64_t>::min() && *c1 == -*c2)
      return B(k, B(Kind::kAdd, m->a, t), s->a);
    s = As(m->a, Kind::kAdd);
    if (const int64_t* c1 = s ? as_const_int(s->b) : nullptr; c1 && *c2 != std::numeric_limits<int64_t>::min() && *c1 == -*c2)
      return B(k, s->a, B(Kind::kAdd, m->b, t));
  }
  // min(x, y + z * c1) + z * c2 -> min(x + z * c2, y) (and min(y + z * c1, x)) for c1 == -c2
  if (scaled) {
    const int64_t* c2 = as_const_int(tm->b);
    if (*c2 == std::numeric_limits<int64_t>::min()) return std::nullopt;
    for (bool right : {true, false}) {
      std::optional<PlusScaled> p = AsPlusScaled(right ? m->b : m->a);
      if (p && p->c == -*c2 && Same(p->z, tm->a)) return B(k, B(Kind::kAdd, right ? m->a : m->b, t), p->y);
    }
  }
  return std::nullopt;
}

std::optional<PrimExpr> AddRules(const PrimExpr& a, const PrimExpr& b) {
  // max(x, y) + min(x, y) -> x + y (either order of the pair)
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  if (p && q && IsMinMax(a) && b.kind() == Dual(a.kind()) && SamePair(p, q)) return B(Kind::kAdd, p->a, p->b);
  // mm + t; TVM first writes t + mm as mm + t.
  if (IsMinMax(a))
    if (std::optional<PrimExpr> r = AddIntoMinMax(a, b)) return r;
  if (IsMinMax(b) && !IsMinMax(a))
    if (std::optional<PrimExpr> r = AddIntoMinMax(b, a)) return r;
  return std::nullopt;
}

// A common factor x of x * y and x * z in any operand order (not a constant: the canonical
// form distributes constant factors): {x, y, z}.
std::optional<std::tuple<PrimExpr, PrimExpr, PrimExpr>> CommonFactor(const PrimExpr& a, const PrimExpr& b) {
  const BinaryNode* p = As(a, Kind::kMul);
  const BinaryNode* q = As(b, Kind::kMul);
  if (!p || !q) return std::nullopt;
  for (int i = 0; i < 4; ++i) {
    const PrimExpr& x1 = i & 1 ? p->b : p->a;
    const PrimExpr& x2 = i & 2 ? q->b : q->a;
    if (!as_const_int(x1) && Same(x1, x2)) return std::make_tuple(x1, i & 1 ? p->a : p->b, i & 2 ? q->a : q->b);
  }
  return std::nullopt;
}

// x * y + x * z -> x * (y + z) (x * y - x * z alike), and a product with its own factor (x not
// a constant).
std::optional<PrimExpr> FactorOut(Kind k, const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  if (std::optional<std::tuple<PrimExpr, PrimExpr, PrimExpr>> f = CommonFactor(a, b))
    return B(Kind::kMul, std::get<0>(*f), B(k, std::get<1>(*f), std::get<2>(*f)));
  for (bool prod_left : {true, false}) {
    const BinaryNode* m = As(prod_left ? a : b, Kind::kMul);
    const PrimExpr& x = prod_left ? b : a;
    if (!m || as_const_int(x)) continue;
    for (bool x_left : {true, false}) {
      if (!Same(x_left ? m->a : m->b, x)) continue;
      const PrimExpr& y = x_left ? m->b : m->a;
      PrimExpr one = make_const(t, 1);
      // x * y + x and x + x * y -> x * (y + 1);  x * y - x -> x * (y - 1);  x - x * y -> x * (1 - y)
      return B(Kind::kMul, x, prod_left || k == Kind::kAdd ? B(k, y, one) : B(Kind::kSub, one, y));
    }
  }
  return std::nullopt;
}

std::optional<PrimExpr> SubRules(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  PrimExpr zero = make_const(t, 0);
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  // min(x, y) - y -> min(x - y, 0);  min(y, x) - y -> min(0, x - y) (max alike)
  if (p && IsMinMax(a)) {
    if (Same(p->b, b)) return B(a.kind(), B(Kind::kSub, p->a, b), zero);
    if (Same(p->a, b)) return B(a.kind(), zero, B(Kind::kSub, p->b, b));
  }
  // x - max(y, x) -> min(x - y, 0);  x - max(x, y) -> min(0, x - y) (min alike)
  if (q && IsMinMax(b)) {
    Kind k = Dual(b.kind());
    if (Same(q->b, a)) return B(k, B(Kind::kSub, a, q->a), zero);
    if (Same(q->a, a)) return B(k, zero, B(Kind::kSub, a, q->b));
  }
  if (std::optional<PrimExpr> r = FactorOut(Kind::kSub, a, b)) return r;
  // min(x + y, z) - x -> min(y, z - x);  min(z, x + y) - x -> min(z - x, y) (y + x alike)
  if (p && IsMinMax(a)) {
    for (bool left : {true, false}) {
      const BinaryNode* s = As(left ? p->a : p->b, Kind::kAdd);
      if (!s) continue;
      const PrimExpr& other = left ? p->b : p->a;
      for (bool x_first : {true, false}) {
        if (!Same(x_first ? s->a : s->b, b)) continue;
        PrimExpr y = x_first ? s->b : s->a, z = B(Kind::kSub, other, b);
        return left ? B(a.kind(), y, z) : B(a.kind(), z, y);
      }
    }
  }
  // x - min(x + y, z) -> max(0 - y, x - z);  x - min(z, x + y) -> max(x - z, 0 - y) (max alike)
  if (q && IsMinMax(b)) {
    Kind k = Dual(b.kind());
    for (bool left : {true, false}) {
      const BinaryNode* s = As(left ? q->a : q->b, Kind::kAdd);
      if (!s) continue;
      const PrimExpr& z = left ? q->b : q->a;
      for (bool x_first : {true, false}) {
        if (!Same(x_first ? s->a : s->b, a)) continue;
        const PrimExpr& y = x_first ? s->b : s->a;
        // 0 - y of a constant y must be a value of the type (not -INT_MIN).
        const int64_t* cy = as_const_int(y);
        if (cy && (*cy == std::numeric_limits<int64_t>::min() || !FitsType(t, -*cy))) return std::nullopt;
        PrimExpr neg_y = B(Kind::kSub, zero, y), rest = B(Kind::kSub, a, z);
        return left ? B(k, neg_y, rest) : B(k, rest, neg_y);
      }
    }
  }
  // min(x, y) - min(y, x) -> 0;  min(b1, b2) - min(s1, s2) -> b1 - s1 when b1 - s1 == b2 - s2
  if (p && q && IsMinMax(a) && a.kind() == b.kind()) {
    if (Same(p->a, q->b) && Same(p->b, q->a)) return zero;
    for (bool swap : {false, true}) {
      const PrimExpr& s1 = swap ? q->b : q->a;
      const PrimExpr& s2 = swap ? q->a : q->b;
      PrimExpr d1 = B(Kind::kSub, p->a, s1);
      if (is_zero(Simplify(B(Kind::kSub, d1, B(Kind::kSub, p->b, s2))))) return d1;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<PrimExpr> RewriteSum(Kind k, const PrimExpr& a, const PrimExpr& b) {
  switch (k) {
    case Kind::kAdd:
      if (std::optional<PrimExpr> r = AddRules(a, b)) return r;
      return FactorOut(Kind::kAdd, a, b);
    case Kind::kSub: return SubRules(a, b);
    case Kind::kMul: {
      // min(x, y) * max(x, y) -> x * y
      const BinaryNode* p = a.as<BinaryNode>();
      const BinaryNode* q = b.as<BinaryNode>();
      if (p && q && IsMinMax(a) && b.kind() == Dual(a.kind()) && SamePair(p, q)) return B(Kind::kMul, p->a, p->b);
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

}  // namespace arith
}  // namespace tirgen
