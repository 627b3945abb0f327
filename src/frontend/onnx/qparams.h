// Quantization parameters of the qnn importers (QuantizeLinear/DequantizeLinear, the QLinear*
// elementwise ops, QLinearConv/MatMul, ConvInteger/MatMulInteger, QGemm): reading a scale or a
// zero point, checking a quantized input's dtype, and folding a product of scales. Internal.
#pragma once

#include <string>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// Input `i` (a scale or zero point, named `what` in errors) as `dtype` (float32 scales, int32
/// zero points): a constant when known, else the input reshaped to a scalar and cast. It must be
/// a scalar or 1-D (TVM's get_scalar); `per_channel` allows several values (TVM's
/// get_scalar_or_1d_tensor), otherwise it must hold one. One value, of shape () or (1,), is a
/// scalar. An absent zero point is 0; an absent scale is an error.
relay::Expr QParam(NodeContext& ctx, int i, DataType dtype, bool per_channel, const std::string& what);

/// Fails unless input `i` (named `what`) is int8 or uint8.
void CheckQuantized(NodeContext& ctx, int i, const std::string& what);

/// alpha * a * b of two scales (scalar or per channel), folded in float32 by the constant
/// evaluator when both are constants (as TVM's fold_constant leaves the requantize scale).
relay::Expr ScaleProduct(NodeContext& ctx, const relay::Expr& a, const relay::Expr& b, double alpha = 1.0);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
