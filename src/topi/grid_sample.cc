// grid_sample as TVM v0.14's topi computes it: unnormalize the grid position, fold it into the
// image (border: clip; reflection: reflect, then clip), then read 4 neighbours (bilinear) or
// the nearest pixel, reading 0 outside the image; bicubic folds each of its 16 integer taps
// instead of the position. 5-D (NCDHW) data reads 8 neighbours (trilinear) or the nearest voxel.
#include "tirgen/topi/grid_sample.h"

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

te::Tensor grid_sample(const te::Tensor& data, const te::Tensor& grid, const std::string& method,
                       const std::string& padding_mode, bool align_corners, const std::string& name) {
  TIRGEN_CHECK(method == "bilinear" || method == "nearest" || method == "bicubic")
      << "grid_sample: method '" << method << "'";
  TIRGEN_CHECK(padding_mode == "zeros" || padding_mode == "border" || padding_mode == "reflection")
      << "grid_sample: padding_mode '" << padding_mode << "'";
  const bool volume = data->shape.size() == 5;  // NCDHW (TVM's _grid_sample_3d)
  TIRGEN_CHECK(!volume || method != "bicubic") << "grid_sample: bicubic on a 5-D input";
  DataType ft = grid->dtype, it = DataType::Int(32);
  PrimExpr in_h = data->shape[volume ? 3 : 2], in_w = data->shape[volume ? 4 : 3];
  auto f = [&](double v) { return make_const(ft, v); };
  auto fsize = [&](const PrimExpr& n) { return cast(ft, n); };
  auto unnormalize = [&](const PrimExpr& g, const PrimExpr& size) {
    if (align_corners) return (g + f(1)) * (fsize(size) - f(1)) / f(2);
    return f(-0.5) + (g + f(1)) * fsize(size) / f(2);
  };
  // Into [0, size - 1], in x's dtype (float positions; bicubic's integer taps).
  auto clip = [&](const PrimExpr& x, const PrimExpr& size) {
    DataType dt = x.dtype();
    return min(max(x, make_const(dt, 0)), cast(dt, size) - make_const(dt, 1));
  };
  // Reflect x about [corner, corner + span] until it lies inside (TVM's __reflect). An integer
  // tap stays integer with align_corners (corner 0) and becomes a float without (corner -0.5),
  // as TVM's arithmetic promotes it.
  auto reflect = [&](const PrimExpr& x0, const PrimExpr& size) {
    PrimExpr x = x0.dtype().is_float() || align_corners ? x0 : cast(ft, x0);
    DataType dt = x.dtype();
    PrimExpr span = align_corners ? cast(dt, size) - make_const(dt, 1) : cast(dt, size);
    PrimExpr corner = make_const(dt, align_corners ? 0.0 : -0.5);
    PrimExpr dist = abs(corner - x);
    // An aligned size-1 axis has span 0: every tap reflects onto it (PyTorch's 0); dividing by
    // 1 instead keeps `reflected` finite, and the clip after it gives that 0.
    PrimExpr times = truncdiv(cast(it, dist), max(cast(it, span), make_const(it, 1)));
    PrimExpr extra = dist - cast(dt, times) * span;
    PrimExpr reflected = if_then_else(eq(truncmod(times, make_const(it, 2)), make_const(it, 0)), extra + corner,
                                      span - extra + corner);
    return if_then_else(logical_and(ge(x, corner), le(x, span + corner)), x, reflected);
  };
  // TVM's bicubic taps: -0.75 (PyTorch's) as the cubic coefficient.
  const double a = -0.75;
  auto cubic_near = [&](const PrimExpr& t) { return (f(a + 2) * t - f(a + 3)) * t * t + f(1); };
  auto cubic_far = [&](const PrimExpr& t) { return ((f(a) * t - f(5 * a)) * t + f(8 * a)) * t - f(4 * a); };
  auto cubic_1d = [&](const std::vector<PrimExpr>& p, const PrimExpr& t) {
    return p[0] * cubic_far(t + f(1)) + p[1] * cubic_near(t) + p[2] * cubic_near(f(1) - t) + p[3] * cubic_far(f(2) - t);
  };
  if (volume) {
    // Positions (z, y, x) from grid channels (2, 1, 0), unnormalized and padded as in 2-D; then
    // the nearest voxel, or the 8 corners weighted by their distances (trilinear).
    std::vector<PrimExpr> sizes = {data->shape[2], in_h, in_w};
    return te::compute(
        {data->shape[0], data->shape[1], grid->shape[2], grid->shape[3], grid->shape[4]},
        [&](const std::vector<Var>& v) {
          PrimExpr n = v[0], c = v[1];
          DataType idx = n.dtype();
          std::vector<PrimExpr> pos;
          for (int k = 0; k < 3; ++k) {
            PrimExpr p = unnormalize(grid({n, make_const(idx, 2 - k), v[2], v[3], v[4]}), sizes[k]);
            if (padding_mode == "reflection") p = clip(reflect(p, sizes[k]), sizes[k]);
            else if (padding_mode == "border") p = clip(p, sizes[k]);
            pos.push_back(p);
          }
          auto voxel = [&](const std::vector<PrimExpr>& at) {
            PrimExpr inside;
            for (int k = 0; k < 3; ++k) {
              PrimExpr in_k = logical_and(ge(at[k], make_const(it, 0)), lt(at[k], cast(it, sizes[k])));
              inside = inside.defined() ? logical_and(inside, in_k) : in_k;
            }
            return if_then_else(inside, data({n, c, cast(idx, at[0]), cast(idx, at[1]), cast(idx, at[2])}),
                                make_const(data->dtype, 0));
          };
          if (method == "nearest")
            return voxel({cast(it, nearbyint(pos[0])), cast(it, nearbyint(pos[1])), cast(it, nearbyint(pos[2]))});
          std::vector<PrimExpr> lo, frac;
          for (int k = 0; k < 3; ++k) {
            lo.push_back(cast(it, floor(pos[k])));
            frac.push_back(pos[k] - cast(ft, lo.back()));
          }
          PrimExpr sum;
          for (int corner = 0; corner < 8; ++corner) {
            std::vector<PrimExpr> at;
            PrimExpr weight;
            for (int k = 0; k < 3; ++k) {
              bool up = (corner >> (2 - k)) & 1;
              at.push_back(up ? lo[k] + make_const(it, 1) : lo[k]);
              PrimExpr wk = up ? frac[k] : f(1) - frac[k];
              weight = weight.defined() ? weight * wk : wk;
            }
            PrimExpr term = voxel(at) * weight;
            sum = sum.defined() ? sum + term : term;
          }
          return sum;
        },
        name, "grid_sample", {}, {"n", "c", "d", "h", "w"});
  }
  return te::compute(
      {data->shape[0], data->shape[1], grid->shape[2], grid->shape[3]},
      [&](const std::vector<Var>& v) {
        PrimExpr n = v[0], c = v[1], h = v[2], w = v[3];
        PrimExpr one = make_const(n.dtype(), 1), zero = make_const(n.dtype(), 0);
        auto pixel = [&](const PrimExpr& yy, const PrimExpr& xx) {
          PrimExpr inside = logical_and(logical_and(ge(yy, make_const(it, 0)), ge(xx, make_const(it, 0))),
                                        logical_and(lt(yy, cast(it, in_h)), lt(xx, cast(it, in_w))));
          return if_then_else(inside, data({n, c, cast(n.dtype(), yy), cast(n.dtype(), xx)}), make_const(data->dtype, 0));
        };
        if (method == "bicubic") {  // 4 x 4 taps around the unpadded position; padding moves the taps
          PrimExpr y = unnormalize(grid({n, one, h, w}), in_h), x = unnormalize(grid({n, zero, h, w}), in_w);
          PrimExpr y0 = cast(it, floor(y)), x0 = cast(it, floor(x));
          PrimExpr ty = y - cast(ft, y0), tx = x - cast(ft, x0);
          auto tap = [&](const PrimExpr& i, const PrimExpr& size) {
            if (padding_mode == "border") return cast(it, clip(i, size));
            if (padding_mode == "reflection") return cast(it, clip(reflect(i, size), size));
            return i;
          };
          std::vector<PrimExpr> rows;
          for (int i = 0; i < 4; ++i) {
            PrimExpr yy = tap(y0 + make_const(it, i - 1), in_h);
            std::vector<PrimExpr> p;
            for (int j = 0; j < 4; ++j) p.push_back(pixel(yy, tap(x0 + make_const(it, j - 1), in_w)));
            rows.push_back(cubic_1d(p, tx));
          }
          return cubic_1d(rows, ty);
        }
        PrimExpr y = unnormalize(grid({n, one, h, w}), in_h);
        PrimExpr x = unnormalize(grid({n, zero, h, w}), in_w);
        if (padding_mode == "reflection") {
          y = clip(reflect(y, in_h), in_h);
          x = clip(reflect(x, in_w), in_w);
        } else if (padding_mode == "border") {
          y = clip(y, in_h);
          x = clip(x, in_w);
        }
        if (method == "nearest") return pixel(cast(it, nearbyint(y)), cast(it, nearbyint(x)));
        PrimExpr y0 = cast(it, floor(y)), x0 = cast(it, floor(x));
        PrimExpr y1 = y0 + make_const(it, 1), x1 = x0 + make_const(it, 1);
        PrimExpr dy = y - cast(ft, y0), dx = x - cast(ft, x0);
        return pixel(y0, x0) * (f(1) - dy) * (f(1) - dx) + pixel(y0, x1) * (f(1) - dy) * dx +
               pixel(y1, x0) * dy * (f(1) - dx) + pixel(y1, x1) * dy * dx;
      },
      // python/tvm/topi/image/grid_sample.py: te.compute(shape, interpolation, tag="grid_sample"),
      // so te.compute names the axes after the sampler's parameters (n, c, h, w).
      name, "grid_sample", {}, {"n", "c", "h", "w"});
}

}  // namespace topi
}  // namespace tirgen
