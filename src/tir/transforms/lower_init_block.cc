// LowerInitBlock: a block's init runs on the first reduction iteration, so it becomes
// `if v_r0 == r0_min and v_r1 == r1_min ...:` in front of the body.
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {

class InitBlockLowerer : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt;
  Stmt VisitStmt_(const BlockNode* op) override {
    if (!op->init) return StmtExprMutator::VisitStmt_(op);
    Stmt init = GuardInit(*op->init, op->iter_vars);
    Stmt body = VisitStmt(op->body);
    auto n = CopyNode(*op);
    n->init = std::nullopt;
    n->body = SeqStmt::Flatten({init, body});
    return Stmt(std::move(n));
  }

 private:
  // The init is unconditional for a block without reduction vars (e.g. after decomposition).
  static Stmt GuardInit(const Stmt& init, const std::vector<IterVar>& iter_vars) {
    PrimExpr cond;
    for (const IterVar& iv : iter_vars) {
      if (iv->iter_type != IterVarType::kCommReduce) continue;
      PrimExpr c = eq(iv->var, iv->dom->min);
      cond = cond.defined() ? logical_and(cond, c) : c;
    }
    return cond.defined() ? Stmt(IfThenElse(cond, init)) : init;
  }
};

}  // namespace

Pass LowerInitBlock() {
  return CreatePrimFuncPass("LowerInitBlock", [](const PrimFunc& f) {
    if (IsFromLegacyTESchedule(f)) return f;
    return WithBody(f, InitBlockLowerer().VisitStmt(f->body));
  });
}

TIRGEN_REGISTER_PASS(LowerInitBlock, [](const std::vector<int64_t>&) { return LowerInitBlock(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
