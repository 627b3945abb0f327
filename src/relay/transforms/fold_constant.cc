// FoldConstant, graph part (TVM v0.14's rules): a call of an operator whose arguments are all
// constants (or tuples of constants) is handed to the installed evaluator (the execution layer
// lowers, builds and runs it) and replaced by its value; calls without arguments (`zeros`,
// `ones`: folding them only makes big constants) and calls inside primitive functions are left
// alone. Let-bound constants are inlined, projections of literal tuples resolved, ifs on a
// constant condition reduced. Without an evaluator the module is returned unchanged.
#include <mutex>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

std::mutex g_mu;
ConstantEvaluator& Evaluator() {
  static ConstantEvaluator e;
  return e;
}

bool IsComplexConstant(const Expr& e) {
  if (e.as<ConstantNode>()) return true;
  if (const auto* t = e.as<TupleNode>()) {
    for (const Expr& f : t->fields)
      if (!IsComplexConstant(f)) return false;
    return true;
  }
  return false;
}

class Folder : public ExprMutator {
 public:
  explicit Folder(ConstantEvaluator eval) : eval_(std::move(eval)) {}

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    if (call->args.empty() || !call->op.as<OpNode>()) return e;
    for (const Expr& a : call->args)
      if (!IsComplexConstant(a)) return e;
    Expr folded = eval_(e);
    return folded.defined() ? folded : e;
  }
  Expr VisitExpr_(const TupleGetItemNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* n = e.as<TupleGetItemNode>();
    if (const auto* t = n->tuple.as<TupleNode>()) return t->fields.at(n->index);
    return e;
  }
  Expr VisitExpr_(const LetNode* op) override {
    Expr value = VisitExpr(op->value);
    if (!value.as<ConstantNode>()) return ExprMutator::VisitExpr_(op);
    SetResult(op->var, value);  // inline the constant, drop the binding
    return VisitExpr(op->body);
  }
  Expr VisitExpr_(const IfNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* n = e.as<IfNode>();
    if (const auto* c = n->cond.as<ConstantNode>()) {
      if (c->data.defined() && c->data.nbytes() > 0) return c->data.data()[0] ? n->true_branch : n->false_branch;
    }
    return e;
  }
  Expr VisitExpr_(const FunctionNode* op) override {
    if (op->IsPrimitive()) return GetRef<Function>(op);
    return ExprMutator::VisitExpr_(op);
  }

 private:
  ConstantEvaluator eval_;
};

}  // namespace

ConstantEvaluator SetConstantEvaluator(ConstantEvaluator evaluator) {
  std::lock_guard<std::mutex> lock(g_mu);
  std::swap(Evaluator(), evaluator);
  return evaluator;
}

IRModule FoldConstant(const IRModule& mod) {
  ConstantEvaluator eval;
  {
    std::lock_guard<std::mutex> lock(g_mu);
    eval = Evaluator();
  }
  if (!eval) return mod;
  std::map<std::string, ObjectRef> fns = mod->functions;
  for (auto& kv : fns) {
    if (const auto* f = kv.second.as<FunctionNode>()) {
      Folder folder(eval);
      kv.second = folder.VisitExpr(GetRef<Function>(f));
    }
  }
  return IRModule(fns, mod->attrs);
}

}  // namespace relay
}  // namespace tirgen
