// com.microsoft QAttention (ONNX Runtime's quantized Attention) decomposed as TVM v0.14's
// frontend does (but one broadcast_to where TVM concatenates batch copies of the weight): the
// weight broadcast over the batch and split into Q, K and V; each
// projection a qnn.batch_matmul of the quantized input and the transposed weight part
// (per-tensor zero points and scales, as TVM's qnn.batch_matmul takes only scalars),
// dequantized with the product of the scales and zero point 0, plus the float bias; then the
// float attention Attention shares (ort_attention.h).
#include "converter.h"
#include "ort_attention.h"
#include "qparams.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

// Inputs: input, weight, bias, input_scale, weight_scale, mask_index, input_zero_point?,
// weight_zero_point?, past?. Outputs: output, present.
void ConvertQAttention(NodeContext& ctx) {
  CheckQuantized(ctx, 0, "input");
  CheckQuantized(ctx, 1, "weight");
  std::vector<int64_t> in = ctx.Shape(0), w = ctx.Shape(1), b = ctx.Shape(2);
  if (in.size() != 3) ctx.Fail("input must be 3-D (batch, sequence, input_hidden)");
  AttentionShape d = ReadAttentionShape(ctx, in, w, 5, 8);
  if (b != std::vector<int64_t>{w[1]}) ctx.Fail("bias must have shape (" + std::to_string(w[1]) + ",)");
  DataType dt = ctx.DType(2);
  if (dt != DataType::Float(32)) ctx.Fail("bias must be float32 (the dequantized projections' dtype), not " + dt.str());
  if (ctx.HasInput(8) && ctx.DType(8) != dt) ctx.Fail("past must be float32, not " + ctx.DType(8).str());
  const DataType kF32 = DataType::Float(32), kI32 = DataType::Int(32);
  Expr in_scale = QParam(ctx, 3, kF32, false, "input_scale"), w_scale = QParam(ctx, 4, kF32, false, "weight_scale");
  Expr in_zp = QParam(ctx, 6, kI32, false, "input_zero_point"), w_zp = QParam(ctx, 7, kI32, false, "weight_zero_point");
  if (d.batch < 1) ctx.Fail("input's batch dimension must be at least 1 (the weight is broadcast over it), not " + std::to_string(d.batch));
  // One broadcast, not `batch` copies concatenated as TVM does: the size of the graph must
  // not grow with the batch.
  Expr weight = ctx.Call("broadcast_to", {ctx.Input(1)}, {{"shape", AttrInts({d.batch, w[0], w[1]})}});
  std::vector<Expr> ws = Split3(ctx, weight, -1), bs = Split3(ctx, ctx.Input(2), -1);
  Expr scale = ScaleProduct(ctx, in_scale, w_scale);
  auto project = [&](int k) {
    Expr wt = ctx.Call("transpose", {ws[k]}, {{"axes", AttrInts({0, 2, 1})}});
    Expr acc = ctx.Call("qnn.batch_matmul", {ctx.Input(0), wt, in_zp, w_zp, in_scale, w_scale},
                        {{"out_dtype", String("int32")}, {"transpose_b", relay::AttrBool(true)}});
    Expr real = ctx.Call("qnn.dequantize", {acc, scale, ctx.Scalar(0.0, kI32)});
    return ctx.Call("add", {real, bs[k]});
  };
  Expr q = project(0), k = project(1), v = project(2);
  AttentionFromProjections(ctx, d, q, k, v, dt);
}

std::string QAttentionForms(const NodeForm& f) {
  std::string why = AttentionAttrForms(f);
  if (!why.empty()) return why;
  if (!f.HasInput(5)) return "no mask_index";
  if (f.Rank(5) >= 0 && f.Rank(5) != 2) return "a mask_index of rank " + std::to_string(f.Rank(5)) + " (only (batch, total sequence))";
  for (int i : {3, 4, 6, 7})
    if (f.Rank(i) > 1) return "a quantization parameter of rank " + std::to_string(f.Rank(i)) + " (per-tensor only)";
  return "";
}

}  // namespace

void AddOrtQAttentionConverters(ConverterTable* table) {
  (*table)["com.microsoft.QAttention"] = Converter(ConvertQAttention, QAttentionForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
