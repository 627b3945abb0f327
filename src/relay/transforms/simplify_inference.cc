// SimplifyInference: inference-time expansion of nn.batch_norm, nn.layer_norm,
// nn.instance_norm, nn.group_norm, nn.l2_normalize and nn.dropout (batch_norm's and dropout's
// `.0` projections) into elementwise arithmetic and reductions, as TVM expands them:
// scale = rsqrt(var + eps) * gamma, shift = -mean * scale + beta, out = x * scale + shift.
#include <cstring>

#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace relay {
namespace {

const TensorTypeNode* TT(const Expr& e) { return e->checked_type.as<TensorTypeNode>(); }

// Numpy-style broadcast of the two argument types.
Type BroadcastType(const Expr& a, const Expr& b) {
  const auto* ta = TT(a);
  const auto* tb = TT(b);
  std::vector<int64_t> sa = ta->ConstShape(), sb = tb->ConstShape();
  size_t n = std::max(sa.size(), sb.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - sa.size() ? 1 : sa[i - (n - sa.size())];
    int64_t db = i < n - sb.size() ? 1 : sb[i - (n - sb.size())];
    out[i] = da == 1 ? db : da;
  }
  return TensorType(out, ta->dtype);
}

Expr Unary(const char* op, const Expr& x) {
  return WithCheckedType(Call(Op::Get(op), {x}), x->checked_type);
}
Expr Binary(const char* op, const Expr& a, const Expr& b) {
  return WithCheckedType(Call(Op::Get(op), {a, b}), BroadcastType(a, b));
}
Expr ScalarConst(DataType dtype, double v) {
  // In the data's dtype: a float64 model's epsilon is 8 bytes (was always written as 4).
  if (Expr c = MakeScalarConstant(dtype, v); c.defined()) return c;
  float f = static_cast<float>(v);
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), &f, 4);
  return WithCheckedType(Constant(NDArray({}, dtype, bytes)), TensorType(std::vector<int64_t>{}, dtype));
}
ObjectRef I32(int64_t v) { return tir::IntImm(DataType::Int(32), v); }

// Expands a 1-d per-channel value so it broadcasts against rank `ndim` at `axis`.
Expr ExpandToAxis(const Expr& bias, int64_t ndim, int64_t axis) {
  int64_t pad = ndim - axis - 1;
  if (pad <= 0) return bias;
  std::vector<int64_t> shape = TT(bias)->ConstShape();
  for (int64_t i = 0; i < pad; ++i) shape.push_back(1);
  Attrs attrs({{"axis", I32(1)}, {"num_newaxis", I32(pad)}}, "relay.attrs.ExpandDimsAttrs");
  return WithCheckedType(Call(Op::Get("expand_dims"), {bias}, attrs),
                         TensorType(shape, TT(bias)->dtype));
}

struct NormAttrs {
  int64_t axis;
  double epsilon = 1e-5;
  bool center = true, scale = true;
};
NormAttrs ReadNorm(const CallNode* call, int64_t default_axis) {
  NormAttrs a;
  a.axis = default_axis;
  if (!call->attrs.defined()) return a;
  for (const auto& kv : call->attrs->fields) {
    const auto* i = kv.second.as<tir::IntImmNode>();
    const auto* f = kv.second.as<tir::FloatImmNode>();
    if (kv.first == "axis" && i) a.axis = i->value;
    if (kv.first == "epsilon") a.epsilon = f ? f->value : (i ? i->value : a.epsilon);
    if (kv.first == "center" && i) a.center = i->value != 0;
    if (kv.first == "scale" && i) a.scale = i->value != 0;
  }
  return a;
}

