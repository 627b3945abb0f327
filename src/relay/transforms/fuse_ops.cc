// FuseOps: TVM's graph partitioner. Nodes of the dataflow graph (in post-DFS order) get a
// post-dominator tree; each node's group is merged into its post-dominator's group when the
// pattern kinds along every path allow it (three phases: out-elemwise-fusable anchors and
// elemwise/broadcast first, injective second, injective into intermediate tuples last). Each
// resulting group becomes a `Primitive=1` function called in place.
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace relay {
namespace {

using Pattern = OpPatternKind;
Pattern Combine(Pattern a, Pattern b) { return a > b ? a : b; }

struct Edge {
  int node;
  Pattern pattern;
};
struct GraphNode {
  Expr ref;
  Pattern pattern = kOpaque;
  bool extern_ref = false;  // used outside the dataflow graph (function result, opaque use)
  std::vector<Edge> outputs;
};

// The constant types TVM's code generator takes inline (graph_partitioner.cc is_simple_const).
bool IsSimpleConstType(DataType t) {
  return t == DataType::Int(32) || t == DataType::Int(64) || t == DataType::Float(32) ||
         t == DataType::Float(64) || t == DataType::Bool();
}

// The indexed forward graph: nodes in post-DFS order with their consumers.
class Graph {
 public:
  std::vector<GraphNode> nodes;
  std::unordered_map<const Object*, int> index;

  /// The graph of one scope: `body` without the bodies of the functions it holds (each is
  /// fused on its own, never across its boundary). A node of `outer` (an enclosing scope's
  /// value) is a leaf here, as a parameter is.
  Graph(const Expr& body, const std::unordered_set<const Object*>& outer) : outer_(outer) {
    PostOrderVisit(
        body, [this](const Expr& e) { Add(e); },
        [this](const Expr& e) { return e.kind() != Kind::kFunction && !outer_.count(e.get()); });
    if (index.count(body.get())) nodes[index.at(body.get())].extern_ref = true;
    // A value a nested function reads is used outside this graph: it is a group's result.
    for (const Expr& fn : functions_)
      PostOrderVisit(
          fn,
          [this](const Expr& e) {
            auto it = index.find(e.get());
            if (it != index.end()) nodes[it->second].extern_ref = true;
          },
          [this](const Expr& e) {
            const auto* f = e.as<FunctionNode>();
            return !index.count(e.get()) && !outer_.count(e.get()) && !(f && f->IsPrimitive());
          });
  }

 private:
  const std::unordered_set<const Object*>& outer_;
  std::vector<Expr> functions_;  // the non-primitive functions of this scope


  void Edge(const Expr& from, int to, Pattern p) {
    auto it = index.find(from.get());
    if (it == index.end()) return;
    nodes[it->second].outputs.push_back({to, p});
  }
  void Add(const Expr& e) {
    Kind k = e.kind();
    if (const auto* f = e.as<FunctionNode>(); f && !f->IsPrimitive()) functions_.push_back(e);
    if (k == Kind::kOp || k == Kind::kFunction || k == Kind::kGlobalVar) return;
    int id = static_cast<int>(nodes.size());
    GraphNode n;
    n.ref = e;
    if (outer_.count(e.get())) {  // an enclosing scope's value: an opaque input
      nodes.push_back(n);
      index[e.get()] = id;
      return;
    }
    if (const auto* call = e.as<CallNode>()) {
      const auto* op = call->op.as<OpNode>();
      n.pattern = op ? GetOpPattern(GetRef<Op>(op)) : kOpaque;
      nodes.push_back(n);
      index[e.get()] = id;
      const auto* rtype = call->checked_type.as<TensorTypeNode>();
      for (const Expr& arg : call->args) {
        Pattern p = n.pattern;
        // A broadcast op reading an argument of the output's shape is elementwise for it.
        const auto* atype = arg->checked_type.as<TensorTypeNode>();
        if (p == kBroadcast && rtype && atype &&
            rtype->ConstShape() == atype->ConstShape())
          p = kElemWise;
        Edge(arg, id, p);
      }
      return;
    }
    if (const auto* tuple = e.as<TupleNode>()) {
      n.pattern = kTuple;
      nodes.push_back(n);
      index[e.get()] = id;
      for (const Expr& f : tuple->fields) {
        if (f->checked_type.as<TensorTypeNode>()) {
          Edge(f, id, kInjective);
        } else {
          auto it = index.find(f.get());
          if (it != index.end()) nodes[it->second].extern_ref = true;
        }
      }
      return;
    }
    if (const auto* get = e.as<TupleGetItemNode>()) {
      nodes.push_back(n);
      index[e.get()] = id;
      // TVM does not fuse through a projection of a tuple holding a non-tensor (a nested tuple):
      // the tuple is used opaquely and the projection stays opaque.
      const auto* tt = get->tuple->checked_type.as<TupleTypeNode>();
      bool tensors_only = tt != nullptr;
      if (tt)
        for (const Type& f : tt->fields) tensors_only = tensors_only && f.as<TensorTypeNode>() != nullptr;
      if (tensors_only) {
        nodes[id].pattern = kInjective;
        Edge(get->tuple, id, kInjective);
      } else {
        auto it = index.find(get->tuple.get());
        if (it != index.end()) nodes[it->second].extern_ref = true;
      }
      return;
    }
    if (const auto* c = e.as<ConstantNode>()) {
      // TVM's graph: a scalar constant of a "simple" dtype is an elementwise node (it fuses into
      // its consumer's group when the pattern rules allow); every other constant is opaque.
      n.pattern = c->is_scalar() && IsSimpleConstType(c->data->dtype) ? kElemWise : kOpaque;
      nodes.push_back(n);
      index[e.get()] = id;
      return;
    }
    // Vars and anything else are opaque leaves. A let's value and body and an if's
    // parts are used outside the dataflow graph (TVM does not fuse through lets or ifs): each is
    // the output of its own groups, so the calls bound by a let chain are fused and lowered too.
    nodes.push_back(n);
    index[e.get()] = id;
    auto opaque_use = [this](const Expr& x) {
      auto it = index.find(x.get());
      if (it != index.end()) nodes[it->second].extern_ref = true;
    };
    if (const auto* let = e.as<LetNode>()) {
      opaque_use(let->value);
      opaque_use(let->body);
    } else if (const auto* cond = e.as<IfNode>()) {
      opaque_use(cond->cond);
      opaque_use(cond->true_branch);
      opaque_use(cond->false_branch);
    }
  }
};

// Post-dominator tree over the graph.
struct DomNode {
  DomNode* parent = nullptr;
  int depth = 0;
  Pattern pattern = kOpaque;
  int gnode = -1;
};

class DomTree {
 public:
  std::vector<DomNode> nodes;
  explicit DomTree(const Graph& g) : nodes(g.nodes.size()) {
    for (int i = static_cast<int>(g.nodes.size()) - 1; i >= 0; --i) {
      const GraphNode& gn = g.nodes[i];
      DomNode& t = nodes[i];
      t.gnode = i;
      if (gn.extern_ref) {
        t.depth = 1;
        t.parent = nullptr;
        t.pattern = kOpaque;
        continue;
      }
      Pattern p = kElemWise;
      DomNode* parent = nullptr;
      for (size_t k = 0; k < gn.outputs.size(); ++k) {
        DomNode* out = &nodes[gn.outputs[k].node];
        parent = k == 0 ? out : Lca(parent, out, &p);
        p = Combine(p, gn.outputs[k].pattern);
      }
      t.parent = parent;
      t.depth = parent ? parent->depth + 1 : 1;
      t.pattern = p;
    }
  }

 private:
  static DomNode* Lca(DomNode* a, DomNode* b, Pattern* p) {
    while (a != b) {
      if (!a || !b) return nullptr;
      if (a->depth < b->depth) {
        *p = Combine(*p, b->pattern);
        b = b->parent;
      } else if (a->depth > b->depth) {
        *p = Combine(*p, a->pattern);
        a = a->parent;
      } else {
        *p = Combine(*p, a->pattern);
        *p = Combine(*p, b->pattern);
        a = a->parent;
        b = b->parent;
      }
    }
    return a;
  }
};

struct Group {
  Group* parent = nullptr;
  Pattern pattern = kOpaque;
  int root = -1;         // graph node index of the group's output
  bool anchor = false;   // holds an out-elemwise-fusable op
  int num_nodes = 1;
  Group* FindRoot() {
    Group* r = this;
    while (r->parent) r = r->parent;
    for (Group* g = this; g != r;) {  // path compression
      Group* next = g->parent;
      g->parent = r;
      g = next;
    }
    return r;
  }
};

class Partitioner {
 public:
  Partitioner(const Graph& g, int max_depth) : g_(g), max_depth_(max_depth) {
    groups_.resize(g.nodes.size());
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      groups_[i] = std::make_unique<Group>();
      groups_[i]->pattern = g.nodes[i].pattern;
      groups_[i]->root = static_cast<int>(i);
      groups_[i]->anchor = g.nodes[i].pattern == kOutEWiseFusable;
    }
  }

  std::vector<std::unique_ptr<Group>>& Run() {
    DomTree dom(g_);
    for (int phase = 0; phase < 3; ++phase) RunPhase(dom, phase);
    return groups_;
  }

 private:
  using Cond = bool (*)(Pattern, bool);

  // Every path from src to sink passes only nodes whose group satisfies cond (a worklist, not
  // recursion: paths can be as long as the graph).
  bool CheckPath(int src, int sink, Cond cond) {
    std::unordered_set<int> visited;  // paths are local: no per-call array over the graph
    std::vector<int> stack;
    for (const Edge& e : g_.nodes[src].outputs) stack.push_back(e.node);
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      if (!visited.insert(v).second) continue;
      if (!cond(groups_[v]->FindRoot()->pattern, v == sink)) return false;
      if (v == sink) continue;
      for (const Edge& e : g_.nodes[v].outputs) stack.push_back(e.node);
    }
    return true;
  }

  void Merge(Group* child, Group* parent) {
    child = child->FindRoot();
    parent = parent->FindRoot();
    if (child == parent) return;
    parent->num_nodes += child->num_nodes;
    child->parent = parent;
    if (child->anchor) {
      parent->anchor = true;
      parent->pattern = Combine(child->pattern, parent->pattern);
    }
  }
  // Merges every node on the paths src -> sink into sink's group.
  void CommitFuse(int src, int sink) {
    Group* target = groups_[sink].get();
    std::unordered_set<int> visited;
    std::vector<int> stack = {src};
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      if (v == sink || !visited.insert(v).second) continue;
      Merge(groups_[v].get(), target);
      for (const Edge& e : g_.nodes[v].outputs) stack.push_back(e.node);
    }
  }
  // TVM's CountFusedNodesWithNewChild: the sink group's size plus, for every node on the paths
  // src -> sink (sink excluded), the size recorded in that node's own group object (a merged
  // group keeps the count it had when it was merged), as TVM counts against max_fuse_depth.
  int CountFused(int src, int sink) {
    int n = groups_[sink]->FindRoot()->num_nodes;
    std::set<int> visited;
    std::vector<int> stack = {src};
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      if (v == sink || !visited.insert(v).second) continue;
      n += groups_[v]->num_nodes;
      for (const Edge& e : g_.nodes[v].outputs) stack.push_back(e.node);
    }
    return n;
  }

  void RunPhase(const DomTree& dom, int phase) {
    for (size_t nid = 0; nid < groups_.size(); ++nid) {
      const DomNode& dn = dom.nodes[nid];
      Group* gr = groups_[nid].get();
      if (gr->pattern == kOpaque || dn.parent == nullptr) continue;
      int parent = dn.parent->gnode;
      int self = static_cast<int>(nid);
      // The depth limit applies in every phase (graph_partitioner.cc RunFuse).
      if (CountFused(self, parent) > max_depth_) continue;
      if (phase == 2) {
        // Injective ops fuse into an intermediate tuple already fused into injective consumers.
        if (gr->pattern > kInjective) continue;
        Group* pg = groups_[parent].get();
        Group* proot = pg->FindRoot();
        if (proot->pattern == kTuple) continue;
        if (pg->pattern == kTuple && proot->pattern <= kInjective &&
            CheckPath(self, parent, [](Pattern k, bool) { return k <= kInjective; }))
          CommitFuse(self, parent);
        continue;
      }
      if (gr->FindRoot() == groups_[parent]->FindRoot()) continue;
      if (groups_[parent]->pattern == kTuple) continue;
      if (gr->pattern == kOutEWiseFusable) {
        if (phase != 0) continue;
        // conv2d-like anchors take a chain of elemwise/broadcast consumers.
        if (dn.pattern == kElemWise &&
            CheckPath(self, parent, [](Pattern k, bool) { return k <= kBroadcast; }))
          CommitFuse(self, parent);
      } else if (gr->pattern <= kBroadcast) {
        if (dn.pattern <= kInjective || dn.pattern == kCommReduce) {
          auto cond = [](Pattern k, bool is_sink) {
            if (!is_sink) return k <= kInjective;
            return k <= kBroadcast || k == kCommReduce ||
                   k == kInjective || k == kOutEWiseFusable;
          };
          if (CheckPath(self, parent, cond)) CommitFuse(self, parent);
        }
      } else if (gr->pattern == kInjective || gr->pattern == kTuple) {
        // Injective fusion waits for phase 1 so anchors finish fusing first.
        if (phase != 1) continue;
        if (CheckPath(self, parent, [](Pattern k, bool) { return k <= kInjective; }))
          CommitFuse(self, parent);
      }
    }
  }

  const Graph& g_;
  int max_depth_;
  std::vector<std::unique_ptr<Group>> groups_;
};

