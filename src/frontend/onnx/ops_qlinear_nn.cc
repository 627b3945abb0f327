// Quantized convolution and matrix products onto qnn.conv2d / qnn.dense, as TVM v0.14's
// frontend maps them: QLinearConv (qnn.conv2d, bias_add, qnn.requantize with TVM's default
// UPWARD rounding along axis 1), QLinearMatMul (qnn.dense on the transposed B, or
// qnn.batch_matmul for a batched B, qnn.requantize with TONEAREST rounding), MatMulInteger (the same product, int32 out), ConvInteger
// (qnn.conv2d, int32 out), com.microsoft QGemm and QLinearConcat (requantize, concatenate). Scales and zero points that are initializers
// or import-time constants become relay constants (TVM's get_scalar on a parameter, then
// fold_constant of every node: the requantize scale x_scale * w_scale is a float32 product
// folded here). When an output scale is not constant the result is dequantized and quantized
// again, as TVM does; TVM then still needs constant input scales, tirgen does not.
// Beyond TVM: missing zero points are 0, MatMulInteger's operands may differ in signedness,
// and auto_pad is resolved into qnn.conv2d's padding (which pads with the input zero point;
// TVM pads with an explicit nn.pad first: the same numbers).
#include <optional>

#include "const_eval.h"
#include "batch_matmul.h"
#include "converter.h"
#include "qparams.h"
#include "window.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

const DataType kF32 = DataType::Float(32), kI32 = DataType::Int(32);

const relay::ConstantNode* AsConstant(const Expr& e) { return e.as<relay::ConstantNode>(); }

// The int32 result `acc` (scale `acc_scale`, zero point 0) requantized to `out_dtype`.
Expr Requantized(NodeContext& ctx, const Expr& acc, const Expr& acc_scale, const Expr& y_scale, const Expr& y_zp,
                 DataType out_dtype, int64_t axis, const char* rounding, int64_t dq_axis) {
  Expr zero = ctx.Scalar(0.0, kI32);
  if (AsConstant(acc_scale) && AsConstant(y_scale)) {
    relay::AttrFields attrs{{"axis", AttrInt(axis)}, {"out_dtype", String(out_dtype.str())}};
    if (rounding) attrs.push_back({"rounding", String(rounding)});
    return ctx.Call("qnn.requantize", {acc, acc_scale, zero, y_scale, y_zp}, attrs);
  }
  Expr deq = ctx.Call("qnn.dequantize", {acc, acc_scale, zero}, {{"axis", AttrInt(dq_axis)}});
  return ctx.Call("qnn.quantize", {deq, y_scale, y_zp}, {{"out_dtype", String(out_dtype.str())}, {"axis", AttrInt(dq_axis)}});
}

// qnn.conv2d of inputs `x` and `w` (NCHW / OIHW) with the node's window, int32 out.
Expr QConv(NodeContext& ctx, int x, int w, const Expr& x_zp, const Expr& w_zp, const Expr& x_scale, const Expr& w_scale) {
  std::vector<int64_t> x_shape = ctx.Shape(x), w_shape = ctx.Shape(w);
  if (x_shape.size() != 4 || w_shape.size() != 4) ctx.Fail("only 2-D convolutions (inputs of rank 4) are supported");
  std::vector<int64_t> kernel = ctx.Ints("kernel_shape", SpatialDims(ctx, w_shape, "weight"));
  Window win = ReadWindow(ctx, SpatialDims(ctx, x_shape, "input"), kernel);
  int64_t groups = ctx.Int("group", 1);
  if (groups <= 0 || x_shape[1] % groups != 0 || x_shape[1] / groups != w_shape[1])
    ctx.Fail("input channels " + std::to_string(x_shape[1]) + " do not match weight shape and group " + std::to_string(groups));
  return ctx.Call("qnn.conv2d", {ctx.Input(x), ctx.Input(w), x_zp, w_zp, x_scale, w_scale},
                  {{"strides", AttrInts(win.strides)}, {"padding", AttrInts(win.pads)}, {"dilation", AttrInts(win.dilations)},
                   {"groups", AttrInt(groups)}, {"channels", AttrInt(w_shape[0])}, {"kernel_size", AttrInts(win.kernel)},
                   {"out_dtype", String("int32")}});
}

