// Bottom-up rewriting simplifier (see simplify.h for the rules it knows).
#include "tirgen/arith/simplify.h"

#include "canonical.h"

#include <limits>
#include <optional>

#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

const int64_t* ConstInt(const PrimExpr& e) { return as_const_int(e); }

// TVM's IsIndexType (arith/const_fold.h): its integer rules and the canonical form apply to
// scalar int32 and int64 only; int8/int16 and unsigned arithmetic is only constant-folded.
bool IsIntType(const PrimExpr& e) {
  DataType t = e.dtype();
  return t.is_int() && t.lanes() == 1 && (t.bits() == 32 || t.bits() == 64);
}

// x + c for an integer constant c, written x - |c| when c is negative.
PrimExpr AddConst(const PrimExpr& x, int64_t c) {
  DataType t = x.dtype();
  if (c == 0) return x;
  if (c < 0 && t.is_int()) return Binary(Kind::kSub, x, IntImm(t, -c));
  return Binary(Kind::kAdd, x, IntImm(t, c));
}

// Splits e into (rest, c) when e is rest + c or rest - c with an integer constant c.
bool SplitConstOffset(const PrimExpr& e, PrimExpr* rest, int64_t* c) {
  const BinaryNode* b = e.as<BinaryNode>();
  if (!b || !IsIntType(e)) return false;
  const int64_t* k = ConstInt(b->b);
  if (!k) return false;
  if (e.kind() == Kind::kAdd) { *rest = b->a; *c = *k; return true; }
  if (e.kind() == Kind::kSub) { *rest = b->a; *c = -*k; return true; }
  return false;
}

PrimExpr SimplifyAdd(PrimExpr a, PrimExpr b) {
  PrimExpr folded = add(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || folded.kind() != Kind::kAdd || !IsIntType(folded)) return folded;
  a = n->a;
  b = n->b;
  // constants go right
  if (ConstInt(a) && !ConstInt(b)) std::swap(a, b);
  if (const int64_t* c = ConstInt(b)) {
    PrimExpr rest;
    int64_t c0;
    if (SplitConstOffset(a, &rest, &c0)) return AddConst(rest, c0 + *c);
    return AddConst(a, *c);
  }
  return Binary(Kind::kAdd, a, b);
}

PrimExpr SimplifySub(PrimExpr a, PrimExpr b) {
  PrimExpr folded = sub(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || folded.kind() != Kind::kSub || !IsIntType(folded)) return folded;
  a = n->a;
  b = n->b;
  if (a.same_as(b)) return make_const(a.dtype(), 0);
  if (const int64_t* c = ConstInt(b)) {
    PrimExpr rest;
    int64_t c0;
    if (SplitConstOffset(a, &rest, &c0)) return AddConst(rest, c0 - *c);
    return AddConst(a, -*c);
  }
  return folded;
}

PrimExpr SimplifyMul(PrimExpr a, PrimExpr b) {
  PrimExpr folded = mul(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || folded.kind() != Kind::kMul || !IsIntType(folded)) return folded;
  a = n->a;
  b = n->b;
  if (ConstInt(a) && !ConstInt(b)) std::swap(a, b);
  if (const int64_t* c = ConstInt(b)) {
    if (a.kind() == Kind::kMul) {
      const BinaryNode* m = a.as<BinaryNode>();
      if (const int64_t* c0 = ConstInt(m->b)) return mul(m->a, IntImm(a.dtype(), *c0 * *c));
    }
  }
  return Binary(Kind::kMul, a, b);
}

