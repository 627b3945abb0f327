// Quantization parameters shared by the qnn importers (see qparams.h).
#include "qparams.h"

#include "const_eval.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

using relay::Expr;

Expr QParam(NodeContext& ctx, int i, DataType dtype, bool per_channel, const std::string& what) {
  const DataType kF32 = DataType::Float(32), kI32 = DataType::Int(32);
  if (!ctx.HasInput(i)) {
    if (dtype != kI32) ctx.Fail(what + " is required");
    return ctx.Scalar(0.0, kI32);
  }
  std::vector<int64_t> shape = ctx.Shape(i);
  if (shape.size() > 1) ctx.Fail(what + " must be a scalar or 1-D, not rank " + std::to_string(shape.size()));
  bool scalar = SaturatingNumel(shape) == 1;
  if (!scalar && !per_channel) ctx.Fail(what + " must hold one value (per-tensor quantization), not " + std::to_string(shape[0]));
  if (dtype == kF32 && ctx.DType(i) != kF32) ctx.Fail(what + " must be float32, not " + ctx.DType(i).str());
  if (ctx.IsKnown(i)) {
    HostTensor v = EvalCast(ctx.Known(i, what), dtype);
    if (scalar) v.shape = {};
    return ctx.Const(ToNDArray(v));
  }
  Expr x = ctx.Input(i);
  if (scalar && !shape.empty()) x = ctx.Reshape(x, {});
  return ctx.DType(i) == dtype ? x : ctx.Call("cast", {x}, {{"dtype", String(dtype.str())}});
}

void CheckQuantized(NodeContext& ctx, int i, const std::string& what) {
  DataType dt = ctx.DType(i);
  if (dt != DataType::Int(8) && dt != DataType::UInt(8)) ctx.Fail(what + " must be int8 or uint8, not " + dt.str());
}

Expr ScaleProduct(NodeContext& ctx, const Expr& a, const Expr& b, double alpha) {
  const DataType kF32 = DataType::Float(32);
  const auto *ca = a.as<relay::ConstantNode>(), *cb = b.as<relay::ConstantNode>();
  if (!ca || !cb) {
    Expr p = ctx.Call("multiply", {a, b});
    return alpha == 1.0 ? p : ctx.Call("multiply", {p, ctx.Scalar(alpha, kF32)});
  }
  HostTensor p = EvalBinary(HostBinary::kMul, FromNDArray(ca->data), FromNDArray(cb->data));
  if (alpha != 1.0) {
    HostTensor s = HostTensor::Make({}, kF32);
    s.Set(0, alpha);
    p = EvalBinary(HostBinary::kMul, p, s);
  }
  return ctx.Const(ToNDArray(p));
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
