// TE compute of image.resize2d (TVM's relay/op/image/_image.py -> topi.image.resize2d).
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
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
