#include "tirgen/relay/expr_functor.h"

#include <vector>

#include "tirgen/support/pointer_set.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace relay {
namespace {

// Dataflow children, in visiting order (callee first, then arguments).
std::vector<Expr> DataflowChildren(const Expr& e) {
  if (const auto* c = e.as<CallNode>()) {
    std::vector<Expr> kids{c->op};
    kids.insert(kids.end(), c->args.begin(), c->args.end());
    return kids;
  }
  if (const auto* t = e.as<TupleNode>()) return t->fields;
  if (const auto* g = e.as<TupleGetItemNode>()) return {g->tuple};
  return {};
}

bool IsDataflow(const Expr& e) {
  Kind k = e.kind();
  return k == Kind::kRelayCall || k == Kind::kTuple || k == Kind::kTupleGetItem;
}

// Post-order over dataflow nodes without recursion: `leaf` runs on each node not yet `done`
// after its dataflow children.
template <class Done, class Leaf>
void ExpandDataflow(const Expr& root, Done done, Leaf leaf) {
  struct Item {
    Expr e;
    bool expanded;
  };
  // A vector (not a deque, whose first push allocates a 512-byte block): one ExpandDataflow
  // runs per let level, and a 100k-deep chain must not churn the allocator.
  std::vector<Item> stack{{root, false}};
  while (!stack.empty()) {
    Item& top = stack.back();
    if (done(top.e)) {
      stack.pop_back();
    } else if (top.expanded) {
      Expr e = top.e;
      stack.pop_back();
      leaf(e);
    } else {
      top.expanded = true;
      std::vector<Expr> kids = DataflowChildren(top.e);
      for (auto it = kids.rbegin(); it != kids.rend(); ++it)
        if (it->defined() && !done(*it)) stack.push_back({*it, false});
    }
  }
}

// The let chain from `op` down, `pre` called on each let from the outermost in. It ends at a
// body that is not a let or that `enter` refuses (one visited already).
template <class Enter, class Pre>
std::vector<const LetNode*> LetChainFrom(const LetNode* op, Enter enter, Pre pre) {
  std::vector<const LetNode*> chain{op};
  pre(op);
  for (;;) {
    const Expr& body = chain.back()->body;
    const auto* next = body.as<LetNode>();
    if (!next || !enter(body)) break;
    chain.push_back(next);
    pre(next);
  }
  return chain;
}

template <class N>
std::shared_ptr<N> Copy(const N* op) {
  return CopyNode(*op);
}

}  // namespace

// ---- visitor ----

void ExprVisitor::VisitExpr(const Expr& e) {
  if (!e.defined() || visited_.count(e)) return;
  support::CheckStack("relay expression");  // lets, ifs and functions nest by recursion
  if (!IsDataflow(e)) {  // a let, if, function or leaf: no walk to set up (one per let level)
    visited_.insert(e);
    Dispatch(e);
    return;
  }
  ExpandDataflow(
      e, [this](const Expr& x) { return visited_.count(x) != 0; },
      [this](const Expr& x) {
        visited_.insert(x);
        Dispatch(x);
      });
}

void ExprVisitor::Dispatch(const Expr& e) {
  switch (e.kind()) {
    case Kind::kRelayVar: return VisitExpr_(e.as<VarNode>());
    case Kind::kGlobalVar: return VisitExpr_(e.as<GlobalVarNode>());
    case Kind::kConstant: return VisitExpr_(e.as<ConstantNode>());
    case Kind::kOp: return VisitExpr_(e.as<OpNode>());
    case Kind::kRelayCall: return VisitExpr_(e.as<CallNode>());
    case Kind::kTuple: return VisitExpr_(e.as<TupleNode>());
    case Kind::kTupleGetItem: return VisitExpr_(e.as<TupleGetItemNode>());
    case Kind::kRelayLet: return VisitLetChain(e.as<LetNode>());
    case Kind::kIf: return VisitExpr_(e.as<IfNode>());
    case Kind::kFunction: return VisitExpr_(e.as<FunctionNode>());
    default: TIRGEN_UNREACHABLE() << "not a relay expression: " << KindName(e.kind());
  }
}

// `op` is marked visited by the caller; each inner let of the chain is marked here.
void ExprVisitor::VisitLetChain(const LetNode* op) {
  std::vector<const LetNode*> chain = LetChainFrom(
      op, [this](const Expr& body) { return visited_.insert(body).second; },
      [this](const LetNode* let) { PreVisitLet_(let); });
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) PostVisitLet_(*it);
}

void ExprVisitor::PreVisitLet_(const LetNode* op) {
  VisitExpr(op->var);
  VisitExpr(op->value);
}
void ExprVisitor::PostVisitLet_(const LetNode* op) { VisitExpr(op->body); }

