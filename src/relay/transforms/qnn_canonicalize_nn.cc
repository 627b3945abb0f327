// QnnLegalize's canonical forms of qnn.conv2d, qnn.dense and qnn.batch_matmul (TVM's
// QnnConv2DCanonicalize, QnnDenseCanonicalize, QnnBatchMatmulCanonicalize): with QA = data,
// QW = weight and their zero points za, zw,
//   sum_k (QA - za)(QW - zw) = sum QA*QW - zw*sum QA - za*sum QW + za*zw*K
// term 1 is the float op on the integer inputs with out_dtype int32; term 2 sums the data over
// channels and the kernel window (an avg_pool2d of the channel sum times kh*kw); term 3 sums
// the weight, term 4 is a constant. Zero terms are left out when the zero points are constant.
// Dilation with a nonzero kernel zero point and grouped (not depthwise) convolutions take
// TVM's fallback: one conv2d of the zero-point-shifted inputs in int32.
#include "pass_util.h"
#include "qnn_legalize.h"
#include "tirgen/relay/op.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace relay {
namespace qnn {
namespace {

const DataType kI32 = DataType::Int(32);

Expr Mul(const Expr& a, const Expr& b) { return Op("multiply", {a, b}); }
Expr Sub(const Expr& a, const Expr& b) { return Op("subtract", {a, b}); }
Expr Sum(const Expr& x, const std::vector<int64_t>& axes, bool keepdims) {
  return Op("sum", {x}, {{"axis", AttrInts(axes)}, {"keepdims", AttrBool(keepdims)}});
}
Expr Repeat(const Expr& x, int64_t repeats, int64_t axis) {
  return Op("repeat", {x}, {{"repeats", AttrInt(repeats)}, {"axis", AttrInt(axis)}});
}

// TVM's Conv2DCombineTerms / DenseCombineTerms: zero terms dropped for constant zero points
// (zp_* == -1 stands for a non-constant one).
Expr CombineTerms(const Expr& t1, const Expr& t2, const Expr& t3, const Expr& t4, int64_t za, int64_t zw) {
  if (za == 0 && zw == 0) return t1;
  if (za == 0 && zw != 0) return Sub(t1, t2);
  if (za != 0 && zw == 0) return Sub(t1, t3);
  return Op("add", {Sub(t1, t2), Sub(t4, t3)});
}

struct ConvParams {
  std::string data_layout, kernel_layout;
  std::vector<int64_t> strides, padding, dilation, kernel_size;
  int64_t groups = 1, channels = -1;
  DataType out_dtype;
};

// The conv2d attributes (padding as top, left, bottom, right).
ConvParams ReadConv(const CallNode* call) {
  ConvParams p;
  p.data_layout = call->GetString("data_layout");
  p.kernel_layout = call->GetString("kernel_layout");
  p.strides = call->GetIntArray("strides");
  p.dilation = call->GetIntArray("dilation");
  p.groups = call->GetInt("groups");
  p.channels = call->HasAttr("channels") ? call->GetInt("channels") : -1;
  p.out_dtype = call->GetDType("out_dtype");
  std::vector<int64_t> pad = call->GetIntArray("padding");
  if (pad.size() == 1) pad = {pad[0], pad[0], pad[0], pad[0]};
  if (pad.size() == 2) pad = {pad[0], pad[1], pad[0], pad[1]};
  p.padding = pad;
  return p;
}

// A conv2d call with the qnn call's attributes, `padding` replaced.
Expr Conv2D(const CallNode* call, const Expr& data, const Expr& weight, const std::vector<int64_t>& padding) {
  AttrFields attrs;
  for (const std::string& k : {"strides", "dilation", "groups", "channels", "kernel_size", "data_layout", "kernel_layout",
                               "out_layout", "out_dtype"})
    if (call->HasAttr(k)) attrs.push_back({k, call->GetAttr(k)});
  attrs.push_back({"padding", AttrInts(padding)});
  return Op("nn.conv2d", {data, weight}, attrs);
}

Expr AvgPool(const Expr& x, const ConvParams& p, const std::vector<int64_t>& kernel) {
  return Op("nn.avg_pool2d", {x}, {{"pool_size", AttrInts(kernel)}, {"strides", AttrInts(p.strides)},
                                   {"dilation", AttrInts(p.dilation)}, {"padding", AttrInts({0, 0})},
                                   {"layout", String(p.data_layout)}});
}

}  // namespace

Expr CanonicalizeConv2D(const CallNode* call, const CallNode* typed) {
  const std::string op = "qnn.conv2d";
  ConvParams p = ReadConv(call);
  if (p.data_layout != "NCHW" && p.data_layout != "NHWC")
    throw Error(op + ": data_layout " + p.data_layout + " is not supported (NCHW or NHWC)");
  const std::string& kl = p.kernel_layout;
  if (kl != "OIHW" && kl != "HWIO" && kl != "HWOI" && kl != "OHWI")
    throw Error(op + ": kernel_layout " + kl + " is not supported (OIHW, HWIO, HWOI or OHWI)");
  Expr data = call->args[0], weight = call->args[1], za = call->args[2], zw = call->args[3];
  std::vector<int64_t> in_shape = ArgShape(typed, 0), k_shape = ArgShape(typed, 1);
  // TVM's GetWorkload.
  int64_t in_channels = in_shape[p.data_layout == "NCHW" ? 1 : 3];
  int64_t ik = kl.find('O'), ih = kl.find('H'), iw = kl.find('W'), ic = kl.find('I');
  int64_t kernel_h = k_shape[ih], kernel_w = k_shape[iw], out_channels = k_shape[ik];
  bool depthwise = p.channels >= 0 && p.channels == p.groups && p.groups != 1;
  int64_t multiplier = depthwise ? k_shape[ic] : -1;
  bool dynamic_zp = !(IsConstScalar(za) && IsConstScalar(zw));
  int64_t za_int = -1, zw_int = -1;
  if (!dynamic_zp) {
    za_int = static_cast<int64_t>(ScalarOf(za, op, "input_zero_point"));
    zw_int = static_cast<int64_t>(ScalarOf(zw, op, "kernel_zero_point"));
  } else {
    zw = Reshape(zw, {-1});
  }
  bool supported = (zw_int == 0 || (p.dilation[0] == 1 && p.dilation[1] == 1)) && (p.groups == 1 || depthwise);
  if (dynamic_zp) {
    // Broadcast along the kernel's O (fallback) or the data's C (the terms).
    int64_t axis = supported ? static_cast<int64_t>(p.data_layout.find('C')) : ik;
    zw = ExpandBiasToMatchAxis(zw, 4, {axis});
  }
  const int64_t bits = p.out_dtype.bits() < 32 ? 32 : p.out_dtype.bits();
  const DataType up = DataType::Int(static_cast<int>(bits));
  if (!supported) {  // TVM's Conv2DFallBack
    Expr zero = IntScalar(up, 0);
    Expr d = Cast(data, up), w = Cast(weight, up);
    if (!IsEqualScalar(za, zero)) d = Sub(Cast(data, up), Cast(za, up));
    if (!IsEqualScalar(zw, zero)) w = Sub(Cast(weight, up), Cast(zw, up));
    return Conv2D(call, d, w, p.padding);
  }
  // The data padded with its zero point (TVM's Conv2DPadInput), so every term sees one input.
  Expr padded = data;
  if (p.padding[0] || p.padding[1] || p.padding[2] || p.padding[3]) {
    std::vector<std::vector<int64_t>> width = {{0, 0}, {0, 0}, {p.padding[0], p.padding[2]}, {p.padding[1], p.padding[3]}};
    if (p.data_layout == "NHWC") width = {{0, 0}, {p.padding[0], p.padding[2]}, {p.padding[1], p.padding[3]}, {0, 0}};
    std::vector<ObjectRef> rows;
    for (const auto& r : width) rows.push_back(AttrInts(r));
    padded = Op("nn.pad", {data, za}, {{"pad_width", Array(std::move(rows))}});
  }
  Expr term1 = Conv2D(call, padded, weight, {0, 0, 0, 0});
  Expr one = IntScalar(kI32, 1);
  const int64_t c_axis = p.data_layout == "NCHW" ? 1 : 3;
  // Term 2: zw times the data summed over the window (and, not depthwise, the channels).
  Expr t2 = Cast(padded, kI32);
  if (!depthwise) t2 = Sum(t2, {c_axis}, true);
  if (kernel_h * kernel_w != 1) {
    t2 = AvgPool(Mul(t2, IntScalar(kI32, kernel_h * kernel_w)), p, {kernel_h, kernel_w});
  } else if (p.strides[0] * p.strides[1] != 1) {
    t2 = AvgPool(t2, p, {kernel_h, kernel_w});
  }
  if (!IsEqualScalar(zw, one)) {
    if (depthwise) {
      t2 = Mul(IsConstScalar(zw) ? zw : Repeat(zw, multiplier, 0), t2);
    } else {
      if (!IsConstScalar(zw)) t2 = Repeat(t2, out_channels, c_axis);
      t2 = Mul(zw, t2);
    }
  }
  if (depthwise && multiplier != 1) t2 = Repeat(t2, multiplier, c_axis);
  // Term 3: za times the weight summed per output channel, shaped to broadcast on the output.
  std::vector<int64_t> axes3;
  if (depthwise) {
    if (kl == "OIHW") axes3 = {2, 3};
    else if (kl == "HWIO" || kl == "HWOI") axes3 = {0, 1};
    else throw Error(op + ": a depthwise kernel_layout " + kl + " is not supported (OIHW, HWIO or HWOI)");
  } else {
    for (int64_t a = 0; a < 4; ++a)
      if (a != ik) axes3.push_back(a);
  }
  int64_t oc = depthwise ? out_channels * multiplier : out_channels;
  std::vector<int64_t> newshape = p.data_layout == "NCHW" ? std::vector<int64_t>{1, oc, 1, 1} : std::vector<int64_t>{1, 1, 1, oc};
  Expr t3 = Reshape(Sum(Cast(weight, kI32), axes3, false), newshape);
  if (!IsEqualScalar(za, one)) t3 = Mul(za, t3);
  // Term 4: za * zw * (channels) * kh * kw.
  int64_t window = depthwise ? kernel_h * kernel_w : in_channels * kernel_h * kernel_w;
  DataType t4_dtype = depthwise ? kI32 : up;
  Expr t4 = dynamic_zp ? Mul(IntScalar(t4_dtype, window), Mul(za, zw))
                       : IntScalar(t4_dtype, static_cast<int32_t>(za_int * zw_int * window));
  return CombineTerms(term1, t2, t3, t4, za_int, zw_int);
}

Expr CanonicalizeDense(const CallNode* call, const CallNode* typed) {
  const std::string op = "qnn.dense";
  Expr data = call->args[0], weight = call->args[1], za = call->args[2], zw = call->args[3];
  std::vector<int64_t> in_shape = ArgShape(typed, 0), w_shape = ArgShape(typed, 1);
  if (in_shape.size() != 2) throw Error(op + ": data must be 2-D for the canonical form, not rank " + std::to_string(in_shape.size()));
  const int64_t k = in_shape[1], n = w_shape[0];
  AttrFields attrs{{"units", call->GetAttr("units")}};
  if (call->HasAttr("out_dtype")) attrs.push_back({"out_dtype", call->GetAttr("out_dtype")});
  Expr term1 = Op("nn.dense", {data, weight}, attrs);
  Expr reduced = Sum(Cast(data, kI32), {1}, true);
  Expr term2 = Mul(zw, IsConstScalar(zw) ? reduced : Repeat(reduced, n, 1));
  Expr term3 = Mul(za, Sum(Cast(weight, kI32), {1}, false));
  if (!IsConstScalar(za) || !IsConstScalar(zw)) {
    Expr term4 = Mul(Mul(za, zw), IntScalar(kI32, k));
    return CombineTerms(term1, term2, term3, term4, -1, -1);
  }
  int64_t za_int = static_cast<int64_t>(ScalarOf(za, op, "input_zero_point"));
  int64_t zw_int = static_cast<int64_t>(ScalarOf(zw, op, "kernel_zero_point"));
  Expr term4 = IntScalar(kI32, static_cast<int32_t>(za_int * zw_int * k));
  return CombineTerms(term1, term2, term3, term4, za_int, zw_int);
}

// TVM's QnnBatchMatmulCanonicalize: x (b, m, k), y (b, n, k); term 2 sums x over k, term 3
// sums y over k reshaped to (b, 1, n).
Expr CanonicalizeBatchMatmul(const CallNode* call, const CallNode* typed) {
  const std::string op = "qnn.batch_matmul";
  Expr x = call->args[0], y = call->args[1], zx = call->args[2], zy = call->args[3];
  std::vector<int64_t> x_shape = ArgShape(typed, 0), y_shape = ArgShape(typed, 1);
  const int64_t k = x_shape.at(2), n = y_shape.at(1);
  Expr term1 = Op("nn.batch_matmul", {x, y},
                  {{"out_dtype", call->GetAttr("out_dtype")}, {"transpose_a", AttrBool(false)}, {"transpose_b", AttrBool(true)}});
  Expr term2 = Mul(zy, Sum(Cast(x, kI32), {2}, true));
  Expr term3 = Reshape(Mul(zx, Sum(Cast(y, kI32), {2}, true)), {0, 1, n});
  if (!IsConstScalar(zx) || !IsConstScalar(zy))
    return CombineTerms(term1, term2, term3, Mul(Mul(zx, zy), IntScalar(kI32, k)), -1, -1);
  int64_t zx_int = static_cast<int64_t>(ScalarOf(zx, op, "x_zero_point"));
  int64_t zy_int = static_cast<int64_t>(ScalarOf(zy, op, "y_zero_point"));
  return CombineTerms(term1, term2, term3, IntScalar(kI32, static_cast<int32_t>(zx_int * zy_int * k)), zx_int, zy_int);
}

}  // namespace qnn
}  // namespace relay
}  // namespace tirgen
