// Ops TVM v0.14's frontend composes from existing relay ops, built the way it builds them (same
// ops, same operand order): onnxruntime's contrib activations (Gelu, FastGelu, BiasGelu, Mish),
// Shrink, Hardmax, MeanVarianceNormalization, OneHot, ReverseSequence, EyeLike, CastLike and the
// bitwise ops (BitShift, BitwiseAnd/Or/Xor/Not).
#include <cmath>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::Expr;

// gelu(x) = 0.5 x (1 + erf(x / sqrt(2))).
Expr Gelu(NodeContext& ctx, const Expr& x, DataType dt) {
  Expr term1 = ctx.Call("multiply", {ctx.Scalar(0.5, dt), x});
  Expr erf = ctx.Call("erf", {ctx.Call("divide", {x, ctx.Scalar(std::sqrt(2.0), dt)})});
  return ctx.Call("multiply", {term1, ctx.Call("add", {ctx.Scalar(1.0, dt), erf})});
}

void CheckBias(NodeContext& ctx, int i) {
  if (ctx.Rank(i) != 1) ctx.Fail("the bias must be a 1-D tensor");
}

void ConvertGelu(NodeContext& ctx) {
  Expr x = ctx.Input(0);
  if (ctx.op_type() == "BiasGelu") {
    CheckBias(ctx, 1);
    x = ctx.Call("add", {x, ctx.Input(1)});
  }
  ctx.SetOutput(0, Gelu(ctx, x, ctx.DType(0)));
}

// 0.5 x (1 + tanh(c1 x + c2 x^3)), c1 = sqrt(2/pi), c2 = 0.044715 sqrt(2/pi).
Expr TanhGelu(NodeContext& ctx, const Expr& x, DataType dt) {
  const double c1 = std::sqrt(2.0 / M_PI);
  Expr term1 = ctx.Call("multiply", {ctx.Scalar(0.5, dt), x});
  Expr term2 = ctx.Call("multiply", {ctx.Scalar(c1, dt), x});
  Expr cube = ctx.Call("power", {x, ctx.Scalar(3, dt)});
  Expr term3 = ctx.Call("multiply", {ctx.Scalar(0.044715 * c1, dt), cube});
  Expr tanh = ctx.Call("tanh", {ctx.Call("add", {term2, term3})});
  return ctx.Call("multiply", {term1, ctx.Call("add", {ctx.Scalar(1.0, dt), tanh})});
}

// FastGelu: TanhGelu of x plus the optional 1-D bias.
void ConvertFastGelu(NodeContext& ctx) {
  Expr x = ctx.Input(0);
  if (ctx.HasInput(1)) {
    CheckBias(ctx, 1);
    x = ctx.Call("add", {x, ctx.Input(1)});
  }
  ctx.SetOutput(0, TanhGelu(ctx, x, ctx.DType(0)));
}

// The standard Gelu (opset 20): the erf form, or with approximate="tanh" the tanh one. TVM
// v0.14 maps any Gelu onto the erf form; the tanh one is ONNX's (FastGelu's formula).
void ConvertStandardGelu(NodeContext& ctx) {
  DataType dt = ctx.DType(0);
  bool tanh = ctx.Str("approximate", "none") == "tanh";
  ctx.SetOutput(0, tanh ? TanhGelu(ctx, ctx.Input(0), dt) : Gelu(ctx, ctx.Input(0), dt));
}

std::string StandardGeluForms(const NodeForm& f) {
  std::string a = f.Str("approximate", "none");
  return a == "none" || a == "tanh" ? "" : "approximate '" + a + "' (none or tanh)";
}

// mish(x) = x * tanh(log(1 + exp(x))).
void ConvertMish(NodeContext& ctx) {
  Expr x = ctx.Input(0);
  Expr softplus = ctx.Call("log", {ctx.Call("add", {ctx.Scalar(1.0, ctx.DType(0)), ctx.Call("exp", {x})})});
  ctx.SetOutput(0, ctx.Call("multiply", {x, ctx.Call("tanh", {softplus})}));
}

