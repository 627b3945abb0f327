// image.resize3d (TVM's relay op, Resize3DAttrs): the three spatial dims become `size`. The TE
// compute is topi::resize3d, which has the nearest_neighbor and linear methods without a roi;
// the relation refuses the rest (cubic, tf_crop_and_resize), so a model fails at import.
#include "op_common.h"
#include "resize_attrs.h"
#include "tirgen/topi/image.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type Resize3DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 5) c.Fail("data must be 5-D, not " + ShapeText(data->shape));
  std::vector<int> idx = LayoutIndex(c, c.call->GetString("layout"), "NCDHW", "layout");
  std::vector<int64_t> size = c.call->GetIntArray("size");
  if (size.size() != 3) c.Fail("size must have 3 elements, not " + std::to_string(size.size()));
  std::string method = c.call->GetString("method");
  if (method != "nearest_neighbor" && method != "linear")
    c.Fail("method must be \"nearest_neighbor\" or \"linear\" (tirgen has no 3-D cubic), not \"" + method + "\"");
  std::string mode = c.call->GetString("coordinate_transformation_mode");
  if (mode == "tf_crop_and_resize") c.Fail("coordinate_transformation_mode \"tf_crop_and_resize\" is not supported");
  Dims out = data->shape;
  for (int k = 0; k < 3; ++k) out[idx[2 + k]] = Dim(size[k]);
  DataType dt = c.call->GetDType("out_dtype");
  if (dt.is_void()) dt = data->dtype;
  return TensorType(std::move(out), dt);
}

}  // namespace

TIRGEN_REGISTER_OPS(image_resize3d) {
  RegisterOpInfo("image.resize3d")
      .Attrs("relay.attrs.Resize3DAttrs", ResizeAttrSpecs("NCDHW"))
      .Inputs(1).Pattern(kInjective).Relation(Resize3DRel);
  RegisterCompute("image.resize3d", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    topi::Resize3DParams p;
    p.size = call->GetIntArray("size");
    p.layout = call->GetString("layout");
    p.method = call->GetString("method");
    p.coordinate_transformation_mode = call->GetString("coordinate_transformation_mode");
    p.rounding_method = call->GetString("rounding_method");
    p.out_dtype = call->GetDType("out_dtype");
    return std::vector<te::Tensor>{topi::resize3d(in.at(0), p)};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
