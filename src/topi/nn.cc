// Neural-network computes (see nn.h). Expressions are built in the order TVM's Python TOPI
// builds them, because that order is visible in the printed TIR.
#include "tirgen/topi/nn.h"

#include <array>
#include <cctype>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/transform.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {
PrimExpr I32(int64_t v) { return IntImm(DataType::Int(32), v); }
int64_t Dim(const PrimExpr& e) {
  const int64_t* v = as_const_int(e);
  TIRGEN_CHECK(v) << "dynamic shapes are not supported";
  return *v;
}
std::vector<std::string> Names(const char* prefix, size_t n) {
  std::vector<std::string> v;
  for (size_t i = 0; i < n; ++i) v.push_back(prefix + std::to_string(i));
  return v;
}
}  // namespace

Tensor pad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
           PrimExpr pad_value, const std::string& name, std::vector<std::string> var_names) {
  size_t n = x.ndim();
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32(Dim(x->shape[i]) + before[i] + after[i]));
  if (var_names.empty()) var_names = Names("i", n);
  return te::compute(
      shape,
      [&](const std::vector<Var>& idx) {
        std::vector<PrimExpr> conds, index;
        for (size_t i = 0; i < n; ++i) {
          if (before[i] == 0 && after[i] == 0) {
            index.push_back(idx[i]);
          } else {
            index.push_back(idx[i] - I32(before[i]));
            conds.push_back(idx[i] >= I32(before[i]));
            conds.push_back(idx[i] < x->shape[i] + I32(before[i]));
          }
        }
        if (conds.empty()) return x(index);
        PrimExpr all = conds[0];
        for (size_t i = 1; i < conds.size(); ++i) all = logical_and(all, conds[i]);
        return if_then_else(all, x(index), pad_value);
      },
      name, "injective,pad", {}, var_names);
}

namespace {
// TVM's C++ topi::pad (Relay nn.pad, pooling's pad_temp). A dim gets a `>= before` condition
// when its leading pad is nonzero and a `< before + len` one when its trailing pad is. In
// "edge"/"reflect" mode the in-range value is still read at the plain index, and the padded
// value at a clamped/mirrored index built for every dim, padded or not (TVM builds it so).
Tensor CppPad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
              PrimExpr pad_value, const std::string& name, const std::string& mode) {
  size_t n = x.ndim();
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32(Dim(x->shape[i]) + before[i] + after[i]));
  if (!pad_value.defined()) pad_value = make_const(x->dtype, 0);
  bool edge = mode == "edge", reflect = mode == "reflect";
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> sel, idx, mirror;
        for (size_t i = 0; i < n; ++i) {
          PrimExpr b = I32(before[i]), len = x->shape[i];
          if (before[i] != 0) {
            sel.push_back(v[i] >= b);
            idx.push_back(v[i] - b);
          } else {
            idx.push_back(v[i]);
          }
          if (after[i] != 0) sel.push_back(v[i] < b + len);
          if (edge)
            mirror.push_back(if_then_else(v[i] < b, I32(0),
                                          if_then_else(v[i] >= b + len, len - I32(1), v[i] - b)));
          if (reflect)
            mirror.push_back(if_then_else(
                v[i] < b, b - v[i],
                if_then_else(v[i] >= b + len, len * I32(2) - v[i] + b - I32(2), v[i] - b)));
        }
        if (sel.empty()) return x(idx);
        PrimExpr all = sel[0];
        for (size_t i = 1; i < sel.size(); ++i) all = logical_and(all, sel[i]);
        if (edge || reflect) return if_then_else(all, x(idx), x(mirror));
        return if_then_else(all, x(idx), cast(x->dtype, pad_value));
      },
      name, "elemwise");
}
}  // namespace

Tensor pad_mirror(const Tensor& x, const std::vector<int64_t>& before,
                  const std::vector<int64_t>& after, const std::string& mode,
                  const std::string& name) {
  TIRGEN_CHECK(mode == "edge" || mode == "reflect") << "pad mode " << mode << " is not edge or reflect";
  return CppPad(x, before, after, PrimExpr(), name, mode);
}

Tensor pad_constant(const Tensor& x, const std::vector<int64_t>& before,
                    const std::vector<int64_t>& after, PrimExpr pad_value,
                    const std::string& name) {
  return CppPad(x, before, after, std::move(pad_value), name, "constant");
}

Tensor lrn(const Tensor& data, int64_t size, int axis, double alpha, double beta, double bias) {
  TIRGEN_CHECK(data.ndim() == 4 && size % 2 == 1 && (axis == 1 || axis == 3))
      << "lrn needs 4-D data, an odd size and axis 1 or 3";
  std::vector<int64_t> pad(4, 0);
  pad[axis] = size / 2;
  Tensor pad_data = pad_constant(data, pad, pad, I32(0), "pad_data");
  IterVar rxs = te::reduce_axis(Range(I32(0), I32(size)), "rxs");
  Tensor sqr_sum = te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(v.begin(), v.end());
        idx[axis] = v[axis] + rxs->var;
        return sum(pad_data(idx) * pad_data(idx), {rxs});
      },
      "tensor", "sqr_sum");
  auto imm = [&](double v) { return make_const(data->dtype, static_cast<double>(static_cast<float>(v))); };
  PrimExpr alpha_imm = imm(alpha), beta_imm = imm(beta), bias_imm = imm(bias);
  Tensor sqrt_sum_up = te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(v.begin(), v.end());
        return pow(bias_imm + div(alpha_imm * sqr_sum(idx), I32(size)), beta_imm);
      },
      "tensor", "elemwise");
  return divide(data, sqrt_sum_up);
}

