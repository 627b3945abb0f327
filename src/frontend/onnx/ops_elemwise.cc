// Elementwise families: arithmetic and comparison (numpy broadcasting), unary math,
// activations, Clip, Where, Cast, Identity, Dropout. Known operands fold at import time.
#include <algorithm>
#include <cmath>
#include <limits>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

struct BinarySpec {
  const char* onnx;
  const char* relay;
  HostBinary host;
};

const BinarySpec kBinary[] = {
    {"Add", "add", HostBinary::kAdd},          {"Sub", "subtract", HostBinary::kSub},
    {"Mul", "multiply", HostBinary::kMul},     {"Div", "divide", HostBinary::kDiv},
    {"Pow", "power", HostBinary::kPow},        {"Equal", "equal", HostBinary::kEqual},
    {"Less", "less", HostBinary::kLess},       {"Greater", "greater", HostBinary::kGreater},
    {"LessOrEqual", "less_equal", HostBinary::kLessEqual},
    {"GreaterOrEqual", "greater_equal", HostBinary::kGreaterEqual},
    {"And", "logical_and", HostBinary::kAnd},  {"Or", "logical_or", HostBinary::kOr},
    {"Xor", "logical_xor", HostBinary::kXor},
};

const BinarySpec& FindBinary(const std::string& op) {
  for (const auto& b : kBinary)
    if (op == b.onnx) return b;
  TIRGEN_UNREACHABLE();
}

// Checks the operands broadcast (ONNX multidirectional broadcasting), for a located error;
// returns the result's element count.
int64_t CheckBroadcast(NodeContext& ctx, int a, int b) {
  std::string err;
  std::vector<int64_t> out = BroadcastShape(ctx.Shape(a), ctx.Shape(b), &err);
  if (!err.empty()) ctx.Fail("operand shapes do not broadcast: " + err);
  return SaturatingNumel(out);
}

void ConvertBinary(NodeContext& ctx) {
  const BinarySpec& spec = FindBinary(ctx.op_type());
  int64_t n = CheckBroadcast(ctx, 0, 1);
  bool pow = spec.host == HostBinary::kPow;
  if (!pow && ctx.DType(0) != ctx.DType(1))
    ctx.Fail("operand dtypes " + ctx.DType(0).str() + " and " + ctx.DType(1).str() + " differ");
  if (ctx.Foldable(n)) {
    HostTensor b = ctx.Known(1, "operand");
    if (pow) b = EvalCast(b, ctx.DType(0));
    ctx.SetKnownOutput(0, EvalBinary(spec.host, ctx.Known(0, "operand"), b));
    return;
  }
  relay::Expr rhs = ctx.Input(1);
  // Pow's exponent may have another type; relay's power takes one dtype (the base's).
  if (pow && ctx.DType(1) != ctx.DType(0))
    rhs = ctx.Call("cast", {rhs}, {{"dtype", String(ctx.DType(0).str())}});
  ctx.SetOutput(0, ctx.Call(spec.relay, {ctx.Input(0), rhs}));
}

// Mod: fmod=0 is Python's sign-of-divisor modulo (integers only), fmod=1 is C's fmod.
void ConvertMod(NodeContext& ctx) {
  int64_t n = CheckBroadcast(ctx, 0, 1);
  bool fmod = ctx.Int("fmod", 0) != 0;
  if (!fmod && ctx.DType(0).is_float()) ctx.Fail("fmod=0 requires integer operands");
  if (ctx.Foldable(n)) {
    ctx.SetKnownOutput(0, EvalBinary(fmod ? HostBinary::kFMod : HostBinary::kMod,
                                     ctx.Known(0, "operand"), ctx.Known(1, "operand")));
    return;
  }
  ctx.SetOutput(0, ctx.Call(fmod ? "trunc_mod" : "floor_mod", {ctx.Input(0), ctx.Input(1)}));
}

