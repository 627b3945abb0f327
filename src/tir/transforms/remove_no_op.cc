// RemoveNoOp (TVM's rules): statements that do nothing disappear, keeping only what evaluating
// their expressions does beyond reading (tir::SideEffect above kReadState: a call_extern, a
// packed call). An Evaluate of a value without such effects; a let, attr, if, loop or allocation
// whose body does nothing (its value, condition, bounds or extents kept for their effects); a
// let whose variable the body never uses; a loop whose extent the enclosing loops' ranges show
// is at most 0; a store of the value already there (proved by the analyzer, or a load of the same
// element). A SeqStmt keeps only its effective statements. AllocateConst is kept only while its
// body does something (then it is never duplicated or moved).
#include <memory>
#include <vector>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/call_effect.h"
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

bool HasSideEffect(const PrimExpr& e) { return SideEffect(e) > CallEffectKind::kReadState; }

// What is left of evaluating `values` once their results are dropped (TVM's MakeEvaluate).
Stmt OnlyEffects(const std::vector<PrimExpr>& values) {
  std::vector<Stmt> kept;
  for (const PrimExpr& v : values)
    if (HasSideEffect(v)) kept.push_back(Evaluate(v));
  if (kept.empty()) return NoOp();
  return kept.size() == 1 ? kept[0] : SeqStmt(kept);
}

bool UsesVar(const Stmt& s, const VarNode* var) {
  struct Finder : StmtExprVisitor {
    using StmtExprVisitor::VisitExpr_;
    const VarNode* var;
    bool found = false;
    void VisitExpr_(const VarNode* op) override { found = found || op == var; }
  } finder;
  finder.var = var;
  finder.VisitStmt(s);
  return finder.found;
}

class NoOpRemover : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;

  Stmt VisitStmt_(const LetStmtNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const LetStmtNode* n = s.as<LetStmtNode>();
    if (!n) return s;
    if (IsNoOp(n->body)) return OnlyEffects({n->value});
    if (UsesVar(n->body, n->var.get())) return s;
    return HasSideEffect(n->value) ? SeqStmt({Evaluate(n->value), n->body}) : n->body;
  }
  Stmt VisitStmt_(const AttrStmtNode* op) override {
    if (op->attr_key == "pragma_debug_skip_region") return NoOp();
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const AttrStmtNode* n = s.as<AttrStmtNode>();
    return n && IsNoOp(n->body) ? OnlyEffects({n->value}) : s;
  }
  Stmt VisitStmt_(const AllocateNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const AllocateNode* n = s.as<AllocateNode>();
    return n && IsNoOp(n->body) ? OnlyEffects(n->extents) : s;
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
    arith::ConstBound extent = Known().Bound(op->extent);
    if (extent.max <= 0) return NoOp();
    // The loop's range holds only in its body: a sibling loop may reuse the variable.
    loops_.push_back(Range(op->min, op->extent));
    loop_vars_.push_back(op->loop_var);
    if (analyzer_) analyzer_->Bind(op->loop_var, loops_.back());
    Stmt s = StmtExprMutator::VisitStmt_(op);
    loops_.pop_back();
    loop_vars_.pop_back();
    analyzer_.reset();
    const ForNode* n = s.as<ForNode>();
    return n && IsNoOp(n->body) ? OnlyEffects({n->min, n->extent}) : s;
  }
  Stmt VisitStmt_(const IfThenElseNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const IfThenElseNode* n = s.as<IfThenElseNode>();
    if (!n) return s;
    bool else_noop = IsNoOp(n->else_case);
    if (IsNoOp(n->then_case)) {
      if (else_noop) return OnlyEffects({n->condition});
      return IfThenElse(logical_not(n->condition), n->else_case);
    }
    if (n->else_case.defined() && else_noop) return IfThenElse(n->condition, n->then_case);
    return s;
  }
  Stmt VisitStmt_(const EvaluateNode* op) override {
    if (IsNoOp(GetRef<Stmt>(op)) || !HasSideEffect(op->value)) return NoOp();
    return GetRef<Stmt>(op);
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    // The store keeps the value already there: only the effects of its expressions remain.
    std::vector<PrimExpr> parts{op->value};
    parts.insert(parts.end(), op->indices.begin(), op->indices.end());
    const BufferLoadNode* load = op->value.as<BufferLoadNode>();
    if (load && SameElements(load->buffer, op->buffer) && load->indices.size() == op->indices.size()) {
      bool same = true;
      for (size_t i = 0; i < op->indices.size(); ++i)
        same = same && StructuralEqual(load->indices[i], op->indices[i]);
      if (same) return OnlyEffects(parts);
    }
    if (!op->value.dtype().is_handle()) {
      PrimExpr unchanged = Binary(Kind::kEQ, sub(op->value, BufferLoad(op->buffer, op->indices)),
                                  make_const(op->value.dtype(), 0));
      if (Known().CanProve(unchanged)) return OnlyEffects(parts);
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

 private:
  // Equal indices name the same element: one buffer, or views of one allocation with the same
  // offset, strides, shape and element type (as TVM's rule asks).
  bool SameElements(const Buffer& a, const Buffer& b) {
    if (a.same_as(b)) return true;
    if (!a->data.same_as(b->data) || a->dtype != b->dtype) return false;
    auto same = [](const std::vector<PrimExpr>& x, const std::vector<PrimExpr>& y) {
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!StructuralEqual(x[i], y[i])) return false;
      return true;
    };
    if (!same(a->shape, b->shape) || !same(a->strides, b->strides)) return false;
    if (a->elem_offset.defined() != b->elem_offset.defined()) return false;
    return !a->elem_offset.defined() ||
           Known().CanProve(Binary(Kind::kEQ, a->elem_offset, b->elem_offset));
  }
  // An analyzer that knows the enclosing loops' ranges (rebuilt after leaving a loop).
  arith::Analyzer& Known() {
    if (!analyzer_) {
      analyzer_ = std::make_unique<arith::Analyzer>();
      for (size_t i = 0; i < loops_.size(); ++i) analyzer_->Bind(loop_vars_[i], loops_[i]);
    }
    return *analyzer_;
  }
  std::vector<Range> loops_;
  std::vector<Var> loop_vars_;
  std::unique_ptr<arith::Analyzer> analyzer_;
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
