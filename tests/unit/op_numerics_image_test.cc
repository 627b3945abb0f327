// Numerics of image.resize2d, nn.upsampling and nn.upsampling3d against PyTorch's F.interpolate (the modes it shares with TVM)
// and NumPy index arithmetic (nearest with align_corners / asymmetric rounding).
#include <gtest/gtest.h>

#include "op_numerics.h"

namespace tirgen {
namespace testing {
namespace {

std::string Resize(const std::string& size, const std::string& extra) {
  return "image.resize2d(%a, size=" + size + extra + ")";
}

TEST(OpNumerics, Resize2D) {
  const std::string nearest = ", method=\"nearest_neighbor\"";
  RunNumericCases({
      {"linear_half_pixel_up", {F32({1, 2, 4, 5})}, Resize("[7, 9]", ""),
       "F.interpolate(T(a), size=(7, 9), mode='bilinear', align_corners=False)"},
      {"linear_half_pixel_down", {F32({2, 3, 8, 8})}, Resize("[3, 5]", ""),
       "F.interpolate(T(a), size=(3, 5), mode='bilinear', align_corners=False)"},
      {"linear_align_corners", {F32({1, 2, 4, 5})},
       Resize("[6, 8]", ", coordinate_transformation_mode=\"align_corners\""),
       "F.interpolate(T(a), size=(6, 8), mode='bilinear', align_corners=True)"},
      {"linear_nhwc", {F32({1, 4, 5, 3})}, Resize("[6, 3]", ", layout=\"NHWC\""),
       "F.interpolate(T(a).permute(0, 3, 1, 2), size=(6, 3), mode='bilinear', "
       "align_corners=False).permute(0, 2, 3, 1)"},
      {"nearest_asymmetric_floor", {F32({1, 2, 5, 3})},
       Resize("[7, 8]", nearest + ", coordinate_transformation_mode=\"asymmetric\", rounding_method=\"floor\""),
       "F.interpolate(T(a), size=(7, 8), mode='nearest')"},
      {"nearest_asymmetric_intdiv", {F32({1, 2, 3, 4})},
       Resize("[6, 12]", nearest + ", coordinate_transformation_mode=\"asymmetric\", rounding_method=\"floor\""),
       "F.interpolate(T(a), scale_factor=(2, 3), mode='nearest')"},
      {"nearest_half_pixel_prefer_ceil", {F32({1, 1, 5, 6})},
       Resize("[3, 9]", nearest + ", rounding_method=\"round_prefer_ceil\""),
       "F.interpolate(T(a), size=(3, 9), mode='nearest-exact')"},
      {"nearest_align_corners_round", {F32({1, 2, 4, 4})},
       Resize("[6, 7]", nearest + ", coordinate_transformation_mode=\"align_corners\""),
       "a[:, :, np.round(np.arange(6) * 3 / 5).astype(int)][:, :, :, np.round(np.arange(7) * 3 / 6).astype(int)]"},
      {"cubic_half_pixel", {F32({1, 2, 5, 4})}, Resize("[8, 7]", ", method=\"cubic\", cubic_alpha=-0.75f"),
       "F.interpolate(T(a), size=(8, 7), mode='bicubic', align_corners=False)", 1e-5, 1e-5},
      {"cubic_align_corners", {F32({1, 1, 4, 6})},
       Resize("[7, 4]", ", method=\"cubic\", coordinate_transformation_mode=\"align_corners\", cubic_alpha=-0.75f"),
       "F.interpolate(T(a), size=(7, 4), mode='bicubic', align_corners=True)", 1e-5, 1e-5},
      {"upsampling_nearest", {F32({1, 2, 3, 4})}, "nn.upsampling(%a, scale_h=2f, scale_w=3f)",
       "F.interpolate(T(a), scale_factor=(2, 3), mode='nearest')"},
      {"upsampling_nearest_fractional", {F32({1, 2, 4, 4})}, "nn.upsampling(%a, scale_h=1.5f, scale_w=1.75f)",
       "F.interpolate(T(a), size=(6, 7), mode='nearest')"},
      {"upsampling_bilinear_align_corners", {F32({1, 2, 3, 4})},
       "nn.upsampling(%a, scale_h=2f, scale_w=2f, layout=\"NHWC\", method=\"bilinear\", align_corners=True)",
       "F.interpolate(T(a).permute(0, 3, 1, 2), size=(4, 6), mode='bilinear', align_corners=True).permute(0, 2, 3, 1)"},
      // nn.upsampling3d (topi resize3d): torch's nearest is asymmetric + floor, its trilinear
      // half_pixel (align_corners=False) or align_corners.
      {"upsampling3d_nearest", {F32({1, 2, 3, 4, 2})},
       "nn.upsampling3d(%a, scale_d=2f, scale_h=1.5f, scale_w=3f, coordinate_transformation_mode=\"asymmetric\")",
       "F.interpolate(T(a), size=(6, 6, 6), mode='nearest')"},
      {"upsampling3d_trilinear_half_pixel", {F32({1, 2, 3, 4, 5})},
       "nn.upsampling3d(%a, scale_d=2f, scale_h=1.5f, scale_w=0.6f, method=\"trilinear\")",
       "F.interpolate(T(a), size=(6, 6, 3), mode='trilinear', align_corners=False)", 1e-5, 1e-5},
      {"upsampling3d_trilinear_align_corners_ndhwc", {F32({1, 3, 4, 2, 2})},
       "nn.upsampling3d(%a, scale_d=2f, scale_h=1f, scale_w=2f, layout=\"NDHWC\", method=\"trilinear\", "
       "coordinate_transformation_mode=\"align_corners\")",
       "F.interpolate(T(a).permute(0, 4, 1, 2, 3), size=(6, 4, 4), mode='trilinear', align_corners=True)"
       ".permute(0, 2, 3, 4, 1)", 1e-5, 1e-5},
  });
}

}  // namespace
}  // namespace testing
}  // namespace tirgen
