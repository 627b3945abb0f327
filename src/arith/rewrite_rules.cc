// TVM v0.14's vector and select rewrite rules (see rewrite_rules.h).
#include "rewrite_rules.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "canonical.h"
#include "modular_set.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

// Constant arithmetic of a rule; nullopt when it overflows int64 (the rule then gives up).
std::optional<int64_t> CAdd(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r) ? std::nullopt : std::optional<int64_t>(r);
}
std::optional<int64_t> CSub(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_sub_overflow(a, b, &r) ? std::nullopt : std::optional<int64_t>(r);
}
std::optional<int64_t> CMul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? std::nullopt : std::optional<int64_t>(r);
}

bool IsFloatZero(const PrimExpr& e) {
  const FloatImmNode* f = e.as<FloatImmNode>();
  return f && f->value == 0.0;
}

// Every lane of ramp(b1, c1, lanes) is >= 0 (<= 0), by b1's bound.
bool LanesNonNegative(const PrimExpr& b1, int64_t c1, int lanes) {
  std::optional<int64_t> span = CMul(lanes - 1, std::min<int64_t>(c1, 0));
  std::optional<int64_t> low = span ? CAdd(ConstIntBound(b1).min, *span) : std::nullopt;
  return low && *low >= 0;
}
bool LanesNonPositive(const PrimExpr& b1, int64_t c1, int lanes) {
  std::optional<int64_t> span = CMul(lanes - 1, std::max<int64_t>(c1, 0));
  std::optional<int64_t> high = span ? CAdd(ConstIntBound(b1).max, *span) : std::nullopt;
  return high && *high <= 0;
}

// ramp(b1, c1, n) OP broadcast(c2, n) for OP in / % // (floor) % (floor), integer constants.
std::optional<PrimExpr> RampByConst(Kind k, const RampNode* r, int64_t c1, int64_t c2) {
  TIRGEN_CHECK(c2 != 0) << "division by zero: " << KindName(k) << " of a ramp by broadcast(0)";
  const PrimExpr& b1 = r->base;
  DataType t = b1.dtype();
  int lanes = r->lanes;
  PrimExpr c2e = IntImm(t, c2);
  bool floor = k == Kind::kFloorDiv || k == Kind::kFloorMod;
  bool is_div = k == Kind::kDiv || k == Kind::kFloorDiv;
  auto div = [&](const PrimExpr& x, const PrimExpr& y) { return floor ? floordiv(x, y) : truncdiv(x, y); };
  auto mod = [&](const PrimExpr& x, const PrimExpr& y) { return floor ? floormod(x, y) : truncmod(x, y); };
  if (c1 % c2 == 0) {
    // Truncated: lanes of both signs round towards zero differently.
    if (!floor && !LanesNonNegative(b1, c1, lanes) && !LanesNonPositive(b1, c1, lanes))
      return std::nullopt;
    if (is_div) return PrimExpr(Ramp(div(b1, c2e), div(IntImm(t, c1), c2e), lanes));
    return PrimExpr(Broadcast(mod(b1, c2e), lanes));
  }
  // Truncated division is clear only when every lane is nonnegative: the lowest lane is the
  // base plus (lanes - 1) * c1 for a negative stride.
  if (!floor && !LanesNonNegative(b1, c1, lanes)) return std::nullopt;
  ModularSet m = ModularSetOf(b1);
  std::optional<int64_t> span = CMul(lanes - 1, c1);
  std::optional<int64_t> last_lane = span ? CAdd(m.base, *span) : std::nullopt;
  if (!last_lane) return std::nullopt;
  // The lanes' residues run from m.base to m.base + (lanes - 1) * c1, down for a negative
  // stride. Every lane is nonnegative for truncation, so both kinds divide them rounding down.
  int64_t low = std::min(m.base, *last_lane), high = std::max(m.base, *last_lane);
  int64_t lo = FloorDivInt(low, c2);
  int64_t hi = FloorDivInt(high, c2);
  bool divides = m.coeff % c2 == 0;
  // Every lane's quotient is the base's: the base is a multiple of c2 plus m.base, or (floor)
  // every lane stays inside one period of the base.
  bool one_period = floor && m.coeff != 0 && c2 % m.coeff == 0 && low >= 0 && high < m.coeff;
  PrimExpr base_rem = IntImm(t, floor ? FloorModInt(m.base, c2) : m.base % c2);
  if (is_div) {
    if (lo == hi && (divides || one_period)) return PrimExpr(Broadcast(div(b1, c2e), lanes));
    return std::nullopt;
  }
  if (lo == hi && divides) return PrimExpr(Ramp(base_rem, IntImm(t, c1), lanes));
  if (lo == hi && one_period) return PrimExpr(Ramp(mod(b1, c2e), IntImm(t, c1), lanes));
  if (divides) return PrimExpr(Binary(k, Ramp(base_rem, IntImm(t, c1), lanes), Broadcast(c2e, lanes)));
  return std::nullopt;
}

