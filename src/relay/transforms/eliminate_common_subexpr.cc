// EliminateCommonSubexpr: a call of an op whose arguments are the same nodes (or equal scalar
// constants) and whose attributes are equal to an earlier call's is replaced by that call;
// likewise projections of the same tuple at the same index. Calls of stateful ops (nn.dropout)
// and calls without arguments are kept.
#include <unordered_map>

#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

// An argument matches the candidate's when it is the same node or an equal scalar constant; a
// literal tuple argument matches field by field.
bool SameArgument(const Expr& a, const Expr& b) {
  const auto* ta = a.as<TupleNode>();
  const auto* tb = b.as<TupleNode>();
  if (ta && tb) {
    if (ta->fields.size() != tb->fields.size()) return false;
    for (size_t i = 0; i < ta->fields.size(); ++i)
      if (!ta->fields[i].same_as(tb->fields[i]) && !IsEqualScalar(ta->fields[i], tb->fields[i]))
        return false;
    return true;
  }
  return a.same_as(b) || IsEqualScalar(a, b);
}

bool IsScalarConstant(const Expr& e) {
  const auto* c = e.as<ConstantNode>();
  return c && c->is_scalar();
}

// A key equal calls share: the argument nodes, scalar constants left out (they match by value)
// and literal tuples by their fields. Candidates are bucketed by (callee, key), so a graph of
// 100k calls of one op compares each call with its few real candidates, not with all of them.
std::size_t ArgumentKey(const std::vector<Expr>& args) {
  std::size_t h = args.size();
  auto mix = [&h](const void* p) {
    h ^= std::hash<const void*>()(p) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  };
  for (const Expr& a : args) {
    if (const auto* t = a.as<TupleNode>()) {
      for (const Expr& f : t->fields)
        if (!IsScalarConstant(f)) mix(f.get());
    } else if (!IsScalarConstant(a)) {
      mix(a.get());
    }
  }
  return h;
}

class CommonSubexprEliminator : public ExprMutator {
 public:
  explicit CommonSubexprEliminator(CseSkip skip) : skip_(std::move(skip)) {}

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr post = ExprMutator::VisitExpr_(op);
    const auto* call = post.as<CallNode>();
    const auto* callee = call->op.as<OpNode>();
    if (call->args.empty() || !callee) return post;
    const OpInfo* info = GetOpInfo(callee->name);
    if ((info && info->stateful) || (skip_ && skip_(post))) return post;
    std::vector<Expr>& seen = by_call_[{call->op.get(), ArgumentKey(call->args)}];
    for (const Expr& cand : seen) {
      const auto* c = cand.as<CallNode>();
      if (!c || c->args.size() != call->args.size() || !CallAttrsEqual(call, c)) continue;
      bool same = true;
      for (size_t i = 0; i < call->args.size() && same; ++i)
        same = SameArgument(call->args[i], c->args[i]);
      if (same) return cand;
    }
    seen.push_back(post);
    return post;
  }

  Expr VisitExpr_(const TupleGetItemNode* op) override {
    Expr post = ExprMutator::VisitExpr_(op);
    if (skip_ && skip_(post)) return post;
    const auto* get = post.as<TupleGetItemNode>();
    std::vector<Expr>& seen = by_key_[get->tuple.get()];
    for (const Expr& cand : seen)
      if (const auto* c = cand.as<TupleGetItemNode>())
        if (c->index == get->index) return cand;
    seen.push_back(post);
    return post;
  }

 private:
  CseSkip skip_;
  // Candidates by tuple (projections) and by callee op and ArgumentKey (calls). The keys stay
  // alive: they are referenced by the candidates.
  std::unordered_map<const Object*, std::vector<Expr>> by_key_;
  struct KeyHash {
    std::size_t operator()(const std::pair<const Object*, std::size_t>& k) const {
      return std::hash<const void*>()(k.first) ^ (k.second * 0x9e3779b97f4a7c15ULL);
    }
  };
  std::unordered_map<std::pair<const Object*, std::size_t>, std::vector<Expr>, KeyHash> by_call_;
};

}  // namespace

Expr EliminateCommonSubexpr(const Expr& expr, const CseSkip& skip) {
  return CommonSubexprEliminator(skip).VisitExpr(expr);
}

IRModule EliminateCommonSubexpr(const IRModule& mod, const CseSkip& skip) {
  return MapFunctions(mod, [&](const Function& f) { return EliminateCommonSubexpr(f, skip); });
}

}  // namespace relay
}  // namespace tirgen
