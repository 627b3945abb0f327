// roi_align and roi_pool as TVM v0.14's generic TOPI computes them (see roi.h).
#include "tirgen/topi/roi.h"

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

PrimExpr I32(int64_t v) { return IntImm(DataType::Int(32), v); }
int64_t DimInt(const PrimExpr& d) {
  const auto* imm = d.as<IntImmNode>();
  TIRGEN_CHECK(imm) << "roi ops need static shapes";
  return imm->value;
}

// TVM's bilinear_sample_nchw: the four neighbours of (y, x), each weighted and read only when
// inside [0, max_y] x [0, max_x].
PrimExpr BilinearSample(const te::Tensor& data, const PrimExpr& n, const PrimExpr& c, const PrimExpr& y,
                        const PrimExpr& x, const PrimExpr& max_y, const PrimExpr& max_x) {
  DataType ft = y.dtype();
  PrimExpr y_low = cast(DataType::Int(32), floor(y)), x_low = cast(DataType::Int(32), floor(x));
  PrimExpr y_high = y_low + I32(1), x_high = x_low + I32(1);
  PrimExpr wy_h = y - cast(ft, y_low), wx_h = x - cast(ft, x_low);
  PrimExpr one = make_const(ft, 1);
  PrimExpr wy_l = one - wy_h, wx_l = one - wx_h;
  PrimExpr val;
  for (const auto& [wx, xp] : {std::pair{wx_l, x_low}, std::pair{wx_h, x_high}}) {
    for (const auto& [wy, yp] : {std::pair{wy_l, y_low}, std::pair{wy_h, y_high}}) {
      PrimExpr inside = logical_and(logical_and(le(I32(0), yp), le(yp, max_y)), logical_and(le(I32(0), xp), le(xp, max_x)));
      PrimExpr term = if_then_else(inside, wx * wy * data({n, c, yp, xp}), make_const(data->dtype, 0));
      val = val.defined() ? val + term : term;
    }
  }
  return val;
}

// The region's batch index, and whether it names an image of data (otherwise the region
// reads zeros: the index is model data and must not address memory outside data).
std::pair<PrimExpr, PrimExpr> BatchIndex(const te::Tensor& data, const te::Tensor& rois, const PrimExpr& r) {
  PrimExpr b = cast(DataType::Int(32), rois({r, make_const(r.dtype(), 0)}));
  return {b, logical_and(le(I32(0), b), lt(b, cast(DataType::Int(32), data->shape[0])))};
}

}  // namespace

