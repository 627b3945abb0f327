// MaxUnpool as TVM v0.14's frontend builds it: the pooled values scattered (scatter_elements,
// axis 0) into a flattened zero tensor at their flat indices (MaxPool's Indices output counts
// over the whole tensor, batch and channel included), reshaped to the unpooled shape. That
// shape is output_shape when given, else (in - 1) * stride + kernel - pads per spatial axis.
#include "const_eval.h"
#include "converter.h"
#include "window.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;

void ConvertMaxUnpool(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  if (in.size() < 3) ctx.Fail("X must have a batch, a channel and spatial axes, not rank " + std::to_string(in.size()));
  if (ctx.Shape(1) != in) ctx.Fail("I must have X's shape");
  if (ctx.DType(1) != DataType::Int(64)) ctx.Fail("I must be int64, not " + ctx.DType(1).str());
  size_t n = in.size() - 2;
  Window w = ReadWindow(ctx, SpatialDims(ctx, in, "input"), ctx.Ints("kernel_shape"));
  std::vector<int64_t> out;
  if (ctx.HasInput(2)) {
    out = ctx.KnownInts(2, "output_shape");
    if (out.size() != in.size()) ctx.Fail("output_shape must have " + std::to_string(in.size()) + " entries");
  } else {
    out = {in[0], in[1]};
    for (size_t i = 0; i < n; ++i) {
      int64_t d = 0;
      if (__builtin_mul_overflow(in[i + 2] - 1, w.strides[i], &d) || __builtin_add_overflow(d, w.kernel[i], &d) ||
          __builtin_sub_overflow(d, w.pads[i], &d) || __builtin_sub_overflow(d, w.pads[i + n], &d))
        ctx.Fail("the unpooled size of spatial axis " + std::to_string(i) + " overflows int64; check strides, "
                 "kernel_shape and pads");
      out.push_back(d);
    }
  }
  ctx.CheckShape(out, "the unpooled shape");
  const int64_t count = SaturatingNumel(in);
  relay::Expr zeros = ctx.Call("zeros", {}, {{"shape", AttrInts({SaturatingNumel(out)})}, {"dtype", String(ctx.DType(0).str())}});
  relay::Expr flat = ctx.Call("scatter_elements", {zeros, ctx.Reshape(ctx.Input(1), {count}), ctx.Reshape(ctx.Input(0), {count})},
                              {{"axis", AttrInt(0)}});
  ctx.SetOutput(0, ctx.Reshape(flat, out));
}

}  // namespace

void AddMaxUnpoolConverters(ConverterTable* table) { (*table)["MaxUnpool"] = ConvertMaxUnpool; }

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