std::optional<PrimExpr> Rewrite(Kind k, const PrimExpr& a, const PrimExpr& b) {
  const RampNode* ra = a.as<RampNode>();
  const RampNode* rb = b.as<RampNode>();
  const BroadcastNode* ba = a.as<BroadcastNode>();
  const BroadcastNode* bb = b.as<BroadcastNode>();
  int lanes = a.dtype().lanes();
  // broadcast(x) OP broadcast(y) -> broadcast(x OP y), for every binary kind.
  if (ba && bb && ba->lanes == bb->lanes) return PrimExpr(Broadcast(Binary(k, ba->value, bb->value), lanes));
  switch (k) {
    case Kind::kAdd:
      if (ra && rb) return PrimExpr(Ramp(Binary(k, ra->base, rb->base), Binary(k, ra->stride, rb->stride), lanes));
      if (ra && bb) return PrimExpr(Ramp(Binary(k, ra->base, bb->value), ra->stride, lanes));
      if (ba && rb) return PrimExpr(Ramp(Binary(k, ba->value, rb->base), rb->stride, lanes));
      if (bb && IsFloatZero(bb->value)) return a;
      return std::nullopt;
    case Kind::kSub:
      if (ra && rb) return PrimExpr(Ramp(Binary(k, ra->base, rb->base), Binary(k, ra->stride, rb->stride), lanes));
      if (ra && bb) return PrimExpr(Ramp(Binary(k, ra->base, bb->value), ra->stride, lanes));
      if (ba && rb)
        return PrimExpr(Ramp(Binary(k, ba->value, rb->base), Binary(k, make_const(rb->stride.dtype(), 0), rb->stride), lanes));
      return std::nullopt;
    case Kind::kMul:
      if (ra && bb) return PrimExpr(Ramp(Binary(k, ra->base, bb->value), Binary(k, ra->stride, bb->value), lanes));
      if (ba && rb) return PrimExpr(Ramp(Binary(k, rb->base, ba->value), Binary(k, rb->stride, ba->value), lanes));
      if (ba && IsFloatZero(ba->value)) return a;
      return std::nullopt;
    case Kind::kDiv: case Kind::kMod: case Kind::kFloorDiv: case Kind::kFloorMod: {
      if (!ra || !bb) return std::nullopt;
      const int64_t* c1 = as_const_int(ra->stride);
      const int64_t* c2 = as_const_int(bb->value);
      if (!c1 || !c2) return std::nullopt;
      return RampByConst(k, ra, *c1, *c2);
    }
    case Kind::kMin: case Kind::kMax: {
      // min(min(x, broadcast(y)), broadcast(z)) -> min(x, broadcast(min(y, z)))
      const BinaryNode* inner = a.as<BinaryNode>();
      if (!inner || a.kind() != k || !bb) return std::nullopt;
      const BroadcastNode* y = inner->b.as<BroadcastNode>();
      if (!y || y->lanes != bb->lanes) return std::nullopt;
      return PrimExpr(Binary(k, inner->a, Broadcast(Binary(k, y->value, bb->value), lanes)));
    }
    case Kind::kLT:
      // ramp(x, s, n) < ramp(y, s, n) -> broadcast(x < y, n)
      if (ra && rb && ExprDeepEqual(ra->stride, rb->stride))
        return PrimExpr(Broadcast(Binary(k, ra->base, rb->base), lanes));
      return std::nullopt;
    default: return std::nullopt;
  }
}