Expr BatchNormUnpack(const CallNode* call) {
  NormAttrs a = ReadNorm(call, 1);
  const Expr &x = call->args[0], &gamma = call->args[1], &beta = call->args[2];
  const Expr &mean = call->args[3], &var = call->args[4];
  int64_t ndim = static_cast<int64_t>(TT(x)->shape.size());
  int64_t axis = a.axis < 0 ? a.axis + ndim : a.axis;
  Expr scale = Unary("rsqrt", Binary("add", var, ScalarConst(TT(x)->dtype, a.epsilon)));
  if (a.scale) scale = Binary("multiply", scale, gamma);
  Expr shift = Binary("multiply", Unary("negative", mean), scale);
  if (a.center) shift = Binary("add", shift, beta);
  Expr out = Binary("multiply", x, ExpandToAxis(scale, ndim, axis));
  return Binary("add", out, ExpandToAxis(shift, ndim, axis));
}

// (x - mean) * rsqrt(variance + eps) over `axes` of x (as TVM writes them in the attributes:
// layer_norm keeps its axis as given, axis=[-1]); TVM builds divide(., sqrt(.)), which its
// SimplifyExpr turns into this product.
Expr Standardize(const Expr& x, const std::vector<int64_t>& axes, double epsilon) {
  int64_t ndim = static_cast<int64_t>(TT(x)->shape.size());
  std::vector<int64_t> rshape = TT(x)->ConstShape();
  std::vector<ObjectRef> attr_axes;
  for (int64_t a : axes) {
    rshape[a < 0 ? a + ndim : a] = 1;
    attr_axes.push_back(I32(a));
  }
  Type rtype = TensorType(rshape, TT(x)->dtype);
  Attrs rattrs({{"axis", Array(attr_axes)}, {"keepdims", tir::IntImm(DataType::Bool(), 1)}},
               "relay.attrs.ReduceAttrs");
  Expr mean = WithCheckedType(Call(Op::Get("mean"), {x}, rattrs), rtype);
  Attrs vattrs({{"axis", Array(attr_axes)}, {"keepdims", tir::IntImm(DataType::Bool(), 1)}},
               "relay.attrs.VarianceAttrs");
  Expr var = WithCheckedType(Call(Op::Get("variance"), {x, mean}, vattrs), rtype);
  Expr denom = Unary("rsqrt", Binary("add", var, ScalarConst(TT(x)->dtype, epsilon)));
  return Binary("multiply", Binary("subtract", x, mean), denom);
}

// Then `* gamma` and `+ beta` along the channel axis, when the attributes ask for them.
Expr ScaleShift(Expr out, const NormAttrs& a, const Expr& gamma, const Expr& beta, int64_t ndim) {
  int64_t axis = a.axis < 0 ? a.axis + ndim : a.axis;
  if (a.scale) out = Binary("multiply", out, ExpandToAxis(gamma, ndim, axis));
  if (a.center) out = Binary("add", out, ExpandToAxis(beta, ndim, axis));
  return out;
}

Expr LayerNormUnpack(const CallNode* call) {
  NormAttrs a = ReadNorm(call, -1);
  const Expr& x = call->args[0];
  int64_t ndim = static_cast<int64_t>(TT(x)->shape.size());
  return ScaleShift(Standardize(x, {a.axis}, a.epsilon), a, call->args[1], call->args[2], ndim);
}

// TVM's InstanceNormToInferUnpack: statistics over every axis but the batch and the channel.
Expr InstanceNormUnpack(const CallNode* call) {
  NormAttrs a = ReadNorm(call, 1);
  const Expr& x = call->args[0];
  int64_t ndim = static_cast<int64_t>(TT(x)->shape.size());
  int64_t axis = a.axis < 0 ? a.axis + ndim : a.axis;
  std::vector<int64_t> axes;
  for (int64_t i = 1; i < ndim; ++i)
    if (i != axis) axes.push_back(i);
  return ScaleShift(Standardize(x, axes, a.epsilon), a, call->args[1], call->args[2], ndim);
}

Expr Reshape(const Expr& x, const std::vector<int64_t>& shape) {
  std::vector<ObjectRef> newshape;
  for (int64_t d : shape) newshape.push_back(I32(d));
  return WithCheckedType(Call(Op::Get("reshape"), {x}, Attrs({{"newshape", Array(newshape)}}, "relay.attrs.ReshapeAttrs")),
                         TensorType(shape, TT(x)->dtype));
}