// TVM's rules for a < b / a <= b on integers, in its order: a comparison the constant bounds
// of a - b decide becomes a constant; floordiv(x, c1) against a constant becomes a bound on x;
// a constant offset on one side moves across (c1 <= x + c2 -> c1 - c2 <= x; x - c1 < c2 ->
// x < c2 + c1).
PrimExpr SimplifyCompare(Kind k, PrimExpr a, PrimExpr b) {
  PrimExpr folded = k == Kind::kLT ? lt(a, b) : le(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || !IsIntType(n->a)) return folded;
  DataType t = n->a.dtype();
  if (n->a.dtype() == n->b.dtype()) {
    IntBound d = DiffBound(n->a, n->b);
    bool lo = d.min != std::numeric_limits<int64_t>::min(), hi = d.max != std::numeric_limits<int64_t>::max();
    bool is_true = k == Kind::kLT ? hi && d.max < 0 : hi && d.max <= 0;
    bool is_false = k == Kind::kLT ? lo && d.min >= 0 : lo && d.min > 0;
    if (is_true || is_false) return IntImm(DataType::Bool(), is_true ? 1 : 0);
  }
  // floordiv(x, c1) < c2 -> x < c1 * c2;  c1 < floordiv(x, c2) -> (c1 + 1) * c2 - 1 < x.
  // a <= b is !(b < a), so the same rules apply to the swapped strict comparison.
  auto div_by = [](const PrimExpr& e, PrimExpr* x) -> const int64_t* {
    const BinaryNode* d = e.as<BinaryNode>();
    if (!d || e.kind() != Kind::kFloorDiv) return nullptr;
    const int64_t* c = ConstInt(d->b);
    if (!c || *c <= 0) return nullptr;
    *x = d->a;
    return c;
  };
  PrimExpr x;
  const PrimExpr& lhs = k == Kind::kLT ? n->a : n->b;  // the strict form lhs < rhs
  const PrimExpr& rhs = k == Kind::kLT ? n->b : n->a;
  std::optional<std::pair<PrimExpr, PrimExpr>> strict;  // (l, r) meaning l < r
  if (const int64_t* c1 = div_by(lhs, &x)) {
    if (const int64_t* c2 = ConstInt(rhs)) strict = std::make_pair(x, PrimExpr(IntImm(t, *c1 * *c2)));
  } else if (const int64_t* c2 = div_by(rhs, &x)) {
    if (const int64_t* c1 = ConstInt(lhs)) strict = std::make_pair(PrimExpr(IntImm(t, (*c1 + 1) * *c2 - 1)), x);
  }
  if (strict) {
    if (k == Kind::kLT) return Binary(Kind::kLT, strict->first, strict->second);
    return Binary(Kind::kLE, strict->second, strict->first);  // !(r' < l') for the swapped pair
  }
  PrimExpr rest;
  int64_t c;
  if (const int64_t* ca = ConstInt(n->a)) {
    if (SplitConstOffset(n->b, &rest, &c))
      return Binary(k, IntImm(n->a.dtype(), *ca - c), rest);
  } else if (const int64_t* cb = ConstInt(n->b)) {
    if (SplitConstOffset(n->a, &rest, &c))
      return Binary(k, rest, IntImm(n->b.dtype(), *cb - c));
  }
  return folded;
}

// TVM's rules for a == b on integers: decided by the bounds of a - b, else the constant goes
// right and a constant offset moves across (x + c1 == c2 -> x == c2 - c1, c1 - x == c2 ->
// x == c1 - c2).
PrimExpr SimplifyEqual(PrimExpr a, PrimExpr b) {
  PrimExpr folded = eq(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || !IsIntType(n->a) || n->a.dtype() != n->b.dtype()) return folded;
  IntBound d = DiffBound(n->a, n->b);
  if (d.min == 0 && d.max == 0) return IntImm(DataType::Bool(), 1);
  bool lo = d.min != std::numeric_limits<int64_t>::min(), hi = d.max != std::numeric_limits<int64_t>::max();
  if ((lo && d.min > 0) || (hi && d.max < 0)) return IntImm(DataType::Bool(), 0);
  PrimExpr x = n->a, y = n->b;
  if (ConstInt(x) && !ConstInt(y)) std::swap(x, y);
  const int64_t* c2 = ConstInt(y);
  if (!c2) return Binary(Kind::kEQ, x, y);
  DataType t = x.dtype();
  PrimExpr rest;
  int64_t c;
  if (SplitConstOffset(x, &rest, &c)) return Binary(Kind::kEQ, rest, IntImm(t, *c2 - c));
  const BinaryNode* sub = x.as<BinaryNode>();
  if (sub && x.kind() == Kind::kSub) {
    if (const int64_t* c1 = ConstInt(sub->a)) return Binary(Kind::kEQ, sub->b, IntImm(t, *c1 - *c2));
  }
  return Binary(Kind::kEQ, x, y);
}

// a != b: decided by the bounds of a - b (a known order turns it into a strict comparison),
// else the negation of the simplified a == b.
PrimExpr SimplifyNotEqual(PrimExpr a, PrimExpr b) {
  PrimExpr folded = ne(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || !IsIntType(n->a) || n->a.dtype() != n->b.dtype()) return folded;
  IntBound d = DiffBound(n->a, n->b);
  bool lo = d.min != std::numeric_limits<int64_t>::min(), hi = d.max != std::numeric_limits<int64_t>::max();
  if ((lo && d.min > 0) || (hi && d.max < 0)) return IntImm(DataType::Bool(), 1);
  if (d.min == 0 && d.max == 0) return IntImm(DataType::Bool(), 0);
  if (lo && d.min >= 0) return SimplifyCompare(Kind::kLT, n->b, n->a);
  if (hi && d.max <= 0) return SimplifyCompare(Kind::kLT, n->a, n->b);
  PrimExpr e = SimplifyEqual(n->a, n->b);
  if (const int64_t* v = ConstInt(e)) return IntImm(DataType::Bool(), *v ? 0 : 1);
  const BinaryNode* q = e.as<BinaryNode>();
  return Binary(Kind::kNE, q->a, q->b);
}