Tensor mirror_pad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
                  const std::string& mode) {
  TIRGEN_CHECK(mode == "SYMMETRIC" || mode == "REFLECT") << "mirror_pad mode must be SYMMETRIC or REFLECT";
  size_t n = x.ndim();
  int64_t sym = mode == "SYMMETRIC" ? 1 : 0;
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32(Dim(x->shape[i]) + before[i] + after[i]));
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        for (size_t i = 0; i < n; ++i) {
          if (before[i] == 0 && after[i] == 0) {
            idx.push_back(v[i]);  // TVM's if_then_else on a constant False folds away
            continue;
          }
          PrimExpr b = I32(before[i]), len = x->shape[i];
          PrimExpr axis = v[i] - b;
          // python `-axis - mode`: -axis is axis * -1
          PrimExpr mapped = if_then_else(v[i] < b, axis * I32(-1) - I32(sym), axis);
          mapped = if_then_else(v[i] >= len + b, I32(2) * (len - I32(1)) - axis + I32(sym), mapped);
          idx.push_back(mapped);
        }
        return x(idx);
      },
      "MirrorPadInput", "injective", {}, Names("i", n));
}

Tensor conv2d(const Tensor& data, const Tensor& weight, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation,
              int64_t groups, const std::string& layout, DataType out_dtype) {
  bool nhwc = layout == "NHWC";
  TIRGEN_CHECK(nhwc || layout == "NCHW") << "conv2d layout " << layout << " is not supported";
  int64_t in_c = Dim(data->shape[nhwc ? 3 : 1]);
  int64_t in_h = Dim(data->shape[nhwc ? 1 : 2]), in_w = Dim(data->shape[nhwc ? 2 : 3]);
  int64_t num_filter = Dim(weight->shape[nhwc ? 3 : 0]);
  int64_t kh = Dim(weight->shape[nhwc ? 0 : 2]), kw = Dim(weight->shape[nhwc ? 1 : 3]);
  int64_t dkh = (kh - 1) * dilation[0] + 1, dkw = (kw - 1) * dilation[1] + 1;
  int64_t out_h = (in_h - dkh + padding[0] + padding[2]) / strides[0] + 1;
  int64_t out_w = (in_w - dkw + padding[1] + padding[3]) / strides[1] + 1;
  std::vector<int64_t> pb = nhwc ? std::vector<int64_t>{0, padding[0], padding[1], 0}
                                 : std::vector<int64_t>{0, 0, padding[0], padding[1]};
  std::vector<int64_t> pa = nhwc ? std::vector<int64_t>{0, padding[2], padding[3], 0}
                                 : std::vector<int64_t>{0, 0, padding[2], padding[3]};
  Tensor temp = pad(data, pb, pa, make_const(data->dtype, 0), "pad_temp");
  IterVar rc = te::reduce_axis(Range(I32(0), I32(in_c / groups)), "rc");
  IterVar ry = te::reduce_axis(Range(I32(0), I32(kh)), "ry");
  IterVar rx = te::reduce_axis(Range(I32(0), I32(kw)), "rx");
  std::string name = std::string(groups > 1 ? "group_" : "") + "conv2d_" + (nhwc ? "nhwc" : "nchw");
  std::vector<PrimExpr> shape = nhwc ? std::vector<PrimExpr>{data->shape[0], I32(out_h), I32(out_w), I32(num_filter)}
                                     : std::vector<PrimExpr>{data->shape[0], I32(num_filter), I32(out_h), I32(out_w)};
  std::vector<std::string> vars = nhwc ? std::vector<std::string>{"nn", "yy", "xx", "ff"}
                                       : std::vector<std::string>{"nn", "ff", "yy", "xx"};
  // TVM's conv2d_nhwc lets the schedule rewrite the weight layout (MetaSchedule).
  AttrMap attrs;
  if (nhwc && groups == 1) attrs["layout_free_placeholders"] = Array({weight});
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        Var nn = v[0], ff = nhwc ? v[3] : v[1], yy = nhwc ? v[1] : v[2], xx = nhwc ? v[2] : v[3];
        PrimExpr ch = groups == 1 ? PrimExpr(rc->var)
                                  : floordiv(ff, I32(num_filter / groups)) * I32(in_c / groups) + rc->var;
        PrimExpr y = yy * I32(strides[0]) + ry->var * I32(dilation[0]);
        PrimExpr x = xx * I32(strides[1]) + rx->var * I32(dilation[1]);
        PrimExpr d = nhwc ? temp(nn, y, x, ch) : temp(nn, ch, y, x);
        PrimExpr w = nhwc ? weight(ry->var, rx->var, rc->var, ff) : weight(ff, rc->var, ry->var, rx->var);
        std::vector<IterVar> axis = nhwc ? std::vector<IterVar>{ry, rx, rc} : std::vector<IterVar>{rc, ry, rx};
        return sum(cast(out_dtype, d) * cast(out_dtype, w), axis);
      },
      name, name, attrs, vars);
}

