// vision.roi_align and vision.roi_pool (TVM's relay ops, NCHW): attrs, type relations,
// kOutEWiseFusable, and the TE computes in topi/roi.cc. roi_align has one field TVM's lacks,
// `aligned` (ONNX's half_pixel coordinates; printed only when set): TVM v0.14's ONNX frontend
// drops RoiAlign's coordinate_transformation_mode and so computes output_half_pixel always.
#include "op_common.h"
#include "tirgen/topi/roi.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// data (N, C, H, W), rois (R, 5) -> (R, C, pooled_size[0], pooled_size[1]) in data's dtype.
Type RoiRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* rois = c.Tensor(1);
  if (c.call->GetString("layout") != "NCHW") c.Fail("layout must be NCHW, not \"" + c.call->GetString("layout") + "\"");
  if (data->shape.size() != 4) c.Fail("data must be 4-D (NCHW), not " + ShapeText(data->shape));
  if (rois->shape.size() != 2 || DimValue(rois->shape[1]) != 5)
    c.Fail("rois must have shape (num_rois, 5), not " + ShapeText(rois->shape));
  if (!data->dtype.is_float() || rois->dtype != data->dtype) c.Fail("data and rois must be of one floating-point dtype");
  std::vector<int64_t> pooled = c.call->GetIntArray("pooled_size");
  if (pooled.size() != 2 || pooled[0] < 1 || pooled[1] < 1) c.Fail("pooled_size must be two positive integers");
  if (c.op.name == "vision.roi_align") {
    std::string mode = c.call->GetString("mode");
    if (mode != "avg" && mode != "max") c.Fail("mode must be \"avg\" or \"max\", not \"" + mode + "\"");
  }
  return TensorType(Dims{rois->shape[0], data->shape[1], Dim(pooled[0]), Dim(pooled[1])}, data->dtype);
}

}  // namespace

TIRGEN_REGISTER_OPS(vision_rcnn) {
  RegisterOpInfo("vision.roi_align")
      .Attrs("relay.attrs.ROIAlignAttrs",
             {Required("pooled_size", AttrKind::kIntArray), Required("spatial_scale", AttrKind::kFloat),
              Field("sample_ratio", AttrKind::kInt, AttrInt(-1)), Field("layout", AttrKind::kString, AttrStr("NCHW")),
              Field("mode", AttrKind::kString, AttrStr("avg")), Field("aligned", AttrKind::kBool, AttrBool(false))})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(RoiRel);
  RegisterCompute("vision.roi_align", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    return std::vector<te::Tensor>{topi::roi_align_nchw(in.at(0), in.at(1), call->GetIntArray("pooled_size"),
                                                        call->GetFloat("spatial_scale"), call->GetInt("sample_ratio"),
                                                        call->GetString("mode"), call->GetBool("aligned"))};
  });
  RegisterOpInfo("vision.roi_pool")
      .Attrs("relay.attrs.ROIPoolAttrs",
             {Required("pooled_size", AttrKind::kIntArray), Required("spatial_scale", AttrKind::kFloat),
              Field("layout", AttrKind::kString, AttrStr("NCHW"))})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(RoiRel);
  RegisterCompute("vision.roi_pool", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    return std::vector<te::Tensor>{
        topi::roi_pool_nchw(in.at(0), in.at(1), call->GetIntArray("pooled_size"), call->GetFloat("spatial_scale"))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