void ExprVisitor::VisitExpr_(const CallNode* op) {
  VisitExpr(op->op);
  for (const auto& a : op->args) VisitExpr(a);
}
void ExprVisitor::VisitExpr_(const TupleNode* op) {
  for (const auto& f : op->fields) VisitExpr(f);
}
void ExprVisitor::VisitExpr_(const TupleGetItemNode* op) { VisitExpr(op->tuple); }
void ExprVisitor::VisitExpr_(const IfNode* op) {
  VisitExpr(op->cond);
  VisitExpr(op->true_branch);
  VisitExpr(op->false_branch);
}
void ExprVisitor::VisitExpr_(const FunctionNode* op) {
  for (const auto& p : op->params) VisitExpr(p);
  VisitExpr(op->body);
}

// ---- mutator ----

Expr ExprMutator::VisitExpr(const Expr& e) {
  if (!e.defined()) return e;
  auto it = memo_.find(e);
  if (it != memo_.end()) return it->second;
  support::CheckStack("relay expression");
  if (!IsDataflow(e)) {  // a let, if, function or leaf: no walk to set up (one per let level)
    Expr r = Dispatch(e);
    memo_[e] = r;
    return r;
  }
  Expr result;
  ExpandDataflow(
      e, [this](const Expr& x) { return memo_.count(x) != 0; },
      [this, &e, &result](const Expr& x) {
        Expr r = Dispatch(x);
        if (x.same_as(e)) result = r;
        memo_[x] = std::move(r);
      });
  return result;
}

Expr ExprMutator::Dispatch(const Expr& e) {
  switch (e.kind()) {
    case Kind::kRelayVar: return VisitExpr_(e.as<VarNode>());
    case Kind::kGlobalVar: return VisitExpr_(e.as<GlobalVarNode>());
    case Kind::kConstant: return VisitExpr_(e.as<ConstantNode>());
    case Kind::kOp: return VisitExpr_(e.as<OpNode>());
    case Kind::kRelayCall: return VisitExpr_(e.as<CallNode>());
    case Kind::kTuple: return VisitExpr_(e.as<TupleNode>());
    case Kind::kTupleGetItem: return VisitExpr_(e.as<TupleGetItemNode>());
    case Kind::kRelayLet: return VisitLetChain(e.as<LetNode>());
    case Kind::kIf: return VisitExpr_(e.as<IfNode>());
    case Kind::kFunction: return VisitExpr_(e.as<FunctionNode>());
    default: TIRGEN_UNREACHABLE() << "not a relay expression: " << KindName(e.kind());
  }
}

// The caller memoizes the result for `op`; each inner let's result is memoized here, before the
// let around it asks for its body.
Expr ExprMutator::VisitLetChain(const LetNode* op) {
  std::vector<const LetNode*> chain = LetChainFrom(
      op, [this](const Expr& body) { return memo_.count(body) == 0; },
      [this](const LetNode* let) { PreVisitLet_(let); });
  for (size_t i = chain.size() - 1; i > 0; --i) memo_[chain[i - 1]->body] = PostVisitLet_(chain[i]);
  return PostVisitLet_(op);
}

Expr ExprMutator::VisitExpr_(const VarNode* op) { return GetRef<Expr>(op); }
Expr ExprMutator::VisitExpr_(const GlobalVarNode* op) { return GetRef<Expr>(op); }
Expr ExprMutator::VisitExpr_(const ConstantNode* op) { return GetRef<Expr>(op); }
Expr ExprMutator::VisitExpr_(const OpNode* op) { return GetRef<Expr>(op); }

Expr ExprMutator::VisitExpr_(const CallNode* op) {
  Expr callee = VisitExpr(op->op);
  bool changed = !callee.same_as(op->op);
  std::vector<Expr> args;
  for (const auto& a : op->args) {
    args.push_back(VisitExpr(a));
    changed |= !args.back().same_as(a);
  }
  if (!changed) return GetRef<Expr>(op);
  auto n = Copy(op);
  n->op = callee;
  n->args = std::move(args);
  return Expr(std::move(n));
}

Expr ExprMutator::VisitExpr_(const TupleNode* op) {
  bool changed = false;
  std::vector<Expr> fields;
  for (const auto& f : op->fields) {
    fields.push_back(VisitExpr(f));
    changed |= !fields.back().same_as(f);
  }
  if (!changed) return GetRef<Expr>(op);
  auto n = Copy(op);
  n->fields = std::move(fields);
  return Expr(std::move(n));
}

Expr ExprMutator::VisitExpr_(const TupleGetItemNode* op) {
  Expr tuple = VisitExpr(op->tuple);
  if (tuple.same_as(op->tuple)) return GetRef<Expr>(op);
  auto n = Copy(op);
  n->tuple = tuple;
  return Expr(std::move(n));
}

void ExprMutator::PreVisitLet_(const LetNode* op) {
  VisitExpr(op->var);
  VisitExpr(op->value);
}

Expr ExprMutator::PostVisitLet_(const LetNode* op) {
  Expr var = VisitExpr(op->var), value = VisitExpr(op->value), body = VisitExpr(op->body);
  if (var.same_as(op->var) && value.same_as(op->value) && body.same_as(op->body)) return GetRef<Expr>(op);
  TIRGEN_ICHECK(var.as<VarNode>()) << "a let must bind a Var";
  auto n = Copy(op);
  n->var = var.cast<Var>();
  n->value = value;
  n->body = body;
  return Expr(std::move(n));
}