Tensor conv_nd(const Tensor& data, const Tensor& weight, const std::vector<int64_t>& strides,
               const std::vector<int64_t>& pad_begin, const std::vector<int64_t>& pad_end,
               const std::vector<int64_t>& dilation, int64_t groups, const std::string& data_layout,
               const std::string& kernel_layout, DataType out_dtype) {
  // TVM's topi.nn.conv: everything is computed in N, C, spatial... order and permuted to the
  // layouts; the permutations decide var names, index order and the reduction order.
  const size_t nd = data.ndim(), dim = nd - 2;
  auto spatial_positions = [](const std::string& layout, const std::string& skip) {
    std::vector<size_t> pos;
    for (size_t i = 0; i < layout.size(); ++i)
      if (skip.find(layout[i]) == std::string::npos) pos.push_back(i);
    return pos;
  };
  auto argsort = [](const std::vector<size_t>& to) {
    std::vector<size_t> from(to.size());
    for (size_t i = 0; i < to.size(); ++i) from[to[i]] = i;
    return from;
  };
  std::vector<size_t> data_to{data_layout.find('N'), data_layout.find('C')};
  for (size_t p : spatial_positions(data_layout, "NC")) data_to.push_back(p);
  std::vector<size_t> kernel_to{kernel_layout.find('O'), kernel_layout.find('I')};
  for (size_t p : spatial_positions(kernel_layout, "OI")) kernel_to.push_back(p);
  TIRGEN_CHECK(data_to.size() == nd && kernel_to.size() == nd && weight.ndim() == nd)
      << "conv layouts " << data_layout << "/" << kernel_layout << " do not fit the data and weight";
  std::vector<size_t> data_from = argsort(data_to), kernel_from = argsort(kernel_to);
  int64_t in_c = Dim(data->shape[data_to[1]]), num_filter = Dim(weight->shape[kernel_to[0]]);
  std::vector<int64_t> dims, kdims;
  for (size_t i = 0; i < dim; ++i) {
    dims.push_back(Dim(data->shape[data_to[2 + i]]));
    kdims.push_back(Dim(weight->shape[kernel_to[2 + i]]));
  }
  std::vector<int64_t> canon_before{0, 0}, canon_after{0, 0};
  for (size_t i = 0; i < dim; ++i) {
    canon_before.push_back(pad_begin[i]);
    canon_after.push_back(pad_end[i]);
  }
  std::vector<int64_t> pb(nd), pa(nd);
  for (size_t i = 0; i < nd; ++i) {
    pb[i] = canon_before[data_from[i]];
    pa[i] = canon_after[data_from[i]];
  }
  Tensor temp = pad(data, pb, pa, make_const(data->dtype, 0), "pad_temp");
  IterVar rc = te::reduce_axis(Range(I32(0), I32(in_c / groups)), "rc");
  std::vector<IterVar> rs;
  const char* rnames[] = {"ry", "rx", "rz"};
  TIRGEN_CHECK(dim <= 3) << "conv supports up to 3 spatial dims";
  for (size_t i = 0; i < dim; ++i) rs.push_back(te::reduce_axis(Range(I32(0), I32(kdims[i])), rnames[i]));
  std::vector<PrimExpr> canon_shape{data->shape[data_to[0]], I32(num_filter)};
  for (size_t i = 0; i < dim; ++i)
    canon_shape.push_back(I32((dims[i] - (kdims[i] - 1) * dilation[i] - 1 + pad_begin[i] + pad_end[i]) / strides[i] + 1));
  const char* vnames[] = {"nn", "ff", "yy", "xx", "zz"};
  std::vector<PrimExpr> shape(nd);
  std::vector<std::string> vars(nd);
  for (size_t i = 0; i < nd; ++i) {
    shape[i] = canon_shape[data_from[i]];
    vars[i] = vnames[data_from[i]];
  }
  // Reductions in layout order: C and the spatial dims as they appear in the data layout.
  std::vector<IterVar> canon_red{rc};
  canon_red.insert(canon_red.end(), rs.begin(), rs.end());
  std::vector<IterVar> red;
  for (size_t i = 1; i < nd; ++i) {
    size_t j = data_from[i] > data_from[0] ? data_from[i] - 1 : data_from[i];
    red.push_back(canon_red[j]);
  }
  std::string name = std::string(groups > 1 ? "group_" : "") + "conv" + std::to_string(dim) + "d_";
  for (char ch : data_layout) name += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> canon(nd);
        for (size_t i = 0; i < nd; ++i) canon[i] = v[data_to[i]];
        PrimExpr nn = canon[0], ff = canon[1];
        PrimExpr ch = groups == 1 ? PrimExpr(rc->var)
                                  : floordiv(ff, I32(num_filter / groups)) * I32(in_c / groups) + rc->var;
        std::vector<PrimExpr> dcanon{nn, ch}, kcanon{ff, rc->var};
        for (size_t i = 0; i < dim; ++i) {
          dcanon.push_back(canon[2 + i] * I32(strides[i]) + rs[i]->var * I32(dilation[i]));
          kcanon.push_back(rs[i]->var);
        }
        std::vector<PrimExpr> didx(nd), kidx(nd);
        for (size_t i = 0; i < nd; ++i) {
          didx[i] = dcanon[data_from[i]];
          kidx[i] = kcanon[kernel_from[i]];
        }
        return sum(cast(out_dtype, temp(didx)) * cast(out_dtype, weight(kidx)), red);
      },
      name, name, {}, vars);
}

Tensor depthwise_conv2d_nchw(const Tensor& data, const Tensor& weight,
                             const std::vector<int64_t>& strides,
                             const std::vector<int64_t>& padding,
                             const std::vector<int64_t>& dilation, DataType out_dtype) {
  int64_t in_c = Dim(data->shape[1]), in_h = Dim(data->shape[2]), in_w = Dim(data->shape[3]);
  int64_t mult = Dim(weight->shape[1]);
  int64_t kh = Dim(weight->shape[2]), kw = Dim(weight->shape[3]);
  int64_t dkh = (kh - 1) * dilation[0] + 1, dkw = (kw - 1) * dilation[1] + 1;
  int64_t out_h = (in_h - dkh + padding[0] + padding[2]) / strides[0] + 1;
  int64_t out_w = (in_w - dkw + padding[1] + padding[3]) / strides[1] + 1;
  // Python TOPI pads even with zero padding (a plain copy block).
  Tensor padded = pad(data, {0, 0, padding[0], padding[1]}, {0, 0, padding[2], padding[3]},
                      make_const(data->dtype, 0), "PaddedInput");
  IterVar di = te::reduce_axis(Range(I32(0), I32(kh)), "di");
  IterVar dj = te::reduce_axis(Range(I32(0), I32(kw)), "dj");
  return te::compute(
      {data->shape[0], I32(in_c * mult), I32(out_h), I32(out_w)},
      [&](const std::vector<Var>& v) {
        PrimExpr b = v[0], c = v[1], i = v[2], j = v[3];
        PrimExpr d = padded(b, floordiv(c, I32(mult)), i * I32(strides[0]) + di->var * I32(dilation[0]),
                            j * I32(strides[1]) + dj->var * I32(dilation[1]));
        PrimExpr w = weight(floordiv(c, I32(mult)), floormod(c, I32(mult)), di->var, dj->var);
        return sum(cast(out_dtype, d) * cast(out_dtype, w), {di, dj});
      },
      "DepthwiseConv2d", "depthwise_conv2d_nchw", {}, {"b", "c", "i", "j"});
}

