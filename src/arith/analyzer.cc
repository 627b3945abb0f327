// Analyzer: variable ranges + the rewrite and canonical simplifiers (see analyzer.h).
#include "tirgen/arith/analyzer.h"

#include <algorithm>
#include <limits>

#include "canonical.h"
#include "rewrite_simplify.h"
#include "tirgen/arith/simplify.h"
#include "tirgen/arith/analyzer_testing.h"
#include "transitive_comparison.h"
#include "tirgen/tir/call_effect.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {
bool LookupThunk(const void* ctx, const VarNode* var, IntBound* out) {
  ConstBound b;
  if (!static_cast<const Analyzer*>(ctx)->VarBound(var, &b)) return false;
  *out = {b.min, b.max};
  return true;
}

constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();
constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();


// TVM's ConstIntBoundAnalyzer::DetectBoundInfo, for variables: `c <= x`, `x < c`, `x == c` ...
void ConstraintBounds(const PrimExpr& constraint, std::vector<std::pair<const VarNode*, ConstBound>>* out) {
  for (const PrimExpr& p : Conjuncts(constraint)) {
    const BinaryNode* b = p.as<BinaryNode>();
    if (!b || !IsCompareKind(p.kind())) continue;
    const VarNode* x = b->a.as<VarNode>();
    const int64_t* c = as_const_int(b->b);
    Kind k = p.kind();
    if (!x || !c) {  // c OP x: read as x OP' c
      x = b->b.as<VarNode>();
      c = as_const_int(b->a);
      if (!x || !c) continue;
      switch (k) {
        case Kind::kLT: k = Kind::kGT; break;
        case Kind::kLE: k = Kind::kGE; break;
        case Kind::kGT: k = Kind::kLT; break;
        case Kind::kGE: k = Kind::kLE; break;
        default: break;
      }
    }
    if (!x->dtype.is_int() && !x->dtype.is_uint()) continue;
    switch (k) {
      case Kind::kGE: out->push_back({x, {*c, kPosInf}}); break;
      case Kind::kGT: if (*c < kPosInf) out->push_back({x, {*c + 1, kPosInf}}); break;
      case Kind::kLE: out->push_back({x, {kNegInf, *c}}); break;
      case Kind::kLT: if (*c > kNegInf) out->push_back({x, {kNegInf, *c - 1}}); break;
      case Kind::kEQ: out->push_back({x, {*c, *c}}); break;
      default: break;
    }
  }
}

class BoundSubstituter : public StmtExprMutator {
 public:
  explicit BoundSubstituter(const std::unordered_map<const Object*, PrimExpr>& m) : m_(m) {}
  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = m_.find(op);
    if (it == m_.end()) return GetRef<PrimExpr>(op);
    return cast(op->dtype, it->second);
  }

 private:
  const std::unordered_map<const Object*, PrimExpr>& m_;
};
}  // namespace

Analyzer::Analyzer() : comparisons_(std::make_unique<TransitiveComparisons>()) {}
Analyzer::~Analyzer() = default;

size_t TransitiveKeyComparisons(const Analyzer& analyzer) { return analyzer.comparisons().key_comparisons(); }

void Analyzer::Bind(const Var& var, const Range& range) {
  keep_alive_.push_back(var);
  if (var.dtype().is_int()) comparisons_->Bind(var, range);
  if (is_one(range->extent)) {
    values_[var.get()] = range->min;
    return;
  }
  ConstBound lo = Bound(range->min), ext = Bound(range->extent);
  ConstBound b{lo.min, std::numeric_limits<int64_t>::max()};
  if (lo.max != std::numeric_limits<int64_t>::max() &&
      ext.max != std::numeric_limits<int64_t>::max())
    b.max = lo.max + ext.max - 1;
  bounds_[var.get()] = b;
}

void Analyzer::Bind(const Var& var, const PrimExpr& value) {
  keep_alive_.push_back(var);
  values_[var.get()] = value;
}

bool Analyzer::VarBound(const VarNode* var, ConstBound* out) const {
  bool known = true;
  if (auto it = bounds_.find(var); it != bounds_.end()) {
    *out = it->second;
  } else if (auto v = values_.find(var); v != values_.end()) {
    *out = Bound(v->second);
  } else if (var->kind() == Kind::kSizeVar) {
    *out = {0, kPosInf};
  } else {
    *out = {kNegInf, kPosInf};
    known = false;
  }
  for (const auto& [v, b] : constraint_bounds_) {
    if (v != var) continue;
    out->min = std::max(out->min, b.min);
    out->max = std::min(out->max, b.max);
    known = true;
  }
  return known;
}

