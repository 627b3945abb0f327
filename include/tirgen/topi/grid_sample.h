// grid_sample (TVM's topi.image.grid_sample, 2-D NCHW and 3-D NCDHW): samples data at grid's normalized
// (x, y) positions in [-1, 1], bilinear, nearest or bicubic, with zeros/border/reflection padding.
#pragma once

#include <string>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

/// data (N, C, H, W), grid (N, 2, Ho, Wo) with grid[:, 0] = x and grid[:, 1] = y; output
/// (N, C, Ho, Wo). Or data (N, C, D, H, W), grid (N, 3, Do, Ho, Wo) with grid[:, 2] = z; output
/// (N, C, Do, Ho, Wo), bilinear (trilinear) or nearest, axes n, c, d, h, w. method "bilinear", "nearest" (half to even) or "bicubic" (TVM's, cubic
/// coefficient -0.75, padding applied to each of the 16 taps); padding_mode "zeros",
/// "border" or "reflection"; align_corners maps -1/1 to the corner pixels' centers (true) or
/// to their outer edges (false). TVM's compute is Python's te.compute without a name, over
/// `_bilinear_sample(n, c, h, w)` (and its nearest/bicubic siblings): stage "compute", axes n, c, h, w.
te::Tensor grid_sample(const te::Tensor& data, const te::Tensor& grid, const std::string& method,
                       const std::string& padding_mode, bool align_corners,
                       const std::string& name = "compute");

}  // namespace topi
}  // namespace tirgen