Tensor depthwise_conv2d_nhwc(const Tensor& data, const Tensor& weight,
                             const std::vector<int64_t>& strides,
                             const std::vector<int64_t>& padding,
                             const std::vector<int64_t>& dilation, const std::string& kernel_layout,
                             DataType out_dtype) {
  bool hwio = kernel_layout == "HWIO";
  int64_t in_h = Dim(data->shape[1]), in_w = Dim(data->shape[2]), in_c = Dim(data->shape[3]);
  int64_t kh = Dim(weight->shape[0]), kw = Dim(weight->shape[1]);
  int64_t mult = Dim(weight->shape[hwio ? 2 : 3]);
  int64_t dkh = (kh - 1) * dilation[0] + 1, dkw = (kw - 1) * dilation[1] + 1;
  int64_t out_h = (in_h - dkh + padding[0] + padding[2]) / strides[0] + 1;
  int64_t out_w = (in_w - dkw + padding[1] + padding[3]) / strides[1] + 1;
  Tensor padded = pad(data, {0, padding[0], padding[1], 0}, {0, padding[2], padding[3], 0},
                      make_const(data->dtype, 0), "PaddedInput");
  IterVar di = te::reduce_axis(Range(I32(0), I32(kh)), "di");
  IterVar dj = te::reduce_axis(Range(I32(0), I32(kw)), "dj");
  return te::compute(
      {data->shape[0], I32(out_h), I32(out_w), I32(in_c * mult)},
      [&](const std::vector<Var>& v) {
        PrimExpr b = v[0], i = v[1], j = v[2], c = v[3];
        PrimExpr d = padded(b, i * I32(strides[0]) + di->var * I32(dilation[0]),
                            j * I32(strides[1]) + dj->var * I32(dilation[1]), floordiv(c, I32(mult)));
        PrimExpr cq = floordiv(c, I32(mult)), cr = floormod(c, I32(mult));
        PrimExpr w = hwio ? weight(di->var, dj->var, cr, cq) : weight(di->var, dj->var, cq, cr);
        return sum(cast(out_dtype, d) * cast(out_dtype, w), {di, dj});
      },
      "DepthwiseConv2d", "depthwise_conv2d_nhwc", {}, {"b", "i", "j", "c"});
}

Tensor dilate(const Tensor& x, const std::vector<int64_t>& strides, const std::string& name,
              double dilation_value) {
  size_t n = x.ndim();
  TIRGEN_CHECK(strides.size() == n) << "dilate needs one stride per dimension";
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32((Dim(x->shape[i]) - 1) * strides[i] + 1));
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx, nz;
        for (size_t i = 0; i < n; ++i) {
          if (strides[i] == 1) {
            idx.push_back(v[i]);
          } else {
            idx.push_back(floordiv(v[i], I32(strides[i])));
            nz.push_back(floormod(v[i], I32(strides[i])) == 0);
          }
        }
        if (nz.empty()) return x(idx);
        PrimExpr all = nz[0];
        for (size_t i = 1; i < nz.size(); ++i) all = logical_and(all, nz[i]);
        return if_then_else(all, x(idx), make_const(x->dtype, dilation_value));
      },
      name, "injective,dilate", {}, Names("i", n));
}

Tensor conv_transpose_nd(const Tensor& data, const Tensor& weight, const std::vector<int64_t>& strides,
                         const std::vector<int64_t>& pad_begin, const std::vector<int64_t>& pad_end,
                         const std::vector<int64_t>& output_padding, DataType out_dtype) {
  // TVM's conv1d_transpose_ncw / conv3d_transpose_ncdhw: dilate by the strides, pad by
  // kernel - 1 - padding (+ output_padding at the end), convolve with the flipped kernel.
  const size_t nd = data.ndim(), dim = nd - 2;
  TIRGEN_CHECK((dim == 1 || dim == 3) && weight.ndim() == nd) << "conv_transpose_nd is for 1-d and 3-d data";
  const std::vector<std::string> sp = dim == 1 ? std::vector<std::string>{"w"} : std::vector<std::string>{"d", "h", "w"};
  int64_t in_c = Dim(data->shape[1]), out_c = Dim(weight->shape[1]);
  std::vector<int64_t> ks, dstr{1, 1}, before{0, 0}, after{0, 0};
  for (size_t i = 0; i < dim; ++i) {
    ks.push_back(Dim(weight->shape[2 + i]));
    dstr.push_back(strides[i]);
    before.push_back(ks[i] - 1 - pad_begin[i]);
    after.push_back(ks[i] - 1 - pad_end[i] + output_padding[i]);
  }
  Tensor dilated = dilate(data, dstr, "data_dilate");
  Tensor padded = pad(dilated, before, after, make_const(data->dtype, 0), "data_pad");
  // Kernel IO... -> OI..., flipped along every spatial dim (1-d: TVM names it "kernel").
  std::vector<PrimExpr> kshape{I32(out_c), I32(in_c)};
  std::vector<std::string> kvars{"o", "i"}, ovars{"b", "c"};
  for (size_t i = 0; i < dim; ++i) {
    kshape.push_back(I32(ks[i]));
    kvars.push_back(sp[i]);
    ovars.push_back(sp[i]);
  }
  Tensor kt = te::compute(
      kshape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx{v[1], v[0]};
        for (size_t i = 0; i < dim; ++i) idx.push_back(I32(ks[i] - 1) - v[2 + i]);
        return weight(idx);
      },
      dim == 1 ? "kernel" : "kernel_transform", "", {}, kvars);
  std::vector<IterVar> red{te::reduce_axis(Range(I32(0), I32(in_c)), "dc")};
  std::vector<PrimExpr> oshape{data->shape[0], I32(out_c)};
  for (size_t i = 0; i < dim; ++i) {
    red.push_back(te::reduce_axis(Range(I32(0), I32(ks[i])), "d" + sp[i]));
    oshape.push_back(I32(Dim(padded->shape[2 + i]) - ks[i] + 1));
  }
  std::string tag = dim == 1 ? "conv1d_transpose_ncw" : "conv3d_transpose_ncdhw";
  return te::compute(
      oshape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> didx{v[0], red[0]->var}, kidx{v[1], red[0]->var};
        for (size_t i = 0; i < dim; ++i) {
          didx.push_back(v[2 + i] + red[1 + i]->var);
          kidx.push_back(red[1 + i]->var);
        }
        return sum(cast(out_dtype, padded(didx)) * cast(out_dtype, kt(kidx)), red);
      },
      "compute", tag, {}, ovars);
}

