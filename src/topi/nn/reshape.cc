// Layout-moving nn computes: flatten, depth_to_space, space_to_depth, copy_if_identical (see nn.h).
// Expressions are built in the order TVM's Python TOPI builds them, because that order is visible
// in the printed TIR.
#include "tirgen/topi/nn.h"

#include <array>

#include "nn_util.h"
#include "tirgen/te/operation.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

Tensor flatten(const Tensor& x, const std::string& name) {
  PrimExpr dim = I32(1);
  for (size_t i = 1; i < x.ndim(); ++i) dim = dim * x->shape[i];
  return te::compute(
      {x->shape[0], dim},
      [&](const std::vector<Var>& v) {
        PrimExpr j = v[1];
        std::vector<PrimExpr> idx;
        for (size_t i = x.ndim() - 1; i >= 1; --i) {
          idx.insert(idx.begin(), floormod(j, x->shape[i]));
          j = floordiv(j, x->shape[i]);
        }
        idx.insert(idx.begin(), v[0]);
        return x(idx);
      },
      name, "injective");
}

namespace {
// (n, c, y, x) of an output index in NCHW or NHWC.
std::array<PrimExpr, 4> NCYX(const std::vector<Var>& v, bool nhwc) {
  if (nhwc) return {v[0], v[3], v[1], v[2]};
  return {v[0], v[1], v[2], v[3]};
}
}  // namespace

Tensor depth_to_space(const Tensor& x, int64_t block_size, const std::string& layout, const std::string& mode) {
  bool nhwc = layout == "NHWC";
  TIRGEN_CHECK(x.ndim() == 4 && (nhwc || layout == "NCHW")) << "depth_to_space needs 4-D NCHW or NHWC data";
  PrimExpr bs = I32(block_size);
  int64_t in_c = Dim(x->shape[nhwc ? 3 : 1]);
  PrimExpr factor = I32(in_c / (block_size * block_size));
  PrimExpr oh = I32(Dim(x->shape[nhwc ? 1 : 2]) * block_size), ow = I32(Dim(x->shape[nhwc ? 2 : 3]) * block_size);
  std::vector<PrimExpr> shape = nhwc ? std::vector<PrimExpr>{x->shape[0], oh, ow, factor}
                                     : std::vector<PrimExpr>{x->shape[0], factor, oh, ow};
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        auto [n, c, y, xx] = NCYX(v, nhwc);
        PrimExpr block_x = truncdiv(xx, bs), block_y = truncdiv(y, bs);
        PrimExpr idx_x = truncmod(xx, bs), idx_y = truncmod(y, bs);
        PrimExpr ch = mode == "DCR" ? factor * (bs * idx_y + idx_x) + c : c * bs * bs + (bs * idx_y + idx_x);
        return nhwc ? x(n, block_y, block_x, ch) : x(n, ch, block_y, block_x);
      },
      "depth_to_space", "injective", {}, Names("i", 4));
}

Tensor space_to_depth(const Tensor& x, int64_t block_size, const std::string& layout) {
  bool nhwc = layout == "NHWC";
  TIRGEN_CHECK(x.ndim() == 4 && (nhwc || layout == "NCHW")) << "space_to_depth needs 4-D NCHW or NHWC data";
  PrimExpr bs = I32(block_size), in_c = x->shape[nhwc ? 3 : 1];
  PrimExpr oc = I32(Dim(in_c) * block_size * block_size);
  PrimExpr oh = I32(Dim(x->shape[nhwc ? 1 : 2]) / block_size), ow = I32(Dim(x->shape[nhwc ? 2 : 3]) / block_size);
  std::vector<PrimExpr> shape = nhwc ? std::vector<PrimExpr>{x->shape[0], oh, ow, oc}
                                     : std::vector<PrimExpr>{x->shape[0], oc, oh, ow};
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        auto [n, c, y, xx] = NCYX(v, nhwc);
        PrimExpr block_offset = truncdiv(c, in_c), channel_idx = truncmod(c, in_c);
        PrimExpr x_idx = truncmod(block_offset, bs), y_idx = truncdiv(block_offset, bs);
        PrimExpr iy = y_idx + y * bs, ix = x_idx + xx * bs;
        return nhwc ? x(n, iy, ix, channel_idx) : x(n, channel_idx, iy, ix);
      },
      "space_to_depth", "injective", {}, Names("i", 4));
}

Tensor copy_if_identical(const Tensor& a, const Tensor& b) {
  if (!a.Equals(b)) return b;
  return te::compute(
      a->shape, [&](const std::vector<Var>& v) { return a(std::vector<PrimExpr>(v.begin(), v.end())); },
      "compute", "", {}, Names("i", a.ndim()));
}

}  // namespace topi
}  // namespace tirgen
