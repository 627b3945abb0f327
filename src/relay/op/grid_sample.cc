// image.grid_sample (TVM's relay op; 2-D NCHW and 3-D NCDHW): attrs, type relation, kInjective, and the TE
// compute in topi/grid_sample.cc.
#include "op_common.h"
#include "tirgen/topi/grid_sample.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// data (N, C, H, W), grid (N, 2, Ho, Wo) -> (N, C, Ho, Wo) in data's dtype; layout NCDHW:
// data (N, C, D, H, W), grid (N, 3, Do, Ho, Wo) -> (N, C, Do, Ho, Wo), bilinear or nearest.
Type GridSampleRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* grid = c.Tensor(1);
  std::string layout = c.call->GetString("layout");
  if (layout != "NCHW" && layout != "NCDHW") c.Fail("layout must be NCHW or NCDHW");
  const bool volume = layout == "NCDHW";
  const size_t rank = volume ? 5 : 4;
  if (data->shape.size() != rank) c.Fail(volume ? "data must be 5-D (NCDHW)" : "data must be 4-D (NCHW)");
  if (grid->shape.size() != rank || DimValue(grid->shape[1]) != static_cast<int64_t>(rank) - 2)
    c.Fail(volume ? "grid must have shape (N, 3, D, H, W)" : "grid must have shape (N, 2, H, W)");
  if (DimValue(grid->shape[0]) != DimValue(data->shape[0])) c.Fail("grid's batch differs from data's");
  if (!grid->dtype.is_float() || !data->dtype.is_float()) c.Fail("data and grid must be floating point");
  std::string method = c.call->GetString("method");
  if (method != "bilinear" && method != "nearest" && method != "bicubic")
    c.Fail("method \"" + method + "\" is not bilinear, nearest or bicubic");
  if (volume && method == "bicubic") c.Fail("method \"bicubic\" takes NCHW data (NCDHW: bilinear or nearest)");
  std::string pad = c.call->GetString("padding_mode");
  if (pad != "zeros" && pad != "border" && pad != "reflection")
    c.Fail("padding_mode \"" + pad + "\" is not zeros, border or reflection");
  Dims out = {data->shape[0], data->shape[1]};
  for (size_t i = 2; i < rank; ++i) out.push_back(grid->shape[i]);
  return TensorType(out, data->dtype);
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