void ConvertQLinearConv(NodeContext& ctx) {
  CheckQuantized(ctx, 0, "x");
  CheckQuantized(ctx, 3, "w");
  Expr x_scale = QParam(ctx, 1, kF32, false, "x_scale"), x_zp = QParam(ctx, 2, kI32, false, "x_zero_point");
  Expr w_scale = QParam(ctx, 4, kF32, true, "w_scale"), w_zp = QParam(ctx, 5, kI32, true, "w_zero_point");
  Expr y_scale = QParam(ctx, 6, kF32, false, "y_scale"), y_zp = QParam(ctx, 7, kI32, false, "y_zero_point");
  int64_t m = ctx.Shape(3).at(0);
  for (int i : {4, 5})
    if (ctx.HasInput(i) && SaturatingNumel(ctx.Shape(i)) != 1 && ctx.Shape(i)[0] != m)
      ctx.Fail("per-channel w_scale / w_zero_point must have one value per output channel (" + std::to_string(m) + ")");
  Expr out = QConv(ctx, 0, 3, x_zp, w_zp, x_scale, w_scale);
  if (ctx.HasInput(8)) out = ctx.Call("nn.bias_add", {out, ctx.Input(8)});
  DataType out_dtype = ctx.HasInput(7) ? ctx.DType(7) : ctx.DType(0);
  ctx.SetOutput(0, Requantized(ctx, out, ScaleProduct(ctx, x_scale, w_scale), y_scale, y_zp, out_dtype, 1, nullptr, 1));
}

void ConvertConvInteger(NodeContext& ctx) {
  CheckQuantized(ctx, 0, "x");
  CheckQuantized(ctx, 1, "w");
  Expr x_zp = QParam(ctx, 2, kI32, false, "x_zero_point"), w_zp = QParam(ctx, 3, kI32, true, "w_zero_point");
  Expr one = ctx.Scalar(1.0, kF32);
  ctx.SetOutput(0, QConv(ctx, 0, 1, x_zp, w_zp, one, one));
}

// TVM's qmatmul for a batched B (rank >= 3): both sides broadcast to one batch, flattened to
// 3-D, qnn.batch_matmul on B transposed, reshaped to batch + (M, N). qnn.batch_matmul takes
// per-tensor zero points and scales only.
Expr QBatchMatMul(NodeContext& ctx, int b, const Expr& a_zp, const Expr& b_zp, const Expr& a_scale, const Expr& b_scale) {
  std::vector<int64_t> as = ctx.Shape(0), bs = ctx.Shape(b);
  if (as.size() < 2) ctx.Fail("a first input of rank " + std::to_string(as.size()) + " with a batched second input (rank >= 2 is needed)");
  for (int i : b == 3 ? std::vector<int>{4, 5} : std::vector<int>{3})
    if (ctx.HasInput(i) && SaturatingNumel(ctx.Shape(i)) != 1)
      ctx.Fail(std::string(i == 4 ? "b_scale" : "b_zero_point") +
               " holds per-column values with a batched B (qnn.batch_matmul takes one value: give a scalar, or a 2-D B)");
  int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  if (bs[bs.size() - 2] != k)
    ctx.Fail("the inner dimensions " + std::to_string(k) + " and " + std::to_string(bs[bs.size() - 2]) + " differ");
  std::string err;
  std::vector<int64_t> batch = BroadcastShape(std::vector<int64_t>(as.begin(), as.end() - 2),
                                              std::vector<int64_t>(bs.begin(), bs.end() - 2), &err);
  if (!err.empty()) ctx.Fail("batch dimensions do not broadcast: " + err);
  Expr bt = ctx.Call("transpose", {BatchTo3D(ctx, ctx.Input(b), bs, batch, k, n)}, {{"axes", AttrInts({0, 2, 1})}});
  Expr out = ctx.Call("qnn.batch_matmul", {BatchTo3D(ctx, ctx.Input(0), as, batch, m, k), bt, a_zp, b_zp, a_scale, b_scale},
                      {{"out_dtype", String("int32")}, {"transpose_b", relay::AttrBool(true)}});
  batch.push_back(m);
  batch.push_back(n);
  return ctx.Reshape(out, batch);
}

// TVM's qmatmul for a 2-D B: qnn.dense on B transposed; a 1-D A gets a unit row, a batched
// A is flattened to 2-D and the result reshaped back.
Expr QMatMul(NodeContext& ctx, const Expr& a_zp, const Expr& b_zp, const Expr& a_scale, const Expr& b_scale) {
  const int b = ctx.op_type() == "QLinearMatMul" ? 3 : 1;
  std::vector<int64_t> a_shape = ctx.Shape(0), b_shape = ctx.Shape(b);
  if (b_shape.size() > 2) return QBatchMatMul(ctx, b, a_zp, b_zp, a_scale, b_scale);
  if (b_shape.size() != 2) ctx.Fail("a 1-D second input is not supported (2-D or batched)");
  if (a_shape.empty()) ctx.Fail("the first input must have rank >= 1");
  int64_t k = b_shape[0], n = b_shape[1];
  if (a_shape.back() != k) ctx.Fail("the inner dimensions " + std::to_string(a_shape.back()) + " and " + std::to_string(k) + " differ");
  Expr a = ctx.Input(0), bt = ctx.Call("transpose", {ctx.Input(b)}, {{"axes", AttrInts({1, 0})}});
  if (a_shape.size() == 1) a = ctx.Call("expand_dims", {a}, {{"axis", AttrInt(0)}});
  if (a_shape.size() > 2) a = ctx.Reshape(a, {SaturatingNumel(a_shape) / k, k});
  Expr out = ctx.Call("qnn.dense", {a, bt, a_zp, b_zp, a_scale, b_scale}, {{"units", AttrInt(n)}, {"out_dtype", String("int32")}});
  if (a_shape.size() == 1) return ctx.Call("squeeze", {out}, {{"axis", AttrInts({0})}});
  if (a_shape.size() > 2) {
    std::vector<int64_t> shape(a_shape.begin(), a_shape.end() - 1);
    shape.push_back(n);
    return ctx.Reshape(out, shape);
  }
  return out;
}

