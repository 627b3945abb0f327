// TVM v0.14's rewrite rules for + - * of index expressions that its canonical form otherwise
// covers (see rewrite_rules.h): cancellation, constant gathering, the quotient-and-remainder
// sum, and the ordering rules that make TVM's rewrite_simplify write x + -2 for x - 2 and
// (x + y) + c for x + (y + c). tirgen's own passes write sums in canonical form; these rules
// are TVM's rewrite_simplify alone, which keeps a rule's raw output.
#include <limits>
#include <optional>

#include "canonical.h"
#include "rewrite_rules.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

// A rule's output node, constant-folded as TVM's pattern Eval does.
PrimExpr B(Kind k, const PrimExpr& a, const PrimExpr& b) {
  PrimExpr folded = TryConstFold(k, a, b);
  return folded.defined() ? folded : Binary(k, a, b);
}
bool IsMinMax(const PrimExpr& e) { return e.kind() == Kind::kMin || e.kind() == Kind::kMax; }

std::optional<Rewritten> AddRules(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  // (x - y) + y -> x;  x + (y - x) -> y
  if (a.kind() == Kind::kSub && Same(p->b, b)) return Rewritten{p->a, false};
  if (b.kind() == Kind::kSub && Same(q->b, a)) return Rewritten{q->a, false};
  if (a.kind() == Kind::kSub && b.kind() == Kind::kSub) {
    // (x - y) + (y - z) -> x - z;  (x - y) + (z - x) -> z - y
    if (Same(p->b, q->a)) return Rewritten{B(Kind::kSub, p->a, q->b), false};
    if (Same(p->a, q->b)) return Rewritten{B(Kind::kSub, q->a, p->b), false};
  }
  // (x + c1) + c2 -> x + (c1 + c2)
  PrimExpr x;
  const int64_t* c2 = as_const_int(b);
  if (const int64_t* c1 = ConstRight(a, Kind::kAdd, &x); c1 && c2) {
    if (std::optional<PrimExpr> c = RuleConst(t, static_cast<__int128>(*c1) + *c2)) return Rewritten{add(x, *c), false};
    return std::nullopt;
  }
  // x + x -> x * 2
  if (Same(a, b)) return Rewritten{B(Kind::kMul, a, make_const(t, 2)), false};
  // truncdiv(x, c1) * c1 + truncmod(x, c1) -> x;  floordiv(x, y) * y + floormod(x, y) -> x (the
  // product and the sum in either order, for floor division)
  for (bool swap : {false, true}) {
    const BinaryNode* m = As(swap ? b : a, Kind::kMul);
    const PrimExpr& r = swap ? a : b;
    if (!m || (swap && r.kind() != Kind::kFloorMod)) continue;
    for (bool div_left : {true, false}) {
      const PrimExpr& d = div_left ? m->a : m->b;
      const PrimExpr& y = div_left ? m->b : m->a;
      const BinaryNode* dn = d.as<BinaryNode>();
      const BinaryNode* rn = r.as<BinaryNode>();
      if (!dn || !rn || !Same(dn->b, y) || !Same(rn->b, y) || !Same(dn->a, rn->a)) continue;
      bool trunc = d.kind() == Kind::kDiv && r.kind() == Kind::kMod && !swap && div_left && as_const_int(y);
      bool floor = d.kind() == Kind::kFloorDiv && r.kind() == Kind::kFloorMod;
      if (trunc || floor) return Rewritten{dn->a, false};
    }
  }
  return std::nullopt;
}

