// TVM v0.14's division and modulo rewrite rules on scalar index arithmetic (see
// rewrite_rules.h). The operands arrive simplified, so in tirgen's canonical form: a sum with a
// negative constant is x - c (TVM's x + -c), and a rule reads it as x + (-c).
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

#include "canonical.h"
#include "modular_set.h"
#include "rewrite_rules.h"
#include "tirgen/arith/simplify.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

bool NonNeg(const PrimExpr& e) { return ConstIntBound(e).min >= 0; }
PrimExpr B(Kind k, const PrimExpr& a, const PrimExpr& b) { return Binary(k, a, b); }

// d (non-zero) divides c; INT64_MIN % -1 traps, and every c is a multiple of -1.
bool Divides(int64_t d, int64_t c) { return d == -1 || c % d == 0; }

// e = x * c (constant c): {x, c}.
std::optional<std::pair<PrimExpr, int64_t>> TimesConst(const PrimExpr& e) {
  if (const BinaryNode* m = As(e, Kind::kMul))
    if (const int64_t* c = as_const_int(m->b)) return std::make_pair(m->a, *c);
  return std::nullopt;
}

// e = x + c or x - c with an integer constant c (whose negation is an int64): {x, c}.
std::optional<std::pair<PrimExpr, int64_t>> PlusConst(const PrimExpr& e) {
  if (const BinaryNode* n = As(e, Kind::kAdd))
    if (const int64_t* c = as_const_int(n->b)) return std::make_pair(n->a, *c);
  if (const BinaryNode* n = As(e, Kind::kSub))
    if (const int64_t* c = as_const_int(n->b); c && *c != std::numeric_limits<int64_t>::min())
      return std::make_pair(n->a, -*c);
  return std::nullopt;
}

// e = div(x, c1) * c3 (truncated or floor division by a constant): {x, c1, c3, floor}.
struct DivTimes {
  PrimExpr x;
  int64_t c1, c3;
  bool floor;
};
std::optional<DivTimes> AsDivTimes(const PrimExpr& e) {
  std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(e);
  if (!m) return std::nullopt;
  const BinaryNode* d = As(m->first, Kind::kFloorDiv);
  bool floor = d != nullptr;
  if (!d) d = As(m->first, Kind::kDiv);
  const int64_t* c1 = d ? as_const_int(d->b) : nullptr;
  if (!c1 || *c1 == 0) return std::nullopt;
  return DivTimes{d->a, *c1, m->second, floor};
}

// x - div(x, c1) * c1 -> mod(x, c1) and its relatives (c*(x/c) + x%c == x in both modes):
// a = x * c2 against div(x [+ y | - y], c1) * (c1 * c2), on either side of the minus.
std::optional<PrimExpr> SubDivTimes(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  for (bool div_right : {true, false}) {
    std::optional<DivTimes> d = AsDivTimes(div_right ? b : a);
    const PrimExpr& other = div_right ? a : b;
    if (!d) continue;
    PrimExpr x = other;
    int64_t c2 = 1;
    if (d->c3 != d->c1) {
      std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(other);
      int64_t c3;
      if (!m || __builtin_mul_overflow(d->c1, m->second, &c3) || c3 != d->c3) continue;
      x = m->first;
      c2 = m->second;
    }
    Kind mod = d->floor ? Kind::kFloorMod : Kind::kMod;
    PrimExpr c1 = IntImm(t, d->c1);
    auto scaled = [&](const PrimExpr& e) { return c2 == 1 ? e : B(Kind::kMul, e, IntImm(t, c2)); };
    PrimExpr zero = make_const(t, 0);
    if (Same(d->x, x)) {
      PrimExpr r = scaled(B(mod, x, c1));
      return div_right ? r : B(Kind::kSub, zero, r);
    }
    const BinaryNode* n = d->x.as<BinaryNode>();
    if (!n || !Same(n->a, x)) continue;
    PrimExpr r = B(mod, d->x, c1);
    if (d->x.kind() == Kind::kAdd)  // x - div(x + y, c1) * c1 -> mod(x + y, c1) - y
      return scaled(div_right ? B(Kind::kSub, r, n->b) : B(Kind::kSub, n->b, r));
    if (d->x.kind() == Kind::kSub)  // x - div(x - y, c1) * c1 -> mod(x - y, c1) + y
      return scaled(div_right ? B(Kind::kAdd, r, n->b) : B(Kind::kSub, B(Kind::kSub, zero, r), n->b));
  }
  return std::nullopt;
}

