// DFT (opset 17) as TVM v0.14's frontend maps it: crop or zero-pad the axis to dft_length,
// split the last axis into real and imaginary parts (zeros for a real input), swap the axis
// with the last, relay `dft`, swap back, keep bins 0..n/2 when onesided, and stack the
// parts again. Beyond TVM: `axis` defaults to 1 (ONNX's default; TVM reads None) and may
// be 0, the batch axis (TVM asserts axis >= 1); ONNX accepts [-r, -2] and [0, r - 2]. From
// opset 20 the axis is input 2 (default -2).
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrBool;
using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

Expr CropAxis(NodeContext& ctx, const Expr& x, int axis, int64_t size) {
  return ctx.Call("strided_slice", {x}, {{"begin", AttrInts({0})}, {"end", AttrInts({size})},
                                         {"strides", AttrInts({1})}, {"axes", AttrInts({axis})}});
}

Expr SwapWithLast(NodeContext& ctx, const Expr& x, int axis, int rank) {
  std::vector<int64_t> perm;
  for (int i = 0; i < rank; ++i) perm.push_back(i);
  std::swap(perm[axis], perm[rank - 1]);
  return ctx.Call("transpose", {x}, {{"axes", AttrInts(perm)}});
}

void ConvertDFT(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  int rank = static_cast<int>(shape.size());
  DataType dt = ctx.DType(0);
  if (!dt.is_float()) ctx.Fail("input must be floating point, not " + dt.str());
  if (rank < 3) ctx.Fail("input must be (batch, signal dims..., 1 or 2), rank >= 3, not rank " + std::to_string(rank));
  if (shape[rank - 1] != 1 && shape[rank - 1] != 2)
    ctx.Fail("the last dimension must be 1 (real) or 2 (real, imaginary), not " + std::to_string(shape[rank - 1]));
  // Opset 20 moved axis to input 2 (default -2, the last signal axis).
  int64_t axis = ctx.opset() < 20 ? ctx.Int("axis", 1) : ctx.HasInput(2) ? ctx.KnownScalar(2, "axis").AsInt(0) : -2;
  if (axis < -rank || axis > rank - 2 || (axis < 0 && axis > -2))
    ctx.Fail("axis " + std::to_string(axis) + " is out of range [" + std::to_string(-rank) + ", -2] and [0, " + std::to_string(rank - 2) + "]");
  if (axis < 0) axis += rank;
  int64_t n = shape[axis];
  if (ctx.HasInput(1)) {
    if (!ctx.DType(1).is_int()) ctx.Fail("dft_length must be an integer, not " + ctx.DType(1).str());
    n = ctx.KnownScalar(1, "dft_length").AsInt(0);
    if (n < 1) ctx.Fail("dft_length must be positive, not " + std::to_string(n));
  }
  if (n < 1) ctx.Fail("the transformed axis " + std::to_string(axis) + " has length 0; give a positive dft_length or a non-empty signal");
  Expr x = ctx.Input(0);
  if (shape[axis] > n) x = CropAxis(ctx, x, static_cast<int>(axis), n);
  if (shape[axis] < n) {
    std::vector<ObjectRef> rows;
    for (int i = 0; i < rank; ++i) rows.push_back(AttrInts({0, i == axis ? n - shape[axis] : 0}));
    x = ctx.Call("nn.pad", {x, ctx.Scalar(0, dt)}, {{"pad_width", Array(rows)}, {"pad_mode", String("constant")}});
  }
  shape[axis] = n;
  Expr re, im;
  relay::AttrFields last = {{"axis", AttrInts({-1})}};
  if (shape[rank - 1] == 1) {
    re = x;
    im = ctx.Const(NDArray::Zeros(shape, dt));
  } else {
    Expr parts = ctx.Call("split", {x}, {{"indices_or_sections", AttrInt(2)}, {"axis", AttrInt(-1)}});
    re = ctx.GetItem(parts, 0);
    im = ctx.GetItem(parts, 1);
  }
  int part_rank = rank - 1;
  re = SwapWithLast(ctx, ctx.Call("squeeze", {re}, last), static_cast<int>(axis), part_rank);
  im = SwapWithLast(ctx, ctx.Call("squeeze", {im}, last), static_cast<int>(axis), part_rank);
  Expr t = ctx.Call("dft", {re, im}, {{"inverse", AttrBool(ctx.Int("inverse", 0) != 0)}});
  re = SwapWithLast(ctx, ctx.GetItem(t, 0), static_cast<int>(axis), part_rank);
  im = SwapWithLast(ctx, ctx.GetItem(t, 1), static_cast<int>(axis), part_rank);
  if (ctx.Int("onesided", 0) != 0) {
    re = CropAxis(ctx, re, static_cast<int>(axis), n / 2 + 1);
    im = CropAxis(ctx, im, static_cast<int>(axis), n / 2 + 1);
  }
  relay::AttrFields expand = {{"axis", AttrInt(-1)}, {"num_newaxis", AttrInt(1)}};
  Expr both = ctx.MakeTuple({ctx.Call("expand_dims", {re}, expand), ctx.Call("expand_dims", {im}, expand)});
  ctx.SetOutput(0, ctx.Call("concatenate", {both}, {{"axis", AttrInt(-1)}}));
}

std::string DFTForms(const NodeForm& f) {
  int rank = f.Rank(0);
  if (rank >= 0 && rank < 3) return "an input of rank " + std::to_string(rank) + " (batch, signal dims..., 1 or 2)";
  if (f.HasInput(1) && !f.Known(1)) return "a dft_length computed at run time";
  if (f.opset >= 20 && f.HasInput(2) && !f.Known(2)) return "an axis computed at run time";
  if (rank >= 3 && f.opset < 20) {
    int64_t axis = f.Int("axis", 1);
    if (axis < -rank || axis > rank - 2 || (axis < 0 && axis > -2)) return "axis " + std::to_string(axis) + " (the last axis holds the complex parts)";
  }
  return "";
}

}  // namespace

void AddSignalConverters(ConverterTable* table) { (*table)["DFT"] = Converter(ConvertDFT, DFTForms); }

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