// TVM's GroupNormToInferUnpack: the channel axis split into (num_groups, C / num_groups),
// statistics over the group's channels and every later axis, then the original shape back.
Expr GroupNormUnpack(const CallNode* call) {
  NormAttrs a = ReadNorm(call, 1);
  int64_t groups = call->GetInt("num_groups");
  const Expr& x = call->args[0];
  std::vector<int64_t> old_shape = TT(x)->ConstShape(), new_shape, axes;
  int64_t ndim = static_cast<int64_t>(old_shape.size());
  int64_t axis = a.axis < 0 ? a.axis + ndim : a.axis;
  for (int64_t i = 0; i < ndim; ++i) {
    if (i == axis) {
      new_shape.push_back(groups);
      new_shape.push_back(old_shape[i] / groups);
      axes.push_back(i + 1);
      continue;
    }
    if (i >= axis) axes.push_back(i + 1);
    new_shape.push_back(old_shape[i]);
  }
  Expr out = Reshape(Standardize(Reshape(x, new_shape), axes, a.epsilon), old_shape);
  return ScaleShift(out, a, call->args[1], call->args[2], ndim);
}

// TVM's L2NormToInferUnpack: x / sqrt(max(sum(x * x, axis, keepdims), eps)) with a float32
// eps (SimplifyExpr's rsqrt form, as above).
Expr L2NormalizeUnpack(const CallNode* call) {
  const Expr& x = call->args[0];
  std::vector<int64_t> shape = TT(x)->ConstShape();
  int64_t ndim = static_cast<int64_t>(shape.size());
  std::vector<ObjectRef> attr_axes;
  for (int64_t ax : call->GetIntArray("axis")) {
    shape[ax < 0 ? ax + ndim : ax] = 1;
    attr_axes.push_back(I32(ax));
  }
  Attrs rattrs({{"axis", Array(attr_axes)}, {"keepdims", tir::IntImm(DataType::Bool(), 1)}},
               "relay.attrs.ReduceAttrs");
  Expr sum = WithCheckedType(Call(Op::Get("sum"), {Binary("multiply", x, x)}, rattrs),
                             TensorType(shape, TT(x)->dtype));
  Expr clamped = Binary("maximum", sum, ScalarConst(DataType::Float(32), call->GetFloat("eps")));
  return Binary("multiply", x, Unary("rsqrt", clamped));
}

bool IsOp(const Expr& e, const char* name) {
  const auto* call = e.as<CallNode>();
  const auto* op = call ? call->op.as<OpNode>() : nullptr;
  return op && op->name == name;
}

class Simplifier : public ExprMutator {
 protected:
  Expr VisitExpr_(const TupleGetItemNode* op) override {
    if (op->index == 0 && (IsOp(op->tuple, "nn.batch_norm") || IsOp(op->tuple, "nn.dropout"))) {
      const auto* call = op->tuple.as<CallNode>();
      std::vector<Expr> args;
      for (const Expr& a : call->args) args.push_back(VisitExpr(a));
      auto nc = std::make_shared<CallNode>(*call);
      nc->args = args;
      if (IsOp(op->tuple, "nn.dropout")) return args[0];
      return BatchNormUnpack(nc.get());
    }
    return ExprMutator::VisitExpr_(op);
  }
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    if (IsOp(e, "nn.layer_norm")) return LayerNormUnpack(e.as<CallNode>());
    if (IsOp(e, "nn.instance_norm")) return InstanceNormUnpack(e.as<CallNode>());
    if (IsOp(e, "nn.group_norm")) return GroupNormUnpack(e.as<CallNode>());
    if (IsOp(e, "nn.l2_normalize")) return L2NormalizeUnpack(e.as<CallNode>());
    return e;
  }
};

}  // namespace

IRModule SimplifyInference(const IRModule& mod) {
  std::map<std::string, ObjectRef> fns = mod->functions;
  for (auto& kv : fns) {
    if (const auto* f = kv.second.as<FunctionNode>()) {
      Simplifier s;
      kv.second = s.VisitExpr(GetRef<Function>(f));
    }
  }
  return IRModule(fns, mod->attrs);
}

}  // namespace relay
}  // namespace tirgen
