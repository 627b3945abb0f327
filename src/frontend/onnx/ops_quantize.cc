// QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear onto the qnn dialect, as TVM
// v0.14's frontend maps them (qnn.quantize / qnn.dequantize with the zero point cast to
// int32; per-axis along `axis`, default 1, 0 for inputs of rank < 2 / <= 1). QnnLegalize
// turns the dialect into ordinary relay ops before optimization. Beyond TVM: a missing zero
// point is ONNX's default (0, uint8 for QuantizeLinear), and a one-element scale or zero point
// of shape (1,) is per-tensor.
#include "converter.h"
#include "qparams.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::Expr;

// The quantized axis as TVM picks it.
int QAxis(NodeContext& ctx, int rank_limit) {
  int rank = ctx.Rank(0);
  int64_t axis = ctx.opset() >= 13 ? ctx.Int("axis", 1) : 0;
  if (rank < rank_limit) return 0;
  return ctx.Axis(axis, rank);
}

// The scale (input 1, float32) and zero point (input 2, as int32, as TVM casts it; 0 when
// absent), per tensor or along the axis. A (1,)-shaped one is one value (a scalar serves every
// axis extent, and keeps a rank-0 input rank 0).
Expr Scale(NodeContext& ctx, const std::string& what) { return QParam(ctx, 1, DataType::Float(32), true, what); }
Expr ZeroPoint(NodeContext& ctx, const std::string& what) { return QParam(ctx, 2, DataType::Int(32), true, what); }

void ConvertQuantizeLinear(NodeContext& ctx) {
  int axis = QAxis(ctx, 2);
  DataType out = ctx.HasInput(2) ? ctx.DType(2) : DataType::UInt(8);
  ctx.SetOutput(0, ctx.Call("qnn.quantize", {ctx.Input(0), Scale(ctx, "y_scale"), ZeroPoint(ctx, "y_zero_point")},
                            {{"out_dtype", String(out.str())}, {"axis", AttrInt(axis)}}));
}

void ConvertDequantizeLinear(NodeContext& ctx) {
  int axis = QAxis(ctx, 2);
  ctx.SetOutput(0, ctx.Call("qnn.dequantize", {ctx.Input(0), Scale(ctx, "x_scale"), ZeroPoint(ctx, "x_zero_point")},
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
