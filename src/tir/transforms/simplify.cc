// Simplify (TVM's tir.transform.Simplify): every expression of a statement is simplified as a
// whole by an Analyzer that knows the ranges of the enclosing loops and block iterators and the
// conditions in scope (an if's condition in its then branch, its negation in the else branch,
// an assert's in its body). Provably true/false branches are resolved (let-bound conditions
// that stay bound still count), integer lets of pure values are inlined unless a buffer
// definition uses them, and a store of a buffer element into itself disappears. Symbolic buffer
// shapes are non-negative.
//
// Options (PassContext config "tir.Simplify", TVM's SimplifyConfig): the RewriteSimplifier
// extensions transitively_prove_inequalities, convert_boolean_to_and_of_ors and
// apply_constraints_to_boolean_branches (arith/analyzer.h). propagate_knowns_to_prove_conditional
// and propagate_knowns_to_simplify_expressions (TVM's ControlFlowGraph: known buffer values
// carried across statements) are accepted and not implemented: with them on, the pass is a
// tirgen::Error saying so, rather than a silent difference.
#include <unordered_set>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/call_effect.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tir/transforms/pass_config.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

// Variables a buffer's data, shape, strides or offset use (TVM's
// CollectVarsUsedInBufferDefinition): lets binding them stay.
std::unordered_set<const VarNode*> VarsUsedInBufferDefinitions(const Stmt& body) {
  struct V : StmtExprVisitor {
    std::unordered_set<const VarNode*> vars;
    void VisitBuffer(const Buffer& b) {
      struct Vars : StmtExprVisitor {
        std::unordered_set<const VarNode*>* out;
        void VisitExpr_(const VarNode* op) override { out->insert(op); }
      } collect;
      collect.out = &vars;
      collect.VisitExpr(b->data);
      for (const PrimExpr& e : b->shape) collect.VisitExpr(e);
      for (const PrimExpr& e : b->strides) collect.VisitExpr(e);
      if (b->elem_offset.defined()) collect.VisitExpr(b->elem_offset);
    }
    void VisitExpr_(const BufferLoadNode* op) override {
      VisitBuffer(op->buffer);
      StmtExprVisitor::VisitExpr_(op);
    }
    void VisitStmt_(const BufferStoreNode* op) override {
      VisitBuffer(op->buffer);
      StmtExprVisitor::VisitStmt_(op);
    }
  } v;
  v.VisitStmt(body);
  return v.vars;
}

bool SameIndices(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!StructuralEqual(a[i], b[i])) return false;
  return true;
}

// TVM's is_const_number: an int or float literal, or a broadcast of one.
bool IsConstNumber(const PrimExpr& e) {
  if (e.as<IntImmNode>() || e.as<FloatImmNode>()) return true;
  const BroadcastNode* b = e.as<BroadcastNode>();
  return b && (b->value.as<IntImmNode>() || b->value.as<FloatImmNode>());
}