std::optional<Rewritten> SubRules(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  // (x + y) - y, (y + x) - y -> x;  x - (y + x), x - (x + y) -> 0 - y
  if (a.kind() == Kind::kAdd) {
    if (Same(p->b, b)) return Rewritten{p->a, false};
    if (Same(p->a, b)) return Rewritten{p->b, false};
  }
  if (b.kind() == Kind::kAdd) {
    if (Same(q->b, a)) return Rewritten{B(Kind::kSub, make_const(t, 0), q->a), false};
    if (Same(q->a, a)) return Rewritten{B(Kind::kSub, make_const(t, 0), q->b), false};
  }
  // x - x -> 0
  if (Same(a, b)) return Rewritten{make_const(t, 0), false};
  // (x + c1) - c2 -> x + (c1 - c2)
  PrimExpr x;
  const int64_t* c2 = as_const_int(b);
  if (const int64_t* c1 = ConstRight(a, Kind::kAdd, &x); c1 && c2) {
    if (std::optional<PrimExpr> c = RuleConst(t, static_cast<__int128>(*c1) - *c2)) return Rewritten{add(x, *c), false};
    return std::nullopt;
  }
  // (c1 - x) - (c2 - y) -> (y - x) + (c1 - c2)
  if (a.kind() == Kind::kSub && b.kind() == Kind::kSub) {
    const int64_t* c1 = as_const_int(p->a);
    const int64_t* c3 = as_const_int(q->a);
    if (c1 && c3) {
      if (std::optional<PrimExpr> c = RuleConst(t, static_cast<__int128>(*c1) - *c3))
        return Rewritten{add(B(Kind::kSub, q->b, p->b), *c), false};
      return std::nullopt;
    }
  }
  // (x + y) - (x + z), in any order of both sums -> y - z
  if (a.kind() == Kind::kAdd && b.kind() == Kind::kAdd) {
    for (int i = 0; i < 4; ++i) {
      const PrimExpr& x1 = i & 1 ? p->b : p->a;
      const PrimExpr& x2 = i & 2 ? q->b : q->a;
      if (Same(x1, x2)) return Rewritten{B(Kind::kSub, i & 1 ? p->a : p->b, i & 2 ? q->a : q->b), false};
    }
  }
  return std::nullopt;
}

std::optional<Rewritten> MulRules(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  PrimExpr x;
  const int64_t* c2 = as_const_int(b);
  if (!c2) return std::nullopt;
  // (x + c1) * c2 -> x * c2 + c1 * c2
  if (const int64_t* c1 = ConstRight(a, Kind::kAdd, &x)) {
    if (std::optional<PrimExpr> c = RuleConst(t, static_cast<__int128>(*c1) * *c2))
      return Rewritten{add(mul(x, b), *c), false};
    return std::nullopt;
  }
  // (x * c1) * c2 -> x * (c1 * c2)
  if (const int64_t* c1 = ConstRight(a, Kind::kMul, &x)) {
    if (std::optional<PrimExpr> c = RuleConst(t, static_cast<__int128>(*c1) * *c2)) return Rewritten{mul(x, *c), false};
    return std::nullopt;
  }
  // floordiv(x - floormod(x, c3), c1) * c1 -> x - floormod(x, c3) for c1 == -c3
  if (const BinaryNode* d = As(a, Kind::kFloorDiv); d && is_const_int(d->b, *c2)) {
    const BinaryNode* s = As(d->a, Kind::kSub);
    const BinaryNode* m = s ? As(s->b, Kind::kFloorMod) : nullptr;
    const int64_t* c3 = m ? as_const_int(m->b) : nullptr;
    if (c3 && Same(m->a, s->a) && static_cast<__int128>(*c2) == -static_cast<__int128>(*c3))
      return Rewritten{d->a, false};
  }
  return std::nullopt;
}

// TVM's "canonicalization rules", tried after every other rule; their results are rewritten
// again.
std::optional<Rewritten> OrderAdd(const PrimExpr& a, const PrimExpr& b) {
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  // x + (c1 - y), (c1 - y) + x -> (x - y) + c1
  if (b.kind() == Kind::kSub && as_const_int(q->a)) return Rewritten{B(Kind::kAdd, B(Kind::kSub, a, q->b), q->a), true};
  if (a.kind() == Kind::kSub && as_const_int(p->a)) return Rewritten{B(Kind::kAdd, B(Kind::kSub, b, p->b), p->a), true};
  // (x + c1) + y, x + (c1 + y), x + (y + c1) -> (x + y) + c1
  if (a.kind() == Kind::kAdd && as_const_int(p->b)) return Rewritten{B(Kind::kAdd, B(Kind::kAdd, p->a, b), p->b), true};
  if (b.kind() == Kind::kAdd && as_const_int(q->a)) return Rewritten{B(Kind::kAdd, B(Kind::kAdd, a, q->b), q->a), true};
  if (b.kind() == Kind::kAdd && as_const_int(q->b)) return Rewritten{B(Kind::kAdd, B(Kind::kAdd, a, q->a), q->b), true};
  // x + max(y, z) -> max(y, z) + x (min alike)
  if (IsMinMax(b)) return Rewritten{B(Kind::kAdd, b, a), true};
  // truncmod(y, c1) + x * c1 -> x * c1 + truncmod(y, c1) (floormod alike)
  if ((a.kind() == Kind::kMod || a.kind() == Kind::kFloorMod) && b.kind() == Kind::kMul && as_const_int(p->b) &&
      Same(q->b, p->b))
    return Rewritten{B(Kind::kAdd, b, a), true};
  return std::nullopt;
}