// e = x + c or x - c (TVM's ExtractConstantOffset): {x, c}; else {e, 0}.
std::pair<PrimExpr, int64_t> ConstantOffset(const PrimExpr& e) {
  if (const BinaryNode* n = As(e, Kind::kAdd))
    if (const int64_t* c = as_const_int(n->b)) return {n->a, *c};
  if (const BinaryNode* n = As(e, Kind::kSub))
    if (const int64_t* c = as_const_int(n->b); c && *c != std::numeric_limits<int64_t>::min()) return {n->a, -*c};
  return {e, 0};
}

// div(x, c1) * c1 OP rhs (div floor or trunc, c1 > 0): the rules that turn it into a modulo.
std::optional<PrimExpr> DivTimesDivisor(const PrimExpr& a, const PrimExpr& b) {
  const BinaryNode* m = As(a, Kind::kMul);
  const int64_t* c1 = m ? as_const_int(m->b) : nullptr;
  if (!c1 || *c1 <= 0) return std::nullopt;
  const BinaryNode* d = As(m->a, Kind::kDiv);
  Kind mod = Kind::kMod;
  if (!d) {
    d = As(m->a, Kind::kFloorDiv);
    mod = Kind::kFloorMod;
  }
  if (!d || !is_const_int(d->b, *c1)) return std::nullopt;
  DataType t = a.dtype();
  auto lt = [](const PrimExpr& x, const PrimExpr& y) { return PrimExpr(Binary(Kind::kLT, x, y)); };
  const PrimExpr& x = d->a;
  PrimExpr rem = Binary(mod, x, d->b);
  const BinaryNode* plus = As(b, Kind::kAdd);
  const BinaryNode* minus = As(b, Kind::kSub);
  // div(x, c1) * c1 < x -> 0 < x % c1;  ... < x + y -> 0 < x % c1 + y;  ... < x - y -> y < x % c1
  if (Same(x, b)) return lt(make_const(t, 0), rem);
  if (plus && Same(x, plus->a)) return lt(make_const(t, 0), Binary(Kind::kAdd, rem, plus->b));
  if (minus && Same(x, minus->a)) return lt(minus->b, rem);
  // The same with x = x' + c2, compared with x': c2 < (x' + c2) % c1 (+ y, or y < ... - c2).
  const BinaryNode* xc = As(x, Kind::kAdd);
  const int64_t* c2 = xc ? as_const_int(xc->b) : nullptr;
  if (!c2) return std::nullopt;
  PrimExpr c2e = xc->b;
  if (Same(xc->a, b)) return lt(c2e, rem);
  if (plus && Same(xc->a, plus->a)) return lt(c2e, Binary(Kind::kAdd, rem, plus->b));
  if (minus && Same(xc->a, minus->a)) return lt(minus->b, Binary(Kind::kAdd, rem, make_const(t, -*c2)));
  return std::nullopt;
}

}  // namespace

