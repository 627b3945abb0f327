// QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear onto the qnn dialect, as TVM
// v0.14's frontend maps them (qnn.quantize / qnn.dequantize with the zero point cast to
// int32; per-axis along `axis`, default 1, 0 for inputs of rank < 2 / <= 1). QnnLegalize
// turns the dialect into ordinary relay ops before optimization. Beyond TVM: a missing zero
// point is ONNX's default (0, uint8 for QuantizeLinear), and a one-element scale or zero point
// of shape (1,) is per-tensor.
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::Expr;

// The scale / zero point input `i`: a (1,)-shaped value is per-tensor (made a scalar).
Expr QParam(NodeContext& ctx, int i) {
  Expr p = ctx.Input(i);
  std::vector<int64_t> shape = ctx.Shape(i);
  if (shape.size() > 1) ctx.Fail("input " + std::to_string(i) + " (scale / zero point) must be a scalar or 1-D");
  // (1,) is one value: a scalar serves every axis extent, and keeps a rank-0 input rank 0.
  if (shape.size() == 1 && shape[0] == 1) p = ctx.Reshape(p, {});
  return p;
}

// The quantized axis as TVM picks it.
int QAxis(NodeContext& ctx, int rank_limit) {
  int rank = ctx.Rank(0);
  int64_t axis = ctx.opset() >= 13 ? ctx.Int("axis", 1) : 0;
  if (rank < rank_limit) return 0;
  return ctx.Axis(axis, rank);
}

// The zero point as int32 (cast as TVM does), or a 0 of `dtype` when absent.
Expr ZeroPoint(NodeContext& ctx) {
  if (!ctx.HasInput(2)) return ctx.Scalar(0.0, DataType::Int(32));
  return ctx.Call("cast", {QParam(ctx, 2)}, {{"dtype", String("int32")}});
}

void ConvertQuantizeLinear(NodeContext& ctx) {
  int axis = QAxis(ctx, 2);
  DataType out = ctx.HasInput(2) ? ctx.DType(2) : DataType::UInt(8);
  if (ctx.DType(1) != DataType::Float(32)) ctx.Fail("y_scale must be float32, not " + ctx.DType(1).str());
  ctx.SetOutput(0, ctx.Call("qnn.quantize", {ctx.Input(0), QParam(ctx, 1), ZeroPoint(ctx)},
                            {{"out_dtype", String(out.str())}, {"axis", AttrInt(axis)}}));
}

void ConvertDequantizeLinear(NodeContext& ctx) {
  int axis = QAxis(ctx, 2);
  if (ctx.DType(1) != DataType::Float(32)) ctx.Fail("x_scale must be float32, not " + ctx.DType(1).str());
  ctx.SetOutput(0, ctx.Call("qnn.dequantize", {ctx.Input(0), QParam(ctx, 1), ZeroPoint(ctx)},
                            {{"out_dtype", String("float32")}, {"axis", AttrInt(axis)}}));
}

// TVM's DynamicQuantizeLinear: scale = (max(0, max x) - min(0, min x)) / 255, zero point =
// cast(round(clip(0 - min x / scale, 0, 255)), uint8), then qnn.quantize to uint8.
void ConvertDynamicQuantizeLinear(NodeContext& ctx) {
  DataType dt = ctx.DType(0);
  if (dt != DataType::Float(32)) ctx.Fail("x must be float32, not " + dt.str());
  Expr x = ctx.Input(0), zero = ctx.Scalar(0.0, dt);
  Expr hi = ctx.Call("maximum", {zero, ctx.Call("max", {x})});
  Expr lo = ctx.Call("minimum", {zero, ctx.Call("min", {x})});
  Expr scale = ctx.Call("divide", {ctx.Call("subtract", {hi, lo}), ctx.Scalar(255.0, dt)});
  Expr zp = ctx.Call("subtract", {zero, ctx.Call("divide", {ctx.Call("min", {x}), scale})});
  zp = ctx.Call("clip", {zp}, {{"a_min", FloatAttr(0.0)}, {"a_max", FloatAttr(255.0)}});
  zp = ctx.Call("cast", {ctx.Call("round", {zp})}, {{"dtype", String("uint8")}});
  Expr zp32 = ctx.Call("cast", {zp}, {{"dtype", String("int32")}});
  Expr y = ctx.Call("qnn.quantize", {x, scale, zp32}, {{"out_dtype", String("uint8")}, {"axis", AttrInt(0)}});
  ctx.SetOutput(0, y);
  if (ctx.HasOutput(1)) ctx.SetOutput(1, scale);
  if (ctx.HasOutput(2)) ctx.SetOutput(2, zp);
}

}  // namespace

void AddQuantizeConverters(ConverterTable* table) {
  (*table)["QuantizeLinear"] = ConvertQuantizeLinear;
  (*table)["DequantizeLinear"] = ConvertDequantizeLinear;
  (*table)["DynamicQuantizeLinear"] = ConvertDynamicQuantizeLinear;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