std::optional<Rewritten> OrderSub(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  // x - c1 -> x + (0 - c1), not rewritten again
  if (const int64_t* c1 = as_const_int(b)) {
    if (std::optional<PrimExpr> c = RuleConst(t, -static_cast<__int128>(*c1))) return Rewritten{B(Kind::kAdd, a, *c), false};
    return std::nullopt;
  }
  // (x + c1) - y -> (x - y) + c1
  if (a.kind() == Kind::kAdd && as_const_int(p->b)) return Rewritten{B(Kind::kAdd, B(Kind::kSub, p->a, b), p->b), true};
  // x - (y + c1) -> (x - y) + (0 - c1)
  if (b.kind() == Kind::kAdd) {
    if (const int64_t* c1 = as_const_int(q->b)) {
      if (std::optional<PrimExpr> c = RuleConst(t, -static_cast<__int128>(*c1)))
        return Rewritten{add(B(Kind::kSub, a, q->a), *c), true};
      return std::nullopt;
    }
  }
  // x - (y - z) -> (x + z) - y
  if (b.kind() == Kind::kSub) return Rewritten{B(Kind::kSub, B(Kind::kAdd, a, q->b), q->a), true};
  // x - y * c1 -> x + y * (0 - c1)
  if (b.kind() == Kind::kMul) {
    if (const int64_t* c1 = as_const_int(q->b)) {
      if (std::optional<PrimExpr> c = RuleConst(t, -static_cast<__int128>(*c1)))
        return Rewritten{B(Kind::kAdd, a, mul(q->a, *c)), true};
    }
  }
  return std::nullopt;
}

std::optional<Rewritten> OrderMul(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  const BinaryNode* p = a.as<BinaryNode>();
  const BinaryNode* q = b.as<BinaryNode>();
  // x * (c1 * y) -> (x * y) * c1
  if (b.kind() == Kind::kMul && as_const_int(q->a)) return Rewritten{B(Kind::kMul, B(Kind::kMul, a, q->b), q->a), true};
  // c1 * x -> x * c1
  if (as_const_int(a)) return Rewritten{B(Kind::kMul, b, a), true};
  // (x - y) * c1 -> (y - x) * (0 - c1) for c1 < 0
  const int64_t* c1 = as_const_int(b);
  if (a.kind() == Kind::kSub && c1 && *c1 < 0) {
    if (std::optional<PrimExpr> c = RuleConst(t, -static_cast<__int128>(*c1)))
      return Rewritten{B(Kind::kMul, B(Kind::kSub, p->b, p->a), *c), true};
  }
  return std::nullopt;
}

bool IsIndex(const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  return t.is_int() && t.lanes() == 1 && (t.bits() == 32 || t.bits() == 64) && t == b.dtype();
}

}  // namespace

std::optional<Rewritten> RewriteLinear(Kind k, const PrimExpr& a, const PrimExpr& b) {
  if (!IsIndex(a, b)) return std::nullopt;
  switch (k) {
    case Kind::kAdd: return AddRules(a, b);
    case Kind::kSub: return SubRules(a, b);
    case Kind::kMul: return MulRules(a, b);
    default: return std::nullopt;
  }
}

std::optional<Rewritten> RewriteOrder(Kind k, const PrimExpr& a, const PrimExpr& b) {
  if (!IsIndex(a, b)) return std::nullopt;
  switch (k) {
    case Kind::kAdd: return OrderAdd(a, b);
    case Kind::kSub: return OrderSub(a, b);
    case Kind::kMul: return OrderMul(a, b);
    default: return std::nullopt;
  }
}

}  // namespace arith
}  // namespace tirgen