// Whether a fused body calls only reshape-like ops (TReshapeOp) on tensor-typed inputs.
class ReshapeOnlyCheck : public ExprVisitor {
 public:
  bool reshape_only = true;
  bool has_call = false;

 protected:
  void VisitExpr_(const CallNode* op) override {
    has_call = true;
    const auto* callee = op->op.as<OpNode>();
    const OpInfo* info = callee ? GetOpInfo(callee->name) : nullptr;
    if (!info || !info->reshape_op) reshape_only = false;
    if (reshape_only) ExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const VarNode* op) override {
    if (!op->type_annotation.defined() || !op->type_annotation.as<TensorTypeNode>())
      reshape_only = false;
  }
};

// Rewrites the body: each group becomes a Primitive function called with its inputs.
class FuseRewriter {
 public:
  FuseRewriter(const Graph& g, std::vector<std::unique_ptr<Group>>& groups, bool link_params, int max_fuse_depth,
               const std::unordered_set<const Object*>& outer,
               const std::unordered_map<const Object*, Expr>& outer_memo)
      : g_(g), groups_(groups), link_params_(link_params), max_fuse_depth_(max_fuse_depth), outer_(outer),
        memo_(outer_memo) {}

  Expr Rewrite(const Expr& e) {
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    // Children first, with an explicit stack in the order a recursive post-order walk would take
    // (parameters are numbered in that order), so a 100k-operator chain needs no deep recursion:
    // RewriteImpl then finds every child memoized.
    struct Item {
      Expr e;
      bool expanded;
    };
    std::vector<Item> stack{{e, false}};
    while (!stack.empty()) {
      Item& top = stack.back();
      if (memo_.count(top.e.get())) {
        stack.pop_back();
      } else if (top.expanded) {
        Expr x = top.e;
        stack.pop_back();
        memo_[x.get()] = RewriteImpl(x);
      } else {
        top.expanded = true;
        std::vector<Expr> kids = Children(top.e);
        for (auto k = kids.rbegin(); k != kids.rend(); ++k)
          if (!memo_.count(k->get())) stack.push_back({*k, false});
      }
    }
    return memo_.at(e.get());
  }

