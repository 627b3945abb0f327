// image.resize2d and resize3d (see image.h). Follows TVM's topi.image.resize2d: output coordinate ->
// input coordinate by the transformation mode, then nearest / linear / cubic sampling of
// clamped float32 pixels.
#include "tirgen/topi/image.h"

#include "tirgen/support/error.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

const DataType kF32 = DataType::Float(32);
const DataType kI32 = DataType::Int(32);

PrimExpr F(double v) { return make_const(kF32, v); }
PrimExpr ToF(PrimExpr e) { return e.dtype() == kF32 ? e : cast(kF32, e); }

int64_t Static(const PrimExpr& d) {
  const int64_t* v = as_const_int(d);
  TIRGEN_CHECK(v) << "resize2d needs static shapes";
  return *v;
}

// TVM's can_convert_multiply_to_intdiv: an integral up-scaling factor, small enough that
// integer division reproduces the float mapping.
bool UseIntDiv(int64_t in, int64_t out) {
  if (out % in != 0) return false;
  double ratio = static_cast<double>(out) / static_cast<double>(in);
  return ratio <= 1.0 / (1e-5 * static_cast<double>(in) + 1e-5);
}

// One spatial axis: the input coordinate (float32) of output index `x`.
struct Axis {
  int64_t in, out;
  double start, end;  // roi bounds, tf_crop_and_resize only
  bool int_div;

  PrimExpr Coordinate(const PrimExpr& x, const std::string& mode) const {
    // TVM builds the ratios from float32 constants, so they fold in float precision
    // (const_fold.h): 4 / 6 is 0.66666668653488159, not the double quotient.
    PrimExpr scale = div(F(static_cast<double>(in)), F(static_cast<double>(out)));
    PrimExpr xf = ToF(x);
    if (mode == "half_pixel") return (xf + F(0.5)) * scale - F(0.5);
    if (mode == "align_corners")
      return out > 1 ? div(F(static_cast<double>(in - 1)), F(static_cast<double>(out - 1))) * xf : F(0.0);
    if (mode == "asymmetric") return scale * xf;
    if (mode == "pytorch_half_pixel") return out > 1 ? (xf + F(0.5)) * scale - F(0.5) : F(0.0);
    if (mode == "tf_half_pixel_for_nn") return (xf + F(0.5)) * scale;
    if (mode == "tf_crop_and_resize") {
      // TVM's operand order: start * (in - 1) + x * (end - start) * (in - 1) / (out - 1), the
      // constant parts folded in float; the division stays for CreatePrimFunc's Simplify.
      PrimExpr fin = F(static_cast<double>(in - 1));
      if (out <= 1) return mul(mul(F(0.5), add(F(start), F(end))), fin);
      return add(mul(F(start), fin), div(mul(mul(xf, sub(F(end), F(start))), fin), F(static_cast<double>(out - 1))));
    }
    throw Error("resize2d: unsupported coordinate_transformation_mode \"" + mode + "\"");
  }
};

PrimExpr Closest(const PrimExpr& c, const std::string& rounding) {
  if (rounding == "round") return cast(kI32, round(c));
  if (rounding == "round_prefer_floor") return cast(kI32, ceil(c - F(0.5)));
  if (rounding == "round_prefer_ceil") return cast(kI32, floor(c + F(0.5)));
  if (rounding == "floor") return cast(kI32, floor(c + F(1e-5)));  // epsilon as TVM
  if (rounding == "ceil") return cast(kI32, ceil(c - F(1e-5)));
  throw Error("resize2d: unknown rounding_method \"" + rounding + "\"");
}

PrimExpr Lerp(PrimExpr a, PrimExpr b, PrimExpr t) { return a * (F(1.0) - t) + b * t; }

std::vector<PrimExpr> CubicWeights(PrimExpr t, double alpha) {
  PrimExpr t2 = t * t, t3 = t * t * t;
  return {F(alpha) * (t3 - F(2.0) * t2 + t),
          F(alpha + 2) * t3 - F(3 + alpha) * t2 + F(1.0),
          F(-(alpha + 2)) * t3 + F(3 + 2 * alpha) * t2 - F(alpha) * t,
          F(-alpha) * t3 + F(alpha) * t2};
}

PrimExpr Dot(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& w) {
  PrimExpr s = a[0] * w[0];
  for (size_t i = 1; i < a.size(); ++i) s = s + a[i] * w[i];
  return s;
}

}  // namespace

