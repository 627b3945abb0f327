// RandomUniform(Like), RandomNormal(Like), Bernoulli and Multinomial, as TVM v0.14's frontend
// maps them: a Threefry key constant made from the seed (TVM's threefry_key: the integer part
// of the float `seed` as 256 little-endian bits, then path position 1 << 63), random.uniform /
// random.normal / random.multinomial, their values taken from the (key, values) tuple.
// Where tirgen decides differently:
//  - no seed: TVM draws one (numpy.random.randint(1e6)), so every import differs. Here the
//    seed is a function of the model: FNV-1a of the node's first output name, mod 10^6 (TVM's
//    range). Unseeded nodes thus differ from each other, and every import gives one program.
//  - Multinomial's input holds unnormalized log-probabilities (ONNX); TVM passes them to
//    random.multinomial as probabilities. Here nn.softmax turns them into probabilities first,
//    so samples follow the distribution the model asks for (TVM's draws for one seed are kept:
//    the same uniform numbers, compared against these probabilities).
//  - a negative or non-finite seed (TVM: an OverflowError) is refused up front. Every other
//    seed fits the 256-bit key: ONNX's float attribute is float32 (below 2^128), its int int64.
//  - Multinomial's dtype defaults to int32, ONNX's default (as onnxruntime); TVM v0.14's
//    frontend defaults to int64.
#include <cmath>

#include "converter.h"
#include "node_attr.h"
#include "tirgen/topi/random.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

// The `seed` attribute (an int or a float) in *seed; false when the node has none.
bool ReadSeed(const onnx::NodeProto& node, double* seed) {
  const auto* a = FindNodeAttr(node, "seed");
  if (!a) return false;
  *seed = a->type() == onnx::AttributeProto::INT ? static_cast<double>(a->i()) : a->f();
  return true;
}

// "" or why the seed cannot make a key.
std::string SeedForm(const onnx::NodeProto& node) {
  double s = 0;
  if (!ReadSeed(node, &s)) return "";
  if (!std::isfinite(s) || s < 0) return "seed " + std::to_string(s) + " (the key takes a non-negative integer seed)";
  return "";
}

// The Threefry key of the node's seed (see the file comment).
Expr SeedKey(NodeContext& ctx) {
  std::vector<uint64_t> words(4, 0);
  double s = 0;
  if (ReadSeed(ctx.node(), &s)) {
    std::string why = SeedForm(ctx.node());
    if (!why.empty()) ctx.Fail(why);
    s = std::trunc(s);
    for (int i = 0; i < 4 && s > 0; ++i) {  // exact: s is an integer-valued double
      words[i] = static_cast<uint64_t>(std::fmod(s, 0x1p64));
      s = std::floor(s / 0x1p64);
    }
  } else {
    const std::string& out = ctx.node().output(0);
    words[0] = HashBytes(out.data(), out.size()) % 1000000;
  }
  std::vector<uint64_t> key = topi::threefry_key(words);
  std::vector<uint8_t> bytes(key.size() * 8);
  for (size_t i = 0; i < key.size(); ++i)
    for (int b = 0; b < 8; ++b) bytes[i * 8 + b] = static_cast<uint8_t>(key[i] >> (8 * b));
  return ctx.Const(NDArray({10}, DataType::UInt(64), std::move(bytes)));
}

bool IsFloat3264(DataType dt) { return dt == DataType::Float(32) || dt == DataType::Float(64); }

// The values' dtype: the `dtype` attribute, else input 0's (the *Like ops, Bernoulli), else float32.
DataType ValueDType(NodeContext& ctx, bool like) {
  DataType dt = ctx.HasAttr("dtype") ? DTypeFromOnnx(static_cast<int>(ctx.Int("dtype", 1)), "attribute 'dtype'")
                : like               ? ctx.DType(0)
                                     : DataType::Float(32);
  if (!IsFloat3264(dt)) ctx.Fail("only float32 or float64 random values are supported, not " + dt.str());
  return dt;
}

// (relay's random.* refuse a draw beyond int32 indices; the error names this node.)
std::vector<int64_t> OutShape(NodeContext& ctx, bool like) {
  if (like) return ctx.Shape(0);
  std::vector<int64_t> shape = ctx.Ints("shape");
  ctx.CheckShape(shape, "attribute 'shape'");
  return shape;
}

