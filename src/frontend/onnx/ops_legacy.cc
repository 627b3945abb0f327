// Legacy ops TVM v0.14's frontend still maps: Upsample (nn.upsampling / nn.upsampling3d, scales from the
// attribute of opset 7 or the input of opset 9/10), Scale (x * scale), FC (Caffe2's fully
// connected layer, nn.dense; TVM's mapping drops the bias, here it is added). SpatialBN shares
// BatchNormalization's converter (ops_nn.cc).
#include <cmath>

#include "converter.h"
#include "node_attr.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::Expr;

std::vector<double> UpsampleScales(NodeContext& ctx) {
  if (ctx.HasAttr("scales")) return ctx.Floats("scales");
  if (!ctx.HasInput(1)) ctx.Fail("scales must be given (as the attribute or the second input)");
  HostTensor t = ctx.Known(1, "scales");
  std::vector<double> s;
  for (int64_t i = 0; i < t.size(); ++i) s.push_back(t.AsReal(i));
  return s;
}

// TVM's Upsample: 4-D inputs by nn.upsampling (H and W scales, NCHW, align_corners false),
// 5-D ones by nn.upsampling3d (D, H and W, NCDHW, asymmetric coordinates); nearest floors,
// as ONNX's Upsample.
void ConvertUpsample(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  int rank = static_cast<int>(shape.size());
  if (rank != 4 && rank != 5) ctx.Fail("only 4-D (NCHW) and 5-D (NCDHW) inputs are supported, not rank " + std::to_string(rank));
  std::vector<double> scales = UpsampleScales(ctx);
  if (static_cast<int>(scales.size()) != rank)
    ctx.Fail("scales must have " + std::to_string(rank) + " entries, not " + std::to_string(scales.size()));
  if (scales[0] != 1.0 || scales[1] != 1.0) ctx.Fail("scales of the batch and channel dimensions must be 1");
  for (int i = 2; i < rank; ++i) {
    // nn.upsampling rounds dim * scale where ONNX floors it: only whole products agree.
    double out = static_cast<double>(shape[i]) * static_cast<float>(scales[i]);
    if (!(out >= 1 && out < 1e9 && out == std::floor(out)))
      ctx.Fail("scales[" + std::to_string(i) + "] times the input dimension " + std::to_string(shape[i]) +
               " must be a whole positive size (TVM's nn.upsampling rounds it where ONNX floors it)");
  }
  std::string mode = ctx.Str("mode", "nearest");
  if (mode != "nearest" && mode != "linear") ctx.Fail("mode '" + mode + "' is not nearest or linear");
  if (rank == 5) {
    ctx.SetOutput(0, ctx.Call("nn.upsampling3d", {ctx.Input(0)},
                              {{"scale_d", FloatAttr(scales[2])},
                               {"scale_h", FloatAttr(scales[3])},
                               {"scale_w", FloatAttr(scales[4])},
                               {"method", String(mode == "nearest" ? "nearest_neighbor" : "trilinear")},
                               {"coordinate_transformation_mode", String("asymmetric")}}));
    return;
  }
  ctx.SetOutput(0, ctx.Call("nn.upsampling", {ctx.Input(0)},
                            {{"scale_h", FloatAttr(scales[2])},
                             {"scale_w", FloatAttr(scales[3])},
                             {"method", String(mode == "nearest" ? "nearest_neighbor" : "bilinear")}}));
}

std::string UpsampleForms(const NodeForm& f) {
  if (f.Rank(0) >= 0 && f.Rank(0) != 4 && f.Rank(0) != 5)
    return "an input of rank " + std::to_string(f.Rank(0)) + " (only 4-D NCHW and 5-D NCDHW)";
  std::string mode = f.Str("mode", "nearest");
  if (mode != "nearest" && mode != "linear") return "mode '" + mode + "'";
  if (!f.HasAttr("scales") && f.HasInput(1) && !f.Known(1)) return "scales not known at import time";
  // Opset 7's attribute scales are seen up front; TVM asserts the same (its ops resize H, W, D).
  const auto* scales = FindNodeAttr(f.node, "scales");
  if (scales && scales->floats_size() >= 2 && (scales->floats(0) != 1.0f || scales->floats(1) != 1.0f))
    return "scales of the batch or channel dimension other than 1";
  return "";
}

void ConvertScale(NodeContext& ctx) {
  if (!ctx.DType(0).is_float()) ctx.Fail("input must be floating point, not " + ctx.DType(0).str());
  ctx.SetOutput(0, ctx.Call("multiply", {ctx.Input(0), ctx.Scalar(ctx.Float("scale", 1.0), ctx.DType(0))}));
}

// Y = X W^T (+ B) with X (M, K) and W (N, K).
void ConvertFC(NodeContext& ctx) {
  std::vector<int64_t> x = ctx.Shape(0), w = ctx.Shape(1);
  if (x.size() != 2 || w.size() != 2) ctx.Fail("X and W must be 2-D");
  if (x[1] != w[1]) ctx.Fail("X has " + std::to_string(x[1]) + " columns and W " + std::to_string(w[1]));
  Expr y = ctx.Call("nn.dense", {ctx.Input(0), ctx.Input(1)});
  if (ctx.HasInput(2)) {
    if (ctx.Shape(2) != std::vector<int64_t>{w[0]}) ctx.Fail("B must have shape (" + std::to_string(w[0]) + ",)");
    y = ctx.Call("nn.bias_add", {y, ctx.Input(2)}, {{"axis", relay::AttrInt(1)}});
  }
  ctx.SetOutput(0, y);
}

std::string FCForms(const NodeForm& f) {
  for (int i = 0; i < 2; ++i)
    if (f.Rank(i) >= 0 && f.Rank(i) != 2)
      return std::string(i ? "W" : "X") + " of rank " + std::to_string(f.Rank(i)) + " (only 2-D X and W)";
  return "";
}

}  // namespace

void AddLegacyConverters(ConverterTable* table) {
  (*table)["Upsample"] = Converter(ConvertUpsample, UpsampleForms);
  (*table)["Scale"] = ConvertScale;
  (*table)["FC"] = Converter(ConvertFC, FCForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
