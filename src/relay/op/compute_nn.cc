// TE computes of the neural-network ops as TVM's generic strategies pick them with
// MetaSchedule enabled (python/tvm/relay/op/strategy/generic.py; spec §3.4, §10):
// conv2d -> pad_temp/conv2d_nchw (NHWC: conv2d_nhwc, depthwise: PaddedInput/DepthwiseConv2d),
// dense -> T_matmul_NT, batch_matmul -> T_batch_matmul_NT, pooling -> pool_max/pool_avg, ...
#include "op_common.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/elemwise.h"
#include "tirgen/topi/nn.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;
using tir::PrimExpr;
using Computed = std::vector<Tensor>;

[[noreturn]] void Unsupported(const Call& c, const std::string& what) {
  throw Error(c->op_name() + ": " + what + " is not supported by the generic strategy tirgen follows");
}

// {top, left, bottom, right} from a 1, 2 or 4 element padding (TVM's get_pad_tuple).
std::vector<int64_t> Pad4(const Call& c, const std::string& key = "padding") {
  std::vector<int64_t> p = c->GetIntArray(key);
  if (p.size() == 1) return {p[0], p[0], p[0], p[0]};
  if (p.size() == 2) return {p[0], p[1], p[0], p[1]};
  if (p.size() == 4) return p;
  throw Error(c->op_name() + ": padding must have 1, 2 or 4 elements, not " + std::to_string(p.size()));
}

std::vector<int64_t> Pair(const Call& c, const std::string& key) {
  std::vector<int64_t> v = c->GetIntArray(key);
  if (v.size() == 1) return {v[0], v[0]};
  if (v.size() != 2)
    throw Error(c->op_name() + ": " + key + " must have 2 elements, not " + std::to_string(v.size()));
  return v;
}

DataType OutDType(const Call& c, const Tensor& data) {
  DataType t = c->GetDType("out_dtype");
  return t.is_void() ? data->dtype : t;
}

int64_t Extent(const Tensor& t, size_t i) {
  const int64_t* v = tir::as_const_int(t->shape.at(i));
  TIRGEN_ICHECK(v) << "static shapes only";
  return *v;
}

Computed Conv2D(const Call& c, const std::vector<Tensor>& in, const Type&) {
  const Tensor& data = in.at(0);
  const Tensor& weight = in.at(1);
  std::vector<int64_t> strides = Pair(c, "strides"), dilation = Pair(c, "dilation"), padding = Pad4(c);
  int64_t groups = c->GetInt("groups");
  std::string layout = c->GetString("data_layout"), kernel_layout = c->GetString("kernel_layout");
  DataType out = OutDType(c, data);
  if (dilation[0] < 1 || dilation[1] < 1) throw Error("nn.conv2d: dilation must be positive");
  if (groups == 1) {
    if (layout == "NCHW" && kernel_layout == "OIHW")
      return {topi::conv2d(data, weight, strides, padding, dilation, 1, "NCHW", out)};
    if (layout == "NHWC" && kernel_layout == "HWIO")
      return {topi::conv2d(data, weight, strides, padding, dilation, 1, "NHWC", out)};
    Unsupported(c, "data_layout " + layout + " with kernel_layout " + kernel_layout);
  }
  // Depthwise when input channels == output channels == groups (strategy's is_depthwise_conv2d).
  size_t cpos = layout.find('C'), opos = kernel_layout.find('O');
  if (cpos == std::string::npos || opos == std::string::npos || data.ndim() != 4 || weight.ndim() != 4)
    Unsupported(c, "data_layout " + layout + " with kernel_layout " + kernel_layout);
  int64_t ic = Extent(data, cpos), oc = Extent(weight, opos);
  if (ic == groups && oc == groups) {
    if (layout == "NCHW" && kernel_layout == "OIHW")
      return {topi::depthwise_conv2d_nchw(data, weight, strides, padding, dilation, out)};
    if (layout == "NHWC" && kernel_layout == "HWOI")
      return {topi::depthwise_conv2d_nhwc(data, weight, strides, padding, dilation, "HWOI", out)};
    Unsupported(c, "depthwise data_layout " + layout + " with kernel_layout " + kernel_layout);
  }
  if (layout == "NCHW" && kernel_layout == "OIHW")
    return {topi::conv2d(data, weight, strides, padding, dilation, groups, "NCHW", out)};
  if (layout == "NHWC" && kernel_layout == "HWIO")
    return {topi::conv2d(data, weight, strides, padding, dilation, groups, "NHWC", out)};
  Unsupported(c, "grouped data_layout " + layout + " with kernel_layout " + kernel_layout);
}