Tensor conv2d_transpose_nchw(const Tensor& data, const Tensor& weight,
                             const std::vector<int64_t>& strides,
                             const std::vector<int64_t>& padding,
                             const std::vector<int64_t>& output_padding, DataType out_dtype,
                             int64_t groups) {
  int64_t in_c = Dim(data->shape[1]);
  int64_t out_c = Dim(weight->shape[1]), kh = Dim(weight->shape[2]), kw = Dim(weight->shape[3]);
  Tensor dilated = dilate(data, {1, 1, strides[0], strides[1]}, "data_dilate");
  int64_t top = kh - 1 - padding[0], bottom = kh - 1 - padding[2] + output_padding[0];
  int64_t left = kw - 1 - padding[1], right = kw - 1 - padding[3] + output_padding[1];
  Tensor padded = pad(dilated, {0, 0, top, left}, {0, 0, bottom, right}, make_const(data->dtype, 0),
                      "data_pad");
  // Kernel IOHW -> OIHW, rotated by 180 degrees (per group: out_c is the weight's dim 1).
  Tensor kt = te::compute(
      {I32(out_c), I32(in_c), I32(kh), I32(kw)},
      [&](const std::vector<Var>& v) {
        return weight(v[1], v[0], I32(kh - 1) - v[2], I32(kw - 1) - v[3]);
      },
      "kernel_transform", "", {},
      groups == 1 ? std::vector<std::string>{"o", "i", "h", "w"} : std::vector<std::string>{"i", "o", "h", "w"});
  int64_t ph = Dim(padded->shape[2]), pw = Dim(padded->shape[3]);
  IterVar dc = te::reduce_axis(Range(I32(0), I32(in_c / groups)), "dc");
  IterVar dh = te::reduce_axis(Range(I32(0), I32(kh)), "dh");
  IterVar dw = te::reduce_axis(Range(I32(0), I32(kw)), "dw");
  return te::compute(
      {data->shape[0], I32(out_c * groups), I32(ph - kh + 1), I32(pw - kw + 1)},
      [&](const std::vector<Var>& v) {
        PrimExpr c = v[1], ic = dc->var;
        if (groups != 1) ic = floordiv(c, I32(out_c)) * I32(in_c / groups) + dc->var;
        PrimExpr d = padded(v[0], ic, v[2] + dh->var, v[3] + dw->var);
        PrimExpr w = kt(groups == 1 ? c : floormod(c, I32(out_c)), ic, dh->var, dw->var);
        return sum(cast(out_dtype, d) * cast(out_dtype, w), {dc, dh, dw});
      },
      "compute", groups == 1 ? "conv2d_transpose_nchw" : "group_conv2d_transpose_nchw", {},
      {"b", "c", "h", "w"});
}

Tensor dense(const Tensor& data, const Tensor& weight, DataType out_dtype) {
  IterVar k = te::reduce_axis(Range(I32(0), data->shape[1]), "k");
  AttrMap attrs{{"layout_free_placeholders", Array({weight})}};
  return te::compute(
      {data->shape[0], weight->shape[0]},
      [&](const std::vector<Var>& v) {
        return sum(cast(out_dtype, data(v[0], k->var)) * cast(out_dtype, weight(v[1], k->var)), {k});
      },
      "T_matmul_NT", "dense", attrs, {"i", "j"});
}

Tensor matmul(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b,
              DataType out_dtype) {
  PrimExpr batch = transpose_a ? a->shape[1] : a->shape[0];
  PrimExpr in_dim = transpose_a ? a->shape[0] : a->shape[1];
  PrimExpr out_dim = transpose_b ? b->shape[0] : b->shape[1];
  IterVar k = te::reduce_axis(Range(I32(0), in_dim), "k");
  std::string name = std::string("T_matmul_") + (transpose_a ? "T" : "N") + (transpose_b ? "T" : "N");
  AttrMap attrs{{"layout_free_placeholders", Array({b})}};
  return te::compute(
      {batch, out_dim},
      [&](const std::vector<Var>& v) {
        PrimExpr av = transpose_a ? a(k->var, v[0]) : a(v[0], k->var);
        PrimExpr bv = transpose_b ? b(v[1], k->var) : b(k->var, v[1]);
        return sum(cast(out_dtype, av) * cast(out_dtype, bv), {k});
      },
      name, (!transpose_a && transpose_b) ? "dense" : "matmul", attrs, {"i", "j"});
}