// TVM's min/max rules on integers: min(x, x) = x, and an operand the constant bounds show is
// never the larger (smaller) one drops out.
PrimExpr SimplifyMinMax(Kind k, PrimExpr a, PrimExpr b) {
  PrimExpr folded = k == Kind::kMin ? min(a, b) : max(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || n->kind() != k || !IsIntType(n->a) || n->a.dtype() != n->b.dtype()) return folded;
  if (ExprDeepEqual(n->a, n->b)) return n->a;
  IntBound x = ConstIntBound(n->a), y = ConstIntBound(n->b);
  if (k == Kind::kMin) {
    if (x.max <= y.min) return n->a;
    if (y.max <= x.min) return n->b;
  } else {
    if (x.min >= y.max) return n->a;
    if (y.min >= x.max) return n->b;
  }
  return folded;
}

PrimExpr Fold(Kind k, const PrimExpr& a, const PrimExpr& b) {
  switch (k) {
    case Kind::kAdd: return add(a, b);
    case Kind::kSub: return sub(a, b);
    case Kind::kMul: return mul(a, b);
    case Kind::kDiv: return truncdiv(a, b);
    case Kind::kMod: return truncmod(a, b);
    case Kind::kFloorDiv: return floordiv(a, b);
    case Kind::kFloorMod: return floormod(a, b);
    default: TIRGEN_UNREACHABLE();
  }
}

class Simplifier : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;

  PrimExpr VisitExpr_(const BinaryNode* op) override {
    PrimExpr a = VisitExpr(op->a);
    PrimExpr b = VisitExpr(op->b);
    // Integer index arithmetic takes TVM's canonical form.
    if (IsIntType(a) && a.dtype() == b.dtype()) {
      switch (op->kind()) {
        case Kind::kAdd: case Kind::kSub: case Kind::kMul: case Kind::kDiv: case Kind::kMod:
        case Kind::kFloorDiv: case Kind::kFloorMod: {
          PrimExpr folded = Fold(op->kind(), a, b);
          if (!folded.as<BinaryNode>() || folded.kind() != op->kind()) return folded;
          return CanonicalSimplify(folded);
        }
        default: break;
      }
    }
    switch (op->kind()) {
      case Kind::kAdd: return SimplifyAdd(a, b);
      case Kind::kSub: return SimplifySub(a, b);
      case Kind::kMul: return SimplifyMul(a, b);
      case Kind::kDiv:
        // x / c == x * (1 / c) for floats
        if (op->dtype.is_floating()) {
          if (const FloatImmNode* f = b.as<FloatImmNode>()) {
            if (f->value != 0 && !a.as<FloatImmNode>())
              return mul(a, FloatImm(b.dtype(), 1.0 / f->value));
          }
        }
        return truncdiv(a, b);
      case Kind::kMod: return truncmod(a, b);
      case Kind::kFloorDiv: return floordiv(a, b);
      case Kind::kFloorMod: return floormod(a, b);
      case Kind::kMin: return SimplifyMinMax(Kind::kMin, a, b);
      case Kind::kMax: return SimplifyMinMax(Kind::kMax, a, b);
      case Kind::kEQ: return SimplifyEqual(a, b);
      case Kind::kNE: return SimplifyNotEqual(a, b);
      case Kind::kLT: return SimplifyCompare(Kind::kLT, a, b);
      case Kind::kLE: return SimplifyCompare(Kind::kLE, a, b);
      case Kind::kGT: return SimplifyCompare(Kind::kLT, b, a);
      case Kind::kGE: return SimplifyCompare(Kind::kLE, b, a);
      case Kind::kAnd: return logical_and(a, b);
      case Kind::kOr: return logical_or(a, b);
      default: TIRGEN_UNREACHABLE();
    }
  }

  PrimExpr VisitExpr_(const CastNode* op) override {
    return cast(op->dtype, VisitExpr(op->value));
  }

  PrimExpr VisitExpr_(const NotNode* op) override { return logical_not(VisitExpr(op->a)); }

  PrimExpr VisitExpr_(const SelectNode* op) override {
    PrimExpr c = VisitExpr(op->condition);
    PrimExpr t = VisitExpr(op->true_value);
    PrimExpr f = VisitExpr(op->false_value);
    if (const int64_t* v = ConstInt(c)) return *v ? t : f;
    if (ExprDeepEqual(t, f)) return t;  // select(x, y, y) -> y
    if (c.same_as(op->condition) && t.same_as(op->true_value) && f.same_as(op->false_value))
      return GetRef<PrimExpr>(op);
    return Select(c, t, f);
  }

  PrimExpr VisitExpr_(const CallNode* op) override {
    PrimExpr r = StmtExprMutator::VisitExpr_(op);
    const CallNode* c = r.as<CallNode>();
    if (c && c->op == "tir.if_then_else" && c->args.size() == 3) {
      if (const int64_t* v = ConstInt(c->args[0])) return *v ? c->args[1] : c->args[2];
    }
    return r;
  }
};

}  // namespace

PrimExpr Simplify(const PrimExpr& expr) {
  Simplifier s;
  return s.VisitExpr(expr);
}

}  // namespace arith
}  // namespace tirgen