// Min, Max, Sum, Mean: variadic, folded pairwise.
void ConvertVariadic(NodeContext& ctx) {
  const std::string& op = ctx.op_type();
  const char* relay = op == "Min" ? "minimum" : op == "Max" ? "maximum" : "add";
  HostBinary host = op == "Min" ? HostBinary::kMin : op == "Max" ? HostBinary::kMax : HostBinary::kAdd;
  if (ctx.num_inputs() == 0) ctx.Fail("needs at least one input");
  int64_t n = 0;
  for (int i = 1; i < ctx.num_inputs(); ++i) n = std::max(n, CheckBroadcast(ctx, 0, i));
  if (ctx.Foldable(n * ctx.num_inputs())) {
    HostTensor acc = ctx.Known(0, "operand");
    for (int i = 1; i < ctx.num_inputs(); ++i) acc = EvalBinary(host, acc, ctx.Known(i, "operand"));
    if (op == "Mean") {
      HostTensor n = HostTensor::Make({}, acc.dtype);
      n.SetInt(0, ctx.num_inputs());
      acc = EvalBinary(HostBinary::kDiv, acc, n);
    }
    ctx.SetKnownOutput(0, acc);
    return;
  }
  relay::Expr acc = ctx.Input(0);
  for (int i = 1; i < ctx.num_inputs(); ++i) acc = ctx.Call(relay, {acc, ctx.Input(i)});
  if (op == "Mean") acc = ctx.Call("divide", {acc, ctx.Scalar(ctx.num_inputs(), ctx.DType(0))});
  ctx.SetOutput(0, acc);
}

struct UnarySpec {
  const char* onnx;
  const char* relay;
  bool host_ok;  ///< evaluated at import time when known (ops used in shape subgraphs)
  HostUnary host;
};

const UnarySpec kUnary[] = {
    {"Neg", "negative", true, HostUnary::kNeg},   {"Abs", "abs", true, HostUnary::kAbs},
    {"Not", "logical_not", true, HostUnary::kNot}, {"Floor", "floor", true, HostUnary::kFloor},
    {"Ceil", "ceil", true, HostUnary::kCeil},     {"Sqrt", "sqrt", true, HostUnary::kSqrt},
    {"Relu", "nn.relu", true, HostUnary::kRelu},  {"Sign", "sign", true, HostUnary::kSign},
    {"Round", "round", true, HostUnary::kRound},  {"Exp", "exp", false, HostUnary::kExp},
    {"Log", "log", false, HostUnary::kLog},       {"Erf", "erf", false, HostUnary::kNeg},
    {"Sigmoid", "sigmoid", false, HostUnary::kNeg}, {"Tanh", "tanh", false, HostUnary::kNeg},
    {"Sin", "sin", false, HostUnary::kNeg},       {"Cos", "cos", false, HostUnary::kNeg},
    {"Tan", "tan", false, HostUnary::kNeg},       {"Atan", "atan", false, HostUnary::kNeg},
    {"Asin", "asin", false, HostUnary::kNeg},     {"Acos", "acos", false, HostUnary::kNeg},
    {"Sinh", "sinh", false, HostUnary::kNeg},     {"Cosh", "cosh", false, HostUnary::kNeg},
    {"IsNaN", "isnan", false, HostUnary::kNeg},   {"IsInf", "isinf", false, HostUnary::kNeg},
    {"Acosh", "acosh", false, HostUnary::kNeg},   {"Asinh", "asinh", false, HostUnary::kNeg},
    {"Atanh", "atanh", false, HostUnary::kNeg},
};

void ConvertUnary(NodeContext& ctx) {
  for (const auto& u : kUnary) {
    if (ctx.op_type() != u.onnx) continue;
    if (u.host_ok && ctx.Foldable()) {
      ctx.SetKnownOutput(0, EvalUnary(u.host, ctx.Known(0, "operand")));
      return;
    }
    ctx.SetOutput(0, ctx.Call(u.relay, {ctx.Input(0)}));
    return;
  }
  TIRGEN_UNREACHABLE();
}

void ConvertReciprocal(NodeContext& ctx) {
  if (ctx.Foldable()) {
    ctx.SetKnownOutput(0, EvalUnary(HostUnary::kReciprocal, ctx.Known(0, "operand")));
    return;
  }
  ctx.SetOutput(0, ctx.Call("divide", {ctx.Scalar(1.0, ctx.DType(0)), ctx.Input(0)}));
}

