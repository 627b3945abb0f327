#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {

const ObjectRef* FindAttr(const AttrFields& fields, const std::string& key) {
  for (const auto& kv : fields)
    if (kv.first == key) return &kv.second;
  return nullptr;
}

Attrs::Attrs(AttrFields fields, std::string type_key) {
  auto n = std::make_shared<AttrsNode>();
  n->fields = std::move(fields);
  n->type_key = std::move(type_key);
  data_ = std::move(n);
}

Var::Var(std::string name_hint, Type type_annotation) {
  auto n = std::make_shared<VarNode>();
  n->name_hint = std::move(name_hint);
  n->type_annotation = std::move(type_annotation);
  data_ = std::move(n);
}

GlobalVar::GlobalVar(std::string name_hint) {
  auto n = std::make_shared<GlobalVarNode>();
  n->name_hint = std::move(name_hint);
  data_ = std::move(n);
}

Constant::Constant(NDArray data) {
  auto n = std::make_shared<ConstantNode>();
  n->data = std::move(data);
  data_ = std::move(n);
}

Call::Call(Expr op, std::vector<Expr> args, Attrs attrs, std::vector<Type> type_args) {
  auto n = std::make_shared<CallNode>();
  n->op = std::move(op);
  n->args = std::move(args);
  n->attrs = std::move(attrs);
  n->type_args = std::move(type_args);
  data_ = std::move(n);
}

Tuple::Tuple(std::vector<Expr> fields) {
  auto n = std::make_shared<TupleNode>();
  n->fields = std::move(fields);
  data_ = std::move(n);
}

TupleGetItem::TupleGetItem(Expr tuple, int index) {
  auto n = std::make_shared<TupleGetItemNode>();
  n->tuple = std::move(tuple);
  n->index = index;
  data_ = std::move(n);
}

Let::Let(Var var, Expr value, Expr body) {
  auto n = std::make_shared<LetNode>();
  n->var = std::move(var);
  n->value = std::move(value);
  n->body = std::move(body);
  data_ = std::move(n);
}

If::If(Expr cond, Expr true_branch, Expr false_branch) {
  auto n = std::make_shared<IfNode>();
  n->cond = std::move(cond);
  n->true_branch = std::move(true_branch);
  n->false_branch = std::move(false_branch);
  data_ = std::move(n);
}

Function::Function(std::vector<Var> params, Expr body, Type ret_type, AttrFields attrs) {
  auto n = std::make_shared<FunctionNode>();
  n->params = std::move(params);
  n->body = std::move(body);
  n->ret_type = std::move(ret_type);
  n->attrs = std::move(attrs);
  data_ = std::move(n);
}

bool FunctionNode::IsPrimitive() const {
  const ObjectRef* v = GetAttr("Primitive");
  if (!v) return false;
  const auto* imm = v->as<tir::IntImmNode>();
  return imm && imm->value != 0;
}

namespace {
template <class N>
Expr Retyped(const Expr& e, Type type) {
  auto n = CopyNode(*static_cast<const N*>(e.get()));
  n->checked_type = std::move(type);
  return Expr(std::move(n));
}
}  // namespace

Expr WithCheckedType(const Expr& expr, Type type) {
  switch (expr.kind()) {
    case Kind::kRelayVar: return Retyped<VarNode>(expr, std::move(type));
    case Kind::kGlobalVar: return Retyped<GlobalVarNode>(expr, std::move(type));
    case Kind::kConstant: return Retyped<ConstantNode>(expr, std::move(type));
    case Kind::kRelayCall: return Retyped<CallNode>(expr, std::move(type));
    case Kind::kTuple: return Retyped<TupleNode>(expr, std::move(type));
    case Kind::kTupleGetItem: return Retyped<TupleGetItemNode>(expr, std::move(type));
    case Kind::kRelayLet: return Retyped<LetNode>(expr, std::move(type));
    case Kind::kIf: return Retyped<IfNode>(expr, std::move(type));
    case Kind::kFunction: return Retyped<FunctionNode>(expr, std::move(type));
    case Kind::kOp: return Retyped<OpNode>(expr, std::move(type));
    default: TIRGEN_UNREACHABLE() << KindName(expr.kind());
  }
}

}  // namespace relay
}  // namespace tirgen
