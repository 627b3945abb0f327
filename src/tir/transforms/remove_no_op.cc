// RemoveNoOp: statements that do nothing disappear — Evaluate of a side-effect-free value,
// loops/ifs/lets/attrs/allocations whose body does nothing, loops of extent 0, a store of an
// element into itself. A SeqStmt keeps only its effective statements. AllocateConst is kept
// only while its body does something (then it is never duplicated or moved).
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

bool IsNoOp(const Stmt& s) {
  if (!s.defined()) return true;
  if (const EvaluateNode* e = s.as<EvaluateNode>()) {
    return e->value.as<IntImmNode>() || e->value.as<FloatImmNode>();
  }
  if (const SeqStmtNode* seq = s.as<SeqStmtNode>()) return seq->seq.empty();
  return false;
}

Stmt NoOp() { return Evaluate(IntImm(DataType::Int(32), 0)); }

class NoOpRemover : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;

  Stmt VisitStmt_(const LetStmtNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const LetStmtNode* n = s.as<LetStmtNode>();
    return n && IsNoOp(n->body) ? n->body : s;
  }
  Stmt VisitStmt_(const AttrStmtNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const AttrStmtNode* n = s.as<AttrStmtNode>();
    return n && IsNoOp(n->body) ? n->body : s;
  }
  Stmt VisitStmt_(const AllocateNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const AllocateNode* n = s.as<AllocateNode>();
    return n && IsNoOp(n->body) ? n->body : s;
  }
  Stmt VisitStmt_(const AllocateConstNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const AllocateConstNode* n = s.as<AllocateConstNode>();
    return n && IsNoOp(n->body) ? n->body : s;
  }
  Stmt VisitStmt_(const DeclBufferNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const DeclBufferNode* n = s.as<DeclBufferNode>();
    return n && IsNoOp(n->body) ? n->body : s;
  }
  Stmt VisitStmt_(const ForNode* op) override {
    if (is_zero(op->extent)) return NoOp();
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const ForNode* n = s.as<ForNode>();
    return n && IsNoOp(n->body) ? NoOp() : s;
  }
  Stmt VisitStmt_(const IfThenElseNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const IfThenElseNode* n = s.as<IfThenElseNode>();
    if (!n) return s;
    bool else_noop = IsNoOp(n->else_case);
    if (IsNoOp(n->then_case)) {
      if (else_noop) return NoOp();
      return IfThenElse(logical_not(n->condition), n->else_case);
    }
    if (n->else_case.defined() && else_noop) return IfThenElse(n->condition, n->then_case);
    return s;
  }
  Stmt VisitStmt_(const EvaluateNode* op) override {
    if (IsNoOp(GetRef<Stmt>(op))) return NoOp();
    return GetRef<Stmt>(op);
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    const BufferLoadNode* load = op->value.as<BufferLoadNode>();
    if (load && load->buffer.same_as(op->buffer) && load->indices.size() == op->indices.size()) {
      bool same = true;
      for (size_t i = 0; i < op->indices.size(); ++i)
        same = same && StructuralEqual(load->indices[i], op->indices[i]);
      if (same) return NoOp();
    }
    return GetRef<Stmt>(op);
  }
  Stmt VisitStmt_(const SeqStmtNode* op) override {
    std::vector<Stmt> kept;
    bool changed = false;
    for (const Stmt& s : op->seq) {
      Stmt n = VisitStmt(s);
      changed = changed || !n.same_as(s);
      if (IsNoOp(n)) {
        changed = true;
        continue;
      }
      kept.push_back(n);
    }
    if (!changed) return GetRef<Stmt>(op);
    if (kept.empty()) return NoOp();
    return SeqStmt::Flatten(kept);
  }
};

}  // namespace

Pass RemoveNoOp() {
  return CreatePrimFuncPass("RemoveNoOp", [](const PrimFunc& f) {
    Stmt body = NoOpRemover().VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS(RemoveNoOp, [](const std::vector<int64_t>&) { return RemoveNoOp(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
