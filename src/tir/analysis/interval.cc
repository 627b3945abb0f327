// Interval arithmetic for the allocation passes (see interval.h).
#include "tirgen/tir/analysis/interval.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {

namespace {

class UsesVarVisitor : public StmtExprVisitor {
 public:
  explicit UsesVarVisitor(const VarDomain& dom) : dom_(dom) {}
  using StmtExprVisitor::VisitExpr;
  void VisitExpr_(const VarNode* op) override { found = found || dom_.count(op) > 0; }
  bool found = false;

 private:
  const VarDomain& dom_;
};

PrimExpr Simp(const PrimExpr& e) { return e.defined() ? arith::Simplify(e) : e; }

// Saturating constant interval arithmetic.
struct CB {
  int64_t lo, hi;
};
constexpr int64_t kInf = std::numeric_limits<int64_t>::max() / 4;

std::optional<CB> Bounds(const PrimExpr& e, const VarDomain& dom) {
  if (const int64_t* c = as_const_int(e)) return CB{*c, *c};
  if (const VarNode* v = e.as<VarNode>()) {
    auto it = dom.find(v);
    if (it == dom.end()) return std::nullopt;
    auto mn = Bounds(it->second->min, dom), ex = Bounds(it->second->extent, dom);
    if (!mn || !ex) return std::nullopt;
    return CB{mn->lo, mn->hi + ex->hi - 1};
  }
  if (const CastNode* c = e.as<CastNode>()) {
    if (!c->dtype.is_int() && !c->dtype.is_uint()) return std::nullopt;
    return Bounds(c->value, dom);
  }
  const BinaryNode* b = e.as<BinaryNode>();
  if (!b) return std::nullopt;
  auto x = Bounds(b->a, dom), y = Bounds(b->b, dom);
  if (!x || !y) return std::nullopt;
  switch (e.kind()) {
    case Kind::kAdd: return CB{x->lo + y->lo, x->hi + y->hi};
    case Kind::kSub: return CB{x->lo - y->hi, x->hi - y->lo};
    case Kind::kMul: {
      if (std::max({std::abs(x->lo), std::abs(x->hi), std::abs(y->lo), std::abs(y->hi)}) > (1 << 30))
        return std::nullopt;
      int64_t p[4] = {x->lo * y->lo, x->lo * y->hi, x->hi * y->lo, x->hi * y->hi};
      return CB{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
    }
    case Kind::kFloorDiv:
      if (y->lo == y->hi && y->lo > 0) {
        auto fd = [&](int64_t a) { return a >= 0 ? a / y->lo : -((-a + y->lo - 1) / y->lo); };
        return CB{fd(x->lo), fd(x->hi)};
      }
      return std::nullopt;
    case Kind::kFloorMod:
      if (y->lo == y->hi && y->lo > 0) return CB{0, y->lo - 1};
      return std::nullopt;
    case Kind::kMin: return CB{std::min(x->lo, y->lo), std::min(x->hi, y->hi)};
    case Kind::kMax: return CB{std::max(x->lo, y->lo), std::max(x->hi, y->hi)};
    default: return std::nullopt;
  }
}

}  // namespace

bool Interval::IsPoint() const { return IsBounded() && ExprDeepEqual(min, max); }

bool UsesVarIn(const PrimExpr& expr, const VarDomain& dom) {
  if (dom.empty()) return false;
  UsesVarVisitor v(dom);
  v.VisitExpr(expr);
  return v.found;
}

bool ConstBounds(const PrimExpr& expr, const VarDomain& dom, int64_t* lo, int64_t* hi) {
  auto b = Bounds(expr, dom);
  if (!b || b->lo <= -kInf || b->hi >= kInf) return false;
  *lo = b->lo;
  *hi = b->hi;
  return true;
}

Interval EvalInterval(const PrimExpr& expr, const VarDomain& dom) {
  if (!UsesVarIn(expr, dom)) return Interval::Point(expr);
  if (const VarNode* v = expr.as<VarNode>()) {
    const Range& r = dom.at(v);
    return Interval{r->min, Simp(sub(add(r->min, r->extent), make_const(r->extent.dtype(), 1)))};
  }
  if (const CastNode* c = expr.as<CastNode>()) {
    Interval x = EvalInterval(c->value, dom);
    if (!x.IsBounded() || !(c->dtype.is_int() || c->dtype.is_uint())) return Interval::Everything();
    return Interval{cast(c->dtype, x.min), cast(c->dtype, x.max)};
  }
  const BinaryNode* b = expr.as<BinaryNode>();
  if (!b) return Interval::Everything();
  Interval x = EvalInterval(b->a, dom), y = EvalInterval(b->b, dom);
  if (!x.IsBounded() || !y.IsBounded()) return Interval::Everything();
  switch (expr.kind()) {
    case Kind::kAdd: return Interval{Simp(add(x.min, y.min)), Simp(add(x.max, y.max))};
    case Kind::kSub: return Interval{Simp(sub(x.min, y.max)), Simp(sub(x.max, y.min))};
    case Kind::kMul: {
      const int64_t* c = y.IsPoint() ? as_const_int(y.min) : nullptr;
      if (!c) {
        if (x.IsPoint() && as_const_int(x.min)) std::swap(x, y), c = as_const_int(y.min);
      }
      if (!c) return Interval::Everything();
      if (*c >= 0) return Interval{Simp(mul(x.min, y.min)), Simp(mul(x.max, y.min))};
      return Interval{Simp(mul(x.max, y.min)), Simp(mul(x.min, y.min))};
    }
    case Kind::kFloorDiv: {
      const int64_t* c = y.IsPoint() ? as_const_int(y.min) : nullptr;
      if (!c || *c <= 0) return Interval::Everything();
      return Interval{Simp(floordiv(x.min, y.min)), Simp(floordiv(x.max, y.min))};
    }
    case Kind::kFloorMod: {
      const int64_t* c = y.IsPoint() ? as_const_int(y.min) : nullptr;
      if (!c || *c <= 0) return Interval::Everything();
      return Interval{make_const(expr.dtype(), 0), make_const(expr.dtype(), *c - 1)};
    }
    case Kind::kMin: return Interval{Simp(min(x.min, y.min)), Simp(min(x.max, y.max))};
    case Kind::kMax: return Interval{Simp(max(x.min, y.min)), Simp(max(x.max, y.max))};
    default: return Interval::Everything();
  }
}

namespace {
// The smaller (pick_min) or larger of two bounds: exact when their difference is constant.
PrimExpr PickBound(const PrimExpr& a, const PrimExpr& b, bool pick_min) {
  if (ExprDeepEqual(a, b)) return a;
  // Keep the difference alive: as_const_int points into it (a temporary here was read after
  // it was freed; ASan found it).
  PrimExpr diff = arith::Simplify(sub(b, a));
  const int64_t* d = as_const_int(diff);
  if (d) return (*d < 0) == pick_min ? b : a;
  return Simp(pick_min ? min(a, b) : max(a, b));
}
}  // namespace

Interval UnionInterval(const Interval& a, const Interval& b) {
  if (!a.IsBounded() || !b.IsBounded()) return Interval::Everything();
  return Interval{PickBound(a.min, b.min, true), PickBound(a.max, b.max, false)};
}

PrimExpr SimplifyWithBounds(const PrimExpr& expr, const VarDomain& dom) {
  class MinMaxPruner : public StmtExprMutator {
   public:
    explicit MinMaxPruner(const VarDomain& dom) : dom_(dom) {}
    using StmtExprMutator::VisitExpr;
    PrimExpr VisitExpr_(const BinaryNode* op) override {
      PrimExpr e = StmtExprMutator::VisitExpr_(op);
      const BinaryNode* b = e.as<BinaryNode>();
      if (!b || (e.kind() != Kind::kMin && e.kind() != Kind::kMax)) return e;
      int64_t lo, hi;
      if (!ConstBounds(sub(b->a, b->b), dom_, &lo, &hi)) return e;
      bool a_smaller = hi <= 0, b_smaller = lo >= 0;
      if (e.kind() == Kind::kMin) {
        if (a_smaller) return b->a;
        if (b_smaller) return b->b;
      } else {
        if (a_smaller) return b->b;
        if (b_smaller) return b->a;
      }
      return e;
    }

   private:
    const VarDomain& dom_;
  };
  if (!expr.defined()) return expr;
  return arith::Simplify(MinMaxPruner(dom).VisitExpr(arith::Simplify(expr)));
}

namespace {

// Comparisons `a op b` that must hold, op one of LT LE GT GE EQ (negations folded in).
void Conjuncts(const PrimExpr& e, bool negate, std::vector<std::pair<Kind, std::pair<PrimExpr, PrimExpr>>>* out) {
  if (const CallNode* c = e.as<CallNode>()) {
    if (c->op == "tir.likely" && c->args.size() == 1) Conjuncts(c->args[0], negate, out);
    return;
  }
  if (const NotNode* n = e.as<NotNode>()) return Conjuncts(n->a, !negate, out);
  const BinaryNode* b = e.as<BinaryNode>();
  if (!b) return;
  Kind k = e.kind();
  if ((k == Kind::kAnd && !negate) || (k == Kind::kOr && negate)) {
    Conjuncts(b->a, negate, out);
    Conjuncts(b->b, negate, out);
    return;
  }
  if (!IsCompareKind(k) || !(b->a.dtype().is_int() || b->a.dtype().is_uint())) return;
  if (negate) {
    switch (k) {
      case Kind::kLT: k = Kind::kGE; break;
      case Kind::kLE: k = Kind::kGT; break;
      case Kind::kGT: k = Kind::kLE; break;
      case Kind::kGE: k = Kind::kLT; break;
      case Kind::kNE: k = Kind::kEQ; break;
      default: return;
    }
  } else if (k == Kind::kNE) {
    return;
  }
  out->push_back({k, {b->a, b->b}});
}

Kind Flip(Kind k) {
  switch (k) {
    case Kind::kLT: return Kind::kGT;
    case Kind::kLE: return Kind::kGE;
    case Kind::kGT: return Kind::kLT;
    case Kind::kGE: return Kind::kLE;
    default: return k;
  }
}

}  // namespace

VarDomain NarrowDomain(const PrimExpr& cond, const VarDomain& dom) {
  std::vector<std::pair<Kind, std::pair<PrimExpr, PrimExpr>>> facts;
  Conjuncts(cond, false, &facts);
  VarDomain out = dom;
  for (const auto& f : facts) {
    PrimExpr e = sub(f.second.first, f.second.second);  // e op 0
    for (auto& kv : out) {
      const int64_t* dmin = as_const_int(kv.second->min);
      const int64_t* dext = as_const_int(kv.second->extent);
      if (!dmin || !dext) continue;
      PrimExpr v = GetRef<PrimExpr>(kv.first);
      VarDomain self{{kv.first, kv.second}};
      // e = v + r  (v op -r)   or   e = r - v  (v flip(op) r)
      Kind op = f.first;
      PrimExpr bound;
      PrimExpr r = arith::Simplify(sub(e, v));
      if (!UsesVarIn(r, self)) {
        bound = arith::Simplify(sub(make_const(r.dtype(), 0), r));
      } else {
        r = arith::Simplify(add(e, v));
        if (UsesVarIn(r, self)) continue;
        bound = r;
        op = Flip(op);
      }
      VarDomain others = out;
      others.erase(kv.first);
      int64_t lo, hi;
      if (!ConstBounds(bound, others, &lo, &hi)) continue;
      int64_t new_lo = *dmin, new_hi = *dmin + *dext - 1;
      switch (op) {
        case Kind::kLT: new_hi = std::min(new_hi, hi - 1); break;
        case Kind::kLE: new_hi = std::min(new_hi, hi); break;
        case Kind::kGT: new_lo = std::max(new_lo, lo + 1); break;
        case Kind::kGE: new_lo = std::max(new_lo, lo); break;
        case Kind::kEQ: new_lo = std::max(new_lo, lo); new_hi = std::min(new_hi, hi); break;
        default: break;
      }
      if (new_lo > new_hi || (new_lo == *dmin && new_hi == *dmin + *dext - 1)) continue;
      DataType t = kv.second->min.dtype();
      kv.second = Range(make_const(t, new_lo), make_const(kv.second->extent.dtype(), new_hi - new_lo + 1));
    }
  }
  return out;
}

Range CoverRange(const Interval& iv, const Range& whole) {
  if (iv.IsPoint()) return Range(iv.min, make_const(iv.min.dtype(), 1));
  if (!iv.IsBounded()) return whole;
  PrimExpr extent = Simp(add(sub(iv.max, iv.min), make_const(iv.min.dtype(), 1)));
  return Range(iv.min, extent);
}

}  // namespace tir
}  // namespace tirgen
