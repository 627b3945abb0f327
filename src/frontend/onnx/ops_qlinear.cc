// The com.microsoft QLinear* elementwise and pooling ops (QLinearAdd, QLinearMul,
// QLinearLeakyRelu, QLinearSigmoid, QLinearSoftmax, QLinearAveragePool,
// QLinearGlobalAveragePool) as TVM v0.14's frontend maps them, following ONNX Runtime,
// which computes them in float: every quantized input is qnn.dequantize'd with its scalar
// scale / zero point, the float op runs, and the result is qnn.quantize'd to the first input's
// dtype. Beyond TVM: missing zero points are 0 (they are optional in ONNX Runtime's schema),
// and QLinearLeakyRelu's alpha defaults to ONNX Runtime's 0.01 (TVM's default is 1.0).
#include "converter.h"
#include "qparams.h"
#include "window.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::Expr;

// Input `i` as a rank-0 scale (float32) or zero point (int32; 0 when absent), as TVM's
// get_scalar.
Expr ScalarParam(NodeContext& ctx, int i, bool zero_point) {
  return QParam(ctx, i, zero_point ? DataType::Int(32) : DataType::Float(32), false, "input " + std::to_string(i));
}

// qnn.dequantize of the quantized input `x` with the scale and zero point at x + 1, x + 2.
Expr Dequantized(NodeContext& ctx, int x) {
  CheckQuantized(ctx, x, "input " + std::to_string(x));
  return ctx.Call("qnn.dequantize", {ctx.Input(x), ScalarParam(ctx, x + 1, false), ScalarParam(ctx, x + 2, true)},
                  {{"out_dtype", String("float32")}, {"axis", AttrInt(-1)}});
}

// The float result quantized with the scale and zero point at `s`, s + 1, to input 0's dtype.
void SetQuantized(NodeContext& ctx, const Expr& value, int s) {
  ctx.SetOutput(0, ctx.Call("qnn.quantize", {value, ScalarParam(ctx, s, false), ScalarParam(ctx, s + 1, true)},
                            {{"out_dtype", String(ctx.DType(0).str())}, {"axis", AttrInt(-1)}}));
}

void ConvertQLinearBinary(NodeContext& ctx) {
  const char* op = ctx.op_type() == "QLinearAdd" ? "add" : "multiply";
  SetQuantized(ctx, ctx.Call(op, {Dequantized(ctx, 0), Dequantized(ctx, 3)}), 6);
}

void ConvertQLinearUnary(NodeContext& ctx) {
  Expr x = Dequantized(ctx, 0), y;
  const std::string& op = ctx.op_type();
  if (op == "QLinearLeakyRelu") {
    y = ctx.Call("nn.leaky_relu", {x}, {{"alpha", FloatAttr(ctx.Float("alpha", 0.01))}});
  } else if (op == "QLinearSigmoid") {
    y = ctx.Call("sigmoid", {x});
  } else {
    y = ctx.Call("nn.softmax", {x}, {{"axis", AttrInt(ctx.Axis(ctx.Int("axis", -1), ctx.Rank(0)))}});
  }
  SetQuantized(ctx, y, 3);
}

// AveragePool's relay call (1-, 2- or 3-D, ops_nn.cc) on the dequantized input.
void ConvertQLinearAveragePool(NodeContext& ctx) { SetQuantized(ctx, PoolCall(ctx, Dequantized(ctx, 0), true), 3); }

// TVM's nn.global_avg_pool{1,2,3}d by rank: GlobalAveragePool's relay call (ops_nn.cc).
void ConvertQLinearGlobalAveragePool(NodeContext& ctx) { SetQuantized(ctx, GlobalPoolCall(ctx, Dequantized(ctx, 0), true), 3); }

}  // namespace

void AddQLinearConverters(ConverterTable* table) {
  for (const char* op : {"QLinearAdd", "QLinearMul"}) (*table)[std::string("com.microsoft.") + op] = ConvertQLinearBinary;
  for (const char* op : {"QLinearLeakyRelu", "QLinearSigmoid", "QLinearSoftmax"})
    (*table)[std::string("com.microsoft.") + op] = ConvertQLinearUnary;
  // forms: op_forms.cc
  (*table)["com.microsoft.QLinearAveragePool"] = ConvertQLinearAveragePool;
  (*table)["com.microsoft.QLinearGlobalAveragePool"] = ConvertQLinearGlobalAveragePool;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