Tensor batch_matmul(const Tensor& x, const Tensor& y, DataType out_dtype, bool transpose_a,
                    bool transpose_b) {
  PrimExpr xi = transpose_a ? x->shape[2] : x->shape[1];
  PrimExpr xk = transpose_a ? x->shape[1] : x->shape[2];
  PrimExpr yj = transpose_b ? y->shape[1] : y->shape[2];
  IterVar k = te::reduce_axis(Range(I32(0), xk), "k");
  AttrMap attrs{{"layout_free_placeholders", Array({y})}};
  PrimExpr batch = max(x->shape[0], y->shape[0]);
  bool bx = Dim(x->shape[0]) != 1, by = Dim(y->shape[0]) != 1;
  std::string name = std::string("T_batch_matmul_") + (transpose_a ? "T" : "N") + (transpose_b ? "T" : "N");
  return te::compute(
      {batch, xi, yj},
      [&](const std::vector<Var>& v) {
        PrimExpr b0 = make_const(v[0].dtype(), 0);
        PrimExpr xb = bx ? PrimExpr(v[0]) : b0, yb = by ? PrimExpr(v[0]) : b0;
        PrimExpr xv = transpose_a ? x(xb, k->var, v[1]) : x(xb, v[1], k->var);
        PrimExpr yv = transpose_b ? y(yb, v[2], k->var) : y(yb, k->var, v[2]);
        return sum(cast(out_dtype, xv) * cast(out_dtype, yv), {k});
      },
      name, "batch_matmul", attrs, {"b", "i", "j"});
}

Tensor softmax(const Tensor& x, int axis) {
  size_t n = x.ndim();
  if (axis < 0) axis += static_cast<int>(n);
  IterVar k1 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  IterVar k2 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  auto insert = [&](const std::vector<Var>& idx, const Var& r) {
    std::vector<PrimExpr> out(idx.begin(), idx.end());
    out.insert(out.begin() + axis, r);
    return out;
  };
  auto drop = [&](const std::vector<Var>& idx) {
    std::vector<PrimExpr> out;
    for (size_t i = 0; i < idx.size(); ++i)
      if (static_cast<int>(i) != axis) out.push_back(idx[i]);
    return out;
  };
  auto all = [](const std::vector<Var>& idx) { return std::vector<PrimExpr>(idx.begin(), idx.end()); };
  std::vector<PrimExpr> reduced;
  for (size_t i = 0; i < n; ++i)
    if (static_cast<int>(i) != axis) reduced.push_back(x->shape[i]);
  Tensor maxelem = te::compute(
      reduced, [&](const std::vector<Var>& i) { return max(x(insert(i, k1->var)), {k1}); },
      "T_softmax_maxelem", "softmax_output", {}, Names("i", reduced.size()));
  Tensor e = te::compute(
      x->shape, [&](const std::vector<Var>& i) { return exp(x(all(i)) - maxelem(drop(i))); },
      "T_softmax_exp", "softmax_output", {}, Names("i", n));
  Tensor expsum = te::compute(
      reduced, [&](const std::vector<Var>& i) { return sum(e(insert(i, k2->var)), {k2}); },
      "T_softmax_expsum", "softmax_output", {}, Names("i", reduced.size()));
  return te::compute(
      x->shape, [&](const std::vector<Var>& i) { return div(e(all(i)), expsum(drop(i))); },
      "T_softmax_norm", "softmax_output", {{"axis", I32(axis)}}, Names("i", n));
}

Tensor log_softmax(const Tensor& x, int axis) {
  size_t n = x.ndim();
  if (axis < 0) axis += static_cast<int>(n);
  IterVar k1 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  IterVar k2 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  auto insert = [&](const std::vector<Var>& idx, const Var& r) {
    std::vector<PrimExpr> out(idx.begin(), idx.end());
    out.insert(out.begin() + axis, r);
    return out;
  };
  auto all = [](const std::vector<Var>& idx) { return std::vector<PrimExpr>(idx.begin(), idx.end()); };
  auto drop = [&](const std::vector<Var>& idx) {
    std::vector<PrimExpr> out;
    for (size_t i = 0; i < idx.size(); ++i)
      if (static_cast<int>(i) != axis) out.push_back(idx[i]);
    return out;
  };
  std::vector<PrimExpr> reduced;
  for (size_t i = 0; i < n; ++i)
    if (static_cast<int>(i) != axis) reduced.push_back(x->shape[i]);
  Tensor maxelem = te::compute(
      reduced, [&](const std::vector<Var>& i) { return max(x(insert(i, k1->var)), {k1}); },
      "T_softmax_maxelem", "", {}, Names("i", reduced.size()));
  Tensor expsum = te::compute(
      reduced,
      [&](const std::vector<Var>& i) { return sum(exp(x(insert(i, k2->var)) - maxelem(all(i))), {k2}); },
      "compute", "", {}, Names("i", reduced.size()));
  return te::compute(
      x->shape,
      [&](const std::vector<Var>& i) { return x(all(i)) - maxelem(drop(i)) - log(expsum(drop(i))); },
      "compute", "", {{"axis", I32(axis)}}, Names("i", n));
}

namespace {
// The positions of H and W in a pooling layout ("NCHW", "NHWC", "NCHW16c"); split H or W
// dims are not supported (as in TVM).
std::pair<int, int> PoolAxes(const std::string& layout) {
  size_t h = layout.find('H'), w = layout.find('W');
  TIRGEN_CHECK(h != std::string::npos && w != std::string::npos &&
               layout.find('h') == std::string::npos && layout.find('w') == std::string::npos)
      << "pooling layout " << layout << " must contain unsplit H and W";
  // Factor digits ("16c") do not take a dimension: count letters before each position.
  auto dim = [&](size_t pos) {
    int d = 0;
    for (size_t i = 0; i < pos; ++i) d += std::isalpha(static_cast<unsigned char>(layout[i])) ? 1 : 0;
    return d;
  };
  return {dim(h), dim(w)};
}
}  // namespace