// floordiv(x + c1, c3) - floordiv(x + c2, c3) with x = r (mod c3): (r + c1) // c3 - (r + c2) // c3.
std::optional<PrimExpr> SubFloorDivs(const PrimExpr& a, const PrimExpr& b) {
  const BinaryNode* da = As(a, Kind::kFloorDiv);
  const BinaryNode* db = As(b, Kind::kFloorDiv);
  if (!da || !db) return std::nullopt;
  const int64_t* c3 = as_const_int(da->b);
  if (!c3 || *c3 <= 0 || !is_const_int(db->b, *c3)) return std::nullopt;
  DataType t = a.dtype();
  auto split = [](const PrimExpr& e) {
    std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(e);
    return p ? *p : std::make_pair(e, int64_t{0});
  };
  auto [xa, c1] = split(da->a);
  auto [xb, c2] = split(db->a);
  bool left_offset = PlusConst(da->a).has_value();
  if (!Same(xa, xb) || (c1 == 0 && c2 == 0) || (!left_offset && *c3 != 2)) return std::nullopt;
  int64_t diff;
  if (__builtin_sub_overflow(c1, c2, &diff)) return std::nullopt;
  PrimExpr x = xa, k3 = IntImm(t, *c3);
  if (*c3 == 2) {
    // floormod(x, 2) * (c1 % 2 - c2 % 2) + (c1 // 2 - c2 // 2)
    int64_t m = FloorModInt(c1, 2) - FloorModInt(c2, 2), q = FloorDivInt(c1, 2) - FloorDivInt(c2, 2);
    return B(Kind::kAdd, B(Kind::kMul, B(Kind::kFloorMod, x, k3), IntImm(t, m)), IntImm(t, q));
  }
  if (c2 == 0) return B(Kind::kFloorDiv, B(Kind::kAdd, B(Kind::kFloorMod, x, k3), IntImm(t, c1)), k3);
  if (!FitsType(t, diff)) return std::nullopt;
  PrimExpr inner = B(Kind::kFloorMod, B(Kind::kAdd, x, IntImm(t, FloorModInt(c2, *c3))), k3);
  return B(Kind::kFloorDiv, B(Kind::kAdd, inner, IntImm(t, diff)), k3);
}

// truncdiv(x + c1, c3) - truncdiv(x + c2, c3) for x + c2 >= 0 and c1 >= c2: with x + c2 = q * c3
// + r, the difference is truncdiv(r + (c1 - c2), c3); r is written truncmod(x + floormod(c2, c3),
// c3), which needs x + floormod(c2, c3) >= 0 as well (TVM checks only x >= -c2). c2 = 0 is
// truncdiv(truncmod(x, c3) + c1, c3).
std::optional<PrimExpr> SubTruncDivs(const PrimExpr& a, const PrimExpr& b) {
  const BinaryNode* da = As(a, Kind::kDiv);
  const BinaryNode* db = As(b, Kind::kDiv);
  if (!da || !db) return std::nullopt;
  const int64_t* c3 = as_const_int(da->b);
  if (!c3 || *c3 <= 0 || !is_const_int(db->b, *c3)) return std::nullopt;
  std::optional<std::pair<PrimExpr, int64_t>> pa = PlusConst(da->a), pb = PlusConst(db->a);
  if (!pa) return std::nullopt;
  auto [x, c1] = *pa;
  int64_t c2 = pb ? pb->second : 0;
  if (!Same(x, pb ? pb->first : db->a) || c1 < c2) return std::nullopt;
  DataType t = a.dtype();
  int64_t r = FloorModInt(c2, *c3), diff = 0;
  if (__builtin_sub_overflow(c1, c2, &diff) || !FitsType(t, diff)) return std::nullopt;
  IntBound xb = ConstIntBound(x);
  if (xb.min == std::numeric_limits<int64_t>::min() || __int128{xb.min} + r < 0 || __int128{xb.min} + c2 < 0)
    return std::nullopt;
  PrimExpr k3 = IntImm(t, *c3);
  PrimExpr residue = B(Kind::kMod, r == 0 ? x : B(Kind::kAdd, x, IntImm(t, r)), k3);
  return B(Kind::kDiv, B(Kind::kAdd, residue, IntImm(t, diff)), k3);
}

