// MaxPool's Indices output (torch's max_pool*d(return_indices=True)). TVM's frontend has none;
// relay has no argmax pool, so it is composed: one strided slice of the -inf padded input per
// kernel tap, stacked, argmax over the taps (the first maximum, as PyTorch; a padded tap never
// wins a tie), and the tap's offset added to the window start's flat index. Indices are ONNX's flat positions
// in the whole unpadded input (over N and C too; spatial dims row- or column-major by storage_order), int64.
#include <algorithm>
#include <cmath>
#include <limits>

#include "const_eval.h"
#include "converter.h"
#include "window.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

// A constant int64 (or, for argmax's taps, int32) tensor of `values`.
Expr IntConst(NodeContext& ctx, const std::vector<int64_t>& values, std::vector<int64_t> shape,
              DataType dtype = DataType::Int(64)) {
  HostTensor t = HostTensor::Make(std::move(shape), dtype);
  for (size_t k = 0; k < values.size(); ++k) t.SetInt(static_cast<int64_t>(k), values[k]);
  return ctx.Const(ToNDArray(t));
}

}  // namespace

void ConvertMaxPoolWithIndices(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  int rank = static_cast<int>(shape.size());
  if (!ctx.HasAttr("kernel_shape")) ctx.Fail("attribute 'kernel_shape' is required");
  std::vector<int64_t> spatial = SpatialDims(ctx, shape, "input");
  Window w = ReadWindow(ctx, spatial, ctx.Ints("kernel_shape"));
  bool ceil = ctx.Int("ceil_mode", 0) != 0;
  size_t n = spatial.size();
  // Output extents as relay's pool relation computes them, and the padding that keeps every
  // tap's slice inside the padded input.
  std::vector<int64_t> out(n), pad_before(n), pad_after(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t extent = (w.kernel[i] - 1) * w.dilations[i] + 1;
    int64_t room = spatial[i] + w.pads[i] + w.pads[i + n] - extent;
    if (room < 0) ctx.Fail("the kernel is larger than the padded input");
    out[i] = (room + (ceil ? w.strides[i] - 1 : 0)) / w.strides[i] + 1;
    int64_t needed = (out[i] - 1) * w.strides[i] + extent;
    pad_before[i] = w.pads[i];
    pad_after[i] = std::max<int64_t>(w.pads[i + n], needed - spatial[i] - w.pads[i]);
  }
  ctx.SetOutput(0, PoolCall(ctx, ctx.Input(0), false));
  std::vector<ObjectRef> pad_width = {AttrInts({0, 0}), AttrInts({0, 0})};
  for (size_t i = 0; i < n; ++i) pad_width.push_back(AttrInts({pad_before[i], pad_after[i]}));
  DataType dt = ctx.DType(0);
  double lowest = dt.is_floating() ? -std::numeric_limits<double>::infinity()
                  : dt.is_uint() ? 0.0
                                 : -std::ldexp(1.0, dt.bits() - 1);  // padding never wins a window
  Expr padded = ctx.Call("nn.pad", {ctx.Input(0), ctx.Scalar(lowest, dt)},
                         {{"pad_width", Array(pad_width)}, {"pad_mode", String("constant")}});
  // Flat strides of the unpadded input's spatial dims: row-major, or column-major for
  // storage_order=1 (ONNX's reference: h + w * H); N and C stay outermost either way.
  std::vector<int64_t> flat(n, 1);
  if (ctx.Int("storage_order", 0) == 1) {
    for (size_t i = 1; i < n; ++i) flat[i] = flat[i - 1] * spatial[i - 1];
  } else {
    for (size_t i = n - 1; i > 0; --i) flat[i - 1] = flat[i] * spatial[i];
  }
  std::vector<Expr> taps;
  std::vector<int64_t> tap_offset, tap(n, 0);
  for (bool more = true; more;) {
    std::vector<int64_t> begin, end, axes;
    int64_t offset = 0;
    for (size_t i = 0; i < n; ++i) {
      begin.push_back(tap[i] * w.dilations[i]);
      end.push_back(begin.back() + (out[i] - 1) * w.strides[i] + 1);
      axes.push_back(static_cast<int64_t>(i) + 2);
      offset += tap[i] * w.dilations[i] * flat[i];
    }
    taps.push_back(ctx.Call("strided_slice", {padded}, {{"begin", AttrInts(begin)}, {"end", AttrInts(end)},
                                                          {"strides", AttrInts(w.strides)}, {"axes", AttrInts(axes)}}));
    tap_offset.push_back(offset);
    more = false;
    for (size_t i = n; i-- > 0;) {  // next tap, row-major
      if (++tap[i] < w.kernel[i]) {
        more = true;
        break;
      }
      tap[i] = 0;
    }
  }
  Expr stacked = ctx.Call("stack", {ctx.MakeTuple(taps)}, {{"axis", AttrInt(0)}});
  Expr best = ctx.Call("argmax", {stacked}, {{"axis", AttrInts({0})}});
  // A padded tap ties with a real element equal to the padding value (0 in uint8, -inf): it may
  // win only when the taps' maximum is that value, and then every real element in it is, so
  // the answer is the window's first tap inside the input (PyTorch's). That tap is a constant
  // per output position: in each dim the first k whose position is inside, row-major over dims.
  std::vector<int64_t> first_tap(1, 0), first_shape(rank, 1);
  for (size_t i = 0; i < n; ++i) {
    std::vector<int64_t> next;
    for (int64_t t : first_tap)
      for (int64_t p = 0; p < out[i]; ++p) {
        int64_t k = 0;  // a window wholly in the padding keeps tap 0
        for (int64_t c = 0; c < w.kernel[i]; ++c) {
          int64_t at = p * w.strides[i] - w.pads[i] + c * w.dilations[i];
          if (at >= 0 && at < spatial[i]) {
            k = c;
            break;
          }
        }
        next.push_back(t * w.kernel[i] + k);
      }
    first_tap = std::move(next);
    first_shape[i + 2] = out[i];
  }
  Expr first = IntConst(ctx, first_tap, first_shape, DataType::Int(32));  // argmax's dtype
  Expr tie = ctx.Call("equal", {ctx.Call("max", {stacked}, {{"axis", AttrInts({0})}}), ctx.Scalar(lowest, dt)});
  best = ctx.Call("where", {tie, first, best});
  Expr index = ctx.Call("take", {IntConst(ctx, tap_offset, {static_cast<int64_t>(tap_offset.size())}), best});
  // + the flat index of each window's first tap: (n * C + c) * prod(spatial) + sum_i start_i * flat_i.
  int64_t plane = 1;
  for (int64_t d : spatial) plane *= d;
  std::vector<int64_t> nc;
  for (int64_t b = 0; b < shape[0] * shape[1]; ++b) nc.push_back(b * plane);
  std::vector<int64_t> nc_shape(rank, 1);
  nc_shape[0] = shape[0];
  nc_shape[1] = shape[1];
  index = ctx.Call("add", {index, IntConst(ctx, nc, nc_shape)});
  for (size_t i = 0; i < n; ++i) {
    std::vector<int64_t> start, start_shape(rank, 1);
    for (int64_t p = 0; p < out[i]; ++p) start.push_back((p * w.strides[i] - w.pads[i]) * flat[i]);
    start_shape[i + 2] = out[i];
    index = ctx.Call("add", {index, IntConst(ctx, start, start_shape)});
  }
  ctx.SetOutput(1, index);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
