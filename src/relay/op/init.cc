// Tensor creation: zeros, ones, full (shape + dtype attributes) and full_like.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Dims AttrShape(const TypeCall& c) { return ShapeAttr(c, "shape"); }

Type InitRel(const TypeCall& c) {
  DataType dt = c.call->GetDType("dtype");
  if (dt.is_void()) dt = DataType::Float(32);
  return TensorType(AttrShape(c), dt);
}

Type FullRel(const TypeCall& c) {
  const TensorTypeNode* fill = c.Tensor(0);
  if (!fill->shape.empty()) c.Fail("the fill value must be a scalar, not " + ShapeText(fill->shape));
  DataType dt = c.call->GetDType("dtype");
  if (dt.is_void()) dt = fill->dtype;
  return TensorType(AttrShape(c), dt);
}

Type FullLikeRel(const TypeCall& c) {
  c.Tensor(0);
  const TensorTypeNode* fill = c.Tensor(1);
  if (!fill->shape.empty()) c.Fail("the fill value must be a scalar, not " + ShapeText(fill->shape));
  return c.arg_types[0];
}

std::vector<AttrSpec> InitAttrs() {
  return {Required("shape", AttrKind::kIntArray), Field("dtype", AttrKind::kDType, ObjectRef())};
}

}  // namespace

TIRGEN_REGISTER_OPS(init) {
  for (const char* name : {"zeros", "ones"})
    RegisterOpInfo(name).Attrs("relay.attrs.InitOpAttrs", InitAttrs())
        .Inputs(0).Pattern(kElemWise).Relation(InitRel);
  RegisterOpInfo("full").Attrs("relay.attrs.InitOpAttrs", InitAttrs())
      .Inputs(1).Pattern(kElemWise).Relation(FullRel);
  RegisterOpInfo("full_like").Inputs(2).Pattern(kElemWise).Relation(FullLikeRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
