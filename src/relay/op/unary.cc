// Unary elementwise ops: the result has the argument's type (cast: another dtype; isnan,
// isinf, isfinite: bool).
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type CastRel(const TypeCall& c) {
  const TensorTypeNode* t = c.Tensor(0);
  DataType dt = c.call->GetDType("dtype");
  if (dt.is_void()) c.Fail("the target dtype must be set");
  return TensorType(t->shape, dt);
}

// isnan / isinf / isfinite: TVM's IdentityCompRel, a bool tensor of the argument's shape.
Type IdentityCompRel(const TypeCall& c) { return TensorType(c.Tensor(0)->shape, DataType::Bool()); }

Type CastLikeRel(const TypeCall& c) {
  const TensorTypeNode* t = c.Tensor(0);
  return TensorType(t->shape, c.Tensor(1)->dtype);
}

Type ClipRel(const TypeCall& c) {
  c.Tensor(0);
  if (c.call->GetFloat("a_min") > c.call->GetFloat("a_max"))
    c.Fail("a_min must not exceed a_max");
  return c.arg_types[0];
}

}  // namespace

TIRGEN_REGISTER_OPS(unary) {
  // TVM's RELAY_REGISTER_UNARY_OP ops: kElemWise, identity relation, no attributes.
  for (const char* name :
       {"log", "log2", "log10", "tan", "cos", "cosh", "sin", "sinh", "acos", "acosh", "asin",
        "asinh", "atan", "atanh", "exp", "fast_exp", "erf", "fast_erf", "sqrt", "rsqrt",
        "zeros_like", "ones_like", "sigmoid", "copy", "floor", "ceil", "trunc", "round", "sign",
        "abs", "tanh", "fast_tanh", "negative", "logical_not", "bitwise_not", "nn.relu"}) {
    RegisterOpInfo(name).Inputs(1).Pattern(kElemWise).Relation(SameAsArg0);
  }
  for (const char* name : {"isnan", "isfinite", "isinf"})
    RegisterOpInfo(name).Inputs(1).Pattern(kElemWise).Relation(IdentityCompRel);
  RegisterOpInfo("nn.leaky_relu")
      .Attrs("relay.attrs.LeakyReluAttrs", {Field("alpha", AttrKind::kFloat, AttrFloat(0.25))})
      .Inputs(1).Pattern(kElemWise).Relation(SameAsArg0);
  RegisterOpInfo("clip")
      .Attrs("relay.attrs.ClipAttrs",
             {Required("a_min", AttrKind::kFloat), Required("a_max", AttrKind::kFloat)})
      .Inputs(1).Pattern(kElemWise).Relation(ClipRel);
  RegisterOpInfo("cast")
      .Attrs("relay.attrs.CastAttrs", {Required("dtype", AttrKind::kDType)})
      .Inputs(1).Pattern(kElemWise).Relation(CastRel);
  RegisterOpInfo("cast_like").Inputs(2).Pattern(kElemWise).Relation(CastLikeRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
