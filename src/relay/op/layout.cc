// layout_transform: the data re-laid out from src_layout to dst_layout (e.g. NCHW -> NCHW4c).
#include "op_common.h"
#include "tirgen/topi/layout.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type LayoutTransformRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  std::vector<tir::PrimExpr> shape;
  try {
    topi::BijectiveLayout conv(c.call->GetString("src_layout"), c.call->GetString("dst_layout"));
    shape = conv.ForwardShape(data->shape);
  } catch (const Error& e) {
    c.Fail(e.message());
  }
  return TensorType(std::move(shape), data->dtype);
}

}  // namespace

TIRGEN_REGISTER_OPS(layout) {
  RegisterOpInfo("layout_transform")
      .Attrs("relay.attrs.LayoutTransformAttrs",
             {Required("src_layout", AttrKind::kString), Required("dst_layout", AttrKind::kString)})
      .Inputs(1).Pattern(kInjective).Relation(LayoutTransformRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
