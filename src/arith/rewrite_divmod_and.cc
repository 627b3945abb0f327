// TVM v0.14's rules joining a quotient and a remainder compared under && (RewriteSimplifier's
// And rules; see rewrite_rules.h): the pair names one value or one interval of x. Each rule
// here carries the conditions under which it keeps the value (a positive divisor, a residue
// the remainder can take, constants of the type), so a pair outside them is left as written.
#include <limits>
#include <optional>

#include "canonical.h"
#include "rewrite_rules.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

PrimExpr B(Kind k, const PrimExpr& a, const PrimExpr& b) { return Binary(k, a, b); }

// e = f(x, c) with f of kind k and an integer constant c: {x, c}.
std::optional<std::pair<PrimExpr, int64_t>> OfConst(const PrimExpr& e, Kind k) {
  if (const BinaryNode* n = As(e, k))
    if (const int64_t* c = as_const_int(n->b)) return std::make_pair(n->a, *c);
  return std::nullopt;
}

__int128 FloorMod128(__int128 a, __int128 b) {
  __int128 r = a % b;
  return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

// floordiv(x, c2) == c1 (in `q`) against a comparison of floormod(x, c2) with a constant (in
// `r`): x == c1 * c2 + c3, or the interval of x the pair allows. c2 > 0 and c3 within the
// remainder's range [0, c2).
std::optional<PrimExpr> QuotientAndRemainder(const PrimExpr& q, const PrimExpr& r) {
  const BinaryNode* eq = As(q, Kind::kEQ);
  if (!eq) return std::nullopt;
  std::optional<std::pair<PrimExpr, int64_t>> div = OfConst(eq->a, Kind::kFloorDiv);
  const int64_t* c1 = as_const_int(eq->b);
  if (!div || !c1 || div->second <= 0) return std::nullopt;
  const PrimExpr& x = div->first;
  int64_t c2 = div->second;
  DataType t = x.dtype();
  const BinaryNode* rc = r.as<BinaryNode>();
  if (!rc) return std::nullopt;
  // The remainder floormod(x, c2) on one side of r and a constant c3 in [0, c2) on the other.
  auto is_mod = [&](const PrimExpr& e) {
    std::optional<std::pair<PrimExpr, int64_t>> m = OfConst(e, Kind::kFloorMod);
    return m && m->second == c2 && Same(m->first, x);
  };
  bool mod_left = is_mod(rc->a), mod_right = !mod_left && is_mod(rc->b);
  const int64_t* c3 = as_const_int(mod_left ? rc->b : rc->a);
  if ((!mod_left && !mod_right) || !c3 || *c3 < 0 || *c3 >= c2) return std::nullopt;
  __int128 base = static_cast<__int128>(*c1) * c2;
  std::optional<PrimExpr> lo = RuleConst(t, base), at = RuleConst(t, base + *c3), hi = RuleConst(t, base + c2);
  if (!lo || !at || !hi) return std::nullopt;
  Kind k = r.kind();
  if (k == Kind::kEQ && mod_left) return B(Kind::kEQ, x, *at);  // x == c1 * c2 + c3
  if (mod_left && (k == Kind::kLT || k == Kind::kLE))           // c1*c2 <= x && x <(=) c1*c2 + c3
    return B(Kind::kAnd, B(Kind::kLE, *lo, x), B(k, x, *at));
  if (mod_right && (k == Kind::kLT || k == Kind::kLE))          // c1*c2 + c3 <(=) x && x < (c1+1)*c2
    return B(Kind::kAnd, B(k, *at, x), B(Kind::kLT, x, *hi));
  return std::nullopt;
}

// 0 <= x - y * c && x - y * c < c (c > 0; x - y * c may be written x + y * -c): y == x // c.
std::optional<PrimExpr> QuotientByBounds(const PrimExpr& lower, const PrimExpr& upper) {
  const BinaryNode* lo = As(lower, Kind::kLE);
  const BinaryNode* hi = As(upper, Kind::kLT);
  if (!lo || !hi || !is_const_int(lo->a, 0) || !Same(lo->b, hi->a)) return std::nullopt;
  const int64_t* c1 = as_const_int(hi->b);
  if (!c1 || *c1 <= 0) return std::nullopt;
  const BinaryNode* sum = hi->a.as<BinaryNode>();
  if (!sum || (sum->kind() != Kind::kSub && sum->kind() != Kind::kAdd)) return std::nullopt;
  std::optional<std::pair<PrimExpr, int64_t>> m = OfConst(sum->b, Kind::kMul);
  if (!m) return std::nullopt;
  bool minus = sum->kind() == Kind::kSub;
  if (!(minus ? m->second == *c1 : m->second == -*c1)) return std::nullopt;
  return B(Kind::kEQ, m->first, B(Kind::kFloorDiv, sum->a, IntImm(sum->a.dtype(), *c1)));
}

// x < c1 && floormod(x, c2) < c3 (c2 > 0, 0 < c3 < c2): the last values below c1 whose
// remainder is c3 or more drop, so the bound tightens to the block's start plus c3.
// x <= c1 is x < c1 + 1.
std::optional<PrimExpr> BoundBelowRemainder(const PrimExpr& bound, const PrimExpr& rem) {
  Kind k = bound.kind();
  const BinaryNode* b = k == Kind::kLT || k == Kind::kLE ? bound.as<BinaryNode>() : nullptr;
  const BinaryNode* r = As(rem, Kind::kLT);
  if (!b || !r) return std::nullopt;
  std::optional<std::pair<PrimExpr, int64_t>> m = OfConst(r->a, Kind::kFloorMod);
  const int64_t* c1 = as_const_int(b->b);
  const int64_t* c3 = as_const_int(r->b);
  if (!m || !c1 || !c3 || !Same(m->first, b->a) || m->second <= 0) return std::nullopt;
  int64_t c2 = m->second;
  if (*c3 <= 0 || *c3 >= c2) return std::nullopt;
  __int128 limit = static_cast<__int128>(*c1) + (k == Kind::kLE ? 1 : 0);  // x < limit
  __int128 residue = FloorMod128(limit, c2);
  if (residue != 0 && residue <= *c3) return std::nullopt;  // the bound already excludes them
  __int128 tight = residue == 0 ? limit - c2 + *c3 : limit - residue + *c3;
  std::optional<PrimExpr> c = RuleConst(b->a.dtype(), tight);
  if (!c) return std::nullopt;
  return B(Kind::kAnd, B(Kind::kLT, b->a, *c), rem);
}

}  // namespace

std::optional<PrimExpr> RewriteDivModAnd(const PrimExpr& a, const PrimExpr& b) {
  if (!a.dtype().is_scalar()) return std::nullopt;
  for (bool swap : {false, true}) {
    const PrimExpr& p = swap ? b : a;
    const PrimExpr& q = swap ? a : b;
    if (std::optional<PrimExpr> r = QuotientAndRemainder(p, q)) return r;
    if (std::optional<PrimExpr> r = QuotientByBounds(p, q)) return r;
  }
  return BoundBelowRemainder(a, b);
}

}  // namespace arith
}  // namespace tirgen