Tensor resize2d(const Tensor& data, const Resize2DParams& p, const std::string& name) {
  TIRGEN_CHECK(data.ndim() == 4) << "resize2d: data must be 4-D";
  TIRGEN_CHECK(p.size.size() == 2) << "resize2d: size must have 2 elements";
  bool nhwc = p.layout == "NHWC";
  TIRGEN_CHECK(nhwc || p.layout == "NCHW") << "resize2d: unsupported layout \"" << p.layout << "\"";
  int hd = nhwc ? 1 : 2, wd = nhwc ? 2 : 3;
  std::vector<double> roi = p.roi;
  roi.resize(4, 0.0);
  const std::string& mode = p.coordinate_transformation_mode;
  bool nearest = p.method == "nearest_neighbor";
  bool asym_nearest = nearest && mode == "asymmetric";
  Axis ay{Static(data->shape[hd]), p.size[0], roi[0], roi[2], false};
  Axis ax{Static(data->shape[wd]), p.size[1], roi[1], roi[3], false};
  ay.int_div = asym_nearest && UseIntDiv(ay.in, ay.out);
  ax.int_div = asym_nearest && UseIntDiv(ax.in, ax.out);
  std::string rounding = p.rounding_method;
  if (rounding.empty()) rounding = mode == "align_corners" ? "round" : "floor";
  DataType out_dtype = p.out_dtype.is_void() ? data->dtype : p.out_dtype;

  std::vector<PrimExpr> shape = data->shape;
  shape[hd] = make_const(kI32, p.size[0]);
  shape[wd] = make_const(kI32, p.size[1]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        // The pixel at (y, x), both clamped into the image, as float32.
        auto pixel = [&](PrimExpr y, PrimExpr x) {
          y = max(min(y, make_const(y.dtype(), ay.in - 1)), make_const(y.dtype(), 0));
          x = max(min(x, make_const(x.dtype(), ax.in - 1)), make_const(x.dtype(), 0));
          std::vector<PrimExpr> idx(v.begin(), v.end());
          idx[hd] = cast(v[hd].dtype(), y);
          idx[wd] = cast(v[wd].dtype(), x);
          return ToF(data(idx));
        };
        PrimExpr in_y = ay.int_div ? PrimExpr() : ay.Coordinate(v[hd], mode);
        PrimExpr in_x = ax.int_div ? PrimExpr() : ax.Coordinate(v[wd], mode);
        PrimExpr value;
        if (nearest) {
          PrimExpr y = ay.int_div ? cast(kI32, truncdiv(v[hd], make_const(v[hd].dtype(), ay.out / ay.in)))
                                  : Closest(in_y, rounding);
          PrimExpr x = ax.int_div ? cast(kI32, truncdiv(v[wd], make_const(v[wd].dtype(), ax.out / ax.in)))
                                  : Closest(in_x, rounding);
          value = pixel(y, x);
        } else if (p.method == "linear") {
          PrimExpr y0 = cast(kI32, floor(in_y)), x0 = cast(kI32, floor(in_x));
          PrimExpr ty = in_y - ToF(y0), tx = in_x - ToF(x0);
          PrimExpr one = make_const(kI32, 1);
          PrimExpr top = Lerp(pixel(y0, x0), pixel(y0, x0 + one), tx);
          PrimExpr bottom = Lerp(pixel(y0 + one, x0), pixel(y0 + one, x0 + one), tx);
          value = Lerp(top, bottom, ty);
        } else if (p.method == "cubic") {
          PrimExpr y0 = cast(kI32, floor(in_y)), x0 = cast(kI32, floor(in_x));
          std::vector<PrimExpr> wy = CubicWeights(in_y - floor(in_y), p.cubic_alpha);
          std::vector<PrimExpr> wx = CubicWeights(in_x - floor(in_x), p.cubic_alpha);
          if (p.cubic_exclude) {
            // Taps outside the image get weight 0; the rest are renormalized.
            for (int i = 0; i < 4; ++i) {
              PrimExpr xo = logical_or(x0 + make_const(kI32, i - 1) < make_const(kI32, 0),
                                       x0 + make_const(kI32, i) > make_const(kI32, ax.in));
              PrimExpr yo = logical_or(y0 + make_const(kI32, i - 1) < make_const(kI32, 0),
                                       y0 + make_const(kI32, i) > make_const(kI32, ay.in));
              wx[i] = if_then_else(xo, F(0.0), wx[i]);
              wy[i] = if_then_else(yo, F(0.0), wy[i]);
            }
            PrimExpr sx = wx[0] + wx[1] + wx[2] + wx[3], sy = wy[0] + wy[1] + wy[2] + wy[3];
            for (int i = 0; i < 4; ++i) {
              wx[i] = wx[i] / sx;
              wy[i] = wy[i] / sy;
            }
          }
          std::vector<PrimExpr> cols;
          for (int j = 0; j < 4; ++j) {
            std::vector<PrimExpr> row;
            for (int i = 0; i < 4; ++i)
              row.push_back(pixel(y0 + make_const(kI32, j - 1), x0 + make_const(kI32, i - 1)));
            cols.push_back(Dot(row, wx));
          }
          value = Dot(cols, wy);
        } else {
          throw Error("resize2d: unknown method \"" + p.method + "\"");
        }
        if (mode == "tf_crop_and_resize") {
          PrimExpr ext = F(p.extrapolation_value);
          value = if_then_else(in_y < F(0.0), ext,
                               if_then_else(in_y > F(static_cast<double>(ay.in - 1)), ext, value));
          value = if_then_else(in_x < F(0.0), ext,
                               if_then_else(in_x > F(static_cast<double>(ax.in - 1)), ext, value));
        }
        return cast(out_dtype, value);
      },
      // TVM's resize2d is a Python compute over `*indices`: te.compute names its axes i0, i1, ...
      name, "injective", {}, {"i0", "i1", "i2", "i3"});
}

