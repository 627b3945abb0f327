#include "pattern_rewrite.h"

#include <memory>
#include <set>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace relay {
namespace pattern {

Pattern Wildcard() {
  auto p = std::make_shared<PatternNode>();
  p->kind = PatternNode::Kind::kWildcard;
  return p;
}
Pattern IsConstant() {
  auto p = std::make_shared<PatternNode>();
  p->kind = PatternNode::Kind::kConstant;
  return p;
}
Pattern operator||(const Pattern& a, const Pattern& b) {
  auto p = std::make_shared<PatternNode>();
  p->kind = PatternNode::Kind::kAlt;
  p->args = {a, b};
  return p;
}
Pattern OpPattern::operator()(std::vector<Pattern> args) const {
  auto p = std::make_shared<PatternNode>();
  p->kind = PatternNode::Kind::kCall;
  p->ops = names;
  p->op_kind = op_kind;
  p->args = std::move(args);
  return p;
}
OpPattern IsOp(const std::string& name) { return OpPattern{{name}, -1}; }
OpPattern operator||(const OpPattern& a, const OpPattern& b) {
  OpPattern out = a;
  out.names.insert(out.names.end(), b.names.begin(), b.names.end());
  return out;
}
OpPattern IsOpOfKind(OpPatternKind kind) { return OpPattern{{}, static_cast<int>(kind)}; }

const Expr& Match::operator[](const Pattern& p) const {
  auto it = post_.find(p.get());
  TIRGEN_ICHECK(it != post_.end()) << "pattern node did not take part in the match";
  return it->second;
}

namespace {

using PNode = const PatternNode*;

// Matches one pattern against one root; `memo` holds what each pattern node matched.
class Matcher {
 public:
  std::vector<std::pair<PNode, Expr>> memo;  // in match order (for rollback)

  bool Match(const Pattern& p, const Expr& e) {
    for (const auto& kv : memo)
      if (kv.first == p.get()) return kv.second.same_as(e);
    size_t mark = memo.size();
    if (!MatchNode(p, e)) {
      memo.resize(mark);
      return false;
    }
    memo.emplace_back(p.get(), e);
    return true;
  }

 private:
  bool MatchArgs(const std::vector<Pattern>& ps, const std::vector<Expr>& es) {
    if (ps.size() != es.size()) return false;
    size_t mark = memo.size();
    for (size_t i = 0; i < ps.size(); ++i) {
      if (!Match(ps[i], es[i])) {
        memo.resize(mark);
        return false;
      }
    }
    return true;
  }

