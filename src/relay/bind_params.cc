// bind_params_by_name: main's parameters named in a params file become constants.
#include <unordered_map>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

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
  Expr body = Substitute(fn->body, bind);
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