// floordiv(x * c1 + y, c2): the residue's quotient is a constant, or c2 is a multiple of c1 and
// y's remainder stays below c1 (then it is x // (c2 / c1) + y // c2).
std::optional<PrimExpr> FloorDivOfScaledSum(const PrimExpr& a, int64_t c2) {
  DataType t = a.dtype();
  PrimExpr x, y = make_const(t, 0);
  int64_t c1 = 0;
  if (std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(a)) {
    std::tie(x, c1) = *m;
  } else if (const BinaryNode* n = As(a, Kind::kAdd)) {
    if (std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(n->a)) {
      std::tie(x, c1) = *m;
      y = n->b;
    } else if (std::optional<std::pair<PrimExpr, int64_t>> m2 = TimesConst(n->b)) {
      std::tie(x, c1) = *m2;
      y = n->a;
    } else {
      return std::nullopt;
    }
  } else if (std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(a)) {
    std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(p->first);
    if (!m) return std::nullopt;
    std::tie(x, c1) = *m;
    y = IntImm(t, p->second);
  } else {
    return std::nullopt;
  }
  PrimExpr k2 = IntImm(t, c2);
  PrimExpr y_mod = Simplify(B(Kind::kFloorMod, y, k2));
  PrimExpr y_div = Simplify(B(Kind::kFloorDiv, y, k2));
  if (is_zero(y_div) || (ConstIntBound(y_div).min == 0 && ConstIntBound(y_div).max == 0)) y_div = make_const(t, 0);
  IntBound residue = ConstIntBound(B(Kind::kFloorDiv, B(Kind::kAdd, B(Kind::kMul, x, IntImm(t, FloorModInt(c1, c2))), y_mod), k2));
  if (residue.min == residue.max && residue.min != std::numeric_limits<int64_t>::min()) {
    PrimExpr rest = B(Kind::kAdd, y_div, IntImm(t, residue.min));
    return B(Kind::kAdd, B(Kind::kMul, x, IntImm(t, FloorDivInt(c1, c2))), rest);
  }
  if (c1 > 0 && c2 % c1 == 0 && ConstIntBound(y_mod).max < c1)
    return B(Kind::kAdd, B(Kind::kFloorDiv, x, IntImm(t, c2 / c1)), y_div);
  return std::nullopt;
}

// Terms of a left-nested sum: ((t0 + t1) + t2) -> t0, t1, t2 (one term when a is no sum).
std::vector<PrimExpr> Terms(const PrimExpr& a) {
  std::vector<PrimExpr> terms;
  PrimExpr e = a;
  while (const BinaryNode* s = As(e, Kind::kAdd)) {
    terms.insert(terms.begin(), s->b);
    PrimExpr left = s->a;
    e = left;
  }
  terms.insert(terms.begin(), e);
  return terms;
}
PrimExpr SumOf(const std::vector<PrimExpr>& terms, size_t without) {
  PrimExpr rest;
  for (size_t j = 0; j < terms.size(); ++j)
    if (j != without) rest = rest.defined() ? B(Kind::kAdd, rest, terms[j]) : terms[j];
  return rest;
}

