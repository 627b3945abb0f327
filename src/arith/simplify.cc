// Bottom-up rewriting simplifier (see simplify.h for the rules it knows).
#include "tirgen/arith/simplify.h"

#include "canonical.h"
#include "modular_set.h"
#include "rewrite_rules.h"
#include "rewrite_simplify.h"
#include "tirgen/arith/analyzer.h"
#include "transitive_comparison.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>

#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/call_effect.h"
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

// x + c for an integer constant c of x's type, written x - |c| when c is negative (and |c| is
// a value of the type).
PrimExpr AddConst(const PrimExpr& x, int64_t c) {
  DataType t = x.dtype();
  if (c == 0) return x;
  if (c < 0 && t.is_int() && c != std::numeric_limits<int64_t>::min() && FitsType(t, -c))
    return Binary(Kind::kSub, x, IntImm(t, -c));
  return Binary(Kind::kAdd, x, IntImm(t, c));
}

// Splits e into (rest, c) when e is rest + c or rest - c with an integer constant c that is a
// value of e's type (rest - INT_MIN has none).
bool SplitConstOffset(const PrimExpr& e, PrimExpr* rest, int64_t* c) {
  const BinaryNode* b = e.as<BinaryNode>();
  if (!b || !IsIntType(e)) return false;
  const int64_t* k = ConstInt(b->b);
  if (!k) return false;
  if (e.kind() == Kind::kAdd) { *rest = b->a; *c = *k; return true; }
  if (e.kind() == Kind::kSub && *k != std::numeric_limits<int64_t>::min() && FitsType(e.dtype(), -*k)) {
    *rest = b->a;
    *c = -*k;
    return true;
  }
  return false;
}

// c0 + c1 into *out when the sum is a value of type t: offsets are combined only then.
bool ConstSumFits(DataType t, int64_t c0, int64_t c1, int64_t* out) {
  return !__builtin_add_overflow(c0, c1, out) && FitsType(t, *out);
}

// a - b into *out when the difference fits type t (a moved constant must: x + 1 > INT64_MIN has
// no form x > INT64_MIN - 1, and x + INT32_MIN == 0 no int32 form x == -INT32_MIN).
bool ConstDiffFits(DataType t, int64_t a, int64_t b, int64_t* out) {
  return !__builtin_sub_overflow(a, b, out) && FitsType(t, *out);
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
    int64_t sum;
    if (SplitConstOffset(a, &rest, &c0) && ConstSumFits(a.dtype(), c0, *c, &sum)) return AddConst(rest, sum);
    return AddConst(a, *c);
  }
  return Binary(Kind::kAdd, a, b);
}