// An activation node with its ONNX op's alpha / beta attributes (the table's defaults).
void ConvertActivation(NodeContext& ctx) {
  const ActivationSpec* a = FindActivation(ctx.op_type());
  TIRGEN_ICHECK(a) << ctx.op_type() << " is not in the activation table";
  ctx.SetOutput(0, Activation(ctx, a->name, ctx.Input(0), ctx.Float("alpha", a->alpha), ctx.Float("beta", a->beta)));
}

void ConvertHardSwish(NodeContext& ctx) {
  relay::Expr x = ctx.Input(0);
  ctx.SetOutput(0, ctx.Call("multiply", {x, Activation(ctx, "HardSigmoid", x, 1.0 / 6.0, 0.5)}));
}

void ConvertElu(NodeContext& ctx) {
  bool selu = ctx.op_type() == "Selu";
  double alpha = ctx.Float("alpha", selu ? 1.67326319217681884765625 : FindActivation("Elu")->alpha);
  relay::Expr out = Activation(ctx, "Elu", ctx.Input(0), alpha, 0.0);
  if (selu) out = ctx.Call("multiply", {ctx.Scalar(ctx.Float("gamma", 1.05070102214813232421875), ctx.DType(0)), out});
  ctx.SetOutput(0, out);
}

// The opset-1 experimental activations TVM's frontend still maps: Affine, ScaledTanh and
// ParametricSoftplus (alpha * softplus(beta * x), in Softplus's stable form).
void ConvertLegacyActivation(NodeContext& ctx) {
  const std::string& op = ctx.op_type();
  relay::Expr x = ctx.Input(0);
  double alpha = ctx.Float("alpha", 1.0);
  if (op == "ParametricSoftplus") {
    DataType dt = ctx.DType(0);
    relay::Expr bx = ctx.Call("multiply", {ctx.Scalar(ctx.Float("beta", 1.0), dt), x});
    ctx.SetOutput(0, ctx.Call("multiply", {Activation(ctx, "Softplus", bx, 0.0, 0.0), ctx.Scalar(alpha, dt)}));
    return;
  }
  ctx.SetOutput(0, Activation(ctx, op, x, alpha, ctx.Float("beta", FindActivation(op)->beta)));
}

void ConvertPRelu(NodeContext& ctx) {
  CheckBroadcast(ctx, 0, 1);
  relay::Expr x = ctx.Input(0);
  relay::Expr slope = ctx.Input(1);
  relay::Expr neg = ctx.Call("less", {x, ctx.Scalar(0.0, ctx.DType(0))});
  ctx.SetOutput(0, ctx.Call("where", {neg, ctx.Call("multiply", {x, slope}), x}));
}

// Clip: optional min/max inputs (opset 11+) or min/max attributes (the older form). Known bounds give relay's clip (a missing one is the
// dtype's extreme); unknown bounds give maximum/minimum with the bound tensors.
void ConvertClip(NodeContext& ctx) {
  DataType dt = ctx.DType(0);
  double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
  if (dt.is_float() && dt.bits() == 32) {
    lo = std::numeric_limits<float>::lowest();
    hi = std::numeric_limits<float>::max();
  } else if (dt.is_int() || dt.is_uint()) {
    lo = dt.is_uint() ? 0.0 : -std::ldexp(1.0, dt.bits() - 1);
    hi = std::ldexp(1.0, dt.bits() - (dt.is_uint() ? 0 : 1)) - 1;
  }
  bool dynamic = (ctx.HasInput(1) && !ctx.IsKnown(1)) || (ctx.HasInput(2) && !ctx.IsKnown(2));
  if (dynamic) {
    relay::Expr out = ctx.Input(0);
    if (ctx.HasInput(1)) out = ctx.Call("maximum", {out, ctx.Input(1)});
    if (ctx.HasInput(2)) out = ctx.Call("minimum", {out, ctx.Input(2)});
    ctx.SetOutput(0, out);
    return;
  }
  // The opset <= 10 form keeps the bounds in attributes.
  lo = ctx.Float("min", lo);
  hi = ctx.Float("max", hi);
  if (ctx.HasInput(1)) lo = ctx.KnownScalar(1, "min").AsReal(0);
  if (ctx.HasInput(2)) hi = ctx.KnownScalar(2, "max").AsReal(0);
  if (ctx.Foldable()) {
    HostTensor x = ctx.Known(0, "input");
    HostTensor lo_t = HostTensor::Make({}, dt), hi_t = HostTensor::Make({}, dt);
    lo_t.Set(0, lo);
    hi_t.Set(0, hi);
    ctx.SetKnownOutput(0, EvalBinary(HostBinary::kMin, EvalBinary(HostBinary::kMax, x, lo_t), hi_t));
    return;
  }
  ctx.SetOutput(0, ctx.Call("clip", {ctx.Input(0)},
                            {{"a_min", FloatAttr(lo)}, {"a_max", FloatAttr(hi)}}));
}

