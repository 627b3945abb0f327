// image.resize2d: the two spatial dims become `size`. nn.upsampling / nn.upsampling3d: the
// two / three spatial dims are scaled.
#include <cmath>

#include "op_common.h"
#include "resize_attrs.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type Resize2DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  std::vector<int> idx = LayoutIndex(c, c.call->GetString("layout"), "NCHW", "layout");
  std::vector<int64_t> size = c.call->GetIntArray("size");
  if (size.size() != 2) c.Fail("size must have 2 elements, not " + std::to_string(size.size()));
  std::vector<double> roi = c.call->GetFloatArray("roi");
  if (!roi.empty() && roi.size() != 4) c.Fail("roi must have 4 elements, not " + std::to_string(roi.size()));
  std::string method = c.call->GetString("method");
  if (method != "nearest_neighbor" && method != "linear" && method != "cubic")
    c.Fail("method must be \"nearest_neighbor\", \"linear\" or \"cubic\", not \"" + method + "\"");
  Dims out = data->shape;
  out[idx[2]] = Dim(size[0]);
  out[idx[3]] = Dim(size[1]);
  DataType dt = c.call->GetDType("out_dtype");
  if (dt.is_void()) dt = data->dtype;
  return TensorType(std::move(out), dt);
}

// The spatial dims named by `keys` (scale attributes), from dim `first` on, scaled as TVM's
// UpSamplingRel and UpSampling3DRel do: round(dim * scale), the scale passing through a C++ float.
Type Upsampled(const TypeCall& c, const TensorTypeNode* data, int first, const std::vector<const char*>& keys) {
  Dims out = data->shape;
  for (size_t i = 0; i < keys.size(); ++i) {
    double scaled = std::nearbyint(static_cast<double>(DimValue(out[first + i])) *
                                   static_cast<float>(c.call->GetFloat(keys[i])));
    if (scaled < 1) c.Fail(std::string(keys[i]) + " leaves no output");
    out[first + i] = DimLike(out[first + i], static_cast<int64_t>(scaled));
  }
  return TensorType(std::move(out), data->dtype);
}

Type UpSamplingRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  std::string layout = c.call->GetString("layout");
  if (layout != "NCHW" && layout != "NHWC") c.Fail("layout must be NCHW or NHWC, not \"" + layout + "\"");
  std::string method = c.call->GetString("method");
  if (method != "nearest_neighbor" && method != "bilinear" && method != "bicubic")
    c.Fail("method must be \"nearest_neighbor\", \"bilinear\" or \"bicubic\", not \"" + method + "\"");
  return Upsampled(c, data, layout == "NHWC" ? 1 : 2, {"scale_h", "scale_w"});
}

Type UpSampling3DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 5) c.Fail("data must be 5-D, not " + ShapeText(data->shape));
  std::string layout = c.call->GetString("layout");
  if (layout != "NCDHW" && layout != "NDHWC") c.Fail("layout must be NCDHW or NDHWC, not \"" + layout + "\"");
  std::string method = c.call->GetString("method");
  if (method != "nearest_neighbor" && method != "trilinear")
    c.Fail("method must be \"nearest_neighbor\" or \"trilinear\", not \"" + method + "\"");
  std::string mode = c.call->GetString("coordinate_transformation_mode");
  if (mode != "half_pixel" && mode != "align_corners" && mode != "asymmetric")
    c.Fail("coordinate_transformation_mode must be \"half_pixel\", \"align_corners\" or \"asymmetric\", not \"" +
           mode + "\"");
  return Upsampled(c, data, layout == "NDHWC" ? 1 : 2, {"scale_d", "scale_h", "scale_w"});
}

}  // namespace

std::vector<AttrSpec> ResizeAttrSpecs(const std::string& layout) {
  return {Field("size", AttrKind::kIntArray, ObjectRef()),
          Field("roi", AttrKind::kFloatArray, ObjectRef()),
          Field("layout", AttrKind::kString, AttrStr(layout)),
          Field("method", AttrKind::kString, AttrStr("linear")),
          Field("coordinate_transformation_mode", AttrKind::kString, AttrStr("half_pixel")),
          Field("rounding_method", AttrKind::kString, AttrStr("round")),
          Field("cubic_alpha", AttrKind::kFloat, AttrFloat(-0.5)),
          Field("cubic_exclude", AttrKind::kInt, AttrInt(0)),
          Field("extrapolation_value", AttrKind::kFloat, AttrFloat(0.0)),
          Field("out_dtype", AttrKind::kDType, ObjectRef())};
}

TIRGEN_REGISTER_OPS(image) {
  RegisterOpInfo("nn.upsampling")
      .Attrs("relay.attrs.UpSamplingAttrs",
             {Required("scale_h", AttrKind::kFloat), Required("scale_w", AttrKind::kFloat),
              Field("layout", AttrKind::kString, AttrStr("NCHW")),
              Field("method", AttrKind::kString, AttrStr("nearest_neighbor")),
              Field("align_corners", AttrKind::kBool, AttrBool(false))})
      .Inputs(1).Pattern(kInjective).Relation(UpSamplingRel);
  RegisterOpInfo("nn.upsampling3d")
      .Attrs("relay.attrs.UpSampling3DAttrs",
             {Required("scale_d", AttrKind::kFloat), Required("scale_h", AttrKind::kFloat),
              Required("scale_w", AttrKind::kFloat), Field("layout", AttrKind::kString, AttrStr("NCDHW")),
              Field("method", AttrKind::kString, AttrStr("nearest_neighbor")),
              Field("coordinate_transformation_mode", AttrKind::kString, AttrStr("half_pixel"))})
      .Inputs(1).Pattern(kInjective).Relation(UpSampling3DRel);
  RegisterOpInfo("image.resize2d")
      .Attrs("relay.attrs.Resize2DAttrs", ResizeAttrSpecs("NCHW"))
      .Inputs(1).Pattern(kInjective).Relation(Resize2DRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