te::Tensor roi_align_nchw(const te::Tensor& data, const te::Tensor& rois, const std::vector<int64_t>& pooled,
                          double spatial_scale, int64_t sample_ratio, const std::string& mode, bool aligned,
                          const std::string& name) {
  TIRGEN_CHECK(mode == "avg" || mode == "max") << "roi_align: mode '" << mode << "'";
  TIRGEN_CHECK(pooled.size() == 2) << "roi_align: pooled_size needs 2 entries";
  DataType ft = rois->dtype, it = DataType::Int(32);
  int64_t in_h = DimInt(data->shape[2]), in_w = DimInt(data->shape[3]);
  PrimExpr height = I32(in_h), width = I32(in_w);
  auto f = [&](double v) { return make_const(ft, v); };
  // Adaptive sampling takes ceil(bin) samples per bin and axis, a count read from rois and so
  // unbounded, while a reduction's extent must be static. Only samples in [-1, size] are not
  // 0, and they lie more than half a pixel apart (bin / ceil(bin) > 0.5 for bin > 1, one
  // sample otherwise): at most 2 * size + 3 of them. So each axis reduces over a static window
  // of 2 * size + 6 samples starting just below the first one at or above -1 (`where` drops
  // the samples beyond the grid); the skipped samples are 0, so the sum is TVM's (adding 0
  // changes no float), and `max` starts from 0 when the grid has a sample outside.
  bool adaptive = sample_ratio <= 0;
  int64_t window_h = adaptive ? 2 * in_h + 6 : sample_ratio, window_w = adaptive ? 2 * in_w + 6 : sample_ratio;
  return te::compute(
      {rois->shape[0], data->shape[1], I32(pooled[0]), I32(pooled[1])},
      [&](const std::vector<Var>& v) {
        PrimExpr r = v[0], c = v[1], ph = v[2], pw = v[3];
        auto coord = [&](int k) {
          PrimExpr p = rois({r, make_const(r.dtype(), k)}) * f(spatial_scale);
          return aligned ? p - f(0.5) : p;
        };
        PrimExpr start_w = coord(1), start_h = coord(2), end_w = coord(3), end_h = coord(4);
        PrimExpr roi_h = end_h - start_h, roi_w = end_w - start_w;
        if (!aligned) {  // malformed regions become 1x1
          roi_h = max(roi_h, f(1));
          roi_w = max(roi_w, f(1));
        }
        PrimExpr bin_h = roi_h / f(pooled[0]), bin_w = roi_w / f(pooled[1]);
        // ceil(bin), clamped before the int32 cast (rois are model data; no real region has
        // 2^24 samples per bin).
        auto adaptive_grid = [&](const PrimExpr& bin) { return cast(it, min(max(ceil(bin), f(0)), f(1 << 24))); };
        PrimExpr grid_h = adaptive ? adaptive_grid(roi_h / f(pooled[0])) : I32(sample_ratio);
        PrimExpr grid_w = adaptive ? adaptive_grid(roi_w / f(pooled[1])) : I32(sample_ratio);
        start_h = start_h + cast(ft, ph) * bin_h;
        start_w = start_w + cast(ft, pw) * bin_w;
        // Sample k of the bin along one axis, as TVM computes it.
        auto at = [&](const PrimExpr& start, const PrimExpr& k, const PrimExpr& bin, const PrimExpr& grid) {
          return start + (cast(ft, k) + f(0.5)) * bin / cast(ft, grid);
        };
        // The first sample of the window: one or two below the first sample >= -1, in [0, grid].
        auto first = [&](const PrimExpr& start, const PrimExpr& bin, const PrimExpr& grid) {
          if (!adaptive) return I32(0);
          PrimExpr k = floor((f(-1) - start) / bin * cast(ft, grid) - f(0.5)) - f(1);
          return cast(it, min(max(k, f(0)), cast(ft, max(grid, I32(0)))));
        };
        PrimExpr k0_h = first(start_h, bin_h, grid_h), k0_w = first(start_w, bin_w, grid_w);
        IterVar rh = te::reduce_axis(Range(I32(0), I32(window_h)), "rh");
        IterVar rw = te::reduce_axis(Range(I32(0), I32(window_w)), "rw");
        PrimExpr kh = k0_h + rh->var, kw = k0_w + rw->var;
        PrimExpr y = at(start_h, kh, bin_h, grid_h), x = at(start_w, kw, bin_w, grid_w);
        auto [b, valid] = BatchIndex(data, rois, r);
        // TVM's _bilinear: samples beyond one pixel outside the image are 0, the others are
        // clamped into it.
        auto outside = [&](const PrimExpr& yy, const PrimExpr& xx) {
          return logical_or(logical_or(lt(yy, f(-1)), lt(xx, f(-1))),
                            logical_or(gt(yy, cast(ft, height)), gt(xx, cast(ft, width))));
        };
        PrimExpr yc = min(max(y, f(0)), cast(ft, height - I32(1)));
        PrimExpr xc = min(max(x, f(0)), cast(ft, width - I32(1)));
        PrimExpr val = if_then_else(logical_or(outside(y, x), logical_not(valid)), make_const(data->dtype, 0),
                                    BilinearSample(data, b, c, yc, xc, height - I32(1), width - I32(1)));
        PrimExpr in_grid = adaptive ? logical_and(lt(kh, grid_h), lt(kw, grid_w)) : PrimExpr();
        if (mode == "avg") return sum(val / cast(ft, grid_h * grid_w), {rh, rw}, in_grid);
        if (!adaptive) return max(val, {rh, rw});
        // The grid's samples run monotonically, so one lies outside when its first or last does.
        PrimExpr last_h = grid_h - I32(1), last_w = grid_w - I32(1);
        PrimExpr any_outside = logical_and(
            logical_and(lt(I32(0), grid_h), lt(I32(0), grid_w)),
            logical_or(outside(at(start_h, I32(0), bin_h, grid_h), at(start_w, I32(0), bin_w, grid_w)),
                       outside(at(start_h, last_h, bin_h, grid_h), at(start_w, last_w, bin_w, grid_w))));
        return max(val, {rh, rw}, in_grid, {Select(any_outside, make_const(data->dtype, 0), min_value(data->dtype))});
      },
      name, "pool,roi_align_nchw", {}, {"i", "c", "ph", "pw"});
}

