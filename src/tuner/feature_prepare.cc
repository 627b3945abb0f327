// The program the features are read from: the scheduled module through TVM's feature
// preprocessing (PassListForPerStoreFeature), as far as it applies to CPU programs.
#include <unordered_set>

#include "tirgen/tir/transforms/transform_utils.h"
#include "feature_internal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tuner {
namespace detail {
namespace {

using namespace tir;  // NOLINT

bool HasLoad(const PrimExpr& e) {
  struct V : StmtExprVisitor {
    bool found = false;
    void VisitExpr_(const BufferLoadNode*) override { found = true; }
  } v;
  v.VisitExpr(e);
  return v.found;
}

// Unit serial loops vanish (their variable becomes 0) so they neither count as a loop level
// nor hide the real innermost loop; a select that loads nothing (a padding or bounds test)
// becomes 1, as TVM's SimplifyForFeatureExtraction does.
class FeatureSimplifier : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  PrimExpr VisitExpr_(const SelectNode* op) override {
    if (HasLoad(op->condition) || HasLoad(op->true_value) || HasLoad(op->false_value)) {
      return StmtExprMutator::VisitExpr_(op);
    }
    return make_const(op->dtype, 1);
  }
  PrimExpr VisitExpr_(const VarNode* op) override {
    if (unit_vars_.count(op)) return make_const(op->dtype, 0);
    return GetRef<PrimExpr>(op);
  }
  Stmt VisitStmt_(const ForNode* op) override {
    if (is_zero(op->min) && is_one(op->extent) && op->kind == ForKind::kSerial &&
        op->annotations.empty()) {
      unit_vars_.insert(op->loop_var.get());
      return VisitStmt(op->body);
    }
    return StmtExprMutator::VisitStmt_(op);
  }

 private:
  std::unordered_set<const VarNode*> unit_vars_;
};

}  // namespace

IRModule PrepareForFeatures(const IRModule& mod) {
  using namespace transform;  // NOLINT
  static const Pass passes = Sequential(
      {CreatePrimFuncPass("SimplifyForFeatureExtraction",
                          [](const PrimFunc& f) { return WithBody(f, FeatureSimplifier().VisitStmt(f->body)); }),
       LowerInitBlock(), PlanAndUpdateBufferAllocationLocation(), ConvertBlocksToOpaque(),
       CompactBufferAllocation(), Simplify(), LowerMatchBuffer(), Simplify()},
      "PassListForPerStoreFeature");
  return passes(mod);
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen
