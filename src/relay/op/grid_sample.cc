// image.grid_sample (TVM's relay op; 2-D NCHW): attrs, type relation, kInjective, and the TE
// compute in topi/grid_sample.cc.
#include "op_common.h"
#include "tirgen/topi/grid_sample.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// data (N, C, H, W), grid (N, 2, Ho, Wo) -> (N, C, Ho, Wo) in data's dtype.
Type GridSampleRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* grid = c.Tensor(1);
  if (c.call->GetString("layout") != "NCHW") c.Fail("layout must be NCHW");
  if (data->shape.size() != 4) c.Fail("data must be 4-D (NCHW)");
  if (grid->shape.size() != 4 || DimValue(grid->shape[1]) != 2) c.Fail("grid must have shape (N, 2, H, W)");
  if (DimValue(grid->shape[0]) != DimValue(data->shape[0])) c.Fail("grid's batch differs from data's");
  if (!grid->dtype.is_float() || !data->dtype.is_float()) c.Fail("data and grid must be floating point");
  std::string method = c.call->GetString("method");
  if (method != "bilinear" && method != "nearest" && method != "bicubic")
    c.Fail("method \"" + method + "\" is not bilinear, nearest or bicubic");
  std::string pad = c.call->GetString("padding_mode");
  if (pad != "zeros" && pad != "border" && pad != "reflection")
    c.Fail("padding_mode \"" + pad + "\" is not zeros, border or reflection");
  return TensorType(Dims{data->shape[0], data->shape[1], grid->shape[2], grid->shape[3]}, data->dtype);
}

}  // namespace

TIRGEN_REGISTER_OPS(grid_sample) {
  RegisterOpInfo("image.grid_sample")
      .Attrs("relay.attrs.GridSampleAttrs", {Field("method", AttrKind::kString, AttrStr("bilinear")),
                                             Field("layout", AttrKind::kString, AttrStr("NCHW")),
                                             Field("padding_mode", AttrKind::kString, AttrStr("zeros")),
                                             Field("align_corners", AttrKind::kBool, AttrBool(true))})
      .Inputs(2).Pattern(kInjective).Relation(GridSampleRel);
  RegisterCompute("image.grid_sample", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    return std::vector<te::Tensor>{topi::grid_sample(in.at(0), in.at(1), call->GetString("method"),
                                                     call->GetString("padding_mode"), call->GetBool("align_corners"))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