Tensor pool2d(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& dilation, const std::vector<int64_t>& padding,
              PoolType type, bool ceil_mode, const std::string& layout, bool count_include_pad) {
  auto [hax, wax] = PoolAxes(layout);
  return pool_nd(x, kernel, strides, dilation, padding, type, ceil_mode, {hax, wax}, count_include_pad);
}

Tensor pool1d(const Tensor& x, int64_t kernel, int64_t stride, int64_t dilation,
              const std::vector<int64_t>& padding, PoolType type, bool ceil_mode,
              const std::string& layout, bool count_include_pad) {
  size_t w = layout.find('W');
  TIRGEN_CHECK(w != std::string::npos && layout.find('w') == std::string::npos && x.ndim() == layout.size())
      << "pooling layout " << layout << " must contain an unsplit W";
  return pool_nd(x, {kernel}, {stride}, {dilation}, padding, type, ceil_mode, {static_cast<int>(w)},
                 count_include_pad);
}

Tensor pool_nd(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
               const std::vector<int64_t>& dilation, const std::vector<int64_t>& padding,
               PoolType type, bool ceil_mode, const std::vector<int>& axis, bool count_include_pad) {
  // TVM's pool_impl_nd; expressions built in its order (they print).
  const size_t k = axis.size();
  TIRGEN_CHECK(kernel.size() == k && strides.size() == k && dilation.size() == k && padding.size() == 2 * k)
      << "pooling needs one kernel/stride/dilation and two paddings per pooled axis";
  size_t n = x.ndim();
  std::vector<IterVar> daxis;
  std::vector<PrimExpr> kernel_e(k), stride(k), dil(k), pad_head(k), pad_tail(k), offset(k);
  std::vector<int64_t> pad_before(n, 0), pad_after(n, 0);
  std::vector<PrimExpr> out_shape = x->shape;
  bool do_pad = false;
  for (size_t i = 0; i < k; ++i) {
    kernel_e[i] = I32(kernel[i]);
    stride[i] = I32(strides[i]);
    dil[i] = I32(dilation[i]);
    pad_head[i] = I32(padding[i]);
    pad_tail[i] = I32(padding[i + k]);
    offset[i] = I32(0);
    int64_t tail = padding[i + k];
    if (ceil_mode) {
      offset[i] = I32(strides[i] - 1);
      pad_tail[i] = pad_tail[i] + offset[i];
      tail += strides[i] - 1;
    }
    do_pad = do_pad || padding[i] != 0 || tail != 0;
    daxis.push_back(te::reduce_axis(Range(I32(0), kernel_e[i]), "rv" + std::to_string(i)));
    pad_before[axis[i]] = padding[i];
    pad_after[axis[i]] = tail;
    int64_t numerator = Dim(x->shape[axis[i]]) - (kernel[i] - 1) * dilation[i] - 1 + padding[i] + tail;
    int64_t q = numerator / strides[i] - ((numerator % strides[i] != 0) && (numerator < 0) ? 1 : 0);
    out_shape[axis[i]] = I32(q + 1);
  }
  auto window_index = [&](const std::vector<Var>& out) {
    std::vector<PrimExpr> idx(out.begin(), out.end());
    for (size_t i = 0; i < k; ++i) idx[axis[i]] = out[axis[i]] * stride[i] + daxis[i]->var * dil[i];
    return idx;
  };
  if (type == PoolType::kMax) {
    Tensor temp = do_pad ? pad_constant(x, pad_before, pad_after, min_value(x->dtype), "pad_temp") : x;
    AttrMap attrs{{"schedule_rule", String("meta_schedule.pool_max")}};
    return te::compute(
        out_shape, [&](const std::vector<Var>& out) { return max(temp(window_index(out)), daxis); },
        "pool_max", "pool_max", attrs);
  }
  Tensor temp = do_pad ? pad_constant(x, pad_before, pad_after, I32(0), "pad_temp") : x;
  Tensor pool_sum = te::compute(
      out_shape, [&](const std::vector<Var>& out) { return sum(temp(window_index(out)), daxis); },
      "pool_sum", "pool_sum");
  AttrMap attrs{{"schedule_rule", String("meta_schedule.pool_avg")}};
  return te::compute(
      out_shape,
      [&](const std::vector<Var>& out) {
        std::vector<PrimExpr> indices(out.begin(), out.end());
        PrimExpr num_el = I32(1);
        for (size_t i = 0; i < k; ++i) {
          PrimExpr dim = x->shape[axis[i]];
          PrimExpr start = out[axis[i]] * stride[i] - pad_head[i];
          PrimExpr end = start + (kernel_e[i] - 1) * dil[i];
          if (count_include_pad) {
            end = min(end, dim + pad_tail[i] - 1 - offset[i]);
            num_el = num_el * ((end - start) / dil[i] + 1);
          } else {
            // Steps along the dilated window until it leaves the leading padding.
            PrimExpr jumps = (dil[i] - 1 - start) / dil[i];
            jumps = max(jumps, make_const(jumps.dtype(), 0));
            end = min(end, dim - 1);
            num_el = num_el * ((end - (start + dil[i] * jumps)) / dil[i] + 1);
          }
        }
        if (count_include_pad) return div(pool_sum(indices), num_el);
        return div(pool_sum(indices), max(num_el, I32(1)));
      },
      "pool_avg", "elemwise", attrs);
}

Tensor max_pool2d(const Tensor& x, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& padding) {
  return pool2d(x, kernel, strides, {1, 1}, padding, PoolType::kMax, false, "NCHW", false);
}

Tensor avg_pool2d(const Tensor& x, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& padding) {
  return pool2d(x, kernel, strides, {1, 1}, padding, PoolType::kAvg, false, "NCHW", false);
}

Tensor adaptive_pool2d(const Tensor& x, const std::vector<PrimExpr>& out_size, PoolType type,
                       const std::string& layout) {
  auto [hax, wax] = PoolAxes(layout);
  return adaptive_pool_nd(x, out_size, type, {hax, wax});
}