// TVM's CPU conv1d strategy: conv1d_ncw with an OIW weight, conv1d_nwc with WIO; grouped,
// group_conv1d_ncw / group_conv1d_nwc, the same generic conv with `groups`.
Computed Conv1D(const Call& c, const std::vector<Tensor>& in, const Type&) {
  std::string layout = c->GetString("data_layout"), kernel_layout = c->GetString("kernel_layout");
  if (!((layout == "NCW" && kernel_layout == "OIW") || (layout == "NWC" && kernel_layout == "WIO")))
    Unsupported(c, "data_layout " + layout + " with kernel_layout " + kernel_layout);
  std::vector<int64_t> strides = c->GetIntArray("strides"), dilation = c->GetIntArray("dilation");
  std::vector<int64_t> padding = c->GetIntArray("padding");
  if (padding.size() == 1) padding.push_back(padding[0]);
  return {topi::conv_nd(in.at(0), in.at(1), strides, {padding.at(0)}, {padding.at(1)}, dilation,
                        static_cast<int>(c->GetInt("groups")), layout, kernel_layout, OutDType(c, in.at(0)))};
}

// The generic conv1d_transpose strategy: NCW data, no dilation, groups 1 (it asserts them).
Computed Conv1DTranspose(const Call& c, const std::vector<Tensor>& in, const Type&) {
  if (c->GetString("data_layout") != "NCW") Unsupported(c, "data_layout other than NCW");
  if (c->GetString("kernel_layout") != "IOW") Unsupported(c, "kernel_layout other than IOW");
  if (c->GetIntArray("dilation") != std::vector<int64_t>{1}) Unsupported(c, "dilation");
  if (c->GetInt("groups") != 1) Unsupported(c, "groups other than 1");
  std::vector<int64_t> padding = c->GetIntArray("padding");
  if (padding.size() == 1) padding.push_back(padding[0]);
  int64_t stride = c->GetIntArray("strides").at(0), opad = c->GetIntArray("output_padding").at(0);
  if (opad >= stride) throw Error("nn.conv1d_transpose: output_padding must be smaller than the stride");
  return {topi::conv_transpose_nd(in.at(0), in.at(1), {stride}, {padding[0]}, {padding[1]}, {opad},
                                  OutDType(c, in.at(0)))};
}

// The generic conv3d strategy: conv3d_ncdhw (OIDHW weight) or conv3d_ndhwc (DHWIO), groups
// allowed (group_conv3d_* names).
Computed Conv3D(const Call& c, const std::vector<Tensor>& in, const Type&) {
  std::string layout = c->GetString("data_layout"), kernel_layout = c->GetString("kernel_layout");
  if (!((layout == "NCDHW" && kernel_layout == "OIDHW") || (layout == "NDHWC" && kernel_layout == "DHWIO")))
    Unsupported(c, "data_layout " + layout + " with kernel_layout " + kernel_layout);
  std::vector<int64_t> padding = c->GetIntArray("padding");
  if (padding.size() == 3) padding.insert(padding.end(), padding.begin(), padding.end());
  return {topi::conv_nd(in.at(0), in.at(1), c->GetIntArray("strides"), {padding.begin(), padding.begin() + 3},
                        {padding.begin() + 3, padding.end()}, c->GetIntArray("dilation"), c->GetInt("groups"),
                        layout, kernel_layout, OutDType(c, in.at(0)))};
}

// The generic conv3d_transpose strategy: NCDHW data, IODHW weight, no dilation, groups 1.
Computed Conv3DTranspose(const Call& c, const std::vector<Tensor>& in, const Type&) {
  if (c->GetString("data_layout") != "NCDHW") Unsupported(c, "data_layout other than NCDHW");
  if (c->GetString("kernel_layout") != "IODHW") Unsupported(c, "kernel_layout other than IODHW");
  if (c->GetIntArray("dilation") != std::vector<int64_t>{1, 1, 1}) Unsupported(c, "dilation");
  if (c->GetInt("groups") != 1) Unsupported(c, "groups other than 1");
  std::vector<int64_t> padding = c->GetIntArray("padding"), strides = c->GetIntArray("strides");
  std::vector<int64_t> opad = c->GetIntArray("output_padding");
  if (padding.size() == 3) padding.insert(padding.end(), padding.begin(), padding.end());
  for (size_t i = 0; i < 3; ++i)
    if (opad.at(i) >= strides.at(i))
      throw Error("nn.conv3d_transpose: output_padding must be smaller than the strides");
  return {topi::conv_transpose_nd(in.at(0), in.at(1), strides, {padding.begin(), padding.begin() + 3},
                                  {padding.begin() + 3, padding.end()}, opad, OutDType(c, in.at(0)))};
}

