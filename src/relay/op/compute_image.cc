// TE computes of image.resize2d (TVM's relay/op/image/_image.py -> topi.image.resize2d) and
// nn.upsampling (topi.nn.upsampling: resize2d to the scaled size, rounding_method ""), and
// nn.upsampling3d (topi.nn.upsampling3d: resize3d likewise, "trilinear" read as "linear").
#include "op_common.h"
#include "tirgen/topi/image.h"

namespace tirgen {
namespace relay {
namespace op {

TIRGEN_REGISTER_OPS(compute_image) {
  RegisterCompute("image.resize2d", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    topi::Resize2DParams p;
    p.size = call->GetIntArray("size");
    if (call->HasAttr("roi")) p.roi = call->GetFloatArray("roi");
    p.layout = call->GetString("layout");
    p.method = call->GetString("method");
    p.coordinate_transformation_mode = call->GetString("coordinate_transformation_mode");
    p.rounding_method = call->GetString("rounding_method");
    p.cubic_alpha = call->GetFloat("cubic_alpha");
    p.cubic_exclude = static_cast<int>(call->GetInt("cubic_exclude"));
    p.extrapolation_value = call->GetFloat("extrapolation_value");
    p.out_dtype = call->GetDType("out_dtype");
    return std::vector<te::Tensor>{topi::resize2d(in.at(0), p)};
  });
  RegisterCompute("nn.upsampling", [](const Call& call, const std::vector<te::Tensor>& in, const Type& out) {
    const auto* t = out.as<TensorTypeNode>();
    TIRGEN_ICHECK(t) << "nn.upsampling has a tensor type";
    topi::Resize2DParams p;
    p.layout = call->GetString("layout");
    int h = p.layout == "NHWC" ? 1 : 2;
    p.size = {DimValue(t->shape[h]), DimValue(t->shape[h + 1])};  // round(dim * scale)
    p.method = call->GetString("method");
    if (p.method.rfind("bi", 0) == 0) p.method = p.method.substr(2);  // bilinear -> linear
    p.coordinate_transformation_mode = call->GetBool("align_corners") ? "align_corners" : "asymmetric";
    p.rounding_method = "";
    return std::vector<te::Tensor>{topi::resize2d(in.at(0), p)};
  });
  RegisterCompute("nn.upsampling3d", [](const Call& call, const std::vector<te::Tensor>& in, const Type& out) {
    const auto* t = out.as<TensorTypeNode>();
    TIRGEN_ICHECK(t) << "nn.upsampling3d has a tensor type";
    topi::Resize3DParams p;
    p.layout = call->GetString("layout");
    int d = p.layout == "NDHWC" ? 1 : 2;
    p.size = {DimValue(t->shape[d]), DimValue(t->shape[d + 1]), DimValue(t->shape[d + 2])};  // round(dim * scale)
    p.method = call->GetString("method");
    if (p.method.rfind("tri", 0) == 0) p.method = p.method.substr(3);  // trilinear -> linear
    p.coordinate_transformation_mode = call->GetString("coordinate_transformation_mode");
    return std::vector<te::Tensor>{topi::resize3d(in.at(0), p)};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