PrimExpr SimplifySub(PrimExpr a, PrimExpr b) {
  // TVM's x - x -> 0 for any type, when evaluating x only reads (a load minus itself).
  if (a.dtype().is_scalar() && SideEffect(a) <= CallEffectKind::kReadState && ExprDeepEqual(a, b))
    return make_const(a.dtype(), 0);
  PrimExpr folded = sub(a, b);
  const BinaryNode* n = folded.as<BinaryNode>();
  if (!n || folded.kind() != Kind::kSub || !IsIntType(folded)) return folded;
  a = n->a;
  b = n->b;
  if (a.same_as(b)) return make_const(a.dtype(), 0);
  if (const int64_t* c = ConstInt(b)) {
    PrimExpr rest;
    int64_t c0;
    int64_t diff;
    if (SplitConstOffset(a, &rest, &c0) && ConstDiffFits(a.dtype(), c0, *c, &diff)) return AddConst(rest, diff);
    if (*c != std::numeric_limits<int64_t>::min() && FitsType(a.dtype(), -*c)) return AddConst(a, -*c);
    return folded;
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

PrimExpr SimplifyEqual(PrimExpr a, PrimExpr b);

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
    // a <= b when a >= b is known: a == b (TVM's LE rule for kGE).
    if (k == Kind::kLE && lo && d.min >= 0) return SimplifyEqual(n->a, n->b);
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
  // A bound that overflows int64 gives the rule up.
  int64_t bound = 0;
  if (const int64_t* c1 = div_by(lhs, &x)) {
    const int64_t* c2 = ConstInt(rhs);
    if (c2 && !__builtin_mul_overflow(*c1, *c2, &bound)) strict = std::make_pair(x, PrimExpr(IntImm(t, bound)));
  } else if (const int64_t* c2 = div_by(rhs, &x)) {
    const int64_t* c1 = ConstInt(lhs);
    if (c1 && !__builtin_add_overflow(*c1, 1, &bound) && !__builtin_mul_overflow(bound, *c2, &bound) &&
        !__builtin_sub_overflow(bound, 1, &bound))
      strict = std::make_pair(PrimExpr(IntImm(t, bound)), x);
  }
  if (strict) {
    if (k == Kind::kLT) return Binary(Kind::kLT, strict->first, strict->second);
    return Binary(Kind::kLE, strict->second, strict->first);  // !(r' < l') for the swapped pair
  }
  PrimExpr rest;
  int64_t c, moved;
  if (const int64_t* ca = ConstInt(n->a)) {
    if (SplitConstOffset(n->b, &rest, &c) && ConstDiffFits(t, *ca, c, &moved))
      return Binary(k, IntImm(t, moved), rest);
  } else if (const int64_t* cb = ConstInt(n->b)) {
    if (SplitConstOffset(n->a, &rest, &c) && ConstDiffFits(t, *cb, c, &moved))
      return Binary(k, rest, IntImm(t, moved));
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
  // x * y == 0 -> x == 0 || y == 0
  if (*c2 == 0 && x.kind() == Kind::kMul) {
    const BinaryNode* m = x.as<BinaryNode>();
    return logical_or(SimplifyEqual(m->a, y), SimplifyEqual(m->b, y));
  }
  DataType t = x.dtype();
  PrimExpr rest;
  int64_t c, moved;
  if (SplitConstOffset(x, &rest, &c) && ConstDiffFits(t, *c2, c, &moved)) return Binary(Kind::kEQ, rest, IntImm(t, moved));
  const BinaryNode* sub = x.as<BinaryNode>();
  if (sub && x.kind() == Kind::kSub) {
    if (const int64_t* c1 = ConstInt(sub->a); c1 && ConstDiffFits(t, *c1, *c2, &moved))
      return Binary(Kind::kEQ, sub->b, IntImm(t, moved));
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

bool IsArith(Kind k) {
  switch (k) {
    case Kind::kAdd: case Kind::kSub: case Kind::kMul: case Kind::kDiv: case Kind::kMod:
    case Kind::kFloorDiv: case Kind::kFloorMod: return true;
    default: return false;
  }
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

PrimExpr BoolConst(bool v) { return IntImm(DataType::Bool(), v ? 1 : 0); }

// The comparison of a and b that constant bounds prove (TVM's TryCompareUsingConstIntBounds).
CompareResult BoundCompare(const PrimExpr& a, const PrimExpr& b) {
  IntBound d = DiffBound(a, b);
  bool lo = d.min != std::numeric_limits<int64_t>::min(), hi = d.max != std::numeric_limits<int64_t>::max();
  if (lo && hi && d.min == 0 && d.max == 0) return CompareResult::kEQ;
  if (lo && d.min > 0) return CompareResult::kGT;
  if (hi && d.max < 0) return CompareResult::kLT;
  if (lo && d.min >= 0) return CompareResult::kGE;
  if (hi && d.max <= 0) return CompareResult::kLE;
  return CompareResult::kUnknown;
}

PrimExpr SimplifyAsAndOfOrs(const PrimExpr& expr, const Analyzer* ctx, unsigned extensions);

// The rules above, bottom up. With an analyzer (ctx_), its constraints in scope take part as
// in TVM's RewriteSimplifier: a comparison, boolean or boolean variable equal to a literal
// constraint (or to its negation) is true (false), and integer comparisons use the known
// comparisons; the enabled extensions add constraint contexts for && / || branches and the
// AND-of-ORs form.
class Simplifier : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;
  Simplifier(const Analyzer* ctx, unsigned extensions)
      : ctx_(ctx), ext_(extensions), tvm_rules_((extensions & kTvmRewriteRulesOnly) != 0) {}
  /// TVM's sum rules (RewriteSum) take part only where TVM's order holds (rewrite_simplify.h).
  void set_sum_rules(bool on) { sum_rules_ = on; }

  PrimExpr VisitExpr_(const VarNode* op) override {
    PrimExpr v = GetRef<PrimExpr>(op);
    if (op->dtype.is_bool()) {
      if (std::optional<bool> m = Literal(v)) return BoolConst(*m);
    }
    return v;
  }

  PrimExpr VisitExpr_(const BinaryNode* op) override {
    if ((op->kind() == Kind::kAnd || op->kind() == Kind::kOr) && ctx_ &&
        (ext_ & kApplyConstraintsToBooleanBranches))
      return BranchesUnderEachOther(op);
    PrimExpr a = VisitExpr(op->a);
    PrimExpr b = VisitExpr(op->b);
    // TVM's vector and select rules (rewrite_rules.h); the rewritten node is simplified again.
    if (a.dtype() == b.dtype()) {
      bool swap = op->kind() == Kind::kGT || op->kind() == Kind::kGE;  // a > b is b < a
      Kind k = op->kind() == Kind::kGT ? Kind::kLT : op->kind() == Kind::kGE ? Kind::kLE : op->kind();
      if (std::optional<PrimExpr> r = RewriteVector(k, swap ? b : a, swap ? a : b)) return Again(*r);
      if (std::optional<PrimExpr> r = RewriteSelect(op->kind(), a, b)) return Again(*r);
    }
    // Integer index arithmetic takes TVM's division and modulo rules, then its canonical form
    // (TVM's rewrite_simplify alone: its own + - * rules instead, constants folded first).
    if (IsIntType(a) && a.dtype() == b.dtype()) {
      bool arith_kind = IsArith(op->kind());
      if (tvm_rules_ && arith_kind) {
        PrimExpr folded = Fold(op->kind(), a, b);
        const BinaryNode* n = folded.as<BinaryNode>();
        if (!n || folded.kind() != op->kind()) return folded;
        a = n->a;
        b = n->b;
        if (std::optional<Rewritten> r = RewriteLinear(op->kind(), a, b)) return Result(*r);
      }
      if (std::optional<PrimExpr> r = RewriteDivMod(op->kind(), a, b)) return Again(*r);
      if (tvm_rules_ && arith_kind)
        if (std::optional<Rewritten> r = RewriteDivModConst(op->kind(), a, b)) return Result(*r);
      if (std::optional<PrimExpr> r = RewriteMinMax(op->kind(), a, b)) return Again(*r);
      if (sum_rules_)
        if (std::optional<PrimExpr> r = RewriteSum(op->kind(), a, b)) return Again(*r);
      if (tvm_rules_ && arith_kind) {
        if (std::optional<Rewritten> r = RewriteOrder(op->kind(), a, b)) return Result(*r);
        if (a.same_as(op->a) && b.same_as(op->b)) return GetRef<PrimExpr>(op);
        return Binary(op->kind(), a, b);
      }
      if (arith_kind) {
        PrimExpr folded = Fold(op->kind(), a, b);
        if (!folded.as<BinaryNode>() || folded.kind() != op->kind()) return folded;
        return CanonicalSimplify(folded);
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
      case Kind::kEQ: return Compare(Kind::kEQ, a, b);
      case Kind::kNE: return Compare(Kind::kNE, a, b);
      case Kind::kLT: return Compare(Kind::kLT, a, b);
      case Kind::kLE: return Compare(Kind::kLE, a, b);
      case Kind::kGT: return Compare(Kind::kLT, b, a);
      case Kind::kGE: return Compare(Kind::kLE, b, a);
      case Kind::kAnd: return Boolean(Kind::kAnd, a, b);
      case Kind::kOr: return Boolean(Kind::kOr, a, b);
      default: TIRGEN_UNREACHABLE();
    }
  }

  // A rule's result simplified again. Under TVM's rules alone, as TVM's RecursiveRewrite: at
  // most kMaxRecurDepth deep, deeper results stand as they are.
  PrimExpr Again(const PrimExpr& r) {
    if (!tvm_rules_) return VisitExpr(r);
    if (depth_ >= kMaxRecurDepth) return r;
    ++depth_;
    PrimExpr out = VisitExpr(r);
    --depth_;
    return out;
  }
  PrimExpr Result(const Rewritten& r) { return r.again ? Again(r.expr) : r.expr; }

  // TVM's let rule: a let of a constant or a variable (as written) is inlined.
  PrimExpr VisitExpr_(const LetNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    if (op->value.as<IntImmNode>() || op->value.as<FloatImmNode>() || op->value.as<VarNode>())
      return VisitExpr(Substitute(op->body, {{op->var, value}}));
    PrimExpr body = VisitExpr(op->body);
    if (value.same_as(op->value) && body.same_as(op->body)) return GetRef<PrimExpr>(op);
    return Let(op->var, value, body);
  }

  PrimExpr VisitExpr_(const CastNode* op) override {
    return cast(op->dtype, VisitExpr(op->value));
  }

  PrimExpr VisitExpr_(const NotNode* op) override {
    PrimExpr a = VisitExpr(op->a);
    if (std::optional<PrimExpr> v = RewriteVectorNot(a)) return Again(*v);
    PrimExpr r = logical_not(a);
    if (as_const_int(r)) return r;
    if (std::optional<bool> m = Literal(r)) return BoolConst(*m);
    return NotRules(r);
  }

  PrimExpr VisitExpr_(const SelectNode* op) override {
    auto [c, t, f] = Branches(op->condition, op->true_value, op->false_value);
    if (const int64_t* v = ConstInt(c)) return *v ? t : f;
    if (ExprDeepEqual(t, f)) return t;  // select(x, y, y) -> y
    if (c.same_as(op->condition) && t.same_as(op->true_value) && f.same_as(op->false_value))
      return GetRef<PrimExpr>(op);
    return Select(c, t, f);
  }

  PrimExpr VisitExpr_(const CallNode* op) override {
    bool branches = ctx_ && op->op == "tir.if_then_else" && op->args.size() == 3;
    PrimExpr r;
    if (branches) {
      auto [cond, t, f] = Branches(op->args[0], op->args[1], op->args[2]);
      bool same = cond.same_as(op->args[0]) && t.same_as(op->args[1]) && f.same_as(op->args[2]);
      r = same ? GetRef<PrimExpr>(op) : Call(op->dtype, op->op, {cond, t, f});
    } else {
      r = StmtExprMutator::VisitExpr_(op);
    }
    const CallNode* c = r.as<CallNode>();
    if (c && c->op == "tir.if_then_else" && c->args.size() == 3) {
      if (const int64_t* v = ConstInt(c->args[0])) return *v ? c->args[1] : c->args[2];
      // TVM's nested rule: if_then_else(c1, if_then_else(c2, t, e), e) -> if_then_else(c1 && c2,
      // t, e) for equal constants e
      const CallNode* inner = c->args[1].as<CallNode>();
      if (inner && inner->op == "tir.if_then_else" && inner->args.size() == 3 && SameConstant(inner->args[2], c->args[2]))
        return Call(c->dtype, "tir.if_then_else", {logical_and(c->args[0], inner->args[0]), inner->args[1], c->args[2]});
    }
    // TVM's ceil rules: of a constant, and ceil(log2(c)) (topi's ceil_log2) as a constant.
    if (c && c->op == "tir.ceil" && c->args.size() == 1 && c->dtype.is_float()) {
      const PrimExpr& x = c->args[0];
      if (const IntImmNode* i = x.as<IntImmNode>()) return cast(c->dtype, IntImm(i->dtype, i->value));
      if (const FloatImmNode* f = x.as<FloatImmNode>()) return FloatImm(c->dtype, std::ceil(f->value));
      const CallNode* log = x.as<CallNode>();
      if (log && log->op == "tir.log2" && log->args.size() == 1) {
        if (const FloatImmNode* f = log->args[0].as<FloatImmNode>())
          return FloatImm(c->dtype, std::ceil(std::log2(f->value)));
      }
    }
    // Shifts of constants fold (TVM's const folder for shift_left / shift_right).
    if (c && (c->op == "tir.shift_left" || c->op == "tir.shift_right") && c->args.size() == 2 &&
        c->dtype.is_scalar()) {
      const int64_t* x = ConstInt(c->args[0]);
      const int64_t* s = ConstInt(c->args[1]);
      if (x && s && *s >= 0 && *s < 63 && c->dtype.is_int()) {
        int64_t v = c->op == "tir.shift_left" ? static_cast<int64_t>(static_cast<uint64_t>(*x) << *s) : *x >> *s;
        int bits = c->dtype.bits();
        bool fits = bits >= 64 || (v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1)));
        if (fits && (c->op == "tir.shift_right" || (v >> *s) == *x)) return make_const(c->dtype, v);
      }
    }
    if (c && c->op == "tir.likely" && c->args.size() == 1) {
      if (ConstInt(c->args[0])) return c->args[0];
      if (std::optional<bool> m = Literal(c->args[0])) return BoolConst(*m);
    }
    return r;
  }

 private:
  // The condition and branches of an if_then_else or Select; under an analyzer the true value
  // is simplified where the condition holds and the false value where it fails (TVM's
  // IRMutatorWithAnalyzer): if_then_else(i < 8, A[min(i, 7)], A[max(i - 8, 0)]) ->
  // if_then_else(i < 8, A[i], A[i - 8]).
  std::array<PrimExpr, 3> Branches(const PrimExpr& cond, const PrimExpr& t, const PrimExpr& f) {
    std::array<PrimExpr, 3> r{VisitExpr(cond), PrimExpr(), PrimExpr()};
    if (!ctx_) return {r[0], VisitExpr(t), VisitExpr(f)};
    {
      ConstraintContext scope(ctx_, r[0]);
      r[1] = VisitExpr(t);
    }
    {
      ConstraintContext scope(ctx_, NormalizeBooleanOperators(Not(r[0])));
      r[2] = VisitExpr(f);
    }
    return r;
  }

  // Two numeric constants of one value (TVM's is_const_number and CanProve(a == b)).
  static bool SameConstant(const PrimExpr& a, const PrimExpr& b) {
    if (const int64_t* x = ConstInt(a))
      if (const int64_t* y = ConstInt(b)) return *x == *y;
    const FloatImmNode* x = a.as<FloatImmNode>();
    const FloatImmNode* y = b.as<FloatImmNode>();
    return x && y && x->value == y->value;
  }

  // TVM's rules for !x: !!x -> x, a negated comparison flips, De Morgan (then simplified).
  PrimExpr NotRules(const PrimExpr& r) {
    const NotNode* n = r.as<NotNode>();
    if (!n || n->dtype.lanes() != 1) return r;
    const PrimExpr& x = n->a;
    if (const NotNode* nn = x.as<NotNode>()) return nn->a;
    const BinaryNode* b = x.as<BinaryNode>();
    if (!b) return r;
    switch (x.kind()) {
      case Kind::kLE: return Binary(Kind::kLT, b->b, b->a);
      case Kind::kGE: return Binary(Kind::kLT, b->a, b->b);
      case Kind::kLT: return Binary(Kind::kLE, b->b, b->a);
      case Kind::kGT: return Binary(Kind::kLE, b->a, b->b);
      case Kind::kEQ: return Binary(Kind::kNE, b->a, b->b);
      case Kind::kNE: return Binary(Kind::kEQ, b->a, b->b);
      case Kind::kOr: return Again(Binary(Kind::kAnd, Not(b->a), Not(b->b)));
      case Kind::kAnd: return Again(Binary(Kind::kOr, Not(b->a), Not(b->b)));
      default: return r;
    }
  }

  // TVM's RewriteSimplifier rules for a && b and a || b (on scalars): contradictions and
  // tautologies between comparisons of the same operands or against constants, merged
  // comparisons, and chains associated to the left.
  PrimExpr BooleanRules(Kind k, const PrimExpr& r) {
    const BinaryNode* n = r.as<BinaryNode>();
    if (!n || n->dtype.lanes() != 1) return r;
    const PrimExpr &a = n->a, &b = n->b;
    const BinaryNode* x = a.as<BinaryNode>();
    const BinaryNode* y = b.as<BinaryNode>();
    auto same = [](const PrimExpr& p, const PrimExpr& q) { return ExprDeepEqual(p, q); };
    auto is = [](const PrimExpr& e, Kind kind) { return e.kind() == kind; };
    bool is_and = k == Kind::kAnd;
    // x && !x -> false, x || !x -> true
    if (const NotNode* nb = b.as<NotNode>(); nb && same(a, nb->a)) return BoolConst(!is_and);
    if (x && y) {
      // x == y && x != y -> false (either order); || -> true
      if (((is(a, Kind::kEQ) && is(b, Kind::kNE)) || (is(a, Kind::kNE) && is(b, Kind::kEQ))) && same(x->a, y->a) &&
          same(x->b, y->b))
        return BoolConst(!is_and);
      // x <= y && y < x -> false (either order); || -> true
      if (((is(a, Kind::kLE) && is(b, Kind::kLT)) || (is(a, Kind::kLT) && is(b, Kind::kLE))) && same(x->a, y->b) &&
          same(x->b, y->a))
        return BoolConst(!is_and);
      // Comparisons of one expression with constants: lo < x / lo <= x against x < hi / x <= hi.
      auto as_bound = [&](const BinaryNode* c, Kind kind, PrimExpr* var, int64_t* v, bool* upper, bool* strict) {
        if (kind != Kind::kLT && kind != Kind::kLE) return false;
        *strict = kind == Kind::kLT;
        if (const int64_t* cv = as_const_int(c->b); cv && !as_const_int(c->a)) {
          *var = c->a, *v = *cv, *upper = true;
          return true;
        }
        if (const int64_t* cv = as_const_int(c->a); cv && !as_const_int(c->b)) {
          *var = c->b, *v = *cv, *upper = false;
          return true;
        }
        return false;
      };
      PrimExpr va, vb;
      int64_t ca = 0, cb = 0;
      bool ua, ub, sa, sb;
      if (as_bound(x, a.kind(), &va, &ca, &ua, &sa) && as_bound(y, b.kind(), &vb, &cb, &ub, &sb) && ua != ub &&
          same(va, vb)) {
        int64_t hi = ua ? ca : cb, lo = ua ? cb : ca;  // x </<= hi, lo </<= x
        bool hi_strict = ua ? sa : sb, lo_strict = ua ? sb : sa;
        if (is_and) {
          // x < hi && lo < x: empty when lo + 1 >= hi; one strict: lo >= hi; none: lo > hi
          bool empty = hi_strict && lo_strict ? lo >= hi - 1 : hi_strict || lo_strict ? lo >= hi : lo > hi;
          if (empty) return BoolConst(false);
        } else {
          // x < hi || lo < x covers everything when lo < hi; one strict: lo <= hi; none: lo <= hi + 1
          bool all = hi_strict && lo_strict ? lo < hi : hi_strict || lo_strict ? lo <= hi : lo <= hi + 1;
          if (all) return BoolConst(true);
        }
      }
      // x == c1 && x == c2 -> x == c1 && c1 == c2;  x == c1 && x != c2 -> x == c1 && c1 != c2
      // x != c1 || x != c2 -> x != c1 || c1 != c2;  x != c1 || x == c2 -> x != c1 || c1 == c2
      const int64_t* c1 = as_const_int(x->b);
      const int64_t* c2 = as_const_int(y->b);
      if (c1 && c2 && same(x->a, y->a) && x->a.dtype() == y->a.dtype()) {
        if (is_and && is(a, Kind::kEQ) && is(b, Kind::kEQ)) return logical_and(a, eq(x->b, y->b));
        if (is_and && is(a, Kind::kEQ) && is(b, Kind::kNE)) return logical_and(a, ne(x->b, y->b));
        if (is_and && is(a, Kind::kNE) && is(b, Kind::kEQ)) return logical_and(b, ne(y->b, x->b));
        if (!is_and && is(a, Kind::kNE) && is(b, Kind::kNE)) return logical_or(a, ne(x->b, y->b));
        if (!is_and && is(a, Kind::kNE) && is(b, Kind::kEQ)) return logical_or(a, eq(x->b, y->b));
        if (!is_and && is(a, Kind::kEQ) && is(b, Kind::kNE)) return logical_or(b, eq(y->b, x->b));
      }
      if (!is_and) {
        // x < y || y < x -> x != y;  x < y || x == y (any order, either side of ==) -> x <= y
        if (is(a, Kind::kLT) && is(b, Kind::kLT) && same(x->a, y->b) && same(x->b, y->a)) return ne(x->a, x->b);
        const BinaryNode* lt = is(a, Kind::kLT) ? x : is(b, Kind::kLT) ? y : nullptr;
        const BinaryNode* eqn = is(a, Kind::kEQ) ? x : is(b, Kind::kEQ) ? y : nullptr;
        if (lt && eqn && ((same(lt->a, eqn->a) && same(lt->b, eqn->b)) || (same(lt->a, eqn->b) && same(lt->b, eqn->a))))
          return Again(Binary(Kind::kLE, lt->a, lt->b));
      }
    }
    // A quotient and a remainder of one value compared under && (then simplified again).
    if (is_and) {
      if (std::optional<PrimExpr> j = RewriteDivModAnd(a, b)) return Again(*j);
    }
    // x && (y && z) -> (x && y) && z (and the same for ||), then simplified again
    if (y && b.kind() == k) return Again(Binary(k, Binary(k, a, y->a), y->b));
    return r;
  }

  // TVM's TryMatchLiteralConstraint.
  std::optional<bool> Literal(const PrimExpr& e) const {
    if (!ctx_ || ctx_->literal_constraints().empty()) return std::nullopt;
    PrimExpr negation = Not(e);
    for (const PrimExpr& c : ctx_->literal_constraints()) {
      if (ExprDeepEqual(c, e)) return true;
      if (ExprDeepEqual(c, negation)) return false;
    }
    return std::nullopt;
  }

  // a OP b for OP in ==, !=, <, <=: under an analyzer, the literal constraints and what the
  // known comparisons prove together with the bounds (TVM's TryCompare) come first.
  PrimExpr Compare(Kind k, const PrimExpr& a, const PrimExpr& b) {
    if (ctx_) {
      PrimExpr folded = k == Kind::kEQ ? eq(a, b) : k == Kind::kNE ? ne(a, b) : k == Kind::kLT ? lt(a, b) : le(a, b);
      if (as_const_int(folded)) return folded;
      if (std::optional<bool> m = Literal(folded)) return BoolConst(*m);
      if (IsIntType(a) && a.dtype() == b.dtype()) {
        CompareResult known = ctx_->comparisons().TryCompare(a, b, ext_ & kTransitivelyProveInequalities);
        if (known != CompareResult::kUnknown) {
          CompareResult r = BoundCompare(a, b) & known;
          auto in = [r](std::initializer_list<CompareResult> set) {
            return std::find(set.begin(), set.end(), r) != set.end();
          };
          using C = CompareResult;
          switch (k) {
            case Kind::kEQ:
              if (r == C::kEQ) return BoolConst(true);
              if (in({C::kNE, C::kGT, C::kLT})) return BoolConst(false);
              break;
            case Kind::kNE:
              if (in({C::kNE, C::kGT, C::kLT})) return BoolConst(true);
              if (r == C::kEQ) return BoolConst(false);
              if (r == C::kGE) return SimplifyCompare(Kind::kLT, b, a);
              if (r == C::kLE) return SimplifyCompare(Kind::kLT, a, b);
              break;
            case Kind::kLT:
              if (r == C::kLT) return BoolConst(true);
              if (in({C::kEQ, C::kGT, C::kGE})) return BoolConst(false);
              break;
            default:  // kLE
              if (in({C::kLE, C::kLT, C::kEQ})) return BoolConst(true);
              if (r == C::kGT) return BoolConst(false);
              if (r == C::kNE) return SimplifyCompare(Kind::kLT, a, b);
              if (r == C::kGE) return SimplifyEqual(a, b);
              break;
          }
        }
      }
    }
    // TVM's TryCompare(a - b, 0) by modular sets: a difference that is never a multiple of
    // its step's zero (x * 3 + 10 is 3k + 1) is never 0.
    if ((k == Kind::kEQ || k == Kind::kNE) && IsIntType(a) && a.dtype() == b.dtype()) {
      ModularSet m = ModularSetOf(Binary(Kind::kSub, a, b));
      if (m.coeff > 0 && m.base != 0) return BoolConst(k == Kind::kNE);
    }
    switch (k) {
      case Kind::kEQ: return SimplifyEqual(a, b);
      case Kind::kNE: return SimplifyNotEqual(a, b);
      default: break;
    }
    // TVM's rules for a < b once the bounds do not decide it (a <= b is !(b < a)); the
    // rewritten comparison is simplified again.
    PrimExpr folded = SimplifyCompare(k, a, b);
    if (IsIntType(a) && a.dtype() == b.dtype() && !as_const_int(folded)) {
      std::optional<PrimExpr> r = k == Kind::kLT ? RewriteLessThan(a, b) : RewriteLessThan(b, a);
      if (r) return Again(k == Kind::kLT ? *r : NormalizeBooleanOperators(Not(*r)));
    }
    return folded;
  }

  // a && b, a || b: folding, then (under an analyzer) the literal constraints and the
  // AND-of-ORs form when enabled.
  PrimExpr Boolean(Kind k, const PrimExpr& a, const PrimExpr& b) {
    PrimExpr r = k == Kind::kAnd ? logical_and(a, b) : logical_or(a, b);
    if (r.kind() != k) return r;
    if (std::optional<bool> m = Literal(r)) return BoolConst(*m);
    if (ctx_ && (ext_ & kConvertBooleanToAndOfOrs)) return SimplifyAsAndOfOrs(r, ctx_, ext_);
    return BooleanRules(k, r);
  }

  // TVM's kApplyConstraintsToBooleanBranches: each side of a && b is simplified assuming the
  // other holds (of a || b: assuming the other fails), alternating until neither changes.
  PrimExpr BranchesUnderEachOther(const BinaryNode* op) {
    bool is_and = op->kind() == Kind::kAnd;
    PrimExpr a = op->a, b = op->b;
    size_t unchanged = 0;
    for (size_t i = 0; i < 4 && unchanged < 2; ++i) {
      PrimExpr& to_update = i % 2 == 0 ? a : b;
      const PrimExpr& other = i % 2 == 0 ? b : a;
      ConstraintContext ctx(ctx_, is_and ? other : NormalizeBooleanOperators(Not(other)));
      PrimExpr updated = VisitExpr(to_update);
      if (updated.same_as(to_update)) {
        ++unchanged;
      } else {
        to_update = updated;
        unchanged = 0;
      }
    }
    return Boolean(op->kind(), a, b);
  }

  static constexpr int kMaxRecurDepth = 5;  // TVM's RewriteSimplifier::kMaxRecurDepth
  const Analyzer* ctx_;
  unsigned ext_;
  bool tvm_rules_;  // TVM's rewrite_simplify alone: no canonical form of + - * results
  int depth_ = 0;
  bool sum_rules_ = false;
};

// TVM's SimplifyAsAndOfOrs: the expression as AND of OR groups of distinct terms, pairs of terms
// simplified within a group (as a || b) and across single-term or nearly equal groups (as
// a && b, under the shared terms' negations), groups made true or false dropped.
class AndOfOrs {
 public:
  AndOfOrs(const PrimExpr& expr, const Analyzer* ctx, unsigned extensions)
      : ctx_(ctx), ext_(extensions), true_(Key(BoolConst(true))), false_(Key(BoolConst(false))) {
    Terms(Kind::kAnd, expr, [&](const PrimExpr& group) {
      std::vector<int> terms;
      Terms(Kind::kOr, group, [&](const PrimExpr& term) {
        int key = Key(term);
        if (std::find(terms.begin(), terms.end(), key) == terms.end()) terms.push_back(key);
      });
      for (const std::vector<int>& prev : groups_)
        if (prev.size() == terms.size() && std::is_permutation(prev.begin(), prev.end(), terms.begin())) return;
      groups_.push_back(std::move(terms));
    });
  }

  PrimExpr Simplify() {
    for (std::vector<int>& group : groups_)
      for (size_t i = 0; i < group.size(); ++i)
        for (size_t j = i + 1; j < group.size(); ++j) TryPair(Kind::kOr, &group[i], &group[j]);
    RemoveTrueFalse();
    AcrossGroups();
    RemoveTrueFalse();
    PrimExpr out = BoolConst(true);
    for (const std::vector<int>& group : groups_) {
      PrimExpr g = BoolConst(false);
      for (int k : group) g = logical_or(g, exprs_[k]);
      out = logical_and(out, g);
    }
    return out;
  }

 private:
  using Callback = std::function<void(const PrimExpr&)>;
  // The `outer` terms of e (outer && or ||), distributing the other operator over it: the AND
  // terms of (a && b) || c are (a || c) and (b || c).
  static void Terms(Kind outer, const PrimExpr& e, const Callback& f) {
    support::CheckStack("TIR expression or statement");  // recursion follows the nesting
    Kind inner = outer == Kind::kAnd ? Kind::kOr : Kind::kAnd;
    const BinaryNode* b = e.as<BinaryNode>();
    if (b && e.kind() == outer) {
      Terms(outer, b->a, f);
      Terms(outer, b->b, f);
    } else if (b && e.kind() == inner) {
      Terms(outer, b->a, [&](const PrimExpr& x) {
        Terms(outer, b->b, [&](const PrimExpr& y) { f(Binary(inner, x, y)); });
      });
    } else {
      f(e);
    }
  }

  int Key(const PrimExpr& e) {
    for (size_t i = 0; i < exprs_.size(); ++i)
      if (exprs_[i].dtype() == e.dtype() && ExprDeepEqual(exprs_[i], e)) return static_cast<int>(i);
    exprs_.push_back(e);
    return static_cast<int>(exprs_.size()) - 1;
  }

  // a OP b simplified (without the AND-of-ORs form): both keys replaced by its two sides, or by
  // the neutral element and the result when it is no longer an OP.
  void TryPair(Kind k, int* a, int* b) {
    PrimExpr joint = Binary(k, exprs_[*a], exprs_[*b]);
    PrimExpr s = Simplifier(ctx_, ext_ & ~kConvertBooleanToAndOfOrs).VisitExpr(joint);
    if (ExprDeepEqual(s, joint)) return;
    if (s.kind() == k) {
      const BinaryNode* n = s.as<BinaryNode>();
      *a = Key(n->a);
      *b = Key(n->b);
    } else {
      *a = k == Kind::kOr ? false_ : true_;
      *b = Key(s);
    }
  }

  void AcrossGroups() {
    for (size_t i = 0; i < groups_.size(); ++i) {
      for (size_t j = i + 1; j < groups_.size(); ++j) {
        std::vector<int>& gi = groups_[i];
        std::vector<int>& gj = groups_[j];
        if (gi.size() == 1 && gj.size() == 1) {
          TryPair(Kind::kAnd, &gi[0], &gj[0]);
          continue;
        }
        auto distinct = [](const std::vector<int>& x, const std::vector<int>& y) -> std::optional<size_t> {
          for (size_t n = 0; n < x.size(); ++n)
            if (std::find(y.begin(), y.end(), x[n]) == y.end()) return n;
          return std::nullopt;
        };
        std::optional<size_t> di = distinct(gi, gj);
        if (!di) {  // gi's terms all in gj: gj is implied
          gj = {true_};
          continue;
        }
        std::optional<size_t> dj = distinct(gj, gi);
        if (!dj) {
          gi = {true_};
          continue;
        }
        if (gi.size() != gj.size()) continue;
        size_t shared = 0;
        for (int key : gj) shared += std::count(gi.begin(), gi.end(), key) ? 1 : 0;
        if (shared + 1 != gi.size()) continue;
        // (A || x) && (A || y) == A || (x && y): simplify x && y knowing A is false.
        PrimExpr known = BoolConst(true);
        Simplifier plain(ctx_, ext_ & ~kConvertBooleanToAndOfOrs);
        for (size_t n = 0; n < gi.size(); ++n)
          if (n != *di) known = logical_and(known, plain.VisitExpr(logical_not(exprs_[gi[n]])));
        ConstraintContext scope(ctx_, known);
        TryPair(Kind::kAnd, &gi[*di], &gj[*dj]);
      }
    }
  }

  void RemoveTrueFalse() {
    for (std::vector<int>& group : groups_) {
      if (std::count(group.begin(), group.end(), true_)) {
        group = {true_};
      } else {
        group.erase(std::remove(group.begin(), group.end(), false_), group.end());
      }
    }
    if (std::any_of(groups_.begin(), groups_.end(), [](const std::vector<int>& g) { return g.empty(); })) {
      groups_ = {{}};
    } else {
      groups_.erase(std::remove_if(groups_.begin(), groups_.end(),
                                   [&](const std::vector<int>& g) { return g.size() == 1 && g[0] == true_; }),
                    groups_.end());
    }
  }

  const Analyzer* ctx_;
  unsigned ext_;
  std::vector<PrimExpr> exprs_;  // index = key
  int true_, false_;
  std::vector<std::vector<int>> groups_;
};

PrimExpr SimplifyAsAndOfOrs(const PrimExpr& expr, const Analyzer* ctx, unsigned extensions) {
  unsigned inner = extensions & ~kConvertBooleanToAndOfOrs;
  return AndOfOrs(Simplifier(ctx, inner).VisitExpr(expr), ctx, inner).Simplify();
}

}  // namespace

PrimExpr Simplify(const PrimExpr& expr) { return Simplifier(nullptr, kNoExtension).VisitExpr(expr); }

PrimExpr SimplifyIn(const PrimExpr& expr, const Analyzer* analyzer, bool sum_rules, bool tvm_rules) {
  unsigned ext = analyzer ? analyzer->enabled_extensions() : kNoExtension;
  Simplifier s(analyzer, ext | (tvm_rules ? kTvmRewriteRulesOnly : 0));
  s.set_sum_rules(sum_rules);
  return s.VisitExpr(expr);
}

PrimExpr NormalizeBooleanOperators(PrimExpr e) {
  support::CheckStack("TIR expression or statement");  // recursion follows the nesting
  while (true) {
    const NotNode* n = e.as<NotNode>();
    const BinaryNode* b = e.as<BinaryNode>();
    if (n) {
      const PrimExpr& x = n->a;
      const BinaryNode* inner = x.as<BinaryNode>();
      if (const NotNode* nn = x.as<NotNode>()) {
        e = nn->a;
        continue;
      }
      if (!inner) return e;
      switch (x.kind()) {
        case Kind::kOr:
          return Binary(Kind::kAnd, NormalizeBooleanOperators(Not(inner->a)), NormalizeBooleanOperators(Not(inner->b)));
        case Kind::kAnd:
          return Binary(Kind::kOr, NormalizeBooleanOperators(Not(inner->a)), NormalizeBooleanOperators(Not(inner->b)));
        case Kind::kLT: return Binary(Kind::kLE, inner->b, inner->a);  // !(x < y): y <= x
        case Kind::kGT: return Binary(Kind::kLE, inner->a, inner->b);  // !(x > y): x <= y
        case Kind::kLE: return Binary(Kind::kLT, inner->b, inner->a);  // !(x <= y): y < x
        case Kind::kGE: return Binary(Kind::kLT, inner->a, inner->b);  // !(x >= y): x < y
        case Kind::kEQ: return Binary(Kind::kNE, inner->a, inner->b);
        case Kind::kNE: return Binary(Kind::kEQ, inner->a, inner->b);
        default: return e;
      }
    }
    if (b && e.kind() == Kind::kGE) return Binary(Kind::kLE, b->b, b->a);
    if (b && e.kind() == Kind::kGT) return Binary(Kind::kLT, b->b, b->a);
    return e;
  }
}

}  // namespace arith
}  // namespace tirgen