Computed Conv2DTranspose(const Call& c, const std::vector<Tensor>& in, const Type&) {
  if (c->GetString("data_layout") != "NCHW") Unsupported(c, "data_layout other than NCHW");
  if (c->GetString("kernel_layout") != "IOHW") Unsupported(c, "kernel_layout other than IOHW");
  if (Pair(c, "dilation") != std::vector<int64_t>{1, 1}) Unsupported(c, "dilation");
  int64_t groups = c->GetInt("groups");
  if (groups < 1 || Extent(in.at(0), 1) % groups != 0)
    throw Error("nn.conv2d_transpose: groups must divide the input channels");
  std::vector<int64_t> opad = Pair(c, "output_padding"), strides = Pair(c, "strides");
  return {topi::conv2d_transpose_nchw(in.at(0), in.at(1), strides, Pad4(c), opad,
                                      OutDType(c, in.at(0)), groups)};
}

Computed Dense(const Call& c, const std::vector<Tensor>& in, const Type&) {
  if (in.at(0).ndim() != 2) Unsupported(c, "data of rank other than 2");
  Tensor weight = topi::copy_if_identical(in.at(0), in.at(1));
  return {topi::dense(in.at(0), weight, OutDType(c, in.at(0)))};
}

Computed Matmul(const Call& c, const std::vector<Tensor>& in, const Type&) {
  if (in.at(0).ndim() != 2) Unsupported(c, "data of rank other than 2");
  Tensor b = topi::copy_if_identical(in.at(0), in.at(1));
  return {topi::matmul(in.at(0), b, c->GetBool("transpose_a"), c->GetBool("transpose_b"),
                       OutDType(c, in.at(0)))};
}

Computed BatchMatmul(const Call& c, const std::vector<Tensor>& in, const Type&) {
  // TVM's generic strategy passes no out_dtype (its x86 one does): the product keeps the data's
  // dtype unless out_dtype asks for another, which the type relation promised (an int16
  // product accumulating in int32: MatMulInteger16).
  Tensor y = topi::copy_if_identical(in.at(0), in.at(1));
  return {topi::batch_matmul(in.at(0), y, OutDType(c, in.at(0)), c->GetBool("transpose_a"),
                             c->GetBool("transpose_b"))};
}

Computed Pool2D(const Call& c, const std::vector<Tensor>& in, topi::PoolType type) {
  std::vector<int64_t> kernel = Pair(c, "pool_size");
  bool count_include_pad = type == topi::PoolType::kAvg && c->GetBool("count_include_pad");
  return {topi::pool2d(in.at(0), kernel, Pair(c, "strides"), Pair(c, "dilation"), Pad4(c), type,
                       c->GetBool("ceil_mode"), c->GetString("layout"), count_include_pad)};
}

Computed Pool1D(const Call& c, const std::vector<Tensor>& in, topi::PoolType type) {
  std::vector<int64_t> padding = c->GetIntArray("padding");
  if (padding.size() == 1) padding.push_back(padding[0]);
  bool count_include_pad = type == topi::PoolType::kAvg && c->GetBool("count_include_pad");
  return {topi::pool1d(in.at(0), c->GetIntArray("pool_size").at(0), c->GetIntArray("strides").at(0),
                       c->GetIntArray("dilation").at(0), padding, type, c->GetBool("ceil_mode"),
                       c->GetString("layout"), count_include_pad)};
}