std::optional<PrimExpr> RewriteLessThan(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  auto lt = [](const PrimExpr& x, const PrimExpr& y) { return PrimExpr(Binary(Kind::kLT, x, y)); };
  auto I = [&](int64_t v) { return PrimExpr(IntImm(t, v)); };
  // A rule whose constant overflows int64 does not apply (nullopt falls through to the next).
  // ... or is no value of the comparison's type (5 < x + INT32_MIN has no int32 form).
  auto lt_c = [&](std::optional<int64_t> c, const PrimExpr& y) -> std::optional<PrimExpr> {
    if (!c || !FitsType(t, *c)) return std::nullopt;
    return lt(I(*c), y);
  };
  auto lt_x = [&](const PrimExpr& x, std::optional<int64_t> c) -> std::optional<PrimExpr> {
    if (!c || !FitsType(t, *c)) return std::nullopt;
    return lt(x, I(*c));
  };
  const BinaryNode* aa = As(a, Kind::kAdd);
  const BinaryNode* ba = As(b, Kind::kAdd);
  const BinaryNode* as = As(a, Kind::kSub);
  const BinaryNode* bs = As(b, Kind::kSub);
  const BinaryNode* am = As(a, Kind::kMul);
  const BinaryNode* bm = As(b, Kind::kMul);
  const int64_t* ca = as_const_int(a);
  const int64_t* cb = as_const_int(b);
  // Common terms cancel.
  if (aa && ba) {
    if (Same(aa->a, ba->a)) return lt(aa->b, ba->b);
    if (Same(aa->a, ba->b)) return lt(aa->b, ba->a);
    if (Same(aa->b, ba->a)) return lt(aa->a, ba->b);
    if (Same(aa->b, ba->b)) return lt(aa->a, ba->a);
  }
  if (as && bs) {
    if (Same(as->b, bs->b)) return lt(as->a, bs->a);
    if (Same(as->a, bs->a)) return lt(bs->b, as->b);
  }
  if (ba && Same(a, ba->a)) return lt(I(0), ba->b);
  if (ba && Same(a, ba->b)) return lt(I(0), ba->a);
  if (bs && Same(a, bs->a)) return lt(bs->b, I(0));
  // x * c < y * c
  if (am && bm) {
    const int64_t* c1 = as_const_int(am->b);
    if (c1 && is_const_int(bm->b, *c1) && *c1 != 0) return *c1 > 0 ? lt(am->a, bm->a) : lt(bm->a, am->a);
  }
  // x * c2 < c1 and c1 < x * c2 (truncated division of the constants, as TVM's notes require)
  if (am && cb) {
    if (const int64_t* c2 = as_const_int(am->b)) {
      int64_t c1 = *cb;
      // (INT_MIN / -1 has no value: those rules give up)
      std::optional<int64_t> q;
      if (*c2 != -1 || c1 != std::numeric_limits<int64_t>::min()) q = c1 / *c2;
      if (c1 > 0 && *c2 > 0) return lt_x(am->a, (c1 - 1) / *c2 + 1);
      if (c1 <= 0 && *c2 > 0) return lt_x(am->a, q);
      if (c1 > 0 && *c2 < 0) return lt_c((c1 - 1) / *c2 - 1, am->a);
      if (c1 <= 0 && *c2 < 0) return lt_c(q, am->a);
    }
  }
  if (bm && ca) {
    if (const int64_t* c2 = as_const_int(bm->b)) {
      int64_t c1 = *ca;
      if (c1 < 0 && *c2 > 0) return lt_c((c1 + 1) / *c2 - 1, bm->a);
      if (c1 >= 0 && *c2 > 0) return lt_c(c1 / *c2, bm->a);
      if (c1 < 0 && *c2 < 0) return lt_x(bm->a, CAdd((c1 + 1) / *c2, 1));
      if (c1 >= 0 && *c2 < 0) return lt_x(bm->a, c1 / *c2);
    }
  }
  // truncdiv(x, c1) < c2;  c1 < truncdiv(x, c2)
  if (const BinaryNode* d = As(a, Kind::kDiv); d && cb) {
    const int64_t* c1 = as_const_int(d->b);
    if (c1 && *c1 > 0) {
      std::optional<int64_t> below = CMul(*c1, *cb - 1);
      if (auto r = lt_x(d->a, *cb > 0 ? CMul(*c1, *cb) : below ? CAdd(*below, 1) : std::nullopt)) return r;
    }
  }
  if (const BinaryNode* d = As(b, Kind::kDiv); d && ca) {
    const int64_t* c2 = as_const_int(d->b);
    if (c2 && *c2 > 0) {
      std::optional<int64_t> above = CMul(*ca + 1, *c2);
      if (auto r = lt_c(*ca >= 0 ? (above ? CSub(*above, 1) : std::nullopt) : CMul(*ca, *c2), d->a)) return r;
    }
  }
  if (std::optional<PrimExpr> r = DivTimesDivisor(a, b)) return r;
  // floordiv(x, c1) < c2 -> x < c1 * c2;  c1 < floordiv(x, c2) -> (c1 + 1) * c2 - 1 < x
  if (const BinaryNode* d = As(a, Kind::kFloorDiv); d && cb) {
    const int64_t* c1 = as_const_int(d->b);
    if (c1 && *c1 > 0)
      if (auto r = lt_x(d->a, CMul(*c1, *cb))) return r;
  }
  if (const BinaryNode* d = As(b, Kind::kFloorDiv); d && ca) {
    const int64_t* c2 = as_const_int(d->b);
    std::optional<int64_t> next = ca ? CAdd(*ca, 1) : std::nullopt;
    std::optional<int64_t> above = next && c2 ? CMul(*next, *c2) : std::nullopt;
    if (c2 && *c2 > 0)
      if (auto r = lt_c(above ? CSub(*above, 1) : std::nullopt, d->a)) return r;
  }
  // min / max split
  if (const BinaryNode* m = As(a, Kind::kMin)) return PrimExpr(Binary(Kind::kOr, lt(m->a, b), lt(m->b, b)));
  if (const BinaryNode* m = As(a, Kind::kMax)) return PrimExpr(Binary(Kind::kAnd, lt(m->a, b), lt(m->b, b)));
  if (const BinaryNode* m = As(b, Kind::kMin)) return PrimExpr(Binary(Kind::kAnd, lt(a, m->a), lt(a, m->b)));
  if (const BinaryNode* m = As(b, Kind::kMax)) return PrimExpr(Binary(Kind::kOr, lt(a, m->a), lt(a, m->b)));
  // Constants move to one side.
  auto c_of = [](const BinaryNode* n) { return n ? as_const_int(n->b) : nullptr; };
  auto c_first = [](const BinaryNode* n) { return n ? as_const_int(n->a) : nullptr; };
  if (ca && c_of(ba))                                                            // c1 < x + c2
    if (auto r = lt_c(CSub(*ca, *c_of(ba)), ba->a)) return r;
  if (c_first(as) && cb)                                                         // c1 - x < c2
    if (auto r = lt_c(CSub(*c_first(as), *cb), as->b)) return r;
  if (ca && c_first(bs))                                                         // c1 < c2 - x
    if (auto r = lt_x(bs->b, CSub(*c_first(bs), *ca))) return r;
  if (c_of(aa) && cb)                                                            // x + c1 < c2
    if (auto r = lt_x(aa->a, CSub(*cb, *c_of(aa)))) return r;
  if (ca && c_of(bs))                                                            // c1 < x - c2
    if (auto r = lt_c(CAdd(*ca, *c_of(bs)), bs->a)) return r;
  if (c_of(as) && cb)                                                            // x - c2 < c1
    if (auto r = lt_x(as->a, CAdd(*cb, *c_of(as)))) return r;
  if (c_first(bs)) return lt(Binary(Kind::kAdd, a, bs->b), bs->a);             // x < c1 - y
  if (c_first(as)) return lt(as->a, Binary(Kind::kAdd, b, as->b));             // c1 - y < x
  if (ba && as_const_int(ba->a)) return lt(Binary(Kind::kSub, a, ba->b), ba->a);  // x < c1 + y
  if (aa && as_const_int(aa->a)) return lt(aa->a, Binary(Kind::kSub, b, aa->b));  // c1 + y < x
  // Constant offsets merge (x + c1 < y + c2).
  auto [lhs, lo] = ConstantOffset(a);
  auto [rhs, ro] = ConstantOffset(b);
  if (lo == 0 && ro == 0) return std::nullopt;
  std::optional<int64_t> d = CSub(ro, lo);
  // The merged offset must be a value of the type (x + INT32_MIN < y has no int32 x < y + 2^31).
  if (!d || *d == std::numeric_limits<int64_t>::min() || !FitsType(t, *d) || !FitsType(t, -*d)) return std::nullopt;
  int64_t diff = *d;
  if (diff == 0) return lt(lhs, rhs);
  if (diff == 1) return PrimExpr(Binary(Kind::kLE, lhs, rhs));
  // A constant side takes the offset as one constant of the type, or the rule gives up: the
  // folded sum would wrap (x - 2147483647 < 1 is no x < 1 + 2147483647).
  auto plus = [&](const PrimExpr& e, int64_t c) -> std::optional<PrimExpr> {
    const int64_t* k = as_const_int(e);
    if (!k) return PrimExpr(Binary(Kind::kAdd, e, I(c)));
    std::optional<int64_t> sum = CAdd(*k, c);
    if (!sum || !FitsType(t, *sum)) return std::nullopt;
    return I(*sum);
  };
  if (diff < 0 && ro != 0) {
    if (std::optional<PrimExpr> l = plus(lhs, -diff)) return lt(*l, rhs);
    return std::nullopt;
  }
  if (diff > 0 && lo != 0) {
    if (std::optional<PrimExpr> r = plus(rhs, diff)) return lt(lhs, *r);
  }
  return std::nullopt;
}

