// TVM v0.14's vector and select rewrite rules (see rewrite_rules.h).
#include "rewrite_rules.h"

#include "canonical.h"
#include "modular_set.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

int64_t FloorDivInt(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int64_t FloorModInt(int64_t a, int64_t b) { return a - FloorDivInt(a, b) * b; }

bool IsFloatZero(const PrimExpr& e) {
  const FloatImmNode* f = e.as<FloatImmNode>();
  return f && f->value == 0.0;
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
    if (is_div) return PrimExpr(Ramp(div(b1, c2e), div(IntImm(t, c1), c2e), lanes));
    return PrimExpr(Broadcast(mod(b1, c2e), lanes));
  }
  // Truncated division is clear only for a nonnegative base.
  if (!floor && ConstIntBound(b1).min < 0) return std::nullopt;
  ModularSet m = ModularSetOf(b1);
  int64_t last = m.base + (lanes - 1) * c1;
  int64_t lo = floor ? FloorDivInt(m.base, c2) : m.base / c2;
  int64_t hi = floor ? FloorDivInt(last, c2) : last / c2;
  bool divides = m.coeff % c2 == 0;
  // Every lane's quotient is the base's: the base is a multiple of c2 plus m.base, or (floor)
  // every lane stays inside one period of the base.
  bool one_period = floor && m.coeff != 0 && c2 % m.coeff == 0 && last < m.coeff;
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

const BinaryNode* As(const PrimExpr& e, Kind k) { return e.kind() == k ? e.as<BinaryNode>() : nullptr; }
bool Same(const PrimExpr& a, const PrimExpr& b) { return ExprDeepEqual(a, b); }

// e = x + c or x - c (TVM's ExtractConstantOffset): {x, c}; else {e, 0}.
std::pair<PrimExpr, int64_t> ConstantOffset(const PrimExpr& e) {
  if (const BinaryNode* n = As(e, Kind::kAdd))
    if (const int64_t* c = as_const_int(n->b)) return {n->a, *c};
  if (const BinaryNode* n = As(e, Kind::kSub))
    if (const int64_t* c = as_const_int(n->b)) return {n->a, -*c};
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
      if (c1 > 0 && *c2 > 0) return lt(am->a, I((c1 - 1) / *c2 + 1));
      if (c1 <= 0 && *c2 > 0) return lt(am->a, I(c1 / *c2));
      if (c1 > 0 && *c2 < 0) return lt(I((c1 - 1) / *c2 - 1), am->a);
      if (c1 <= 0 && *c2 < 0) return lt(I(c1 / *c2), am->a);
    }
  }
  if (bm && ca) {
    if (const int64_t* c2 = as_const_int(bm->b)) {
      int64_t c1 = *ca;
      if (c1 < 0 && *c2 > 0) return lt(I((c1 + 1) / *c2 - 1), bm->a);
      if (c1 >= 0 && *c2 > 0) return lt(I(c1 / *c2), bm->a);
      if (c1 < 0 && *c2 < 0) return lt(bm->a, I((c1 + 1) / *c2 + 1));
      if (c1 >= 0 && *c2 < 0) return lt(bm->a, I(c1 / *c2));
    }
  }
  // truncdiv(x, c1) < c2;  c1 < truncdiv(x, c2)
  if (const BinaryNode* d = As(a, Kind::kDiv); d && cb) {
    const int64_t* c1 = as_const_int(d->b);
    if (c1 && *c1 > 0) return *cb > 0 ? lt(d->a, I(*c1 * *cb)) : lt(d->a, I(*c1 * (*cb - 1) + 1));
  }
  if (const BinaryNode* d = As(b, Kind::kDiv); d && ca) {
    const int64_t* c2 = as_const_int(d->b);
    if (c2 && *c2 > 0) return *ca >= 0 ? lt(I((*ca + 1) * *c2 - 1), d->a) : lt(I(*ca * *c2), d->a);
  }
  if (std::optional<PrimExpr> r = DivTimesDivisor(a, b)) return r;
  // floordiv(x, c1) < c2 -> x < c1 * c2;  c1 < floordiv(x, c2) -> (c1 + 1) * c2 - 1 < x
  if (const BinaryNode* d = As(a, Kind::kFloorDiv); d && cb) {
    const int64_t* c1 = as_const_int(d->b);
    if (c1 && *c1 > 0) return lt(d->a, I(*c1 * *cb));
  }
  if (const BinaryNode* d = As(b, Kind::kFloorDiv); d && ca) {
    const int64_t* c2 = as_const_int(d->b);
    if (c2 && *c2 > 0) return lt(I((*ca + 1) * *c2 - 1), d->a);
  }
  // min / max split
  if (const BinaryNode* m = As(a, Kind::kMin)) return PrimExpr(Binary(Kind::kOr, lt(m->a, b), lt(m->b, b)));
  if (const BinaryNode* m = As(a, Kind::kMax)) return PrimExpr(Binary(Kind::kAnd, lt(m->a, b), lt(m->b, b)));
  if (const BinaryNode* m = As(b, Kind::kMin)) return PrimExpr(Binary(Kind::kAnd, lt(a, m->a), lt(a, m->b)));
  if (const BinaryNode* m = As(b, Kind::kMax)) return PrimExpr(Binary(Kind::kOr, lt(a, m->a), lt(a, m->b)));
  // Constants move to one side.
  auto c_of = [](const BinaryNode* n) { return n ? as_const_int(n->b) : nullptr; };
  auto c_first = [](const BinaryNode* n) { return n ? as_const_int(n->a) : nullptr; };
  if (ca && c_of(ba)) return lt(I(*ca - *c_of(ba)), ba->a);                     // c1 < x + c2
  if (c_first(as) && cb) return lt(I(*c_first(as) - *cb), as->b);              // c1 - x < c2
  if (ca && c_first(bs)) return lt(bs->b, I(*c_first(bs) - *ca));              // c1 < c2 - x
  if (c_of(aa) && cb) return lt(aa->a, I(*cb - *c_of(aa)));                     // x + c1 < c2
  if (ca && c_of(bs)) return lt(I(*ca + *c_of(bs)), bs->a);                     // c1 < x - c2
  if (c_of(as) && cb) return lt(as->a, I(*cb + *c_of(as)));                     // x - c2 < c1
  if (c_first(bs)) return lt(Binary(Kind::kAdd, a, bs->b), bs->a);             // x < c1 - y
  if (c_first(as)) return lt(as->a, Binary(Kind::kAdd, b, as->b));             // c1 - y < x
  if (ba && as_const_int(ba->a)) return lt(Binary(Kind::kSub, a, ba->b), ba->a);  // x < c1 + y
  if (aa && as_const_int(aa->a)) return lt(aa->a, Binary(Kind::kSub, b, aa->b));  // c1 + y < x
  // Constant offsets merge (x + c1 < y + c2).
  auto [lhs, lo] = ConstantOffset(a);
  auto [rhs, ro] = ConstantOffset(b);
  if (lo == 0 && ro == 0) return std::nullopt;
  int64_t diff = ro - lo;
  if (diff == 0) return lt(lhs, rhs);
  if (diff == 1) return PrimExpr(Binary(Kind::kLE, lhs, rhs));
  if (diff < 0 && ro != 0) return lt(Binary(Kind::kAdd, lhs, I(-diff)), rhs);
  if (diff > 0 && lo != 0) return lt(lhs, Binary(Kind::kAdd, rhs, I(diff)));
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