 private:
  struct GroupInfo {
    std::vector<Var> params;
    std::vector<Expr> args;
  };

  // What RewriteImpl rewrites before `e` itself.
  static std::vector<Expr> Children(const Expr& e) {
    if (const auto* call = e.as<CallNode>()) return call->args;
    if (const auto* tuple = e.as<TupleNode>()) return tuple->fields;
    if (const auto* get = e.as<TupleGetItemNode>()) return {get->tuple};
    if (const auto* let = e.as<LetNode>()) return {let->value, let->body};
    if (const auto* cond = e.as<IfNode>()) return {cond->cond, cond->true_branch, cond->false_branch};
    return {};
  }

  Group* GroupOf(const Expr& e) {
    auto it = g_.index.find(e.get());
    TIRGEN_ICHECK(it != g_.index.end()) << "FuseOps: node outside the graph";
    return groups_[it->second]->FindRoot();
  }
  bool IsRoot(Group* gr, const Expr& e) { return g_.nodes[gr->root].ref.same_as(e); }

  std::vector<Expr> NewArgs(const std::vector<Expr>& args, Group* current) {
    // Every argument is rewritten before any parameter is allocated: TVM's mutator visits in
    // post-order, so the inputs of deeper calls become parameters first.
    std::vector<Expr> rewritten;
    for (const Expr& arg : args) rewritten.push_back(Rewrite(arg));
    std::vector<Expr> out;
    for (size_t i = 0; i < args.size(); ++i) {
      const Expr& arg = args[i];
      Group* ag = GroupOf(arg);
      const Expr& new_arg = rewritten[i];
      // A constant of another group becomes a parameter unless params are linked (TVM's
      // GetNewArguments); a scalar constant fused into this group stays inline (`1f`).
      const auto* cst = new_arg.as<ConstantNode>();
      if (ag == current || (cst && link_params_)) {
        out.push_back(new_arg);
        continue;
      }
      GroupInfo& info = info_[current];
      size_t k = 0;
      while (k < info.args.size() && !info.args[k].same_as(new_arg)) ++k;
      if (k == info.args.size()) {
        Var v("p" + std::to_string(k), arg->checked_type);
        v = GetRef<Var>(WithCheckedType(v, arg->checked_type).as<VarNode>());
        info.params.push_back(v);
        info.args.push_back(new_arg);
      }
      out.push_back(info.params[k]);
    }
    return out;
  }