Tensor resize3d(const Tensor& data, const Resize3DParams& p, const std::string& name) {
  TIRGEN_CHECK(data.ndim() == 5) << "resize3d: data must be 5-D";
  TIRGEN_CHECK(p.size.size() == 3) << "resize3d: size must have 3 elements";
  bool ndhwc = p.layout == "NDHWC";
  TIRGEN_CHECK(ndhwc || p.layout == "NCDHW") << "resize3d: unsupported layout \"" << p.layout << "\"";
  const std::string& mode = p.coordinate_transformation_mode;
  TIRGEN_CHECK(mode != "tf_crop_and_resize") << "resize3d: tf_crop_and_resize needs a roi";
  bool nearest = p.method == "nearest_neighbor";
  TIRGEN_CHECK(nearest || p.method == "linear") << "resize3d: unsupported method \"" << p.method << "\"";
  int first = ndhwc ? 1 : 2;  // depth; height and width follow
  std::vector<Axis> axes;
  for (int k = 0; k < 3; ++k) axes.push_back(Axis{Static(data->shape[first + k]), p.size[k], 0.0, 0.0, false});
  std::string rounding = p.rounding_method;
  if (rounding.empty()) rounding = mode == "align_corners" ? "round" : "floor";
  DataType out_dtype = p.out_dtype.is_void() ? data->dtype : p.out_dtype;
  std::vector<PrimExpr> shape = data->shape;
  for (int k = 0; k < 3; ++k) shape[first + k] = make_const(kI32, p.size[k]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        // The voxel at (z, y, x), each clamped into the volume, as float32.
        auto voxel = [&](const std::vector<PrimExpr>& at) {
          std::vector<PrimExpr> idx(v.begin(), v.end());
          for (int k = 0; k < 3; ++k) {
            PrimExpr c = max(min(at[k], make_const(at[k].dtype(), axes[k].in - 1)), make_const(at[k].dtype(), 0));
            idx[first + k] = cast(v[first + k].dtype(), c);
          }
          return ToF(data(idx));
        };
        std::vector<PrimExpr> in(3);
        for (int k = 0; k < 3; ++k) in[k] = axes[k].Coordinate(v[first + k], mode);
        PrimExpr value;
        if (nearest) {
          value = voxel({Closest(in[0], rounding), Closest(in[1], rounding), Closest(in[2], rounding)});
        } else {
          std::vector<PrimExpr> base(3), t(3);
          for (int k = 0; k < 3; ++k) {
            base[k] = cast(kI32, floor(in[k]));
            t[k] = in[k] - ToF(base[k]);
          }
          PrimExpr one = make_const(kI32, 1);
          auto at = [&](int dz, int dy, int dx) {
            return voxel({dz ? base[0] + one : base[0], dy ? base[1] + one : base[1], dx ? base[2] + one : base[2]});
          };
          // Along x, then y, then z, as TVM's _resize_3d.
          PrimExpr top0 = Lerp(at(0, 0, 0), at(0, 0, 1), t[2]), bottom0 = Lerp(at(0, 1, 0), at(0, 1, 1), t[2]);
          PrimExpr top1 = Lerp(at(1, 0, 0), at(1, 0, 1), t[2]), bottom1 = Lerp(at(1, 1, 0), at(1, 1, 1), t[2]);
          value = Lerp(Lerp(top0, bottom0, t[1]), Lerp(top1, bottom1, t[1]), t[0]);
        }
        return cast(out_dtype, value);
      },
      name, "injective", {}, {"i0", "i1", "i2", "i3", "i4"});
}

}  // namespace topi
}  // namespace tirgen
