// The spatial window of a conv/pool node (kernel, strides, dilations, pads with auto_pad
// resolved) and TVM's dimension_picker, shared by the nn converters (ops_nn.cc), LpPool
// (ops_lp_pool.cc) and the quantized pools (ops_qlinear.cc). Internal.
#pragma once

#include <string>
#include <vector>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// Spatial attributes of a conv/pool node over `n` spatial dims.
struct Window {
  std::vector<int64_t> kernel, strides, dilations, pads;  ///< pads: begins then ends
};

/// The spatial dims of an (N, C, spatial...) shape; a located error when `what` has no spatial
/// dim (a malformed model's weight of rank 1 or a scalar input).
std::vector<int64_t> SpatialDims(NodeContext& ctx, const std::vector<int64_t>& shape, const std::string& what);

/// Reads strides/dilations/pads (defaults 1/1/0) for `kernel` over `in_spatial`, checks them
/// and resolves auto_pad.
Window ReadWindow(NodeContext& ctx, const std::vector<int64_t>& in_spatial, const std::vector<int64_t>& kernel);

/// "nn.conv1d" / "nn.conv2d" / "nn.conv3d" for an input of rank 3 / 4 / 5 (TVM's
/// dimension_picker).
std::string Picked(const std::string& prefix, int rank, const std::string& suffix = "");

/// The node's MaxPool (avg false) or AveragePool (avg true) applied to `x` (input 0's shape):
/// relay's nn.max_pool / nn.avg_pool of x's rank (ops_nn.cc; QLinearAveragePool reuses it).
relay::Expr PoolCall(NodeContext& ctx, const relay::Expr& x, bool avg);

/// MaxPool with its Indices output (ops_max_pool_indices.cc): sets both outputs.
void ConvertMaxPoolWithIndices(NodeContext& ctx);

/// GlobalMaxPool (avg false) or GlobalAveragePool (avg true) applied to `x` (input 0's rank).
relay::Expr GlobalPoolCall(NodeContext& ctx, const relay::Expr& x, bool avg);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
