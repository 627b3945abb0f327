// Convolutions: conv2d, conv_nd, depthwise, dilate, conv_transpose (see nn.h). Expressions are
// built in the order TVM's Python TOPI builds them, because that order is visible in the printed
// TIR.
#include "tirgen/topi/nn.h"

#include <cctype>

#include "nn_util.h"
#include "tirgen/te/operation.h"
#include "tirgen/topi/transform.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

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

}  // namespace topi
}  // namespace tirgen
