// Analyzer: variable ranges + the rewrite and canonical simplifiers (see analyzer.h).
#include "tirgen/arith/analyzer.h"

#include <limits>

#include "canonical.h"
#include "rewrite_simplify.h"
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

void Analyzer::Bind(const Var& var, const Range& range) {
  keep_alive_.push_back(var);
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
  auto it = bounds_.find(var);
  if (it != bounds_.end()) {
    *out = it->second;
    return true;
  }
  auto v = values_.find(var);
  if (v != values_.end()) {
    *out = Bound(v->second);
    return true;
  }
  if (var->kind() == Kind::kSizeVar) {
    *out = {0, std::numeric_limits<int64_t>::max()};
    return true;
  }
  return false;
}

ConstBound Analyzer::Bound(const PrimExpr& expr) const {
  VarBoundScope scope(&LookupThunk, this);
  IntBound b = ConstIntBound(expr);
  return {b.min, b.max};
}

PrimExpr Analyzer::CanonicalSimplify(const PrimExpr& expr) const {
  VarBoundScope scope(&LookupThunk, this);
  return arith::CanonicalSimplify(expr);
}

PrimExpr Analyzer::Simplify(const PrimExpr& expr) const {
  PrimExpr e = expr;
  if (!values_.empty()) e = BoundSubstituter(values_).VisitExpr(e);
  VarBoundScope scope(&LookupThunk, this);
  e = RewriteSimplify(e);
  if (as_const_int(e)) return e;
  e = RewriteCanonical(e);
  return e;
}

bool Analyzer::CanProve(const PrimExpr& cond) const {
  PrimExpr r = Simplify(cond);
  const int64_t* v = as_const_int(r);
  return v && *v != 0;
}

}  // namespace arith
}  // namespace tirgen