void ConvertWhere(NodeContext& ctx) {
  int64_t n = std::max({CheckBroadcast(ctx, 0, 1), CheckBroadcast(ctx, 0, 2), CheckBroadcast(ctx, 1, 2)});
  if (ctx.Foldable(n)) {
    ctx.SetKnownOutput(0, EvalWhere(ctx.Known(0, "condition"), ctx.Known(1, "x"), ctx.Known(2, "y")));
    return;
  }
  ctx.SetOutput(0, ctx.Call("where", {ctx.Input(0), ctx.Input(1), ctx.Input(2)}));
}

void ConvertCast(NodeContext& ctx) {
  DataType to = DTypeFromOnnx(static_cast<int>(ctx.Int("to", 0)), "attribute 'to'");
  if (ctx.Foldable() && HostDTypeSupported(to)) {
    ctx.SetKnownOutput(0, EvalCast(ctx.Known(0, "input"), to));
    return;
  }
  ctx.SetOutput(0, ctx.Call("cast", {ctx.Input(0)}, {{"dtype", String(to.str())}}));
}

void ConvertIdentity(NodeContext& ctx) { ctx.ForwardInput(0, 0); }

// Inference: Dropout is the identity; its optional mask output is all true. Training mode
// with a ratio known to be 0 is the identity too (torchvision's swin_t calls F.dropout(p=0.0)
// without training=False, so its export has training_mode=True).
void ConvertDropout(NodeContext& ctx) {
  bool zero_ratio = ctx.HasInput(1) && ctx.IsKnown(1) && ctx.KnownScalar(1, "ratio").AsReal(0) == 0.0;
  if (ctx.HasInput(2) && ctx.IsKnown(2) && ctx.Known(2, "training_mode").AsInt(0) != 0 && !zero_ratio)
    ctx.Fail("training_mode=True is not supported (tirgen imports models for inference)");
  ctx.ForwardInput(0, 0);
  if (ctx.HasOutput(1)) {
    std::vector<int64_t> shape = ctx.Shape(0);
    relay::AttrFields attrs = {{"shape", relay::AttrInts(shape)}, {"dtype", String("bool")}};
    ctx.SetOutput(1, ctx.Call("full", {ctx.Scalar(1, DataType::Bool())}, attrs));
  }
}

}  // namespace

const ActivationSpec* FindActivation(const std::string& name) {
  static const ActivationSpec kActivations[] = {
      {"Relu", false, false, 0.0, 0.0},          {"Tanh", false, false, 0.0, 0.0},
      {"Sigmoid", false, false, 0.0, 0.0},       {"Affine", true, true, 1.0, 0.0},
      {"LeakyRelu", true, false, 0.01, 0.0},     {"ThresholdedRelu", true, false, 1.0, 0.0},
      {"ScaledTanh", true, true, 1.0, 1.0},      {"HardSigmoid", true, true, 0.2, 0.5},
      {"Elu", true, false, 1.0, 0.0},            {"Softsign", false, false, 0.0, 0.0},
      {"Softplus", false, false, 0.0, 0.0},
  };
  for (const auto& a : kActivations)
    if (name == a.name) return &a;
  return nullptr;
}