class StmtSimplifier : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;
  StmtSimplifier(const PrimFunc& f, unsigned extensions) : used_in_buffer_def_(VarsUsedInBufferDefinitions(f->body)) {
    analyzer_.SetEnabledExtensions(extensions);
    for (const auto& [param, buffer] : f->buffer_map)
      for (const PrimExpr& dim : buffer->shape) analyzer_.MarkGlobalNonNegValue(dim);
  }

  // The analyzer simplifies each branch of an if_then_else or Select under its condition.
  PrimExpr VisitExpr(const PrimExpr& e) override { return analyzer_.Simplify(e); }

  Stmt VisitStmt_(const ForNode* op) override {
    analyzer_.Bind(op->loop_var, Range(op->min, op->extent));
    arith::ConstraintContext lower(&analyzer_, Binary(Kind::kGE, op->loop_var, op->min));
    arith::ConstraintContext upper(&analyzer_, Binary(Kind::kLT, op->loop_var, add(op->min, op->extent)));
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const AssertStmtNode* op) override {
    PrimExpr cond = VisitExpr(op->condition);
    PrimExpr message = VisitExpr(op->message);
    arith::ConstraintContext ctx(&analyzer_, cond);
    Stmt body = VisitStmt(op->body);
    if (cond.same_as(op->condition) && message.same_as(op->message) && body.same_as(op->body))
      return GetRef<Stmt>(op);
    return AssertStmt(cond, message, body);
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    for (const IterVar& iv : op->iter_vars) analyzer_.Bind(iv->var, iv->dom);
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const LetStmtNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    // TVM's CanInlineLetStmt decides from the value as written, not as simplified: a float let
    // whose value folds to a constant stays a let.
    bool pure = SideEffect(op->value) <= CallEffectKind::kPure;
    bool inline_it = IsConstNumber(op->value) || op->value.as<VarNode>() || (op->value.dtype().is_int() && pure);
    size_t bindings = non_inlined_.size();
    if (inline_it) analyzer_.Bind(op->var, value);
    else if (pure) non_inlined_.emplace_back(op->var, value);  // for proofs
    Stmt body = VisitStmt(op->body);
    non_inlined_.resize(bindings);
    if (inline_it && !used_in_buffer_def_.count(op->var.get())) return body;
    if (value.same_as(op->value) && body.same_as(op->body)) return GetRef<Stmt>(op);
    return LetStmt(op->var, value, body);
  }

  Stmt VisitStmt_(const IfThenElseNode* op) override {
    PrimExpr cond = VisitExpr(op->condition);
    // TVM's ProveCondition: the condition with the non-inlined lets substituted.
    PrimExpr proved = non_inlined_.empty() ? cond : analyzer_.Simplify(Substitute(op->condition, non_inlined_));
    const int64_t* v = as_const_int(proved);
    if (!v) v = as_const_int(cond);
    if (v) {
      if (*v) return VisitStmt(op->then_case);
      if (op->else_case.defined()) return VisitStmt(op->else_case);
      return Evaluate(IntImm(DataType::Int(32), 0));
    }
    PrimExpr real = cond;  // likely(c) constrains by c
    if (const CallNode* call = cond.as<CallNode>(); call && call->op == "tir.likely" && call->args.size() == 1)
      real = call->args[0];
    Stmt then_case, else_case;
    {
      arith::ConstraintContext ctx(&analyzer_, real);
      then_case = VisitStmt(op->then_case);
    }
    if (op->else_case.defined()) {
      arith::ConstraintContext ctx(&analyzer_, analyzer_.Simplify(Not(real)));
      else_case = VisitStmt(op->else_case);
    }
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
  std::unordered_set<const VarNode*> used_in_buffer_def_;
  std::vector<std::pair<Var, PrimExpr>> non_inlined_;  // pure lets kept, innermost last
};

// TVM's SimplifyConfig, read when the pass runs (TVM: PassContext::Current()).
const bool kConfigRegistered = RegisterPassConfigOptions(
    "tir.Simplify", {{"transitively_prove_inequalities", 0},
                     {"propagate_knowns_to_prove_conditional", 0},
                     {"propagate_knowns_to_simplify_expressions", 0},
                     {"convert_boolean_to_and_of_ors", 0},
                     {"apply_constraints_to_boolean_branches", 0}});

unsigned ConfiguredExtensions() {
  auto on = [](const char* name) { return PassConfigValue("tir.Simplify", name) != 0; };
  TIRGEN_CHECK(!on("propagate_knowns_to_prove_conditional") && !on("propagate_knowns_to_simplify_expressions"))
      << "tir.Simplify: propagate_knowns_to_prove_conditional and "
         "propagate_knowns_to_simplify_expressions (TVM's ControlFlowGraph of known buffer values) "
         "are not implemented in tirgen; leave them off";
  unsigned ext = arith::kNoExtension;
  if (on("transitively_prove_inequalities")) ext |= arith::kTransitivelyProveInequalities;
  if (on("convert_boolean_to_and_of_ors")) ext |= arith::kConvertBooleanToAndOfOrs;
  if (on("apply_constraints_to_boolean_branches")) ext |= arith::kApplyConstraintsToBooleanBranches;
  return ext;
}

}  // namespace

Pass Simplify() {
  return CreatePrimFuncPass("Simplify", [](const PrimFunc& f) {
    Stmt body = StmtSimplifier(f, ConfiguredExtensions()).VisitStmt(f->body);
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
