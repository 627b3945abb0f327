// Shared by MatMul and the quantized matmuls (ops_nn.cc, ops_qlinear_nn.cc).
#pragma once

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// A batched matrix operand (`shape` = its batch dims + (rows, cols)) broadcast to `batch` +
/// (rows, cols) and flattened to 3-D (prod(batch), rows, cols), as batch_matmul takes it.
relay::Expr BatchTo3D(NodeContext& ctx, relay::Expr x, const std::vector<int64_t>& shape, std::vector<int64_t> batch,
                      int64_t rows, int64_t cols);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