relay::Expr Activation(NodeContext& ctx, const std::string& name, const relay::Expr& x, double alpha, double beta) {
  DataType dt = ctx.DType(0);
  auto mul = [&](const relay::Expr& a, const relay::Expr& b) { return ctx.Call("multiply", {a, b}); };
  auto add = [&](const relay::Expr& a, const relay::Expr& b) { return ctx.Call("add", {a, b}); };
  if (name == "Relu") return ctx.Call("nn.relu", {x});
  if (name == "Tanh") return ctx.Call("tanh", {x});
  if (name == "Sigmoid") return ctx.Call("sigmoid", {x});
  if (name == "Affine") return add(mul(ctx.Scalar(alpha, dt), x), ctx.Scalar(beta, dt));
  if (name == "ScaledTanh") return mul(ctx.Call("tanh", {mul(ctx.Scalar(beta, dt), x)}), ctx.Scalar(alpha, dt));
  if (name == "LeakyRelu") return ctx.Call("nn.leaky_relu", {x}, {{"alpha", FloatAttr(alpha)}});
  if (name == "ThresholdedRelu") {  // x * cast(x > full_like(x, alpha), float32), as TVM
    relay::Expr a = ctx.Call("full_like", {x, ctx.Scalar(alpha, DataType::Float(32))});
    return mul(x, ctx.Call("cast", {ctx.Call("greater", {x, a})}, {{"dtype", String("float32")}}));
  }
  if (name == "HardSigmoid") {  // alpha * x + beta, clipped to [0, 1] (as TVM converts it)
    relay::Expr t = add(mul(x, ctx.Scalar(alpha, dt)), ctx.Scalar(beta, dt));
    return ctx.Call("clip", {t}, {{"a_min", FloatAttr(0.0)}, {"a_max", FloatAttr(1.0)}});
  }
  if (name == "Elu") {  // x > 0 ? x : alpha * (exp(x) - 1)
    relay::Expr neg = mul(ctx.Scalar(alpha, dt), ctx.Call("subtract", {ctx.Call("exp", {x}), ctx.Scalar(1.0, dt)}));
    return ctx.Call("where", {ctx.Call("greater", {x, ctx.Scalar(0.0, dt)}), x, neg});
  }
  if (name == "Softsign") return ctx.Call("divide", {x, add(ctx.Call("abs", {x}), ctx.Scalar(1.0, dt))});
  if (name == "Softplus") {
    // relu(x) + log(1 + exp(-|x|)): the stable form (log(exp(x) + 1) overflows for x > 88 in
    // float32, where the result is simply x).
    relay::Expr e = ctx.Call("exp", {ctx.Call("negative", {ctx.Call("abs", {x})})});
    return add(ctx.Call("nn.relu", {x}), ctx.Call("log", {add(e, ctx.Scalar(1.0, dt))}));
  }
  ctx.Fail("activation '" + name + "' is not supported");
}

void AddElemwiseConverters(ConverterTable* table) {
  for (const auto& b : kBinary) (*table)[b.onnx] = ConvertBinary;
  for (const auto& u : kUnary) (*table)[u.onnx] = ConvertUnary;
  for (const char* op : {"Min", "Max", "Sum", "Mean"}) (*table)[op] = ConvertVariadic;
  (*table)["Mod"] = ConvertMod;
  (*table)["Reciprocal"] = ConvertReciprocal;
  for (const char* op : {"LeakyRelu", "HardSigmoid", "Softplus", "Softsign"}) (*table)[op] = ConvertActivation;
  (*table)["HardSwish"] = ConvertHardSwish;
  (*table)["Elu"] = ConvertElu;
  (*table)["Selu"] = ConvertElu;
  (*table)["PRelu"] = ConvertPRelu;
  for (const char* op : {"Affine", "ScaledTanh", "ParametricSoftplus"}) (*table)[op] = ConvertLegacyActivation;
  (*table)["Clip"] = ConvertClip;
  (*table)["Where"] = ConvertWhere;
  (*table)["Cast"] = ConvertCast;
  (*table)["Identity"] = ConvertIdentity;
  (*table)["Dropout"] = ConvertDropout;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
