// Interval arithmetic for the allocation passes (see interval.h).
#include "tirgen/tir/analysis/interval.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/analysis/block_access_region.h"
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
  const int64_t* d = as_const_int(arith::Simplify(sub(b, a)));
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

Range CoverRange(const Interval& iv, const Range& whole) {
  if (iv.IsPoint()) return Range(iv.min, make_const(iv.min.dtype(), 1));
  if (!iv.IsBounded()) return whole;
  PrimExpr extent = Simp(add(sub(iv.max, iv.min), make_const(iv.min.dtype(), 1)));
  return Range(iv.min, extent);
}

}  // namespace tir
}  // namespace tirgen
