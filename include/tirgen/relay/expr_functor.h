// Visiting and rewriting relay expressions.
//
// Both walk each node once (results are memoized by node identity, so a DAG stays a DAG) and
// walk dataflow chains (calls, tuples, projections) with an explicit stack, so a graph with
// 100k chained operators does not overflow the C++ stack. Let chains are walked in a loop too
// (TVM's ExpandANormalForm): PreVisitLet_ runs on each let from the outermost in, then
// PostVisitLet_ on each from the innermost out, the innermost body being visited by the
// innermost PostVisitLet_ (for an outer let, VisitExpr(body) is then a memo hit). Passes
// override these two, never a recursive let handler. Functions and ifs recurse, guarded by
// support::CheckStack (a clear error, never a SIGSEGV; the CLI's stack is large).
//
//   class CountCalls : public relay::ExprVisitor {
//     void VisitExpr_(const relay::CallNode* op) override { ++n; ExprVisitor::VisitExpr_(op); }
//    public: int n = 0;
//   };
#pragma once

#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {

/// Calls `use(child)` on each expression `e` refers to directly, in a fixed order (callee, then
/// arguments; an If's condition, then its branches; a let's var, value, body). A function's
/// parameters and body are children only when `into_functions` (otherwise it is its own scope).
/// For the non-recursive walks that count or collect nodes with an explicit stack.
template <class F>
void ForEachChild(const Expr& e, bool into_functions, F&& use) {
  if (const auto* c = e.as<CallNode>()) {
    use(c->op);
    for (const auto& a : c->args) use(a);
  } else if (const auto* t = e.as<TupleNode>()) {
    for (const auto& f : t->fields) use(f);
  } else if (const auto* g = e.as<TupleGetItemNode>()) {
    use(g->tuple);
  } else if (const auto* i = e.as<IfNode>()) {
    use(i->cond);
    use(i->true_branch);
    use(i->false_branch);
  } else if (const auto* f = e.as<FunctionNode>(); f && into_functions) {
    for (const auto& p : f->params) use(p);
    use(f->body);
  } else if (const auto* l = e.as<LetNode>()) {
    use(l->var);
    use(l->value);
    use(l->body);
  }
}

/// Each node's number of users under `root` (one per edge from a distinct parent; functions'
/// bodies counted only `into_functions`). Walked with an explicit stack.
std::unordered_map<const Object*, int> CountUsers(const Expr& root, bool into_functions);

class ExprVisitor {
 public:
  virtual ~ExprVisitor() = default;
  /// Visits `e` unless it was visited already.
  void VisitExpr(const Expr& e);

 protected:
  // Defaults visit the children (callee first, then arguments).
  virtual void VisitExpr_(const VarNode* op) {}
  virtual void VisitExpr_(const GlobalVarNode* op) {}
  virtual void VisitExpr_(const ConstantNode* op) {}
  virtual void VisitExpr_(const OpNode* op) {}
  virtual void VisitExpr_(const CallNode* op);
  virtual void VisitExpr_(const TupleNode* op);
  virtual void VisitExpr_(const TupleGetItemNode* op);
  virtual void VisitExpr_(const IfNode* op);
  virtual void VisitExpr_(const FunctionNode* op);
  // A let chain (see the top of the file). Defaults: the var and value; then the body.
  virtual void PreVisitLet_(const LetNode* op);
  virtual void PostVisitLet_(const LetNode* op);

 private:
  void Dispatch(const Expr& e);
  void VisitLetChain(const LetNode* op);
  std::unordered_set<ObjectRef, ObjectPtrHash, ObjectPtrEqual> visited_;  // keeps inputs alive
};

class ExprMutator {
 public:
  virtual ~ExprMutator() = default;
  /// The rewritten `e` (memoized: a shared subexpression is rewritten once).
  Expr VisitExpr(const Expr& e);

 protected:
  // Defaults rebuild the node only when a child changed (copy-on-write, keeping checked_type
  // and span); otherwise they return the node itself.
  virtual Expr VisitExpr_(const VarNode* op);
  virtual Expr VisitExpr_(const GlobalVarNode* op);
  virtual Expr VisitExpr_(const ConstantNode* op);
  virtual Expr VisitExpr_(const OpNode* op);
  virtual Expr VisitExpr_(const CallNode* op);
  virtual Expr VisitExpr_(const TupleNode* op);
  virtual Expr VisitExpr_(const TupleGetItemNode* op);
  virtual Expr VisitExpr_(const IfNode* op);
  virtual Expr VisitExpr_(const FunctionNode* op);
  // A let chain (see the top of the file). Defaults: visit the var and value; then visit the
  // body and rebuild the let when a part changed.
  virtual void PreVisitLet_(const LetNode* op);
  virtual Expr PostVisitLet_(const LetNode* op);

  /// Pre-seeds a result (e.g. var -> replacement) before visiting.
  void SetResult(const Expr& from, const Expr& to) { memo_[from] = to; }

 private:
  Expr Dispatch(const Expr& e);
  Expr VisitLetChain(const LetNode* op);
  std::unordered_map<ObjectRef, Expr, ObjectPtrHash, ObjectPtrEqual> memo_;  // keeps inputs alive
};

/// Calls `f` on every node reachable from `e` once, children before parents. When `descend` is
/// given, the children of a node it refuses are not visited (the node itself is).
void PostOrderVisit(const Expr& e, const std::function<void(const Expr&)>& f,
                    const std::function<bool(const Expr&)>& descend = nullptr);

/// `e` with the vars in `map` replaced (keys are Var nodes).
Expr Substitute(const Expr& e, const std::unordered_map<const Object*, Expr>& map);

}  // namespace relay
}  // namespace tirgen