Tensor adaptive_pool1d(const Tensor& x, const PrimExpr& out_size, PoolType type, const std::string& layout) {
  size_t w = layout.find('W');
  TIRGEN_CHECK(w != std::string::npos && layout.find('w') == std::string::npos && x.ndim() == layout.size())
      << "pooling layout " << layout << " must contain an unsplit W";
  return adaptive_pool_nd(x, {out_size}, type, {static_cast<int>(w)});
}

Tensor adaptive_pool_nd(const Tensor& x, const std::vector<PrimExpr>& out_size, PoolType type,
                        const std::vector<int>& axes) {
  const size_t k = axes.size();
  TIRGEN_CHECK(out_size.size() == k) << "adaptive pooling needs one output size per pooled axis";
  std::vector<PrimExpr> shape = x->shape;
  for (size_t i = 0; i < k; ++i) shape[axes[i]] = out_size[i];
  // The window of output position o along one axis: [o*in/out, ceil((o+1)*in/out)). When out
  // divides in, its length simplifies to a constant and the reduction runs over it as TVM
  // writes it. Otherwise the reduction runs over the longest window (with a condition when
  // the length varies with o), so no output index leaks into the loop bounds.
  struct Window {
    std::vector<IterVar> raxes;
    std::vector<PrimExpr> lengths;  // actual window length per axis
    PrimExpr cond;                  // undefined when every window is full; masks the source
                                    // (a reduction `where` is not lowered)
  };
  auto window = [&](const std::vector<Var>& out, bool reduce_indices, std::vector<PrimExpr>* idx) {
    Window w;
    idx->assign(out.begin(), out.end());
    for (size_t i = 0; i < k; ++i) {
      PrimExpr o = out[axes[i]], odim = out_size[i], idim = x->shape[axes[i]];
      PrimExpr start = floordiv(o * idim, odim);
      PrimExpr tmp = floordiv((o + 1) * idim, odim);
      PrimExpr end = Select(floormod((o + 1) * idim, odim) == 0, tmp, tmp + 1);
      w.lengths.push_back(end - start);
      const auto* in_imm = idim.as<tir::IntImmNode>();
      const auto* out_imm = odim.as<tir::IntImmNode>();
      int64_t longest = -1;
      bool varies = false, constant = false;
      if (in_imm && out_imm && out_imm->value > 0 && in_imm->value % out_imm->value != 0) {
        int64_t in = in_imm->value, on = out_imm->value, first = -1;
        for (int64_t k = 0; k < on; ++k) {
          int64_t st = k * in / on, en = ((k + 1) * in + on - 1) / on;
          if (first < 0) first = en - st;
          varies = varies || en - st != first;
          longest = std::max(longest, en - st);
        }
        constant = true;
      }
      PrimExpr extent = constant ? make_const(idim.dtype(), longest) : end - start;
      IterVar rv = te::reduce_axis(Range(make_const(extent.dtype(), 0), extent), "rv" + std::to_string(i));
      w.raxes.push_back(rv);
      PrimExpr pos = start + rv->var;
      if (varies) {
        PrimExpr inside = rv->var < end - start;
        w.cond = w.cond.defined() ? (w.cond && inside) : inside;
        pos = min(pos, idim - 1);  // reads past a short window are masked; keep them in bounds
      }
      if (reduce_indices) (*idx)[axes[i]] = pos;
    }
    return w;
  };
  if (type == PoolType::kMax) {
    AttrMap attrs{{"schedule_rule", String("meta_schedule.adaptive_pool_max")}};
    return te::compute(
        shape,
        [&](const std::vector<Var>& out) {
          std::vector<PrimExpr> idx;
          Window w = window(out, true, &idx);
          PrimExpr v = x(idx);
          return max(w.cond.defined() ? Select(w.cond, v, min_value(x->dtype)) : v, w.raxes);
        },
        "adaptive_pool_max", "adaptive_pool_max", attrs);
  }
  Tensor pool_sum = te::compute(
      shape,
      [&](const std::vector<Var>& out) {
        std::vector<PrimExpr> idx;
        Window w = window(out, true, &idx);
        PrimExpr v = x(idx);
        return sum(w.cond.defined() ? Select(w.cond, v, make_const(x->dtype, 0)) : v, w.raxes);
      },
      "adaptive_pool_sum", "adaptive_pool_sum");
  AttrMap attrs{{"schedule_rule", String("meta_schedule.adaptive_pool_avg")}};
  return te::compute(
      shape,
      [&](const std::vector<Var>& out) {
        std::vector<PrimExpr> idx;
        Window w = window(out, false, &idx);
        PrimExpr factor = cast(x->dtype, I32(1));
        for (const PrimExpr& len : w.lengths) factor = factor * cast(x->dtype, len);
        return div(pool_sum(idx), factor);
      },
      "adaptive_pool_avg", "elemwise", attrs);
}

Tensor adaptive_avg_pool2d(const Tensor& x, const std::vector<int64_t>& out_size) {
  return adaptive_pool2d(x, {I32(out_size[0]), I32(out_size[1])}, PoolType::kAvg, "NCHW");
}

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

Tensor bias_add(const Tensor& data, const Tensor& bias, int axis) {
  int ndim = static_cast<int>(data.ndim());
  if (axis < 0) axis += ndim;
  int num_newaxis = ndim - axis - 1;
  return add(data, num_newaxis ? expand_dims(bias, 1, num_newaxis) : bias);
}

Tensor copy_if_identical(const Tensor& a, const Tensor& b) {
  if (!a.Equals(b)) return b;
  return te::compute(
      a->shape, [&](const std::vector<Var>& v) { return a(std::vector<PrimExpr>(v.begin(), v.end())); },
      "compute", "", {}, Names("i", a.ndim()));
}

}  // namespace topi
}  // namespace tirgen
