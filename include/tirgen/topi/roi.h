// Region-of-interest pooling (TVM's topi.vision.rcnn roi_align_nchw / roi_pool_nchw, NCHW):
// each output [r, c, ph, pw] pools bin (ph, pw) of region r of data's image rois[r, 0].
// TVM's generic computes reduce over extents read from `rois` (its x86 roi_align is a
// hybrid-script kernel with the same samples); a TensorIR block's domain must be static, so
// here both reduce over static windows that cover every sample that can read the image, with
// `where` keeping the region's own (see roi.cc). Results are TVM's; the work grows with the
// image size instead of the region's.
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

/// data (N, C, H, W), rois (R, 5) rows [batch_index, x1, y1, x2, y2] in data's dtype ->
/// (R, C, pooled[0], pooled[1]). Each bin averages (mode "avg") or takes the largest of
/// (mode "max") sample_ratio^2 bilinear samples (sample_ratio <= 0: ceil(roi / pooled) per
/// axis, read from rois). aligned (ONNX's half_pixel, torchvision's aligned=True; not in
/// TVM): coordinates shift by -0.5 and regions smaller than one pixel keep their size
/// (otherwise they grow to 1x1, as in TVM). A batch index outside [0, N) reads zeros.
te::Tensor roi_align_nchw(const te::Tensor& data, const te::Tensor& rois, const std::vector<int64_t>& pooled,
                          double spatial_scale, int64_t sample_ratio, const std::string& mode, bool aligned,
                          const std::string& name = "compute");

/// data (N, C, H, W), rois (R, 5) as above -> (R, C, pooled[0], pooled[1]): the maximum over
/// each bin of the region rounded to whole pixels (0 for an empty bin); TVM's roi_pool_nchw.
/// Both are Python te.computes without a name in TVM (vision/rcnn/roi_align.py, roi_pool.py):
/// stage "compute", axes i, c, ph, pw.
te::Tensor roi_pool_nchw(const te::Tensor& data, const te::Tensor& rois, const std::vector<int64_t>& pooled,
                         double spatial_scale, const std::string& name = "compute");

}  // namespace topi
}  // namespace tirgen