// RandomUniform(Like) and RandomNormal(Like).
void ConvertDistribution(NodeContext& ctx) {
  const std::string& op = ctx.op_type();
  bool like = op == "RandomUniformLike" || op == "RandomNormalLike";
  bool normal = op == "RandomNormal" || op == "RandomNormalLike";
  DataType dt = ValueDType(ctx, like);
  Expr a = normal ? ctx.Scalar(ctx.Float("mean", 0.0), dt) : ctx.Scalar(ctx.Float("low", 0.0), dt);
  Expr b = normal ? ctx.Scalar(ctx.Float("scale", 1.0), dt) : ctx.Scalar(ctx.Float("high", 1.0), dt);
  Expr t = ctx.Call(normal ? "random.normal" : "random.uniform", {SeedKey(ctx), a, b},
                    {{"out_shape", AttrInts(OutShape(ctx, like))}, {"out_dtype", String(dt.str())}});
  ctx.SetOutput(0, ctx.GetItem(t, 1));
}

// uniform draws of input's shape and dtype, less than the input's probabilities, cast.
void ConvertBernoulli(NodeContext& ctx) {
  DataType in = ctx.DType(0);
  if (!IsFloat3264(in)) ctx.Fail("the input probabilities must be float32 or float64, not " + in.str());
  DataType out = ctx.HasAttr("dtype") ? DTypeFromOnnx(static_cast<int>(ctx.Int("dtype", 1)), "attribute 'dtype'") : in;
  Expr t = ctx.Call("random.uniform", {SeedKey(ctx), ctx.Scalar(0.0, in), ctx.Scalar(1.0, in)},
                    {{"out_shape", AttrInts(ctx.Shape(0))}, {"out_dtype", String(in.str())}});
  Expr hit = ctx.Call("less", {ctx.GetItem(t, 1), ctx.Input(0)});
  ctx.SetOutput(0, ctx.Call("cast", {hit}, {{"dtype", String(out.str())}}));
}

void ConvertMultinomial(NodeContext& ctx) {
  if (ctx.Rank(0) != 2) ctx.Fail("input must be 2-D (batch_size, class_size), not rank " + std::to_string(ctx.Rank(0)));
  if (!ctx.DType(0).is_float()) ctx.Fail("input must be floating point, not " + ctx.DType(0).str());
  int64_t n = ctx.Int("sample_size", 1);
  if (n < 1) ctx.Fail("sample_size must be positive, not " + std::to_string(n));
  DataType out = DTypeFromOnnx(static_cast<int>(ctx.Int("dtype", onnx::TensorProto::INT32)), "attribute 'dtype'");
  if (out != DataType::Int(32) && out != DataType::Int(64)) ctx.Fail("dtype must be int32 or int64, not " + out.str());
  Expr probs = ctx.Call("nn.softmax", {ctx.Input(0)}, {{"axis", AttrInt(-1)}});
  Expr t = ctx.Call("random.multinomial", {SeedKey(ctx), probs}, {{"num_samples", AttrInt(n)}});
  ctx.SetOutput(0, ctx.Call("cast", {ctx.GetItem(t, 1)}, {{"dtype", String(out.str())}}));
}

std::string FloatDTypeForm(const NodeForm& f) {
  if (f.HasAttr("dtype")) {
    int64_t t = f.Int("dtype", 1);
    if (t != onnx::TensorProto::FLOAT && t != onnx::TensorProto::DOUBLE)
      return "dtype " + std::to_string(t) + " (only float32 and float64 random values)";
  }
  return "";
}

std::string DistributionForms(const NodeForm& f) {
  std::string why = FloatDTypeForm(f);
  if (why.empty() && f.node.op_type().find("Like") == std::string::npos && !f.HasAttr("shape")) why = "no shape attribute";
  return why.empty() ? SeedForm(f.node) : why;
}

std::string BernoulliForms(const NodeForm& f) { return SeedForm(f.node); }

std::string MultinomialForms(const NodeForm& f) {
  if (f.Rank(0) >= 0 && f.Rank(0) != 2) return "an input of rank " + std::to_string(f.Rank(0)) + " (only (batch, classes))";
  int64_t t = f.Int("dtype", onnx::TensorProto::INT32);
  if (t != onnx::TensorProto::INT32 && t != onnx::TensorProto::INT64) return "dtype " + std::to_string(t) + " (int32 or int64)";
  if (f.Int("sample_size", 1) < 1) return "sample_size < 1";
  return SeedForm(f.node);
}

}  // namespace

void AddRandomConverters(ConverterTable* table) {
  for (const char* op : {"RandomUniform", "RandomUniformLike", "RandomNormal", "RandomNormalLike"})
    (*table)[op] = Converter(ConvertDistribution, DistributionForms);
  (*table)["Bernoulli"] = Converter(ConvertBernoulli, BernoulliForms);
  (*table)["Multinomial"] = Converter(ConvertMultinomial, MultinomialForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
