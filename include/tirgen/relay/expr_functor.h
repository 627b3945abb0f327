// Visiting and rewriting relay expressions.
//
// Both walk each node once (results are memoized by node identity, so a DAG stays a DAG) and
// walk dataflow chains (calls, tuples, projections) with an explicit stack, so a graph with
// 100k chained operators does not overflow the C++ stack. Functions, lets and ifs recurse,
// guarded by support::CheckStack (a clear error, never a SIGSEGV; the CLI's stack is large).
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
  virtual void VisitExpr_(const LetNode* op);
  virtual void VisitExpr_(const IfNode* op);
  virtual void VisitExpr_(const FunctionNode* op);

 private:
  void Dispatch(const Expr& e);
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
  virtual Expr VisitExpr_(const LetNode* op);
  virtual Expr VisitExpr_(const IfNode* op);
  virtual Expr VisitExpr_(const FunctionNode* op);

  /// Pre-seeds a result (e.g. var -> replacement) before visiting.
  void SetResult(const Expr& from, const Expr& to) { memo_[from] = to; }

 private:
  Expr Dispatch(const Expr& e);
  std::unordered_map<ObjectRef, Expr, ObjectPtrHash, ObjectPtrEqual> memo_;  // keeps inputs alive
};

/// Calls `f` on every node reachable from `e` once, children before parents.
void PostOrderVisit(const Expr& e, const std::function<void(const Expr&)>& f);

/// `e` with the vars in `map` replaced (keys are Var nodes).
Expr Substitute(const Expr& e, const std::unordered_map<const Object*, Expr>& map);

}  // namespace relay
}  // namespace tirgen