// where(x < -lambd, x + bias, 0) + where(x > lambd, x - bias, 0).
void ConvertShrink(NodeContext& ctx) {
  DataType dt = ctx.DType(0);
  Expr x = ctx.Input(0);
  double lambd = ctx.Float("lambd", 0.5);
  Expr bias = ctx.Scalar(ctx.Float("bias", 0.0), dt);
  Expr zeros = ctx.Call("zeros_like", {x});
  Expr low = ctx.Call("where", {ctx.Call("less", {x, ctx.Call("negative", {ctx.Scalar(lambd, dt)})}),
                                ctx.Call("add", {x, bias}), zeros});
  Expr high = ctx.Call("where", {ctx.Call("greater", {x, ctx.Scalar(lambd, dt)}), ctx.Call("subtract", {x, bias}), zeros});
  ctx.SetOutput(0, ctx.Call("add", {low, high}));
}

// one_hot(argmax(x, axis), 1, 0, depth = x.shape[axis], axis). Before opset 13 the input is
// coerced to 2-D at `axis` (TVM's _impl_v1) and reshaped back.
void ConvertHardmax(NodeContext& ctx) {
  DataType dt = ctx.DType(0);
  std::vector<int64_t> shape = ctx.Shape(0);
  int rank = static_cast<int>(shape.size());
  bool v13 = ctx.opset() >= 13;
  int axis = ctx.Axis(ctx.Int("axis", v13 ? -1 : 1), rank);
  Expr x = ctx.Input(0);
  int64_t depth = shape[axis];
  if (!v13) {
    int64_t pre = 1, post = 1;
    for (int i = 0; i < rank; ++i) (i < axis ? pre : post) *= shape[i];
    x = ctx.Reshape(x, {pre, post});
    axis = 1;
    depth = post;
  }
  Expr argmax = ctx.Call("argmax", {x}, {{"axis", relay::AttrInts({axis})}});
  Expr onehot = ctx.Call("one_hot", {argmax, ctx.Scalar(1.0, dt), ctx.Scalar(0.0, dt)},
                         {{"depth", AttrInt(depth)}, {"axis", AttrInt(axis)}, {"dtype", String(dt.str())}});
  ctx.SetOutput(0, v13 ? onehot : ctx.Reshape(onehot, shape));
}

// (x - mean) / sqrt(mean(x^2) - mean^2) over `axes` (default N, H, W).
void ConvertMVN(NodeContext& ctx) {
  std::vector<int64_t> axes = ctx.Ints("axes", {0, 2, 3});
  int rank = ctx.Rank(0);
  for (int64_t& a : axes) a = ctx.Axis(a, rank, "axes");
  relay::AttrFields keep = {{"axis", relay::AttrInts(axes)}, {"keepdims", relay::AttrBool(true)}};
  Expr x = ctx.Input(0);
  Expr two = ctx.Scalar(2, DataType::Float(32));
  Expr mean = ctx.Call("mean", {x}, keep);
  Expr mean_sq = ctx.Call("power", {mean, two});
  Expr sq_mean = ctx.Call("mean", {ctx.Call("power", {x, two})}, keep);
  ctx.SetOutput(0, ctx.Call("divide", {ctx.Call("subtract", {x, mean}),
                                       ctx.Call("sqrt", {ctx.Call("subtract", {sq_mean, mean_sq})})}));
}

// OneHot(indices, depth, values = [off, on]): negative indices count from depth's end; depth
// must be known at import (relay one_hot's depth is an attribute).
void ConvertOneHot(NodeContext& ctx) {
  std::vector<int64_t> depth = ctx.KnownInts(1, "depth");
  if (depth.size() != 1 || depth[0] < 1) ctx.Fail("depth must hold one positive value");
  if (ctx.Shape(2) != std::vector<int64_t>{2}) ctx.Fail("values must have shape (2,): [off_value, on_value]");
  Expr values = ctx.Input(2);
  auto take = [&](int64_t i) {
    HostTensor idx = HostTensor::Make({}, DataType::Int(32));
    idx.SetInt(0, i);
    return ctx.Call("take", {values, ctx.Const(ToNDArray(idx))});
  };
  Expr off = take(0), on = take(1);
  DataType idt = ctx.DType(0);
  Expr indices = ctx.Input(0);
  Expr d = ctx.Scalar(static_cast<double>(depth[0]), idt);
  indices = ctx.Call("where", {ctx.Call("less", {indices, ctx.Scalar(0, idt)}), ctx.Call("add", {indices, d}), indices});
  int rank = ctx.Rank(0);
  int axis = ctx.Axis(ctx.Int("axis", -1), rank + 1);
  ctx.SetOutput(0, ctx.Call("one_hot", {indices, on, off},
                            {{"depth", AttrInt(depth[0])}, {"axis", AttrInt(axis)}, {"dtype", String(ctx.DType(2).str())}}));
}

