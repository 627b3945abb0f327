// Image ops: Resize (nearest, linear, cubic over NCW / NCHW; nearest, linear over NCDHW) and DepthToSpace / SpaceToDepth (as
// reshape -> transpose -> reshape, the ONNX definition) and GridSample (image.grid_sample, the
// grid transposed to (N, 2, H, W) as TVM does, or (N, 3, D, H, W) for 5-D data).
#include <cmath>
#include <cstdio>

#include "converter.h"
#include "tirgen/tir/int_arith.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInts;

// Resize of a 3-, 4- or 5-D NC... input: relay's image.resize2d for 4-D, image.resize3d for 5-D
// (nearest and linear; op_forms.cc refuses the rest up front). A 3-D input is resized as 4-D
// over an inserted unit height, where every mode maps output row 0 to input row 0 (TVM has an
// image.resize1d; the numbers are the same).
void ConvertResize(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  size_t rank = in.size();
  if (rank < 3 || rank > 5) ctx.Fail("only 3-, 4- and 5-D (NC + spatial) inputs are supported, not rank " + std::to_string(rank));
  // Inputs: X, roi, scales, sizes (roi and scales may be empty names or empty tensors).
  std::vector<int64_t> out;
  if (ctx.HasInput(3) && ctx.Known(3, "sizes").size() > 0) {
    out = ctx.KnownInts(3, "sizes");
  } else if (ctx.HasInput(2) && ctx.Known(2, "scales").size() > 0) {
    HostTensor scales = ctx.Known(2, "scales");
    if (scales.size() != rank) ctx.Fail("scales must have " + std::to_string(rank) + " entries");
    for (size_t i = 0; i < rank; ++i) {
      double d = std::floor(static_cast<double>(in[i]) * scales.AsReal(i));
      // Converting NaN or a value beyond int64 is undefined behaviour (a fuzzer finding): refused
      // first. Negative and huge sizes are CheckShape's errors below.
      std::optional<int64_t> dim = tir::TruncToInt64(d);
      if (!dim) {
        char text[64];
        std::snprintf(text, sizeof text, "%g", scales.AsReal(i));
        ctx.Fail("scales[" + std::to_string(i) + "] = " + text + " gives an output dimension beyond int64");
      }
      out.push_back(*dim);
    }
  } else {
    ctx.Fail("one of scales and sizes must be given");
  }
  if (out.size() != rank) ctx.Fail("sizes must have " + std::to_string(rank) + " entries");
  ctx.CheckShape(out, "the output size");
  if (out[0] != in[0] || out[1] != in[1]) ctx.Fail("resizing the batch or channel dimension is not supported");
  std::string mode = ctx.Str("mode", "nearest");
  std::string method = mode == "nearest" ? "nearest_neighbor" : mode;
  if (method != "nearest_neighbor" && method != "linear" && method != "cubic")
    ctx.Fail("mode '" + mode + "' is not one of nearest, linear, cubic");
  std::string coord = ctx.Str("coordinate_transformation_mode", "half_pixel");
  std::vector<int64_t> size(out.begin() + 2, out.end());
  bool lift = rank == 3;
  if (lift) size.insert(size.begin(), 1);
  relay::AttrFields attrs = {{"size", AttrInts(size)},
                             {"method", String(method)},
                             {"coordinate_transformation_mode", String(coord)},
                             {"rounding_method", String(mode == "nearest" ? ctx.Str("nearest_mode", "round_prefer_floor") : "")},
                             {"cubic_alpha", FloatAttr(ctx.Float("cubic_coeff_a", -0.75))},
                             {"cubic_exclude", relay::AttrInt(ctx.Int("exclude_outside", 0))},
                             {"extrapolation_value", FloatAttr(ctx.Float("extrapolation_value", 0.0))}};
  if (coord == "tf_crop_and_resize") {
    HostTensor roi = ctx.Known(1, "roi");
    if (roi.size() != 2 * rank) ctx.Fail("roi must have " + std::to_string(2 * rank) + " entries");
    // relay's roi is (start_h, start_w, end_h, end_w); the inserted height's is (0, 0).
    std::vector<ObjectRef> r;
    if (rank == 3) {
      r = {FloatAttr(0.0), FloatAttr(roi.AsReal(2)), FloatAttr(0.0), FloatAttr(roi.AsReal(5))};
    } else {
      for (int i : {2, 3, 6, 7}) r.push_back(FloatAttr(roi.AsReal(i)));
    }
    attrs.push_back({"roi", Array(r)});
  }
  relay::Expr x = ctx.Input(0);
  if (lift) x = ctx.Call("expand_dims", {x}, {{"axis", relay::AttrInt(2)}});
  relay::Expr y = ctx.Call(rank == 5 ? "image.resize3d" : "image.resize2d", {x}, attrs);
  if (lift) y = ctx.Call("squeeze", {y}, {{"axis", AttrInts({2})}});
  ctx.SetOutput(0, y);
}

