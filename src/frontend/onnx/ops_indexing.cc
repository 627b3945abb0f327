// Gather (relay take) and GatherElements (relay gather). ONNX allows negative indices; known
// indices are normalized at import time, unknown ones by a where(i < 0, i + n, i) guard.
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

// Indices with negatives wrapped, checked against the axis extent when known.
relay::Expr NormalizedIndices(NodeContext& ctx, int axis, HostTensor* known) {
  int64_t extent = ctx.Shape(0)[axis];
  if (ctx.IsKnown(1)) {
    HostTensor idx = ctx.Known(1, "indices");
    if (idx.real()) ctx.Fail("indices must be integers");
    for (int64_t i = 0; i < idx.size(); ++i) {
      int64_t v = idx.ints[i];
      if (v < -extent || v >= extent)
        ctx.Fail("index " + std::to_string(v) + " is out of range for axis " + std::to_string(axis) +
                 " of size " + std::to_string(extent));
      if (v < 0) idx.ints[i] = v + extent;
    }
    *known = idx;
    return relay::Expr();
  }
  relay::Expr idx = ctx.Input(1);
  DataType dt = ctx.DType(1);
  relay::Expr neg = ctx.Call("less", {idx, ctx.Scalar(0, dt)});
  return ctx.Call("where", {neg, ctx.Call("add", {idx, ctx.Scalar(static_cast<double>(extent), dt)}), idx});
}

void ConvertGather(NodeContext& ctx) {
  bool elements = ctx.op_type() == "GatherElements";
  int rank = ctx.Rank(0);
  int axis = ctx.Axis(ctx.Int("axis", 0), rank);
  if (elements && ctx.Rank(1) != rank) ctx.Fail("indices must have the data's rank");
  HostTensor known;
  relay::Expr idx = NormalizedIndices(ctx, axis, &known);
  if (!idx.defined()) {
    std::vector<int64_t> out = elements ? known.shape : ctx.Shape(0);
    if (!elements) {
      out.erase(out.begin() + axis);
      out.insert(out.begin() + axis, known.shape.begin(), known.shape.end());
    }
    if (ctx.IsKnown(0) && ctx.Foldable(SaturatingNumel(out))) {
      HostTensor data = ctx.Known(0, "data");
      ctx.SetKnownOutput(0, elements ? EvalTakeAlongAxis(data, known, axis) : EvalTake(data, known, axis));
      return;
    }
    idx = ctx.Const(ToNDArray(known));
  }
  if (elements) {
    ctx.SetOutput(0, ctx.Call("gather", {ctx.Input(0), idx}, {{"axis", relay::AttrInt(axis)}}));
  } else {
    ctx.SetOutput(0, ctx.Call("take", {ctx.Input(0), idx}, {{"axis", relay::AttrInt(axis)}}));
  }
}

}  // namespace

void AddIndexingConverters(ConverterTable* table) {
  (*table)["Gather"] = ConvertGather;
  (*table)["GatherElements"] = ConvertGather;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
