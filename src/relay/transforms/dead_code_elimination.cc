// DeadCodeElimination: let bindings whose variable is never used are dropped when their value
// is pure; with inline_once, pure bindings used exactly once are inlined at the use. A value is
// pure unless it calls a stateful op (nn.dropout) or something whose purity is unknown (a
// function-typed variable). Uses inside a nested function count as many (the function may be
// called repeatedly), so such bindings are never inlined there. A value is only looked at
// (its own uses counted) once its variable is known to be used.
#include <unordered_map>
#include <unordered_set>

#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

// Whether evaluating an expression is pure. Calls of function literals and of @globals are
// as pure as their bodies (to a bounded depth).
class Purity {
 public:
  explicit Purity(const IRModule& mod) : mod_(mod) {}

  bool Pure(const Expr& e, int depth = 0) {
    if (depth > 25) return false;
    bool pure = true;
    // Defining a function does nothing: a function literal's body counts only where it is
    // called (a let-bound loop function that is never called is dead).
    PostOrderVisit(e, [&](const Expr& x) {
      const auto* call = x.as<CallNode>();
      if (!pure || !call) return;
      if (const auto* op = call->op.as<OpNode>()) {
        const OpInfo* info = GetOpInfo(op->name);
        if (info && info->stateful) pure = false;
      } else if (const auto* fn = call->op.as<FunctionNode>()) {
        if (!Pure(fn->body, depth + 1)) pure = false;
      } else if (const auto* g = call->op.as<GlobalVarNode>()) {
        auto it = mod_.defined() ? mod_->functions.find(g->name_hint) : mod_->functions.end();
        const auto* f = mod_.defined() && it != mod_->functions.end() ? it->second.as<FunctionNode>() : nullptr;
        if (!f || !Pure(f->body, depth + 1)) pure = false;
      } else {
        pure = false;  // a function-typed variable: unknown
      }
    }, [](const Expr& x) { return !x.as<FunctionNode>(); });
    return pure;
  }

 private:
  IRModule mod_;
};

struct Binding {
  Expr value;
  bool pure = true;
  int uses = 0;
  int level = 0;  // function nesting depth of the binding
};

// Counts the uses of let-bound variables, visiting a pure value only once it is used.
class UsageCounter : public ExprVisitor {
 public:
  explicit UsageCounter(Purity* purity) : purity_(purity) {}
  std::unordered_map<const VarNode*, Binding> bindings;
  /// Counts the uses in `e`.
  void Count(const Expr& e) {
    Visit(e);
    while (!pending_.empty()) {  // values of used bindings, each at the level of its first use
      auto [value, level] = pending_.back();
      pending_.pop_back();
      level_ = level;
      Visit(value);
    }
    level_ = 0;
  }

 protected:
  // Variables are counted where they are read (the dataflow walk also reaches each variable
  // node itself, once, which must not count).
  void VisitExpr_(const VarNode*) override {}
  void VisitExpr_(const FunctionNode* op) override {
    ++level_;
    Visit(op->body);
    --level_;
  }
  void PreVisitLet_(const LetNode* op) override {
    Binding& b = bindings[op->var.get()];
    b.value = op->value;
    b.level = level_;
    b.pure = purity_->Pure(op->value);
    if (!b.pure) Visit(op->value);  // always evaluated
  }
  void PostVisitLet_(const LetNode* op) override { Visit(op->body); }
  void VisitExpr_(const IfNode* op) override {
    Visit(op->cond);
    Visit(op->true_branch);
    Visit(op->false_branch);
  }
  void VisitExpr_(const CallNode* op) override {
    Visit(op->op);
    for (const Expr& a : op->args) Visit(a);
  }
  void VisitExpr_(const TupleNode* op) override {
    for (const Expr& f : op->fields) Visit(f);
  }
  void VisitExpr_(const TupleGetItemNode* op) override { Visit(op->tuple); }

 private:
  void Visit(const Expr& e) {
    if (const auto* v = e.as<VarNode>()) Use(v);
    else VisitExpr(e);
  }
  void Use(const VarNode* v) {
    auto it = bindings.find(v);
    if (it == bindings.end()) return;
    Binding& b = it->second;
    ++b.uses;
    if (b.level < level_) ++b.uses;  // used inside a nested function: maybe many times
    // Queued, not visited here: in a let chain each value uses the previous variable, and
    // following uses by recursion would nest as deep as the chain.
    if (b.pure && value_visited_.insert(v).second) pending_.push_back({b.value, level_});
  }

  Purity* purity_;
  int level_ = 0;
  std::unordered_set<const VarNode*> value_visited_;
  std::vector<std::pair<Expr, int>> pending_;  // (value, level) still to visit
};

class Eliminator : public ExprMutator {
 public:
  Eliminator(const std::unordered_map<const VarNode*, Binding>& bindings, bool inline_once)
      : bindings_(bindings), inline_once_(inline_once) {}

 protected:
  enum Action { kKeep, kDrop, kInline };
  Action ActionFor(const VarNode* v) const {
    auto it = bindings_.find(v);
    if (it == bindings_.end() || !it->second.pure) return kKeep;
    if (it->second.uses == 0) return kDrop;
    return it->second.uses == 1 && inline_once_ ? kInline : kKeep;
  }
  Expr VisitExpr_(const VarNode* op) override {
    if (ActionFor(op) == kInline) return VisitExpr(bindings_.at(op).value);
    return ExprMutator::VisitExpr_(op);
  }
  // Values are rewritten outermost first, so an inlined variable's value is already rewritten
  // (a memo hit) where the variable is used: inlining a chain does not recurse along it.
  void PreVisitLet_(const LetNode* op) override {
    if (ActionFor(op->var.get()) != kDrop) VisitExpr(op->value);
  }
  Expr PostVisitLet_(const LetNode* op) override {
    Expr body = VisitExpr(op->body);
    if (ActionFor(op->var.get()) != kKeep) return body;
    Expr value = VisitExpr(op->value);
    if (value.same_as(op->value) && body.same_as(op->body)) return GetRef<Expr>(op);
    return WithCheckedType(Let(op->var, value, body), op->checked_type);
  }

 private:
  const std::unordered_map<const VarNode*, Binding>& bindings_;
  bool inline_once_;
};

}  // namespace

Expr DeadCodeElimination(const Expr& expr, bool inline_once, const IRModule& mod) {
  Purity purity(mod);
  UsageCounter counter(&purity);
  counter.Count(expr);
  return Eliminator(counter.bindings, inline_once).VisitExpr(expr);
}

IRModule DeadCodeElimination(const IRModule& mod, bool inline_once) {
  return MapFunctions(mod, [&](const Function& f) { return DeadCodeElimination(f, inline_once, mod); });
}

}  // namespace relay
}  // namespace tirgen
