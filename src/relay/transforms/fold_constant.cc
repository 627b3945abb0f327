// FoldConstant, graph part (TVM v0.14's rules): a call of an operator whose arguments are all
// constants (or tuples of constants) is handed to the caller's evaluator (lower::EvaluateConstant
// lowers it and runs it with tir::Interpreter) and replaced by its value; calls without
// arguments (`zeros`, `ones`: folding them only makes big constants) and calls inside primitive
// functions are left alone. Let-bound constants are inlined, projections of literal tuples
// resolved, ifs on a constant condition reduced. Without an evaluator the module is returned
// unchanged.
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

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
  explicit Folder(const ConstantEvaluator& eval) : eval_(eval) {}

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    if (call->args.empty() || !call->op.as<OpNode>()) return e;
    for (const Expr& a : call->args)
      if (!IsComplexConstant(a)) return e;
    Expr folded;
    try {
      folded = eval_(e);
    } catch (const Error& err) {  // a fault of the program's constants (division by zero): locate it
      if (err.span().defined() || !op->location.defined()) throw;
      throw Error(op->location, err.message());
    }
    return folded.defined() ? folded : e;
  }
  Expr VisitExpr_(const TupleGetItemNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* n = e.as<TupleGetItemNode>();
    if (const auto* t = n->tuple.as<TupleNode>()) return t->fields.at(n->index);
    return e;
  }
  void PreVisitLet_(const LetNode* op) override {
    Expr value = VisitExpr(op->value);
    if (value.as<ConstantNode>()) SetResult(op->var, value);  // inline the constant
    else ExprMutator::PreVisitLet_(op);
  }
  Expr PostVisitLet_(const LetNode* op) override {
    if (VisitExpr(op->value).as<ConstantNode>()) return VisitExpr(op->body);  // binding dropped
    return ExprMutator::PostVisitLet_(op);
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
  const ConstantEvaluator& eval_;
};

}  // namespace

IRModule FoldConstant(const IRModule& mod, const ConstantEvaluator& eval) {
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
