// bind_params_by_name: main's parameters named in a params file become constants.
#include <unordered_map>

#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

// Replaces vars by expressions, rebuilding only what changed (shared subexpressions stay shared).
class Substituter {
 public:
  explicit Substituter(std::unordered_map<const Object*, Expr> map) : memo_(std::move(map)) {}

  Expr Mutate(const Expr& e) {
    if (!e.defined()) return e;
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    Expr out = Rebuild(e);
    memo_[e.get()] = out;
    return out;
  }

 private:
  std::vector<Expr> All(const std::vector<Expr>& xs, bool* changed) {
    std::vector<Expr> out;
    for (const auto& x : xs) {
      out.push_back(Mutate(x));
      *changed |= !out.back().same_as(x);
    }
    return out;
  }

  template <class N>
  static std::shared_ptr<N> Copy(const Expr& e) {
    return CopyNode(*static_cast<const N*>(e.get()));
  }

  Expr Rebuild(const Expr& e) {
    bool changed = false;
    if (const auto* c = e.as<CallNode>()) {
      Expr op = Mutate(c->op);
      auto args = All(c->args, &changed);
      if (!changed && op.same_as(c->op)) return e;
      auto n = Copy<CallNode>(e);
      n->op = op;
      n->args = std::move(args);
      return Expr(std::move(n));
    }
    if (const auto* t = e.as<TupleNode>()) {
      auto fields = All(t->fields, &changed);
      if (!changed) return e;
      auto n = Copy<TupleNode>(e);
      n->fields = std::move(fields);
      return Expr(std::move(n));
    }
    if (const auto* g = e.as<TupleGetItemNode>()) {
      Expr tuple = Mutate(g->tuple);
      if (tuple.same_as(g->tuple)) return e;
      auto n = Copy<TupleGetItemNode>(e);
      n->tuple = tuple;
      return Expr(std::move(n));
    }
    if (const auto* l = e.as<LetNode>()) {
      Expr value = Mutate(l->value), body = Mutate(l->body);
      if (value.same_as(l->value) && body.same_as(l->body)) return e;
      auto n = Copy<LetNode>(e);
      n->value = value;
      n->body = body;
      return Expr(std::move(n));
    }
    if (const auto* i = e.as<IfNode>()) {
      Expr c = Mutate(i->cond), t = Mutate(i->true_branch), f = Mutate(i->false_branch);
      if (c.same_as(i->cond) && t.same_as(i->true_branch) && f.same_as(i->false_branch)) return e;
      auto n = Copy<IfNode>(e);
      n->cond = c;
      n->true_branch = t;
      n->false_branch = f;
      return Expr(std::move(n));
    }
    if (const auto* f = e.as<FunctionNode>()) {
      Expr body = Mutate(f->body);
      if (body.same_as(f->body)) return e;
      auto n = Copy<FunctionNode>(e);
      n->body = body;
      return Expr(std::move(n));
    }
    return e;  // vars, constants, ops, global vars
  }

  std::unordered_map<const Object*, Expr> memo_;
};

std::string ShapeStr(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

}  // namespace

IRModule BindParamsByName(const IRModule& mod, const std::map<std::string, NDArray>& params,
                          const std::string& func_name) {
  ObjectRef f = mod.Lookup(func_name);
  const auto* fn = f.as<FunctionNode>();
  if (!fn) throw Error("cannot bind params: @" + func_name + " is not a relay function");
  std::map<std::string, int> count;
  for (const auto& p : fn->params) count[p->name_hint]++;
  std::unordered_map<const Object*, Expr> bind;
  std::vector<Var> kept;
  for (const auto& p : fn->params) {
    auto it = params.find(p->name_hint);
    if (it == params.end()) {
      kept.push_back(p);
      continue;
    }
    if (count[p->name_hint] > 1)
      throw Error("cannot bind params: @" + func_name + " has several parameters named %" + p->name_hint);
    const NDArray& value = it->second;
    Type ty = p->type_annotation.defined() ? p->type_annotation : p->checked_type;
    if (const auto* tt = ty.as<TensorTypeNode>()) {
      if (tt->dtype != value->dtype || tt->ConstShape() != value->shape)
        throw Error("cannot bind param '" + p->name_hint + "': the parameter is " +
                    ShapeStr(tt->ConstShape()) + " " + tt->dtype.str() + " but the array is " +
                    ShapeStr(value->shape) + " " + value->dtype.str());
    } else if (ty.defined()) {
      throw Error("cannot bind param '" + p->name_hint + "': the parameter is not a tensor");
    }
    Constant c(value);
    const_cast<ConstantNode*>(c.get())->checked_type = TensorType(value->shape, value->dtype);  // fresh
    bind[p.get()] = c;
  }
  if (bind.empty()) return mod;
  Expr body = Substituter(std::move(bind)).Mutate(fn->body);
  auto n = CopyNode(*fn);
  n->params = std::move(kept);
  n->body = body;
  n->checked_type = Type();  // its type changed; InferType sets it again
  auto functions = mod->functions;
  functions[func_name] = Function(std::move(n));
  return IRModule(std::move(functions), mod->attrs);
}

}  // namespace relay
}  // namespace tirgen
