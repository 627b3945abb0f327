// Ops TVM's frontend maps onto existing relay ops: Celu, ThresholdedRelu, the Reduce* forms
// without a relay op of their own (ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum,
// ReduceLogSumExp), GatherND, LRN and Einsum (relay einsum), each built the way TVM v0.14 builds it (same ops, same
// operand order) so lowering matches.
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::Expr;

// Celu (opset 12): max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
void ConvertCelu(NodeContext& ctx) {
  DataType dt = ctx.DType(0);
  Expr x = ctx.Input(0);
  Expr alpha = ctx.Scalar(ctx.Float("alpha", 1.0), dt);
  Expr zero = ctx.Scalar(0, dt), one = ctx.Scalar(1, dt);
  Expr neg = ctx.Call("multiply", {alpha, ctx.Call("subtract", {ctx.Call("exp", {ctx.Call("divide", {x, alpha})}), one})});
  ctx.SetOutput(0, ctx.Call("add", {ctx.Call("maximum", {zero, x}), ctx.Call("minimum", {zero, neg})}));
}

void ConvertThresholdedRelu(NodeContext& ctx) {
  ctx.SetOutput(0, Activation(ctx, "ThresholdedRelu", ctx.Input(0), ctx.Float("alpha", 1.0), 0.0));
}

// GatherND: the index tuple moved to the front (relay gather_nd's layout).
void ConvertGatherND(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(1);
  if (shape.empty()) ctx.Fail("indices must have at least one dimension");
  std::vector<int64_t> axes{static_cast<int64_t>(shape.size()) - 1};
  for (size_t i = 0; i + 1 < shape.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  Expr idx = ctx.Call("transpose", {ctx.Input(1)}, {{"axes", relay::AttrInts(axes)}});
  ctx.SetOutput(0, ctx.Call("gather_nd", {ctx.Input(0), idx},
                            {{"batch_dims", relay::AttrInt(ctx.Int("batch_dims", 0))},
                             {"index_rank", relay::AttrInt(shape.back())}}));
}

// LRN over the channel axis.
void ConvertLRN(NodeContext& ctx) {
  if (!ctx.HasAttr("size")) ctx.Fail("attribute 'size' is required");
  ctx.SetOutput(0, ctx.Call("nn.lrn", {ctx.Input(0)},
                            {{"size", relay::AttrInt(ctx.Int("size", 1))}, {"axis", relay::AttrInt(1)},
                             {"bias", FloatAttr(ctx.Float("bias", 1.0))}, {"alpha", FloatAttr(ctx.Float("alpha", 1e-4))},
                             {"beta", FloatAttr(ctx.Float("beta", 0.75))}}));
}

void ConvertEinsum(NodeContext& ctx) {
  if (!ctx.HasAttr("equation")) ctx.Fail("attribute 'equation' is required");
  std::vector<Expr> operands;
  for (int i = 0; i < ctx.num_inputs(); ++i) operands.push_back(ctx.Input(i));
  ctx.SetOutput(0, ctx.Call("einsum", {ctx.MakeTuple(operands)}, {{"equation", String(ctx.Str("equation", ""))}}));
}

// The reduced axes (the `axes` attribute, or every axis) normalized, and keepdims.
struct ReduceArgs {
  std::vector<int64_t> axes;
  bool keepdims;
};

ReduceArgs ReadReduce(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  ReduceArgs r{{}, ctx.Int("keepdims", 1) != 0};
  std::vector<int64_t> axes = ctx.Ints("axes");
  if (ctx.HasInput(1)) axes = ctx.KnownInts(1, "axes");
  if (axes.empty())
    for (int i = 0; i < rank; ++i) r.axes.push_back(i);
  for (int64_t a : axes) r.axes.push_back(ctx.Axis(a, rank));
  return r;
}

Expr Sum(NodeContext& ctx, const Expr& x, const ReduceArgs& r, bool keepdims) {
  return ctx.Call("sum", {x}, {{"axis", relay::AttrInts(r.axes)}, {"keepdims", relay::AttrBool(keepdims)}});
}

void ConvertReduceDecomposed(NodeContext& ctx) {
  if (ctx.Int("noop_with_empty_axes", 0) != 0 && ctx.Ints("axes").empty() && !ctx.HasInput(1)) {
    ctx.ForwardInput(0, 0);
    return;
  }
  ReduceArgs r = ReadReduce(ctx);
  Expr x = ctx.Input(0);
  // A 0-d input is promoted to 1-d as TVM does, but reduced without keeping the axis: ONNX's
  // result is 0-d whatever keepdims says.
  if (ctx.Rank(0) == 0) {
    x = ctx.Reshape(x, {1});
    r = ReduceArgs{{0}, false};
  }
  const std::string& op = ctx.op_type();
  if (op == "ReduceSumSquare") {
    ctx.SetOutput(0, Sum(ctx, ctx.Call("multiply", {x, x}), r, r.keepdims));
  } else if (op == "ReduceL1") {
    ctx.SetOutput(0, Sum(ctx, ctx.Call("abs", {x}), r, r.keepdims));
  } else if (op == "ReduceL2") {
    ctx.SetOutput(0, ctx.Call("sqrt", {Sum(ctx, ctx.Call("multiply", {x, x}), r, r.keepdims)}));
  } else if (op == "ReduceLogSum") {
    ctx.SetOutput(0, ctx.Call("log", {Sum(ctx, x, r, r.keepdims)}));
  } else {  // ReduceLogSumExp: relay.logsumexp, log(sum(exp(x - max))) + max
    relay::AttrFields keep = {{"axis", relay::AttrInts(r.axes)}, {"keepdims", relay::AttrBool(true)}};
    Expr max = ctx.Call("max", {x}, keep);
    Expr sum = Sum(ctx, ctx.Call("exp", {ctx.Call("subtract", {x, max})}), r, true);
    Expr out = ctx.Call("add", {ctx.Call("log", {sum}), max});
    if (!r.keepdims) out = ctx.Call("squeeze", {out}, {{"axis", relay::AttrInts(r.axes)}});
    ctx.SetOutput(0, out);
  }
}

}  // namespace

void AddMathConverters(ConverterTable* table) {
  (*table)["Celu"] = ConvertCelu;
  (*table)["ThresholdedRelu"] = ConvertThresholdedRelu;
  (*table)["GatherND"] = ConvertGatherND;
  (*table)["LRN"] = ConvertLRN;
  (*table)["Einsum"] = ConvertEinsum;
  for (const char* op : {"ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSum", "ReduceLogSumExp"})
    (*table)[op] = ConvertReduceDecomposed;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