void ConvertQLinearMatMul(NodeContext& ctx) {
  CheckQuantized(ctx, 0, "a");
  CheckQuantized(ctx, 3, "b");
  CheckQuantized(ctx, 7, "y_zero_point");
  Expr a_scale = QParam(ctx, 1, kF32, false, "a_scale"), a_zp = QParam(ctx, 2, kI32, false, "a_zero_point");
  Expr b_scale = QParam(ctx, 4, kF32, true, "b_scale"), b_zp = QParam(ctx, 5, kI32, true, "b_zero_point");
  Expr y_scale = QParam(ctx, 6, kF32, false, "y_scale"), y_zp = QParam(ctx, 7, kI32, false, "y_zero_point");
  Expr out = QMatMul(ctx, a_zp, b_zp, a_scale, b_scale);
  ctx.SetOutput(0, Requantized(ctx, out, ScaleProduct(ctx, a_scale, b_scale), y_scale, y_zp, ctx.DType(7), -1, "TONEAREST", 0));
}

void ConvertMatMulInteger(NodeContext& ctx) {
  CheckQuantized(ctx, 0, "A");
  CheckQuantized(ctx, 1, "B");
  Expr a_zp = QParam(ctx, 2, kI32, false, "a_zero_point (per-row zero points are not supported)");
  Expr b_zp = QParam(ctx, 3, kI32, true, "b_zero_point");
  Expr one = ctx.Scalar(1.0, kF32);
  ctx.SetOutput(0, QMatMul(ctx, a_zp, b_zp, one, one));
}

// com.microsoft QGemm: alpha * A' B' (+ C), requantized to A's dtype when y_scale is given,
// else float32 (the int32 product times the scales).
void ConvertQGemm(NodeContext& ctx) {
  CheckQuantized(ctx, 0, "A");
  CheckQuantized(ctx, 3, "B");
  if (ctx.Rank(0) != 2 || ctx.Rank(3) != 2) ctx.Fail("A and B must be 2-D");
  Expr a_scale = QParam(ctx, 1, kF32, false, "a_scale"), a_zp = QParam(ctx, 2, kI32, false, "a_zero_point");
  Expr b_scale = QParam(ctx, 4, kF32, true, "b_scale"), b_zp = QParam(ctx, 5, kI32, true, "b_zero_point");
  bool trans_a = ctx.Int("transA", 0) != 0, trans_b = ctx.Int("transB", 0) != 0;
  double alpha = ctx.Float("alpha", 1.0);
  std::vector<int64_t> b_shape = ctx.Shape(3);
  int64_t channels = trans_b ? b_shape[0] : b_shape[1];
  Expr a = ctx.Input(0), b = ctx.Input(3);
  if (trans_a) a = ctx.Call("transpose", {a}, {{"axes", AttrInts({1, 0})}});
  if (!trans_b) b = ctx.Call("transpose", {b}, {{"axes", AttrInts({1, 0})}});
  Expr out = ctx.Call("qnn.dense", {a, b, a_zp, b_zp, a_scale, b_scale}, {{"units", AttrInt(channels)}, {"out_dtype", String("int32")}});
  if (ctx.HasInput(6)) out = ctx.Call("add", {out, ctx.Input(6)});
  Expr scale = ScaleProduct(ctx, a_scale, b_scale, alpha);
  if (!ctx.HasInput(7)) {
    ctx.SetOutput(0, ctx.Call("multiply", {ctx.Call("cast", {out}, {{"dtype", String("float32")}}), scale}));
    return;
  }
  Expr y_scale = QParam(ctx, 7, kF32, false, "y_scale"), y_zp = QParam(ctx, 8, kI32, false, "y_zero_point");
  ctx.SetOutput(0, Requantized(ctx, out, scale, y_scale, y_zp, ctx.DType(0), -1, "TONEAREST", 0));
}

