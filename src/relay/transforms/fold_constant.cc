// FoldConstant, graph part: finds maximal subgraphs whose inputs are all constants and hands
// each to the installed evaluator (the execution layer builds and runs it). Without an
// evaluator nothing is folded.
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

// Calls of ops whose arguments are all constants (after folding) are folded, bottom up.
class Folder : public ExprMutator {
 public:
  explicit Folder(ConstantEvaluator eval) : eval_(std::move(eval)) {}

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    if (!call->op.as<OpNode>()) return e;
    for (const Expr& a : call->args)
      if (!a.as<ConstantNode>()) return e;
    Expr folded = eval_(e);
    return folded.defined() ? folded : e;
  }
  Expr VisitExpr_(const FunctionNode* op) override {
    if (op->IsPrimitive()) return GetRef<Function>(op);
    return ExprMutator::VisitExpr_(op);
  }

 private:
  ConstantEvaluator eval_;
};

}  // namespace

void SetConstantEvaluator(ConstantEvaluator evaluator) {
  std::lock_guard<std::mutex> lock(g_mu);
  Evaluator() = std::move(evaluator);
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