  Expr MakeFunction(Group* gr, const Type& ret, const Expr& body) {
    GroupInfo& info = info_[gr];
    std::vector<Type> ptypes;
    for (const Var& p : info.params) ptypes.push_back(p->checked_type);
    ReshapeOnlyCheck check;
    check.VisitExpr(body);
    AttrFields attrs = {{"Primitive", tir::IntImm(DataType::Int(32), check.has_call ? 1 : 0)}};
    // A group that only reinterprets shapes can become a no-copy view at run time.
    if (check.has_call && check.reshape_only)
      attrs.emplace_back("relay.reshape_only", tir::IntImm(DataType::Int(32), 1));
    Expr fn = Function(info.params, body, ret, attrs);
    fn = WithCheckedType(fn, FuncType(ptypes, ret));
    return WithCheckedType(Call(fn, info.args), ret);
  }

  Expr RewriteImpl(const Expr& e) {
    if (const auto* call = e.as<CallNode>()) {
      if (!call->op.as<OpNode>()) {
        std::vector<Expr> args;
        for (const Expr& a : call->args) args.push_back(Rewrite(a));
        Expr callee = Rewrite(call->op);  // a local function (a loop) is fused inside
        return WithCheckedType(Call(callee, args, call->attrs, call->type_args),
                               e->checked_type);
      }
      Group* gr = GroupOf(e);
      std::vector<Expr> args = NewArgs(call->args, gr);
      Expr nc = WithCheckedType(Call(call->op, args, call->attrs, call->type_args),
                                e->checked_type);
      if (IsRoot(gr, e)) return MakeFunction(gr, e->checked_type, nc);
      return nc;
    }
    if (const auto* tuple = e.as<TupleNode>()) {
      Group* gr = GroupOf(e);
      std::vector<Expr> fields;
      if (IsRoot(gr, e)) {
        for (const Expr& f : tuple->fields) fields.push_back(Rewrite(f));
      } else {
        fields = NewArgs(tuple->fields, gr);
      }
      return WithCheckedType(Tuple(fields), e->checked_type);
    }
    if (const auto* get = e.as<TupleGetItemNode>()) {
      Group* gr = GroupOf(e);
      if (IsRoot(gr, e) && GroupOf(get->tuple) != gr) {
        // Isolated projection of an unfused tuple.
        return WithCheckedType(TupleGetItem(Rewrite(get->tuple), get->index), e->checked_type);
      }
      Expr tuple = NewArgs({get->tuple}, gr)[0];
      Expr ng = WithCheckedType(TupleGetItem(tuple, get->index), e->checked_type);
      if (IsRoot(gr, e)) return MakeFunction(gr, e->checked_type, ng);
      return ng;
    }
    if (const auto* let = e.as<LetNode>()) {
      Expr value = Rewrite(let->value), body = Rewrite(let->body);
      if (value.same_as(let->value) && body.same_as(let->body)) return e;
      return WithCheckedType(Let(let->var, value, body), e->checked_type);
    }
    if (const auto* cond = e.as<IfNode>()) {
      Expr c = Rewrite(cond->cond), t = Rewrite(cond->true_branch), f = Rewrite(cond->false_branch);
      if (c.same_as(cond->cond) && t.same_as(cond->true_branch) && f.same_as(cond->false_branch))
        return e;
      return WithCheckedType(If(c, t, f), e->checked_type);
    }
    if (const auto* fn = e.as<FunctionNode>(); fn && !fn->IsPrimitive()) return FuseNested(fn);
    return e;  // vars, constants, fused functions
  }

