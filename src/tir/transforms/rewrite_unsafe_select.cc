// RewriteUnsafeSelect (TVM v0.14): a Select evaluates both sides, so one whose side may fault
// (a buffer load, a call with side effects) becomes if_then_else, which evaluates only the
// chosen side. Only scalar boolean conditions are rewritten (a vector Select stays).
#include "tirgen/tir/call_effect.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

// Whether evaluating an expression may fault: a load, or a call that is not pure (CallEffect).
// A nested Select or if_then_else is guarded, so only its condition counts; address_of reads
// nothing, so only its element's indices count; a Ramp only when base and stride both are
// (TVM's rules).
class UnsafeDetector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  bool Check(const PrimExpr& e) {
    unsafe_ = false;
    VisitExpr(e);
    return unsafe_;
  }
  void VisitExpr(const PrimExpr& e) override {
    if (!unsafe_) StmtExprVisitor::VisitExpr(e);
  }
  void VisitExpr_(const BufferLoadNode*) override { unsafe_ = true; }
  void VisitExpr_(const SelectNode* op) override { VisitExpr(op->condition); }
  void VisitExpr_(const RampNode* op) override {
    unsafe_ = UnsafeDetector().Check(op->base) && UnsafeDetector().Check(op->stride);
  }
  void VisitExpr_(const CallNode* op) override {
    if (op->op == "tir.if_then_else") {
      VisitExpr(op->args[0]);
    } else if (op->op == "tir.address_of") {
      if (const BufferLoadNode* load = op->args.empty() ? nullptr : op->args[0].as<BufferLoadNode>()) {
        for (const PrimExpr& index : load->indices) VisitExpr(index);
      }
    } else if (IsPureCall(op->op)) {
      StmtExprVisitor::VisitExpr_(op);
    } else {
      unsafe_ = true;
    }
  }

 private:
  bool unsafe_ = false;
};

class UnsafeSelectRewriter : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  PrimExpr VisitExpr_(const SelectNode* op) override {
    PrimExpr e = StmtExprMutator::VisitExpr_(op);
    const SelectNode* s = e.as<SelectNode>();
    DataType c = s->condition.dtype();
    bool scalar_bool = c.is_bool() && c.lanes() == 1;
    if (scalar_bool && (UnsafeDetector().Check(s->true_value) || UnsafeDetector().Check(s->false_value)))
      return Call(s->dtype, "tir.if_then_else", {s->condition, s->true_value, s->false_value});
    return e;
  }
};

}  // namespace

Pass RewriteUnsafeSelect() {
  return CreatePrimFuncPass("RewriteUnsafeSelect", [](const PrimFunc& f) {
    return WithBody(f, UnsafeSelectRewriter().VisitStmt(f->body));
  });
}

TIRGEN_REGISTER_PASS(RewriteUnsafeSelect, [](const std::vector<int64_t>&) { return RewriteUnsafeSelect(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
