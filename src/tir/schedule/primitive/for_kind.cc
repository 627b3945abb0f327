// parallel / vectorize / unroll: change a loop's kind.
#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
// Parallel and vectorized loops may only drive data-parallel block iters.
void CheckDataParallel(const StmtTree& tree, const ForNode* loop, const char* what) {
  class Checker : public StmtExprVisitor {
   public:
    void VisitStmt_(const BlockRealizeNode* op) override {
      for (size_t i = 0; i < op->iter_values.size(); ++i) {
        const IterVar& iv = op->block->iter_vars[i];
        if (iv->iter_type == IterVarType::kDataPar) continue;
        if (FindVar(op->iter_values[i], [&](const VarNode* v) { return v == var; }))
          throw ScheduleError(std::string("cannot ") + what + " " + Describe(loop) + ": " +
                              Describe(op->block.get()) + " binds its non-data-parallel iter var \"" +
                              iv->var->name_hint + "\" to it");
      }
    }
    void VisitExpr(const PrimExpr&) override {}
    const VarNode* var;
    const ForNode* loop;
    const char* what;
  } c;
  c.var = loop->loop_var.get();
  c.loop = loop;
  c.what = what;
  c.VisitStmt(loop->body);
  (void)tree;
}

void SetKind(Schedule::State& st, const LoopRV& rv, ForKind kind) {
  const ForNode* loop = st.GetLoop(rv);
  auto n = CopyNode(*loop);
  n->kind = kind;
  n->thread_binding.reset();
  st.Replace(st.FuncOf(rv.id), loop, For(std::shared_ptr<const Object>(n)));
}
}  // namespace

void Schedule::Parallel(const LoopRV& rv) {
  const ForNode* loop = state_->GetLoop(rv);
  CheckDataParallel(StmtTree(state_->Func(state_->FuncOf(rv.id))), loop, "parallelize");
  SetKind(*state_, rv, ForKind::kParallel);
  trace_.Append(Instruction{"parallel", {{"loop", Value(rv)}}, {}, false});
}

void Schedule::Vectorize(const LoopRV& rv) {
  const ForNode* loop = state_->GetLoop(rv);
  CheckDataParallel(StmtTree(state_->Func(state_->FuncOf(rv.id))), loop, "vectorize");
  if (!as_const_int(loop->extent))
    throw ScheduleError("cannot vectorize " + Describe(loop) + ": its extent is not a constant");
  SetKind(*state_, rv, ForKind::kVectorized);
  trace_.Append(Instruction{"vectorize", {{"loop", Value(rv)}}, {}, false});
}

void Schedule::Unroll(const LoopRV& rv) {
  SetKind(*state_, rv, ForKind::kUnrolled);
  trace_.Append(Instruction{"unroll", {{"loop", Value(rv)}}, {}, false});
}

}  // namespace tir
}  // namespace tirgen