  // A local function's body is fused as a graph of its own, this scope's values its inputs.
  Expr FuseNested(const FunctionNode* fn) {
    // The values of this scope the body reads (at any depth) are rewritten first: the body's
    // groups take them as inputs.
    std::vector<Expr> reads;
    PostOrderVisit(
        fn->body,
        [&](const Expr& e) {
          if (g_.index.count(e.get())) reads.push_back(e);
        },
        [&](const Expr& e) {
          const auto* f = e.as<FunctionNode>();
          return !g_.index.count(e.get()) && !outer_.count(e.get()) && !(f && f->IsPrimitive());
        });
    for (const Expr& e : reads) Rewrite(e);
    std::unordered_set<const Object*> outer = outer_;
    for (const auto& [key, id] : g_.index)
      if (!g_.nodes[id].ref.as<ConstantNode>()) outer.insert(key);
    Expr body = FuseScope(fn->body, outer, memo_, link_params_, max_fuse_depth_);
    if (body.same_as(fn->body)) return GetRef<Expr>(fn);
    auto n = CopyNode(*fn);
    n->body = body;
    return Expr(std::move(n));
  }

 public:
  static Expr FuseScope(const Expr& body, const std::unordered_set<const Object*>& outer,
                        const std::unordered_map<const Object*, Expr>& outer_memo, bool link_params,
                        int max_fuse_depth) {
    Graph graph(body, outer);
    Partitioner part(graph, max_fuse_depth);
    auto& groups = part.Run();
    FuseRewriter rw(graph, groups, link_params, max_fuse_depth, outer, outer_memo);
    return rw.Rewrite(body);
  }

 private:
  const Graph& g_;
  std::vector<std::unique_ptr<Group>>& groups_;
  bool link_params_;
  int max_fuse_depth_;
  const std::unordered_set<const Object*>& outer_;
  std::map<Group*, GroupInfo> info_;
  std::unordered_map<const Object*, Expr> memo_;
};

}  // namespace

Expr FuseOps(const Expr& expr, bool link_params, int max_fuse_depth) {
  const auto* fn = expr.as<FunctionNode>();
  if (!fn || fn->IsPrimitive()) return expr;
  Expr body = FuseRewriter::FuseScope(fn->body, {}, {}, link_params, max_fuse_depth);
  Expr out = Function(fn->params, body, fn->ret_type, fn->attrs);
  return WithCheckedType(out, expr->checked_type);
}

IRModule FuseOps(const IRModule& mod, bool link_params, int max_fuse_depth) {
  std::map<std::string, ObjectRef> fns = mod->functions;
  for (auto& kv : fns) {
    if (const auto* f = kv.second.as<FunctionNode>())
      kv.second = FuseOps(GetRef<Function>(f), link_params, max_fuse_depth);
  }
  return IRModule(fns, mod->attrs);
}

}  // namespace relay
}  // namespace tirgen