Expr ExprMutator::VisitExpr_(const IfNode* op) {
  Expr c = VisitExpr(op->cond), t = VisitExpr(op->true_branch), f = VisitExpr(op->false_branch);
  if (c.same_as(op->cond) && t.same_as(op->true_branch) && f.same_as(op->false_branch)) return GetRef<Expr>(op);
  auto n = Copy(op);
  n->cond = c;
  n->true_branch = t;
  n->false_branch = f;
  return Expr(std::move(n));
}

Expr ExprMutator::VisitExpr_(const FunctionNode* op) {
  bool changed = false;
  std::vector<Var> params;
  for (const auto& p : op->params) {
    Expr np = VisitExpr(p);
    TIRGEN_ICHECK(np.as<VarNode>()) << "a function parameter must stay a Var";
    params.push_back(np.cast<Var>());
    changed |= !np.same_as(p);
  }
  Expr body = VisitExpr(op->body);
  if (!changed && body.same_as(op->body)) return GetRef<Expr>(op);
  auto n = Copy(op);
  n->params = std::move(params);
  n->body = body;
  return Expr(std::move(n));
}

// Iterative over every node kind (lets, ifs and functions too, not only dataflow): passes call
// it dozens of times per function, and a recursive walk down a 100k-deep let chain spends its
// time in cache misses on a stack tens of MB deep. Same order as the recursive visitor: children
// left to right (a call's op first, a let's var, value, body), then the node.
void PostOrderVisit(const Expr& e, const std::function<void(const Expr&)>& f,
                    const std::function<bool(const Expr&)>& descend) {
  support::PointerSet visited;
  struct Item {
    const Expr* e;  // points into the live tree: a parent on the stack keeps its children alive
    size_t next;    // index of the next child to visit
  };
  auto child = [](const Expr& x, size_t i) -> const Expr* {
    switch (x.kind()) {
      case Kind::kRelayCall: {
        const auto* c = x.as<CallNode>();
        if (i == 0) return &c->op;
        return i - 1 < c->args.size() ? &c->args[i - 1] : nullptr;
      }
      case Kind::kTuple: {
        const auto* t = x.as<TupleNode>();
        return i < t->fields.size() ? &t->fields[i] : nullptr;
      }
      case Kind::kTupleGetItem: return i == 0 ? &x.as<TupleGetItemNode>()->tuple : nullptr;
      case Kind::kRelayLet: {
        const auto* l = x.as<LetNode>();
        if (i == 0) return &l->var;
        return i == 1 ? &l->value : i == 2 ? &l->body : nullptr;
      }
      case Kind::kIf: {
        const auto* n = x.as<IfNode>();
        return i == 0 ? &n->cond : i == 1 ? &n->true_branch : i == 2 ? &n->false_branch : nullptr;
      }
      case Kind::kFunction: {
        const auto* fn = x.as<FunctionNode>();
        if (i < fn->params.size()) return &fn->params[i];
        return i == fn->params.size() ? &fn->body : nullptr;
      }
      default: return nullptr;
    }
  };
  if (!e.defined()) return;
  std::vector<Item> stack{{&e, 0}};
  visited.insert(e.get());
  while (!stack.empty()) {
    Item& top = stack.back();
    const Expr* c = top.next == 0 && descend && !descend(*top.e) ? nullptr : child(*top.e, top.next);
    if (c) {
      ++top.next;
      if (c->defined() && visited.insert(c->get())) stack.push_back({c, 0});
      continue;
    }
    const Expr* done = top.e;
    stack.pop_back();
    f(*done);
  }
}

Expr Substitute(const Expr& e, const std::unordered_map<const Object*, Expr>& map) {
  class Substituter : public ExprMutator {
   public:
    explicit Substituter(const std::unordered_map<const Object*, Expr>& map) : map_(map) {}

   private:
    Expr VisitExpr_(const VarNode* op) override {
      auto it = map_.find(op);
      return it == map_.end() ? GetRef<Expr>(op) : it->second;
    }
    const std::unordered_map<const Object*, Expr>& map_;
  };
  return Substituter(map).VisitExpr(e);
}

std::unordered_map<const Object*, int> CountUsers(const Expr& root, bool into_functions) {
  std::unordered_map<const Object*, int> users;
  std::unordered_set<const Object*> seen{root.get()};
  std::vector<Expr> stack{root};
  auto use = [&](const Expr& child) {
    if (!child.defined()) return;
    users[child.get()]++;
    if (seen.insert(child.get()).second) stack.push_back(child);
  };
  while (!stack.empty()) {
    Expr e = stack.back();
    stack.pop_back();
    ForEachChild(e, into_functions, use);
  }
  return users;
}

}  // namespace relay
}  // namespace tirgen