// a / b for div = floordiv or truncdiv (Kind::kDiv). Truncation rounds towards zero, so each
// truncated rule also needs the parts it separates to be >= 0 (as TVM's do).
std::optional<PrimExpr> DivRules(Kind div, const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  bool floor = div == Kind::kFloorDiv;
  auto nonneg = [floor](const PrimExpr& e) { return floor || NonNeg(e); };
  if (Same(a, b)) return make_const(t, 1);  // x / x (x == 0 is undefined anyway)
  const int64_t* c2 = as_const_int(b);
  if (!c2) {
    // x * y / y -> x, (x * z + y) / z -> x + y / z, (x + y) / x -> y / x + 1 (divisor >= 0)
    if (!NonNeg(b)) return std::nullopt;
    if (const BinaryNode* m = As(a, Kind::kMul)) {
      if (Same(m->b, b) && nonneg(m->a)) return m->a;
      if (Same(m->a, b) && nonneg(m->b)) return m->b;
    }
    // A term of the sum that is the divisor (or a multiple k * divisor) leaves: 1 (or k) plus
    // the rest over the divisor; k comes first when its term did.
    std::vector<PrimExpr> terms = Terms(a);
    for (size_t i = 0; terms.size() > 1 && i < terms.size(); ++i) {
      PrimExpr k;
      if (Same(terms[i], b)) k = make_const(t, 1);
      else if (const BinaryNode* m = As(terms[i], Kind::kMul)) k = Same(m->b, b) ? m->a : Same(m->a, b) ? m->b : PrimExpr();
      PrimExpr rest = SumOf(terms, i);
      if (!k.defined() || !nonneg(k) || !nonneg(rest)) continue;
      PrimExpr q = B(div, rest, b);
      return is_one(k) || i != 0 ? B(Kind::kAdd, q, k) : B(Kind::kAdd, k, q);
    }
    return std::nullopt;
  }
  if (*c2 <= 0) return std::nullopt;
  PrimExpr k2 = IntImm(t, *c2);
  // div(div(x, c1) + c2', c3) -> div(x + c1 * c2', c1 * c3)
  if (std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(a)) {
    if (const BinaryNode* d = As(p->first, div)) {
      const int64_t* c1 = as_const_int(d->b);
      int64_t off, whole;
      if (c1 && *c1 > 0 && !__builtin_mul_overflow(*c1, p->second, &off) && !__builtin_mul_overflow(*c1, *c2, &whole) &&
          FitsType(t, off) && FitsType(t, whole) && (floor || (p->second >= 0 && NonNeg(d->a))))
        return B(div, B(Kind::kAdd, d->a, IntImm(t, off)), IntImm(t, whole));
    }
  }
  if (floor) {
    if (std::optional<PrimExpr> r = FloorDivOfScaledSum(a, *c2)) return r;
    // floordiv(floormod(x, 2) + 1, 2) -> floormod(x, 2)
    if (std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(a); p && *c2 == 2 && p->second == 1) {
      const BinaryNode* m = As(p->first, Kind::kFloorMod);
      if (m && is_const_int(m->b, 2)) return p->first;
    }
  } else {
    // truncdiv(x * c1 + y, c2) -> x * (c1 / c2) + truncdiv(y, c2), both parts >= 0 (y may be
    // several terms, or a constant); the quotient's term keeps the side of its product.
    std::vector<PrimExpr> terms;
    if (std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(a); p && p->second >= 0) {
      terms = Terms(p->first);
      terms.push_back(IntImm(t, p->second));
    } else {
      terms = Terms(a);
    }
    for (size_t i = 0; terms.size() > 1 && i < terms.size(); ++i) {
      std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(terms[i]);
      PrimExpr rest = SumOf(terms, i);
      if (!m || m->second < 0 || !Divides(*c2, m->second) || !NonNeg(m->first) || !NonNeg(rest)) continue;
      PrimExpr scaled = B(Kind::kMul, m->first, IntImm(t, m->second / *c2));
      PrimExpr q = B(div, rest, k2);
      return i + 1 == terms.size() ? B(Kind::kAdd, q, scaled) : B(Kind::kAdd, scaled, q);
    }
    // truncdiv(x + c1, c2) -> truncdiv(x, c2) + c1 / c2 when c2 divides c1 > 0 and x >= 0
    if (std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(a);
        p && p->second > 0 && Divides(*c2, p->second) && NonNeg(p->first))
      return B(Kind::kAdd, B(div, p->first, k2), IntImm(t, p->second / *c2));
  }
  // div(min(x * c1, y), c2) -> min(x * (c1 / c2), div(y, c2)) when c2 divides c1
  if (const BinaryNode* mm = As(a, Kind::kMin) ? As(a, Kind::kMin) : As(a, Kind::kMax)) {
    for (bool left : {true, false}) {
      std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(left ? mm->a : mm->b);
      const PrimExpr& y = left ? mm->b : mm->a;
      if (!m || !Divides(*c2, m->second) || (!floor && (m->second < 0 || !NonNeg(m->first) || !NonNeg(y)))) continue;
      PrimExpr scaled = B(Kind::kMul, m->first, IntImm(t, m->second / *c2));
      PrimExpr other = B(div, y, k2);
      return left ? B(a.kind(), scaled, other) : B(a.kind(), other, scaled);
    }
  }
  // floordiv(x - floormod(x, c1), c1) -> floordiv(x, c1)
  if (const BinaryNode* s = As(a, Kind::kSub); s && floor) {
    const BinaryNode* m = As(s->b, Kind::kFloorMod);
    if (m && Same(m->a, s->a) && is_const_int(m->b, *c2)) return B(Kind::kFloorDiv, s->a, k2);
  }
  return std::nullopt;
}

