// Reductions: ReduceMean/Sum/Max/Min/Prod (axes as attribute, or as input for ReduceSum from
// opset 13), ArgMax/ArgMin (int64 results, as ONNX specifies).
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

struct ReduceSpec {
  const char* onnx;
  const char* relay;
  HostReduce host;
};

const ReduceSpec kReduce[] = {
    {"ReduceMean", "mean", HostReduce::kMean}, {"ReduceSum", "sum", HostReduce::kSum},
    {"ReduceMax", "max", HostReduce::kMax},    {"ReduceMin", "min", HostReduce::kMin},
    {"ReduceProd", "prod", HostReduce::kProd},
};

void ConvertReduce(NodeContext& ctx) {
  const ReduceSpec* spec = nullptr;
  for (const auto& r : kReduce)
    if (ctx.op_type() == r.onnx) spec = &r;
  TIRGEN_ICHECK(spec);
  int rank = ctx.Rank(0);
  bool keepdims = ctx.Int("keepdims", 1) != 0;
  std::vector<int64_t> axes = ctx.Ints("axes");
  if (ctx.HasInput(1)) axes = ctx.KnownInts(1, "axes");
  if (axes.empty() && ctx.Int("noop_with_empty_axes", 0) != 0) {
    ctx.ForwardInput(0, 0);
    return;
  }
  std::vector<int> norm;
  if (axes.empty()) {
    for (int i = 0; i < rank; ++i) norm.push_back(i);
  } else {
    for (int64_t a : axes) norm.push_back(ctx.Axis(a, rank));
  }
  bool foldable = ctx.HasInput(1) ? (ctx.IsKnown(0) && ctx.Foldable()) : ctx.Foldable();
  if (foldable) {
    ctx.SetKnownOutput(0, EvalReduce(spec->host, ctx.Known(0, "data"), norm, keepdims));
    return;
  }
  relay::AttrFields attrs = {{"keepdims", relay::AttrBool(keepdims)}};
  if (!axes.empty()) {
    std::vector<int64_t> a(norm.begin(), norm.end());
    attrs.insert(attrs.begin(), {"axis", relay::AttrInts(a)});
  }
  ctx.SetOutput(0, ctx.Call(spec->relay, {ctx.Input(0)}, attrs));
}

void ConvertArgReduce(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  int axis = ctx.Axis(ctx.Int("axis", 0), rank);
  relay::AttrFields attrs = {{"axis", relay::AttrInts({axis})},
                             {"keepdims", relay::AttrBool(ctx.Int("keepdims", 1) != 0)},
                             {"select_last_index", relay::AttrBool(ctx.Int("select_last_index", 0) != 0)}};
  relay::Expr idx = ctx.Call(ctx.op_type() == "ArgMax" ? "argmax" : "argmin", {ctx.Input(0)}, attrs);
  ctx.SetOutput(0, ctx.Call("cast", {idx}, {{"dtype", String("int64")}}));
}

}  // namespace

void AddReduceConverters(ConverterTable* table) {
  for (const auto& r : kReduce) (*table)[r.onnx] = ConvertReduce;
  (*table)["ArgMax"] = ConvertArgReduce;
  (*table)["ArgMin"] = ConvertArgReduce;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
