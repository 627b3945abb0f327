// lower::EvaluateConstant: a constant call wrapped as a primitive function of its constants,
// lowered by LowerToPrimFunc and run by tir::Interpret (see constant_evaluator.h).
// Deviation from TVM, which folds whatever is constant: a call whose result holds more than
// kMaxFoldedBytes is left to run time. Embedding a constant that large only makes the program
// bigger (a Tile of 8 values by 2^27 took 35 s and 4.2 GB to fold), and no model's weights come
// near it.
#include "tirgen/lower/constant_evaluator.h"

#include <cstdint>

#include "tirgen/lower/lower.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/expr.h"
#include "tirgen/tir/interpreter.h"

namespace tirgen {
namespace lower {
namespace {

constexpr int64_t kMaxFoldedBytes = int64_t(1) << 30;

/// The bytes of the tensors of `type`, saturating at INT64_MAX.
int64_t TypeBytes(const relay::Type& type) {
  if (const auto* tt = type.as<relay::TupleTypeNode>()) {
    int64_t total = 0;
    for (const relay::Type& f : tt->fields) {
      int64_t b = TypeBytes(f);
      total = b > INT64_MAX - total ? INT64_MAX : total + b;
    }
    return total;
  }
  const auto* t = type.as<relay::TensorTypeNode>();
  if (!t) return 0;
  int64_t bytes = t->dtype.bytes() * int64_t(t->dtype.lanes());
  for (int64_t d : t->ConstShape()) {
    if (d != 0 && bytes > INT64_MAX / d) return INT64_MAX;
    bytes *= d;
  }
  return bytes;
}

relay::Type TypeOfConstant(const relay::Expr& e) {
  if (const auto* c = e.as<relay::ConstantNode>()) {
    TIRGEN_CHECK(c->data.defined()) << "FoldConstant: constant " << c->unresolved_ref << " has no data";
    return relay::TensorType(c->data->shape, c->data->dtype);
  }
  const auto* t = e.as<relay::TupleNode>();
  TIRGEN_ICHECK(t) << "FoldConstant: not a constant";
  std::vector<relay::Type> fields;
  for (const relay::Expr& f : t->fields) fields.push_back(TypeOfConstant(f));
  return relay::TupleType(fields);
}

bool IsComplexConstant(const relay::Expr& e) {
  if (const auto* c = e.as<relay::ConstantNode>()) return c->data.defined();
  if (const auto* t = e.as<relay::TupleNode>()) {
    for (const relay::Expr& f : t->fields)
      if (!IsComplexConstant(f)) return false;
    return true;
  }
  return false;
}

void FlattenData(const relay::Expr& e, std::vector<NDArray>* out) {
  if (const auto* c = e.as<relay::ConstantNode>()) {
    out->push_back(c->data);
    return;
  }
  for (const relay::Expr& f : e.as<relay::TupleNode>()->fields) FlattenData(f, out);
}

relay::Expr ToExpr(const relay::Type& type, const std::vector<NDArray>& outs, size_t* next) {
  if (const auto* tt = type.as<relay::TupleTypeNode>()) {
    std::vector<relay::Expr> fields;
    for (const relay::Type& f : tt->fields) fields.push_back(ToExpr(f, outs, next));
    return relay::WithCheckedType(relay::Tuple(fields), type);
  }
  TIRGEN_ICHECK(*next < outs.size()) << "FoldConstant: fewer outputs than the result type has tensors";
  const NDArray& d = outs[(*next)++];
  return relay::WithCheckedType(relay::Constant(d), relay::TensorType(d->shape, d->dtype));
}

}  // namespace

relay::Expr EvaluateConstant(const relay::Expr& expr) {
  const auto* call = expr.as<relay::CallNode>();
  if (!call || !call->op.as<relay::OpNode>()) return relay::Expr();
  for (const relay::Expr& a : call->args)
    if (!IsComplexConstant(a)) return relay::Expr();
  // fn(%p0, %p1, ...) { op(%p0, %p1, ...) } with Primitive=1: the constants become its inputs.
  std::vector<relay::Var> params;
  std::vector<relay::Expr> args;
  std::vector<NDArray> inputs;
  for (size_t i = 0; i < call->args.size(); ++i) {
    relay::Var p("p" + std::to_string(i), TypeOfConstant(call->args[i]));
    params.push_back(p);
    args.push_back(p);
    FlattenData(call->args[i], &inputs);
  }
  relay::Function fn(params, relay::Call(call->op, args, call->attrs, call->type_args), relay::Type(),
                     {{"Primitive", tir::IntImm(DataType::Int(32), 1)}});
  fn = relay::InferType(fn).cast<relay::Function>();
  if (TypeBytes(fn->body->checked_type) > kMaxFoldedBytes) return relay::Expr();
  tir::PrimFunc prim;
  try {
    prim = LowerToPrimFunc(fn);
  } catch (const Error&) {
    return relay::Expr();  // an operator without a compute: left unfolded
  }
  std::vector<NDArray> outs = tir::Interpret(prim, inputs);
  size_t next = 0;
  relay::Expr result = ToExpr(fn->body->checked_type, outs, &next);
  TIRGEN_ICHECK(next == outs.size()) << "FoldConstant: more outputs than the result type has tensors";
  return result;
}

relay::OptimizeConfig DefaultOptimizeConfig() {
  relay::OptimizeConfig config;
  config.constant_evaluator = EvaluateConstant;
  return config;
}

}  // namespace lower
}  // namespace tirgen