std::optional<PrimExpr> RewriteVector(Kind k, const PrimExpr& a, const PrimExpr& b) {
  if (a.dtype().lanes() == 1 || a.dtype() != b.dtype()) return std::nullopt;
  std::optional<PrimExpr> r = Rewrite(k, a, b);
  // A rule may leave a node it cannot improve (floormod of a ramp with a reduced base): no loop.
  if (r && r->kind() == k) {
    const BinaryNode* n = r->as<BinaryNode>();
    if (ExprDeepEqual(n->a, a) && ExprDeepEqual(n->b, b)) return std::nullopt;
  }
  return r;
}

std::optional<PrimExpr> RewriteVectorNot(const PrimExpr& a) {
  const BroadcastNode* b = a.as<BroadcastNode>();
  if (!b) return std::nullopt;
  return PrimExpr(Broadcast(Not(b->value), b->lanes));
}

std::optional<PrimExpr> RewriteSelect(Kind k, const PrimExpr& a, const PrimExpr& b) {
  const SelectNode* sa = a.as<SelectNode>();
  const SelectNode* sb = b.as<SelectNode>();
  if (k != Kind::kAdd && k != Kind::kSub && k != Kind::kMin && k != Kind::kMax) return std::nullopt;
  if (sa && sb && ExprDeepEqual(sa->condition, sb->condition))
    return PrimExpr(Select(sa->condition, Binary(k, sa->true_value, sb->true_value),
                           Binary(k, sa->false_value, sb->false_value)));
  if (k != Kind::kSub || !sa) return std::nullopt;
  PrimExpr zero = make_const(b.dtype(), 0);
  // select(x, y, z) - z -> select(x, y - z, 0);  select(x, y, z) - y -> select(x, 0, z - y)
  if (ExprDeepEqual(sa->false_value, b)) return PrimExpr(Select(sa->condition, Binary(k, sa->true_value, b), zero));
  if (ExprDeepEqual(sa->true_value, b)) return PrimExpr(Select(sa->condition, zero, Binary(k, sa->false_value, b)));
  return std::nullopt;
}

}  // namespace arith
}  // namespace tirgen
