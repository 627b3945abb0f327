// TOPI image operators (TVM's python topi/image/resize.py): image.resize2d, and resize3d's
// nearest and linear modes (what nn.upsampling3d uses).
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;

/// Attributes of resize2d, with Relay's Resize2DAttrs names and defaults.
struct Resize2DParams {
  std::vector<int64_t> size;                    ///< (out_height, out_width)
  std::vector<double> roi{0.0, 0.0, 0.0, 0.0};  ///< (start_h, start_w, end_h, end_w)
  std::string layout = "NCHW";                  ///< NCHW or NHWC
  std::string method = "linear";                ///< nearest_neighbor, linear, cubic
  /// half_pixel, align_corners, asymmetric, pytorch_half_pixel, tf_half_pixel_for_nn,
  /// tf_crop_and_resize.
  std::string coordinate_transformation_mode = "half_pixel";
  /// nearest_neighbor only: round, round_prefer_floor, round_prefer_ceil, floor, ceil, or
  /// "" (round for align_corners, floor otherwise).
  std::string rounding_method = "round";
  double cubic_alpha = -0.5;
  int cubic_exclude = 0;
  double extrapolation_value = 0.0;
  DataType out_dtype;  ///< void: the input's dtype
};

/// Resizes the two spatial dims of a 4-D tensor (one compute named `resize`). Pixels are read
/// as float32 at clamped coordinates and the result is cast to out_dtype.
Tensor resize2d(const Tensor& data, const Resize2DParams& params, const std::string& name = "resize");

/// Attributes of resize3d's nearest_neighbor and linear modes (roi 0, no extrapolation).
struct Resize3DParams {
  std::vector<int64_t> size;        ///< (out_depth, out_height, out_width)
  std::string layout = "NCDHW";     ///< NCDHW or NDHWC
  std::string method = "linear";    ///< nearest_neighbor or linear (trilinear)
  /// half_pixel, align_corners, asymmetric, pytorch_half_pixel, tf_half_pixel_for_nn.
  std::string coordinate_transformation_mode = "half_pixel";
  /// nearest_neighbor only, as Resize2DParams ("": round for align_corners, floor otherwise).
  std::string rounding_method;
  DataType out_dtype;  ///< void: the input's dtype
};

/// Resizes the three spatial dims of a 5-D tensor (one compute named `resize`), reading pixels
/// as float32 at clamped coordinates as resize2d does.
Tensor resize3d(const Tensor& data, const Resize3DParams& params, const std::string& name = "resize");

}  // namespace topi
}  // namespace tirgen
