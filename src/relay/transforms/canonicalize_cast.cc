// CanonicalizeCast: an up-cast (to more bits) read by several elementwise/broadcast calls gets
// one copy per reader, so each reader's fused function casts its narrow input itself instead
// of one function producing the wide tensor for all. The first reader, in the order a
// recursive walk from the output meets them (arguments left to right, an argument's own
// inputs first), keeps the original; later readers get copies.
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

bool IsElemwiseOrBroadcastCall(const Expr& e) {
  const auto* c = e.as<CallNode>();
  const auto* op = c ? c->op.as<OpNode>() : nullptr;
  return op && GetOpPattern(GetRef<Op>(op)) <= kBroadcast;
}

bool IsUpcast(const Expr& e) {
  const auto* c = e.as<CallNode>();
  if (!c || c->op_name() != "cast" || c->args.size() != 1) return false;
  const auto* from = c->args[0]->checked_type.as<TensorTypeNode>();
  const auto* to = e->checked_type.as<TensorTypeNode>();
  return from && to && from->dtype.bits() < to->dtype.bits();
}

std::vector<Expr> Children(const Expr& e) {
  if (const auto* c = e.as<CallNode>()) {
    if (IsElemwiseOrBroadcastCall(e)) return c->args;
    std::vector<Expr> out{c->op};
    out.insert(out.end(), c->args.begin(), c->args.end());
    return out;
  }
  if (const auto* t = e.as<TupleNode>()) return t->fields;
  if (const auto* g = e.as<TupleGetItemNode>()) return {g->tuple};
  if (const auto* l = e.as<LetNode>()) return {l->var, l->value, l->body};
  if (const auto* i = e.as<IfNode>()) return {i->cond, i->true_branch, i->false_branch};
  if (const auto* f = e.as<FunctionNode>()) {
    std::vector<Expr> out(f->params.begin(), f->params.end());
    out.push_back(f->body);
    return out;
  }
  return {};
}

using Edge = std::pair<const Object*, size_t>;  // (reader, argument index)

// For each up-cast, the first reader edge in the order of a recursive walk (explicit stack).
std::unordered_map<const Object*, Edge> FirstReaders(const Expr& root) {
  std::unordered_map<const Object*, Edge> first;
  std::unordered_set<const Object*> visited{root.get()};
  struct Frame {
    Expr e;
    std::vector<Expr> kids;
    size_t next = 0;
    bool descended = false;
  };
  std::vector<Frame> stack;
  stack.push_back({root, Children(root)});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.kids.size()) {
      stack.pop_back();
      continue;
    }
    const Expr kid = f.kids[f.next];
    if (!f.descended) {
      f.descended = true;
      if (visited.insert(kid.get()).second) {
        stack.push_back({kid, Children(kid)});
        continue;
      }
    }
    // The argument is done: the reader takes it now.
    if (IsElemwiseOrBroadcastCall(f.e) && IsUpcast(kid)) first.emplace(kid.get(), Edge{f.e.get(), f.next});
    ++f.next;
    f.descended = false;
  }
  return first;
}

class CastCopier : public ExprMutator {
 public:
  explicit CastCopier(std::unordered_map<const Object*, Edge> first) : first_(std::move(first)) {}

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = GetRef<Expr>(op);
    if (!IsElemwiseOrBroadcastCall(e)) return ExprMutator::VisitExpr_(op);
    std::vector<Expr> args;
    bool changed = false;
    for (size_t i = 0; i < op->args.size(); ++i) {
      const Expr& arg = op->args[i];
      Expr na = VisitExpr(arg);
      auto it = first_.find(arg.get());
      if (it != first_.end() && it->second != Edge{op, i}) {
        const auto* c = na.as<CallNode>();
        na = WithCheckedType(Call(c->op, c->args, c->attrs, c->type_args), na->checked_type);
      }
      changed = changed || !na.same_as(arg);
      args.push_back(na);
    }
    if (!changed) return e;
    return WithCheckedType(Call(op->op, args, op->attrs, op->type_args), op->checked_type);
  }

 private:
  std::unordered_map<const Object*, Edge> first_;
};

}  // namespace

Expr CanonicalizeCast(const Expr& expr) { return CastCopier(FirstReaders(expr)).VisitExpr(expr); }

IRModule CanonicalizeCast(const IRModule& mod) {
  return MapFunctions(mod, [](const Function& f) { return CanonicalizeCast(f); });
}

}  // namespace relay
}  // namespace tirgen