  bool MatchNode(const Pattern& p, const Expr& e) {
    switch (p->kind) {
      case PatternNode::Kind::kWildcard: return true;
      case PatternNode::Kind::kConstant: return e.as<ConstantNode>() != nullptr;
      case PatternNode::Kind::kAlt: return Match(p->args[0], e) || Match(p->args[1], e);
      case PatternNode::Kind::kCall: break;
    }
    const auto* call = e.as<CallNode>();
    const auto* op = call ? call->op.as<OpNode>() : nullptr;
    if (!op) return false;
    if (p->ops.empty()) {
      if (GetOpPattern(GetRef<Op>(op)) != p->op_kind) return false;
    } else if (std::find(p->ops.begin(), p->ops.end(), op->name) == p->ops.end()) {
      return false;
    }
    if (MatchArgs(p->args, call->args)) return true;
    // add and multiply commute (only when the pattern names exactly that op).
    bool commutes = p->ops.size() == 1 && (p->ops[0] == "add" || p->ops[0] == "multiply");
    return commutes && call->args.size() == 2 &&
           MatchArgs(p->args, {call->args[1], call->args[0]});
  }
};

// Consumers of every node of a function's graph.
std::unordered_map<const Object*, std::vector<const Object*>> Consumers(const Expr& root) {
  std::unordered_map<const Object*, std::vector<const Object*>> out;
  PostOrderVisit(root, [&](const Expr& e) {
    auto use = [&](const Expr& child) {
      if (child.defined()) out[child.get()].push_back(e.get());
    };
    if (const auto* c = e.as<CallNode>()) {
      use(c->op);
      for (const Expr& a : c->args) use(a);
    } else if (const auto* t = e.as<TupleNode>()) {
      for (const Expr& f : t->fields) use(f);
    } else if (const auto* g = e.as<TupleGetItemNode>()) {
      use(g->tuple);
    } else if (const auto* f = e.as<FunctionNode>()) {
      for (const Var& v : f->params) use(v);
      use(f->body);
    } else if (const auto* l = e.as<LetNode>()) {
      use(l->var);
      use(l->value);
      use(l->body);
    } else if (const auto* i = e.as<IfNode>()) {
      use(i->cond);
      use(i->true_branch);
      use(i->false_branch);
    }
  });
  return out;
}

struct Group {
  std::vector<std::pair<PNode, Expr>> matched;
};

// A function's nodes in post order, and their consumers computed only once a pattern matches
// (most rewrites match nothing: a 100k-node graph should not pay a user map per rewrite).
struct GraphIndex {
  explicit GraphIndex(const Expr& root) : root(root) {
    PostOrderVisit(root, [&](const Expr& e) { order.push_back(e); });
  }
  const std::unordered_map<const Object*, std::vector<const Object*>>& Users() {
    if (!users_ready) users = Consumers(root), users_ready = true;
    return users;
  }
  Expr root;
  std::vector<Expr> order;
  bool users_ready = false;
  std::unordered_map<const Object*, std::vector<const Object*>> users;
};

// Finds the non-overlapping matches of `pat` in the graph, outputs first.
std::unordered_map<const Object*, Group> GroupMatches(const Pattern& pat, GraphIndex& graph) {
  const std::vector<Expr>& order = graph.order;
  std::set<const Object*> assigned;
  std::unordered_map<const Object*, Group> groups;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Expr& cur = *it;
    if (assigned.count(cur.get())) continue;
    Matcher m;
    if (!m.Match(pat, cur)) continue;
    std::set<const Object*> inputs, members;
    for (const auto& kv : m.memo) {
      if (kv.first->kind == PatternNode::Kind::kWildcard ||
          kv.first->kind == PatternNode::Kind::kConstant)
        inputs.insert(kv.second.get());
    }
    // The group: the root and what lies between it and the inputs.
    std::vector<Expr> stack = {cur};
    while (!stack.empty()) {
      Expr e = stack.back();
      stack.pop_back();
      if (!members.insert(e.get()).second || inputs.count(e.get())) continue;
      if (const auto* c = e.as<CallNode>()) {
        stack.push_back(c->op);
        for (const Expr& a : c->args) stack.push_back(a);
      }
    }
    bool ok = true;
    for (const Object* n : members) {
      if (inputs.count(n) || n->kind() == Kind::kOp || n->kind() == Kind::kConstant ||
          n->kind() == Kind::kFunction)
        continue;
      if (assigned.count(n)) ok = false;  // overlaps an earlier match
      if (n == cur.get()) continue;
      const auto& users = graph.Users();
      auto it = users.find(n);
      if (it == users.end()) continue;
      for (const Object* user : it->second)
        if (!members.count(user)) ok = false;  // an interior value is used elsewhere
    }
    if (!ok) continue;
    assigned.insert(members.begin(), members.end());
    groups[cur.get()].matched = m.memo;
  }
  return groups;
}

}  // namespace

class Rewriter : public ExprMutator {
 public:
  Rewriter(const Rewrite& rw, std::unordered_map<const Object*, Group> groups)
      : rw_(rw), groups_(std::move(groups)) {}
  bool changed = false;

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr post = ExprMutator::VisitExpr_(op);
    auto it = groups_.find(op);
    if (it == groups_.end()) return post;
    Match m;
    for (const auto& kv : it->second.matched)
      m.post_[kv.first] = kv.second.get() == op ? post : VisitExpr(kv.second);
    Expr out = rw_.callback(GetRef<Expr>(op), post, m);
    if (!out.same_as(post)) changed = true;
    return out;
  }

 private:
  const Rewrite& rw_;
  std::unordered_map<const Object*, Group> groups_;
};

Expr RewritePatterns(const std::vector<Rewrite>& rewrites, const Expr& expr, const IRModule& mod) {
  Expr post = InferType(expr, mod);
  for (int round = 0;; ++round) {
    if (round == 100)
      throw InternalError("pattern rewriting did not reach a fixed point in 100 rounds");
    Expr last = post;
    bool changed = false;
    std::unique_ptr<GraphIndex> graph;  // of `post`; built when first needed after it changed
    for (const Rewrite& rw : rewrites) {
      if (!graph) graph = std::make_unique<GraphIndex>(post);
      auto groups = GroupMatches(rw.pattern, *graph);
      if (groups.empty()) continue;
      Rewriter r(rw, std::move(groups));
      Expr out = r.VisitExpr(post);
      if (!r.changed) continue;
      changed = true;
      graph.reset();  // holds the old graph alive: free it before the new one is typed
      post = InferType(out, mod);
    }
    // A rewrite may rebuild an equal graph (new nodes, same program): compare the text.
    if (!changed || PrintExpr(last) == PrintExpr(post)) return post;
  }
}

}  // namespace pattern
}  // namespace relay
}  // namespace tirgen