Computed Pool3D(const Call& c, const std::vector<Tensor>& in, topi::PoolType type) {
  std::string layout = c->GetString("layout");
  std::vector<int> axes;
  for (char ch : {'D', 'H', 'W'}) {
    size_t p = layout.find(ch);
    if (p == std::string::npos || layout.size() != in.at(0).ndim()) Unsupported(c, "layout " + layout);
    axes.push_back(static_cast<int>(p));
  }
  std::vector<int64_t> padding = c->GetIntArray("padding");
  if (padding.size() == 1) padding.assign(6, padding[0]);
  if (padding.size() == 3) padding.insert(padding.end(), padding.begin(), padding.end());
  bool count_include_pad = type == topi::PoolType::kAvg && c->GetBool("count_include_pad");
  return {topi::pool_nd(in.at(0), c->GetIntArray("pool_size"), c->GetIntArray("strides"), c->GetIntArray("dilation"),
                        padding, type, c->GetBool("ceil_mode"), axes, count_include_pad)};
}

Computed AdaptivePool1D(const Call& c, const std::vector<Tensor>& in, topi::PoolType type) {
  std::string layout = c->GetString("layout");
  std::vector<int64_t> size = c->GetIntArray("output_size");
  PrimExpr width = size.empty() ? in.at(0)->shape.at(layout.find('W')) : Dim(size[0]);
  return {topi::adaptive_pool1d(in.at(0), width, type, layout)};
}

Computed AdaptivePool3D(const Call& c, const std::vector<Tensor>& in, topi::PoolType type) {
  std::string layout = c->GetString("layout");
  std::vector<int64_t> size = c->GetIntArray("output_size");
  if (size.size() == 1) size.assign(3, size[0]);
  std::vector<int> axes;
  std::vector<PrimExpr> out;
  for (char ch : {'D', 'H', 'W'}) {
    size_t p = layout.find(ch);
    if (p == std::string::npos || layout.size() != in.at(0).ndim()) Unsupported(c, "layout " + layout);
    out.push_back(size.empty() ? in.at(0)->shape.at(p) : Dim(size.at(axes.size())));
    axes.push_back(static_cast<int>(p));
  }
  return {topi::adaptive_pool_nd(in.at(0), out, type, axes)};
}

Computed AdaptivePool2D(const Call& c, const std::vector<Tensor>& in, topi::PoolType type,
                        bool global) {
  const Tensor& x = in.at(0);
  std::string layout = c->GetString("layout");
  size_t h = layout.find('H'), w = layout.find('W');
  if (h == std::string::npos || w == std::string::npos) Unsupported(c, "layout " + layout);
  std::vector<PrimExpr> size;
  std::vector<int64_t> attr = global ? std::vector<int64_t>{1, 1} : c->GetIntArray("output_size");
  if (attr.empty()) size = {x->shape.at(h), x->shape.at(w)};
  else if (attr.size() == 1) size = {Dim(attr[0]), Dim(attr[0])};
  else size = {Dim(attr[0]), Dim(attr[1])};
  return {topi::adaptive_pool2d(x, size, type, layout)};
}