// The scalar constant `e`'s value, when it is one.
std::optional<double> ConstScalar(const Expr& e) {
  const auto* c = AsConstant(e);
  if (!c) return std::nullopt;
  HostTensor v = FromNDArray(c->data);
  if (v.size() != 1) return std::nullopt;
  return v.AsReal(0);
}

// com.microsoft QLinearConcat: TVM emits qnn.concatenate, whose canonical form requantizes
// each input whose scale or zero point is not (constant and) the output's, then
// concatenates; that form is built here directly.
void ConvertQLinearConcat(NodeContext& ctx) {
  int n = ctx.num_inputs();
  if (n < 5 || (n - 2) % 3 != 0) ctx.Fail("inputs must be y_scale, y_zero_point, then (tensor, scale, zero point) triples");
  if (!ctx.HasAttr("axis")) ctx.Fail("attribute 'axis' is required");
  Expr y_scale = QParam(ctx, 0, kF32, false, "y_scale"), y_zp = QParam(ctx, 1, kI32, false, "y_zero_point");
  DataType dt = ctx.DType(2);
  std::vector<Expr> parts;
  for (int i = 2; i < n; i += 3) {
    CheckQuantized(ctx, i, "input " + std::to_string(i));
    if (ctx.DType(i) != dt) ctx.Fail("the inputs differ in dtype (" + dt.str() + ", " + ctx.DType(i).str() + ")");
    Expr scale = QParam(ctx, i + 1, kF32, false, "input " + std::to_string(i + 1) + " (scale)");
    Expr zp = QParam(ctx, i + 2, kI32, false, "input " + std::to_string(i + 2) + " (zero point)");
    auto same = [](const Expr& a, const Expr& b) {
      std::optional<double> x = ConstScalar(a), y = ConstScalar(b);
      return x && y && static_cast<float>(*x) == static_cast<float>(*y);
    };
    if (same(scale, y_scale) && same(zp, y_zp)) {
      parts.push_back(ctx.Input(i));
    } else if (AsConstant(scale) && AsConstant(y_scale)) {
      parts.push_back(ctx.Call("qnn.requantize", {ctx.Input(i), scale, zp, y_scale, y_zp}, {{"out_dtype", String(dt.str())}}));
    } else {
      Expr deq = ctx.Call("qnn.dequantize", {ctx.Input(i), scale, zp}, {{"axis", AttrInt(-1)}});
      parts.push_back(ctx.Call("qnn.quantize", {deq, y_scale, y_zp}, {{"out_dtype", String(dt.str())}, {"axis", AttrInt(-1)}}));
    }
  }
  int axis = ctx.Axis(ctx.Int("axis", 0), ctx.Rank(2));
  ctx.SetOutput(0, ctx.Call("concatenate", {ctx.MakeTuple(parts)}, {{"axis", AttrInt(axis)}}));
}

std::string ConvForms(const NodeForm& f) {
  int rank = f.Rank(0);
  if (rank >= 0 && rank != 4) return "an input of rank " + std::to_string(rank) + " (only 2-D convolutions, rank 4, are supported)";
  return "";
}

// A batched B (rank >= 3) becomes qnn.batch_matmul, which takes a per-tensor B scale and zero
// point (one value: a scalar or a one-element 1-D tensor) and an A of rank >= 2. A parameter
// whose size is not known up front is checked at conversion, where it is.
std::string MatMulForms(const NodeForm& f) {
  const bool qlinear = f.node.op_type() == "QLinearMatMul";
  int rank = f.Rank(qlinear ? 3 : 1);
  if (rank >= 0 && rank < 2) return "a second input of rank " + std::to_string(rank) + " (2-D or batched)";
  if (rank < 3) return "";
  if (f.Rank(0) == 1) return "a 1-D A with a batched B (give A a unit row, rank 2, or use a 2-D B)";
  const char* names[] = {"b_scale", "b_zero_point"};
  for (int i : qlinear ? std::vector<int>{4, 5} : std::vector<int>{3})
    if (f.HasInput(i) && f.Elements(i) >= 0 && f.Elements(i) != 1)
      return std::string("a ") + names[qlinear ? i - 4 : 1] + " of " + std::to_string(f.Elements(i)) +
             " (per-column) values with a batched B (give one value, per-tensor, or use a 2-D B)";
  return "";
}

}  // namespace

void AddQLinearNNConverters(ConverterTable* table) {
  (*table)["QLinearConv"] = Converter(ConvertQLinearConv, ConvForms);
  (*table)["ConvInteger"] = Converter(ConvertConvInteger, ConvForms);
  (*table)["QLinearMatMul"] = Converter(ConvertQLinearMatMul, MatMulForms);
  (*table)["MatMulInteger"] = Converter(ConvertMatMulInteger, MatMulForms);
  (*table)["com.microsoft.QGemm"] = ConvertQGemm;
  (*table)["com.microsoft.QLinearConcat"] = ConvertQLinearConcat;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