void ConvertReverseSequence(NodeContext& ctx) {
  ctx.SetOutput(0, ctx.Call("reverse_sequence", {ctx.Input(0), ctx.Input(1)},
                            {{"seq_axis", AttrInt(ctx.Int("time_axis", 0))},
                             {"batch_axis", AttrInt(ctx.Int("batch_axis", 1))}}));
}

// EyeLike of a static 2-D shape is a constant: ones on diagonal k, in `dtype` (the input's
// when unset). TVM scatters ones into zeros at run time; the result is the same tensor.
void ConvertEyeLike(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  if (shape.size() != 2) ctx.Fail("the input must be 2-D");
  DataType dt = ctx.HasAttr("dtype") ? DTypeFromOnnx(static_cast<int>(ctx.Int("dtype", 0)),
                                                     "ONNX node '" + ctx.name() + "' attribute 'dtype'")
                                     : ctx.DType(0);
  ctx.CheckShape(shape, "input");
  HostTensor eye = HostTensor::Make(shape, dt);
  int64_t k = ctx.Int("k", 0);
  for (int64_t r = 0; r < shape[0]; ++r)
    if (r + k >= 0 && r + k < shape[1]) eye.Set(r * shape[1] + r + k, 1.0);
  ctx.SetOutput(0, ctx.Const(ToNDArray(eye)));
}

void ConvertCastLike(NodeContext& ctx) { ctx.SetOutput(0, ctx.Call("cast_like", {ctx.Input(0), ctx.Input(1)})); }

void CheckBitwiseTypes(NodeContext& ctx, int n, bool signed_ok) {
  for (int i = 0; i < n; ++i) {
    DataType t = ctx.DType(i);
    if (!(t.is_uint() || (signed_ok && t.is_int())))
      ctx.Fail("input " + std::to_string(i) + " is " + t.str() + "; " + (signed_ok ? "integers" : "unsigned integers") +
               " are expected");
  }
}

void ConvertBitShift(NodeContext& ctx) {
  CheckBitwiseTypes(ctx, 2, false);
  std::string dir = ctx.Str("direction", "LEFT");
  if (dir != "LEFT" && dir != "RIGHT") ctx.Fail("direction '" + dir + "' is not LEFT or RIGHT");
  ctx.SetOutput(0, ctx.Call(dir == "LEFT" ? "left_shift" : "right_shift", {ctx.Input(0), ctx.Input(1)}));
}

void ConvertBitwise(NodeContext& ctx) {
  const std::string& op = ctx.op_type();
  if (op == "BitwiseNot") {
    CheckBitwiseTypes(ctx, 1, true);
    ctx.SetOutput(0, ctx.Call("bitwise_not", {ctx.Input(0)}));
    return;
  }
  CheckBitwiseTypes(ctx, 2, true);
  const char* relay = op == "BitwiseAnd" ? "bitwise_and" : op == "BitwiseOr" ? "bitwise_or" : "bitwise_xor";
  ctx.SetOutput(0, ctx.Call(relay, {ctx.Input(0), ctx.Input(1)}));
}

std::string EyeLikeForms(const NodeForm& f) {
  return f.Rank(0) >= 0 && f.Rank(0) != 2 ? "an input of rank " + std::to_string(f.Rank(0)) : "";
}

}  // namespace

void AddCompositeConverters(ConverterTable* table) {
  (*table)["com.microsoft.Gelu"] = ConvertGelu;
  (*table)["com.microsoft.BiasGelu"] = ConvertGelu;
  (*table)["com.microsoft.FastGelu"] = ConvertFastGelu;
  (*table)["Gelu"] = Converter(ConvertStandardGelu, StandardGeluForms);
  (*table)["Mish"] = ConvertMish;
  (*table)["Shrink"] = ConvertShrink;
  (*table)["Hardmax"] = ConvertHardmax;
  (*table)["MeanVarianceNormalization"] = ConvertMVN;
  (*table)["OneHot"] = ConvertOneHot;
  (*table)["ReverseSequence"] = ConvertReverseSequence;
  (*table)["EyeLike"] = Converter(ConvertEyeLike, EyeLikeForms);
  (*table)["CastLike"] = ConvertCastLike;
  (*table)["BitShift"] = ConvertBitShift;
  for (const char* op : {"BitwiseAnd", "BitwiseOr", "BitwiseXor", "BitwiseNot"}) (*table)[op] = ConvertBitwise;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