int Axis(const Call& c, const Tensor& x, const std::string& key = "axis") {
  int64_t ndim = static_cast<int64_t>(x.ndim()), axis = c->GetInt(key);
  if (axis < -ndim || axis >= ndim)
    throw Error(c->op_name() + ": axis " + std::to_string(axis) + " out of range for rank " +
                std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

Computed Pad(const Call& c, const std::vector<Tensor>& in, const Type&) {
  std::string mode = c->GetString("pad_mode");
  if (mode != "constant" && mode != "edge" && mode != "reflect")
    Unsupported(c, "pad_mode \"" + mode + "\"");
  std::vector<std::vector<int64_t>> width = c->GetIntArrayArray("pad_width");
  const Tensor& x = in.at(0);
  if (width.size() != x.ndim()) throw Error("nn.pad: pad_width needs one pair per dimension");
  std::vector<int64_t> before, after;
  for (const auto& p : width) {
    if (p.size() != 2) throw Error("nn.pad: every pad_width entry must be a pair");
    before.push_back(p[0]);
    after.push_back(p[1]);
  }
  if (mode != "constant") return {topi::pad_mirror(x, before, after, mode, "T_pad")};
  // TVM casts the pad value tensor to the data's dtype (a 0-d T_cast) and reads it.
  Tensor value = topi::cast(in.at(1), x->dtype);
  return {topi::pad_constant(x, before, after, value(std::vector<PrimExpr>{}), "T_pad")};
}

}  // namespace

TIRGEN_REGISTER_OPS(compute_nn) {
  RegisterCompute("nn.conv2d", Conv2D);
  RegisterCompute("nn.conv2d_transpose", Conv2DTranspose);
  RegisterCompute("nn.conv1d", Conv1D);
  RegisterCompute("nn.conv3d", Conv3D);
  RegisterCompute("nn.conv3d_transpose", Conv3DTranspose);
  RegisterCompute("nn.conv1d_transpose", Conv1DTranspose);
  RegisterCompute("nn.dense", Dense);
  RegisterCompute("nn.matmul", Matmul);
  RegisterCompute("nn.batch_matmul", BatchMatmul);
  RegisterCompute("nn.bias_add", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::bias_add(in.at(0), in.at(1), Axis(c, in.at(0)))};
  });
  RegisterCompute("nn.max_pool2d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Pool2D(c, in, topi::PoolType::kMax);
  });
  RegisterCompute("nn.avg_pool2d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Pool2D(c, in, topi::PoolType::kAvg);
  });
  RegisterCompute("nn.max_pool1d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Pool1D(c, in, topi::PoolType::kMax);
  });
  RegisterCompute("nn.avg_pool1d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Pool1D(c, in, topi::PoolType::kAvg);
  });
  RegisterCompute("nn.global_avg_pool2d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool2D(c, in, topi::PoolType::kAvg, true);
  });
  RegisterCompute("nn.global_max_pool2d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool2D(c, in, topi::PoolType::kMax, true);
  });
  RegisterCompute("nn.max_pool3d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Pool3D(c, in, topi::PoolType::kMax);
  });
  RegisterCompute("nn.avg_pool3d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Pool3D(c, in, topi::PoolType::kAvg);
  });
  RegisterCompute("nn.adaptive_avg_pool3d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool3D(c, in, topi::PoolType::kAvg);
  });
  RegisterCompute("nn.adaptive_max_pool3d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool3D(c, in, topi::PoolType::kMax);
  });
  RegisterCompute("nn.adaptive_avg_pool1d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool1D(c, in, topi::PoolType::kAvg);
  });
  RegisterCompute("nn.adaptive_max_pool1d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool1D(c, in, topi::PoolType::kMax);
  });
  RegisterCompute("nn.adaptive_avg_pool2d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool2D(c, in, topi::PoolType::kAvg, false);
  });
  RegisterCompute("nn.adaptive_max_pool2d", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return AdaptivePool2D(c, in, topi::PoolType::kMax, false);
  });
  RegisterCompute("nn.softmax", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::softmax(in.at(0), Axis(c, in.at(0)))};
  });
  RegisterCompute("nn.fast_softmax", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::softmax(in.at(0), Axis(c, in.at(0)), /*fast_exp=*/true)};
  });
  RegisterCompute("nn.log_softmax", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::log_softmax(in.at(0), Axis(c, in.at(0)))};
  });
  RegisterCompute("nn.pad", Pad);
  RegisterCompute("nn.lrn", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::lrn(in.at(0), c->GetInt("size"), static_cast<int>(c->GetInt("axis")),
                              c->GetFloat("alpha"), c->GetFloat("beta"), c->GetFloat("bias"))};
  });
  RegisterCompute("nn.depth_to_space", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::depth_to_space(in.at(0), c->GetInt("block_size"), c->GetString("layout"),
                                         c->GetString("mode"))};
  });
  RegisterCompute("nn.space_to_depth", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::space_to_depth(in.at(0), c->GetInt("block_size"), c->GetString("layout"))};
  });
  RegisterCompute("nn.mirror_pad", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    std::vector<int64_t> before, after;
    for (const auto& p : c->GetIntArrayArray("pad_width")) {
      before.push_back(p.at(0));
      after.push_back(p.at(1));
    }
    return Computed{topi::mirror_pad(in.at(0), before, after, c->GetString("mode"))};
  });
  RegisterCompute("nn.dilate", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::dilate(in.at(0), c->GetIntArray("strides"), "DilatedInput", c->GetFloat("dilation_value"))};
  });
  RegisterCompute("nn.prelu", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::prelu(in.at(0), in.at(1), static_cast<int>(c->GetInt("axis")))};
  });
  RegisterCompute("nn.batch_flatten", [](const Call&, const std::vector<Tensor>& in, const Type&) {
    return Computed{topi::flatten(in.at(0))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