te::Tensor roi_pool_nchw(const te::Tensor& data, const te::Tensor& rois, const std::vector<int64_t>& pooled,
                         double spatial_scale, const std::string& name) {
  TIRGEN_CHECK(pooled.size() == 2) << "roi_pool: pooled_size needs 2 entries";
  DataType ft = rois->dtype, it = DataType::Int(32);
  int64_t in_h = DimInt(data->shape[2]), in_w = DimInt(data->shape[3]);
  PrimExpr height = I32(in_h), width = I32(in_w);
  return te::compute(
      {rois->shape[0], data->shape[1], I32(pooled[0]), I32(pooled[1])},
      [&](const std::vector<Var>& v) {
        PrimExpr r = v[0], c = v[1], ph = v[2], pw = v[3];
        // Rounded in float and clamped before the int32 cast (rois are model data: a huge value
        // must not overflow the conversion); the clamp changes no bin that reads the image.
        auto coord = [&](int k) {
          PrimExpr p = round(rois({r, make_const(r.dtype(), k)}) * make_const(ft, spatial_scale));
          return cast(it, min(max(p, make_const(ft, -(1 << 24))), make_const(ft, 1 << 24)));
        };
        PrimExpr start_w = coord(1), start_h = coord(2), end_w = coord(3), end_h = coord(4);
        PrimExpr roi_h = max(end_h - start_h + I32(1), I32(1)), roi_w = max(end_w - start_w + I32(1), I32(1));
        PrimExpr bin_h = cast(ft, roi_h) / make_const(ft, pooled[0]), bin_w = cast(ft, roi_w) / make_const(ft, pooled[1]);
        // TVM's epsilon keeps floor/ceil of exact bin edges from moving by float error.
        PrimExpr eps = make_const(ft, 0.00001);
        PrimExpr hstart = cast(it, floor(cast(ft, ph) * bin_h + eps));
        PrimExpr wstart = cast(it, floor(cast(ft, pw) * bin_w + eps));
        PrimExpr hend = cast(it, ceil(cast(ft, ph + I32(1)) * bin_h - eps));
        PrimExpr wend = cast(it, ceil(cast(ft, pw + I32(1)) * bin_w - eps));
        hstart = min(max(hstart + start_h, I32(0)), height);
        wstart = min(max(wstart + start_w, I32(0)), width);
        hend = min(max(hend + start_h, I32(0)), height);
        wend = min(max(wend + start_w, I32(0)), width);
        auto [b, valid] = BatchIndex(data, rois, r);
        // TVM reduces over [hstart, hend) x [wstart, wend), extents read from rois; clipped to
        // the image they are at most its size, so here the reduction runs over the image's size
        // and `where` keeps the bin. An empty bin (or an invalid batch index) gives 0.
        PrimExpr non_empty = logical_and(valid, logical_and(lt(hstart, hend), lt(wstart, wend)));
        IterVar rh = te::reduce_axis(Range(I32(0), height), "rh");
        IterVar rw = te::reduce_axis(Range(I32(0), width), "rw");
        PrimExpr in_bin = logical_and(non_empty, logical_and(lt(rh->var, hend - hstart), lt(rw->var, wend - wstart)));
        return max(data({b, c, hstart + rh->var, wstart + rw->var}), {rh, rw}, in_bin,
                   {Select(non_empty, min_value(data->dtype), make_const(data->dtype, 0))});
      },
      name, "pool,roi_pool", {}, {"i", "c", "ph", "pw"});
}

}  // namespace topi
}  // namespace tirgen