void Analyzer::MarkGlobalNonNegValue(const PrimExpr& value) {
  // value = symbol * scale + offset, with constant scale and offset
  PrimExpr e = arith::Simplify(value);
  int64_t offset = 0;
  if (const BinaryNode* b = e.as<BinaryNode>()) {
    if (const int64_t* c = as_const_int(b->b)) {
      if (e.kind() == Kind::kAdd) { offset = *c; e = b->a; }
      else if (e.kind() == Kind::kSub) { offset = -*c; e = b->a; }
    }
  }
  int64_t scale = 1;
  while (e.kind() == Kind::kMul) {
    const BinaryNode* m = e.as<BinaryNode>();
    const int64_t* c = as_const_int(m->b);
    if (!c) return;
    scale *= *c;
    e = m->a;
  }
  const VarNode* var = e.as<VarNode>();
  if (!var || scale <= 0 || !var->dtype.is_int() || var->dtype.lanes() != 1) return;
  if (offset == kNegInf) return;
  keep_alive_.push_back(GetRef<Var>(var));
  ConstBound b{-offset, kPosInf};
  if (auto it = bounds_.find(var); it != bounds_.end()) b.max = it->second.max;
  bounds_[var] = b;
}

ConstraintContext::ConstraintContext(const Analyzer* analyzer, const PrimExpr& constraint)
    : analyzer_(analyzer),
      literals_(analyzer->literals_.size()),
      bounds_(analyzer->constraint_bounds_.size()),
      comparisons_(analyzer->comparisons_->ScopedSize()) {
  // In TVM's order: bounds first, then the literals (simplified under those bounds), then the
  // comparisons (of the constraint as written).
  ConstraintBounds(constraint, &analyzer->constraint_bounds_);
  for (const PrimExpr& p : Conjuncts(analyzer->Simplify(constraint))) {
    if (SideEffect(p) > CallEffectKind::kPure) continue;
    analyzer->literals_.push_back(p);
    PrimExpr negation = p.dtype().is_bool() ? NormalizeBooleanOperators(Not(p))
                                            : PrimExpr(Binary(Kind::kEQ, p, make_const(p.dtype(), 0)));
    analyzer->literals_.push_back(Not(negation));
  }
  analyzer->comparisons_->EnterConstraint(constraint);
}

ConstraintContext::~ConstraintContext() {
  analyzer_->literals_.resize(literals_);
  analyzer_->constraint_bounds_.resize(bounds_);
  analyzer_->comparisons_->ExitConstraints(comparisons_);
}

ConstBound Analyzer::Bound(const PrimExpr& expr) const {
  VarBoundScope scope(&LookupThunk, this);
  IntBound b = ConstIntBound(expr);
  return {b.min, b.max};
}

PrimExpr Analyzer::CanonicalSimplify(const PrimExpr& expr) const {
  VarBoundScope scope(&LookupThunk, this);
  // TVM's canonical simplifier applies the rewrite rules to everything but index arithmetic
  // (a > b is b < a); the rewriter puts index arithmetic in canonical form on its own.
  if (expr.dtype().is_bool()) return SimplifyIn(expr, this);
  return arith::CanonicalSimplify(expr);
}

PrimExpr Analyzer::Simplify(const PrimExpr& expr) const {
  PrimExpr e = expr;
  if (!values_.empty()) e = BoundSubstituter(values_).VisitExpr(e);
  VarBoundScope scope(&LookupThunk, this);
  // TVM v0.14's Analyzer::Simplify: the canonical form, TVM's rewrite_simplify alone, the
  // canonical form again (its raw x + -2 back to x - 2).
  if (!e.dtype().is_bool()) e = arith::CanonicalSimplify(e);
  e = arith::RewriteSimplify(e, this, /*sum_rules=*/true, /*tvm_rules=*/true);
  if (as_const_int(e)) return e;
  return e.dtype().is_bool() ? SimplifyIn(e, this) : RewriteCanonical(e);
}

PrimExpr Analyzer::RewriteSimplify(const PrimExpr& expr) const {
  PrimExpr e = expr;
  if (!values_.empty()) e = BoundSubstituter(values_).VisitExpr(e);
  VarBoundScope scope(&LookupThunk, this);
  return arith::RewriteSimplify(e, this, /*sum_rules=*/true, /*tvm_rules=*/true);
}

bool Analyzer::CanProve(const PrimExpr& cond) const {
  PrimExpr r = Simplify(cond);
  const int64_t* v = as_const_int(r);
  return v && *v != 0;
}

}  // namespace arith
}  // namespace tirgen
