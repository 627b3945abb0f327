// Region-of-interest pooling: RoiAlign (vision.roi_align) and MaxRoiPool (vision.roi_pool), as
// TVM v0.14's frontend maps them: RoiAlign's batch_indices become column 0 of the regions
// (cast to their dtype and concatenated), as relay's roi ops read [batch, x1, y1, x2, y2]. One
// deviation: TVM drops coordinate_transformation_mode; here half_pixel (opset 16's default)
// sets roi_align's `aligned`, so such models get the coordinates they ask for.
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;

// opset 16 added the attribute with default half_pixel; before, the coordinates were those
// of output_half_pixel.
std::string CoordinateMode(int opset, const std::string& attr) {
  return attr.empty() ? (opset >= 16 ? "half_pixel" : "output_half_pixel") : attr;
}

void ConvertRoiAlign(NodeContext& ctx) {
  if (ctx.Rank(0) != 4) ctx.Fail("X must be 4-D (NCHW), not rank " + std::to_string(ctx.Rank(0)));
  std::vector<int64_t> rois = ctx.Shape(1), idx = ctx.Shape(2);
  if (rois.size() != 2 || rois[1] != 4) ctx.Fail("rois must have shape (num_rois, 4)");
  if (idx.size() != 1 || idx[0] != rois[0]) ctx.Fail("batch_indices must have shape (num_rois,) = (" + std::to_string(rois[0]) + ",)");
  if (!ctx.DType(1).is_float() || ctx.DType(1) != ctx.DType(0)) ctx.Fail("rois must have X's floating-point dtype");
  if (!ctx.DType(2).is_int()) ctx.Fail("batch_indices must be integers, not " + ctx.DType(2).str());
  std::string mode = ctx.Str("mode", "avg");
  if (mode != "avg" && mode != "max") ctx.Fail("mode '" + mode + "' is not avg or max");
  std::string coord = CoordinateMode(ctx.opset(), ctx.Str("coordinate_transformation_mode", ""));
  if (coord != "half_pixel" && coord != "output_half_pixel")
    ctx.Fail("coordinate_transformation_mode '" + coord + "' is not half_pixel or output_half_pixel");
  int64_t oh = ctx.Int("output_height", 1), ow = ctx.Int("output_width", 1), ratio = ctx.Int("sampling_ratio", 0);
  if (oh < 1 || ow < 1) ctx.Fail("output_height and output_width must be positive");
  if (ratio < 0) ctx.Fail("sampling_ratio must be >= 0 (0: adaptive), not " + std::to_string(ratio));
  relay::Expr batch = ctx.Call("expand_dims", {ctx.Input(2)}, {{"axis", AttrInt(1)}, {"num_newaxis", AttrInt(1)}});
  batch = ctx.Call("cast", {batch}, {{"dtype", String(ctx.DType(1).str())}});
  relay::Expr boxes = ctx.Call("concatenate", {ctx.MakeTuple({batch, ctx.Input(1)})}, {{"axis", AttrInt(1)}});
  relay::AttrFields attrs = {{"pooled_size", AttrInts({oh, ow})},
                             {"spatial_scale", FloatAttr(ctx.Float("spatial_scale", 1.0))},
                             {"sample_ratio", AttrInt(ratio)},
                             {"mode", String(mode)}};
  if (coord == "half_pixel") attrs.push_back({"aligned", relay::AttrBool(true)});
  ctx.SetOutput(0, ctx.Call("vision.roi_align", {ctx.Input(0), boxes}, attrs));
}

std::string RoiAlignForms(const NodeForm& f) {
  if (f.Rank(0) >= 0 && f.Rank(0) != 4) return "an input of rank " + std::to_string(f.Rank(0)) + " (only 4-D NCHW)";
  std::string mode = f.Str("mode", "avg");
  if (mode != "avg" && mode != "max") return "mode '" + mode + "'";
  std::string coord = CoordinateMode(f.opset, f.Str("coordinate_transformation_mode", ""));
  if (coord != "half_pixel" && coord != "output_half_pixel") return "coordinate_transformation_mode '" + coord + "'";
  return "";
}

void ConvertMaxRoiPool(NodeContext& ctx) {
  if (ctx.Rank(0) != 4) ctx.Fail("X must be 4-D (NCHW), not rank " + std::to_string(ctx.Rank(0)));
  std::vector<int64_t> rois = ctx.Shape(1);
  if (rois.size() != 2 || rois[1] != 5) ctx.Fail("rois must have shape (num_rois, 5)");
  if (!ctx.DType(1).is_float() || ctx.DType(1) != ctx.DType(0)) ctx.Fail("rois must have X's floating-point dtype");
  std::vector<int64_t> pooled = ctx.Ints("pooled_shape");
  if (pooled.size() != 2 || pooled[0] < 1 || pooled[1] < 1) ctx.Fail("pooled_shape must be two positive integers");
  ctx.SetOutput(0, ctx.Call("vision.roi_pool", {ctx.Input(0), ctx.Input(1)},
                            {{"pooled_size", AttrInts(pooled)}, {"spatial_scale", FloatAttr(ctx.Float("spatial_scale", 1.0))}}));
}

std::string MaxRoiPoolForms(const NodeForm& f) {
  if (f.Rank(0) >= 0 && f.Rank(0) != 4) return "an input of rank " + std::to_string(f.Rank(0)) + " (only 4-D NCHW)";
  return "";
}

}  // namespace

void AddRoiConverters(ConverterTable* table) {
  (*table)["RoiAlign"] = Converter(ConvertRoiAlign, RoiAlignForms);
  (*table)["MaxRoiPool"] = Converter(ConvertMaxRoiPool, MaxRoiPoolForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
