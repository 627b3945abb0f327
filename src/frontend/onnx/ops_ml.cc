// ai.onnx.ml LinearRegressor as TVM v0.14 maps it: Y = X C^T (+ intercepts) with the
// coefficients reshaped to (targets, K) and made constants, nn.dense then bias_add (one target)
// or add. When K is smaller than X's feature count, only the first K features are used (TVM
// splits them off). Beyond TVM, integer inputs are cast to float32 (the op's output type).
// post_transform other than NONE is refused, which TVM silently ignores.
#include "const_eval.h"
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

Expr FloatConst(NodeContext& ctx, const std::vector<double>& values, std::vector<int64_t> shape) {
  HostTensor t = HostTensor::Make(std::move(shape), DataType::Float(32));
  for (size_t i = 0; i < values.size(); ++i) t.Set(static_cast<int64_t>(i), values[i]);
  return ctx.Const(ToNDArray(t));
}

void ConvertLinearRegressor(NodeContext& ctx) {
  std::vector<int64_t> x = ctx.Shape(0);
  if (x.size() != 2) ctx.Fail("X must be 2-D (N, C), not rank " + std::to_string(x.size()));
  std::vector<double> coef = ctx.Floats("coefficients");
  int64_t targets = ctx.Int("targets", 1);
  if (targets < 1) ctx.Fail("targets must be positive, not " + std::to_string(targets));
  int64_t size = static_cast<int64_t>(coef.size());
  if (size == 0 || size % targets != 0)
    ctx.Fail("the " + std::to_string(size) + " coefficients do not split into " + std::to_string(targets) + " targets");
  int64_t k = size / targets;
  if (k > x[1])
    ctx.Fail("there are " + std::to_string(k) + " coefficients per target but X has only " + std::to_string(x[1]) + " features");
  Expr data = ctx.Input(0);
  if (ctx.DType(0) != DataType::Float(32)) data = ctx.Call("cast", {data}, {{"dtype", String("float32")}});
  if (k < x[1]) {
    Expr parts = ctx.Call("split", {data}, {{"indices_or_sections", AttrInts({k})}, {"axis", AttrInt(-1)}});
    data = ctx.GetItem(parts, 0);
  }
  Expr y = ctx.Call("nn.dense", {data, FloatConst(ctx, coef, {targets, k})});
  if (ctx.HasAttr("intercepts")) {
    std::vector<double> b = ctx.Floats("intercepts");
    if (static_cast<int64_t>(b.size()) != targets)
      ctx.Fail("there are " + std::to_string(b.size()) + " intercepts for " + std::to_string(targets) + " targets");
    Expr bias = FloatConst(ctx, b, {targets});
    y = targets == 1 ? ctx.Call("nn.bias_add", {y, bias}, {{"axis", AttrInt(-1)}}) : ctx.Call("add", {y, bias});
  }
  ctx.SetOutput(0, y);
}

std::string LinearRegressorForms(const NodeForm& f) {
  std::string post = f.Str("post_transform", "NONE");
  if (post != "NONE") return "post_transform '" + post + "'";
  if (f.Rank(0) >= 0 && f.Rank(0) != 2) return "X of rank " + std::to_string(f.Rank(0)) + " (only 2-D)";
  return "";
}

}  // namespace

void AddMLConverters(ConverterTable* table) {
  (*table)["ai.onnx.ml.LinearRegressor"] = Converter(ConvertLinearRegressor, LinearRegressorForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