std::optional<PrimExpr> FloorModRules(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  // (x - floormod(x, z)) % y -> 0 when y == z or y == -z
  if (const BinaryNode* s = As(a, Kind::kSub)) {
    const BinaryNode* m = As(s->b, Kind::kFloorMod);
    if (m && Same(m->a, s->a)) {
      const int64_t* y = as_const_int(b);
      const int64_t* z = as_const_int(m->b);
      bool opposite = y && z && *z != std::numeric_limits<int64_t>::min() && *y == -*z;
      if (Same(m->b, b) || opposite || (As(m->b, Kind::kMul) && is_const_int(m->b.as<BinaryNode>()->b, -1) &&
                                        Same(m->b.as<BinaryNode>()->a, b)))
        return make_const(t, 0);
    }
  }
  // (x + floormod(z, y)) % y -> 0 when (x + z) % y is 0
  if (const BinaryNode* s = As(a, Kind::kAdd)) {
    for (bool left : {true, false}) {
      const BinaryNode* m = As(left ? s->b : s->a, Kind::kFloorMod);
      if (m && Same(m->b, b) && is_zero(Simplify(B(Kind::kFloorMod, B(Kind::kAdd, left ? s->a : s->b, m->a), b))))
        return make_const(t, 0);
    }
  }
  // x * y % y -> 0
  if (const BinaryNode* m = As(a, Kind::kMul); m && (Same(m->b, b) || Same(m->a, b))) return make_const(t, 0);
  const int64_t* c2 = as_const_int(b);
  if (!c2 || *c2 <= 0) return std::nullopt;
  // x * c1 % c2 -> x * (c1 % c2) % c2
  if (std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(a)) {
    int64_t r = FloorModInt(m->second, *c2);
    if (r != m->second) return B(Kind::kFloorMod, B(Kind::kMul, m->first, IntImm(t, r)), b);
  }
  if (const BinaryNode* s = As(a, Kind::kAdd)) {
    for (bool left : {true, false}) {
      std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(left ? s->a : s->b);
      if (!m) continue;
      const PrimExpr& y = left ? s->b : s->a;
      int64_t c1 = m->second;
      // (x * c1 + y) % c2 -> x % (c2 / c1) * c1 + y when c1 divides c2 and 0 <= y < c1
      if (left && c1 > 0 && *c2 % c1 == 0) {
        IntBound yb = ConstIntBound(y);
        if (yb.min >= 0 && yb.max < c1)
          return B(Kind::kAdd, B(Kind::kMul, B(Kind::kFloorMod, m->first, IntImm(t, *c2 / c1)), IntImm(t, c1)), y);
      }
      int64_t r = FloorModInt(c1, *c2);
      if (r == c1) continue;
      PrimExpr scaled = B(Kind::kMul, m->first, IntImm(t, r));
      return B(Kind::kFloorMod, left ? B(Kind::kAdd, scaled, y) : B(Kind::kAdd, y, scaled), b);
    }
  }
  // a = coeff * k + base with c2 | coeff: base's remainder
  ModularSet m = ModularSetOf(a);
  if (m.coeff != 0 && Divides(*c2, m.coeff)) return make_const(t, FloorModInt(m.base, *c2));
  return std::nullopt;
}

// truncmod: x * c1 + y with c2 | c1 and both parts >= 0 keeps y's remainder; a negative
// divisor is its magnitude (x % c == x % -c for truncation).
std::optional<PrimExpr> TruncModRules(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  const int64_t* c2 = as_const_int(b);
  if (!c2 || *c2 == 0) return std::nullopt;
  if (std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(a); m && Divides(*c2, m->second)) return make_const(t, 0);
  if (*c2 < 0) {
    if (*c2 == std::numeric_limits<int64_t>::min() || !FitsType(t, -*c2)) return std::nullopt;
    return B(Kind::kMod, a, IntImm(t, -*c2));
  }
  if (const BinaryNode* s = As(a, Kind::kAdd)) {
    for (bool left : {true, false}) {
      std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(left ? s->a : s->b);
      const PrimExpr& y = left ? s->b : s->a;
      if (m && Divides(*c2, m->second) && NonNeg(left ? s->a : s->b) && NonNeg(y)) return B(Kind::kMod, y, b);
    }
  }
  // y - x * c is TVM's y + x * -c: the rule above when x * c <= 0
  if (const BinaryNode* s = As(a, Kind::kSub)) {
    std::optional<std::pair<PrimExpr, int64_t>> m = TimesConst(s->b);
    if (m && Divides(*c2, m->second) && ConstIntBound(s->b).max <= 0 && NonNeg(s->a)) return B(Kind::kMod, s->a, b);
  }
  if (std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(a); p && p->second >= 0 && Divides(*c2, p->second) &&
                                                                   NonNeg(p->first))
    return B(Kind::kMod, p->first, b);
  // a = coeff * k + base with c2 | coeff: a >= 0 leaves base's remainder
  ModularSet m = ModularSetOf(a);
  if (m.coeff != 0 && Divides(*c2, m.coeff) && NonNeg(a)) return make_const(t, m.base % *c2);
  return std::nullopt;
}