void ConvertDepthToSpace(NodeContext& ctx) {
  std::vector<int64_t> s = ctx.Shape(0);
  if (s.size() != 4) ctx.Fail("input must be 4-D (NCHW)");
  int64_t b = ctx.Int("blocksize", 0);
  if (b <= 0) ctx.Fail("blocksize must be positive, got " + std::to_string(b));
  if (b > s[1] || s[1] % (b * b) != 0) ctx.Fail("channels must be divisible by blocksize^2");  // b*b fits: b <= s[1]
  int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  std::string mode = ctx.Str("mode", "DCR");
  std::vector<int64_t> split, perm;
  if (mode == "DCR") {
    split = {n, b, b, c / (b * b), h, w};
    perm = {0, 3, 4, 1, 5, 2};
  } else if (mode == "CRD") {
    split = {n, c / (b * b), b, b, h, w};
    perm = {0, 1, 4, 2, 5, 3};
  } else {
    ctx.Fail("mode '" + mode + "' is not DCR or CRD");
  }
  relay::Expr x = ctx.Reshape(ctx.Input(0), split);
  x = ctx.Call("transpose", {x}, {{"axes", AttrInts(perm)}});
  ctx.SetOutput(0, ctx.Reshape(x, {n, c / (b * b), h * b, w * b}));
}

void ConvertSpaceToDepth(NodeContext& ctx) {
  std::vector<int64_t> s = ctx.Shape(0);
  if (s.size() != 4) ctx.Fail("input must be 4-D (NCHW)");
  int64_t b = ctx.Int("blocksize", 0);
  if (b <= 0) ctx.Fail("blocksize must be positive, got " + std::to_string(b));
  if (s[2] % b != 0 || s[3] % b != 0) ctx.Fail("height and width must be divisible by blocksize");
  int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  relay::Expr x = ctx.Reshape(ctx.Input(0), {n, c, h / b, b, w / b, b});
  x = ctx.Call("transpose", {x}, {{"axes", AttrInts({0, 3, 5, 1, 2, 4})}});
  ctx.SetOutput(0, ctx.Reshape(x, {n, SaturatingNumel({c, b, b}), h / b, w / b}));  // c*b*b may overflow
}

// GridSample's mode as image.grid_sample's method: opset 20 renamed bilinear / bicubic to
// linear / cubic (N-linear, N-cubic).
std::string GridSampleMethod(int opset, const std::string& mode) {
  if (opset < 20) return mode;
  return mode == "linear" ? "bilinear" : mode == "cubic" ? "bicubic" : mode == "nearest" ? mode : "";
}

// ONNX's grid is channels-last, (N, Ho, Wo, 2) or (N, Do, Ho, Wo, 3) (torch exports 5-D ones
// before opset 20 too); image.grid_sample's is channels-first.
void ConvertGridSample(NodeContext& ctx) {
  const bool volume = ctx.Rank(0) == 5;
  relay::Expr grid = ctx.Call("transpose", {ctx.Input(1)},
                              {{"axes", AttrInts(volume ? std::vector<int64_t>{0, 4, 1, 2, 3} : std::vector<int64_t>{0, 3, 1, 2})}});
  std::string mode = ctx.Str("mode", ctx.opset() < 20 ? "bilinear" : "linear");
  ctx.SetOutput(0, ctx.Call("image.grid_sample", {ctx.Input(0), grid},
                            {{"method", String(GridSampleMethod(ctx.opset(), mode))},
                             {"layout", String(volume ? "NCDHW" : "NCHW")},
                             {"padding_mode", String(ctx.Str("padding_mode", "zeros"))},
                             {"align_corners", relay::AttrBool(ctx.Int("align_corners", 0) != 0)}}));
}

std::string GridSampleForms(const NodeForm& f) {
  if (f.Rank(0) >= 0 && f.Rank(0) != 4 && f.Rank(0) != 5)
    return "an input of rank " + std::to_string(f.Rank(0)) + " (4-D NCHW and 5-D NCDHW)";
  std::string mode = f.Str("mode", f.opset < 20 ? "bilinear" : "linear");
  std::string method = GridSampleMethod(f.opset, mode);
  if (method != "bilinear" && method != "nearest" && method != "bicubic") return "mode '" + mode + "'";
  if (f.Rank(0) == 5 && method == "bicubic") return "mode '" + mode + "' on a 5-D input (trilinear and nearest)";
  std::string pad = f.Str("padding_mode", "zeros");
  if (pad != "zeros" && pad != "border" && pad != "reflection") return "padding_mode '" + pad + "'";
  return "";
}

}  // namespace

void AddImageConverters(ConverterTable* table) {
  (*table)["GridSample"] = Converter(ConvertGridSample, GridSampleForms);
  (*table)["Resize"] = ConvertResize;
  (*table)["DepthToSpace"] = ConvertDepthToSpace;
  (*table)["SpaceToDepth"] = ConvertSpaceToDepth;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
