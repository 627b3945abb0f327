// Simplify (TVM's tir.transform.Simplify): every expression of a statement is simplified as a
// whole by an Analyzer that knows the ranges of the enclosing loops and block iterators.
// Provably true/false branches are resolved, integer lets of pure values are inlined, and a
// store of a buffer element into itself disappears.
#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

// True when evaluating `e` reads no memory and has no side effect (TVM: SideEffect <= kPure).
bool IsPure(const PrimExpr& e) {
  struct V : StmtExprVisitor {
    bool pure = true;
    void VisitExpr_(const BufferLoadNode*) override { pure = false; }
    void VisitExpr_(const CallNode* op) override {
      static const char* const kImpure[] = {"tir.call_extern", "tir.call_packed",
                                            "tir.call_pure_extern", "tir.tvm_access_ptr"};
      for (const char* name : kImpure)
        if (op->op == name) pure = false;
      StmtExprVisitor::VisitExpr_(op);
    }
  } v;
  v.VisitExpr(e);
  return v.pure;
}

bool SameIndices(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!StructuralEqual(a[i], b[i])) return false;
  return true;
}

class StmtSimplifier : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;

  PrimExpr VisitExpr(const PrimExpr& e) override { return analyzer_.Simplify(e); }

  Stmt VisitStmt_(const ForNode* op) override {
    analyzer_.Bind(op->loop_var, Range(op->min, op->extent));
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    for (const IterVar& iv : op->iter_vars) analyzer_.Bind(iv->var, iv->dom);
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const LetStmtNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    bool inline_it = value.as<IntImmNode>() || value.as<FloatImmNode>() || value.as<VarNode>() ||
                     (op->value.dtype().is_int() && IsPure(op->value));
    if (inline_it) analyzer_.Bind(op->var, value);
    Stmt body = VisitStmt(op->body);
    if (inline_it) return body;
    if (value.same_as(op->value) && body.same_as(op->body)) return GetRef<Stmt>(op);
    return LetStmt(op->var, value, body);
  }

  Stmt VisitStmt_(const IfThenElseNode* op) override {
    PrimExpr cond = VisitExpr(op->condition);
    if (const int64_t* v = as_const_int(cond)) {
      if (*v) return VisitStmt(op->then_case);
      if (op->else_case.defined()) return VisitStmt(op->else_case);
      return Evaluate(IntImm(DataType::Int(32), 0));
    }
    Stmt then_case = VisitStmt(op->then_case);
    Stmt else_case = op->else_case.defined() ? VisitStmt(op->else_case) : Stmt();
    if (cond.same_as(op->condition) && then_case.same_as(op->then_case) &&
        else_case.same_as(op->else_case))
      return GetRef<Stmt>(op);
    return IfThenElse(cond, then_case, else_case);
  }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const BufferStoreNode* store = s.as<BufferStoreNode>();
    if (!store) return s;
    const BufferLoadNode* load = store->value.as<BufferLoadNode>();
    if (load && load->buffer->data.same_as(store->buffer->data) &&
        SameIndices(load->indices, store->indices) &&
        SameIndices(load->buffer->shape, store->buffer->shape) &&
        SameIndices(load->buffer->strides, store->buffer->strides) &&
        StructuralEqual(load->buffer->elem_offset, store->buffer->elem_offset))
      return Evaluate(IntImm(DataType::Int(32), 0));
    return s;
  }

 private:
  arith::Analyzer analyzer_;
};

}  // namespace

Pass Simplify() {
  return CreatePrimFuncPass("Simplify", [](const PrimFunc& f) {
    Stmt body = StmtSimplifier().VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS(Simplify, [](const std::vector<int64_t>&) { return Simplify(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