// floormod(x, 2) + floormod(x + c1, 2) -> 1 for odd c1; floordiv(x, 2) + floormod(x, 2) ->
// floordiv(x + 1, 2); a quotient's remainder part joins the quotient.
std::optional<PrimExpr> AddDivMod(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  for (bool swap : {false, true}) {
    const BinaryNode* p = As(swap ? b : a, Kind::kFloorMod);
    const BinaryNode* q = As(swap ? a : b, Kind::kFloorMod);
    if (!p || !q || !is_const_int(p->b, 2) || !is_const_int(q->b, 2)) continue;
    std::optional<std::pair<PrimExpr, int64_t>> off = PlusConst(q->a);
    if (off && Same(off->first, p->a) && FloorModInt(off->second, 2) == 1) return make_const(t, 1);
  }
  // floordiv(floormod(x, c2) + c1, c2) + floordiv(x, c2) -> floordiv(x + c1, c2)
  if (const BinaryNode* q = As(b, Kind::kFloorDiv); q && As(a, Kind::kFloorDiv)) {
    const BinaryNode* outer = a.as<BinaryNode>();
    const int64_t* c2 = as_const_int(q->b);
    std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(outer->a);
    const BinaryNode* r = p ? As(p->first, Kind::kFloorMod) : nullptr;
    if (c2 && *c2 > 0 && r && Same(r->a, q->a) && is_const_int(r->b, *c2) && is_const_int(outer->b, *c2))
      return B(Kind::kFloorDiv, B(Kind::kAdd, q->a, IntImm(t, p->second)), q->b);
  }
  const BinaryNode* d = As(a, Kind::kFloorDiv);
  const BinaryNode* m = As(b, Kind::kFloorMod);
  if (d && m && is_const_int(d->b, 2) && is_const_int(m->b, 2) && Same(d->a, m->a))
    return B(Kind::kFloorDiv, B(Kind::kAdd, d->a, make_const(t, 1)), d->b);
  return std::nullopt;
}

}  // namespace

std::optional<PrimExpr> RewriteDivMod(Kind k, const PrimExpr& a, const PrimExpr& b) {
  if (!a.dtype().is_int() || a.dtype().lanes() != 1 || a.dtype() != b.dtype()) return std::nullopt;
  if (a.dtype().bits() != 32 && a.dtype().bits() != 64) return std::nullopt;
  switch (k) {
    case Kind::kAdd: return AddDivMod(a, b);
    case Kind::kSub: {
      if (std::optional<PrimExpr> r = SubDivTimes(a, b)) return r;
      // floordiv(x + 1, 2) - floormod(x, 2) -> floordiv(x, 2)
      const BinaryNode* d = As(a, Kind::kFloorDiv);
      const BinaryNode* m = As(b, Kind::kFloorMod);
      if (d && m && is_const_int(d->b, 2) && is_const_int(m->b, 2)) {
        std::optional<std::pair<PrimExpr, int64_t>> p = PlusConst(d->a);
        if (p && p->second == 1 && Same(p->first, m->a)) return B(Kind::kFloorDiv, m->a, m->b);
      }
      if (std::optional<PrimExpr> r = SubTruncDivs(a, b)) return r;
      return SubFloorDivs(a, b);
    }
    case Kind::kFloorDiv: case Kind::kDiv: return DivRules(k, a, b);
    case Kind::kFloorMod: return FloorModRules(a, b);
    case Kind::kMod: return TruncModRules(a, b);
    default: return std::nullopt;
  }
}

}  // namespace arith
}  // namespace tirgen
