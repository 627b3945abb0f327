// Layout and shape transforms: Reshape, Flatten, Transpose, Squeeze, Unsqueeze, Concat, Split,
// Slice (negative and non-unit steps), Expand, Tile, Pad. Static operands (shapes, axes,
// starts, pads...) must be known at import time; known data folds.
#include <algorithm>
#include <climits>
#include <limits>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;

int64_t Numel(const std::vector<int64_t>& s) { return SaturatingNumel(s); }  // shapes from the file

// Output 0 is input 0 with a new shape: folded when known, else relay `reshape`-like `make`.
template <class Make>
void Reshaped(NodeContext& ctx, const std::vector<int64_t>& out_shape, Make make) {
  if (ctx.IsKnown(0) && ctx.Foldable()) {
    HostTensor t = ctx.Known(0, "data");
    t.shape = out_shape;
    ctx.SetKnownOutput(0, t);
    return;
  }
  ctx.SetOutput(0, make());
}

void SetReshape(NodeContext& ctx, const std::vector<int64_t>& shape) {
  Reshaped(ctx, shape, [&] { return ctx.Reshape(ctx.Input(0), shape); });
}

// ONNX Reshape: 0 copies the input dim at that index (unless allowzero), -1 is inferred.
void ConvertReshape(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  std::vector<int64_t> spec = ctx.KnownInts(1, "shape");
  for (int64_t v : spec)
    if (v < -1 || v > (int64_t{1} << 40)) ctx.Fail("shape has an invalid value " + std::to_string(v));
  bool allowzero = ctx.Int("allowzero", 0) != 0;
  std::vector<int64_t> out(spec.size());
  int infer = -1;
  int64_t known = 1;
  for (size_t i = 0; i < spec.size(); ++i) {
    int64_t v = spec[i];
    if (v == 0 && !allowzero) {
      if (i >= in.size()) ctx.Fail("shape " + std::to_string(i) + " copies a dimension the input does not have");
      v = in[i];
    }
    if (v == -1) {
      if (infer >= 0) ctx.Fail("shape has more than one -1");
      infer = static_cast<int>(i);
      continue;
    }
    if (v < 0) ctx.Fail("shape has an invalid value " + std::to_string(v));
    out[i] = v;
    // Each entry is at most 2^40 but a few of them overflow int64 (UB; found by the fuzzer).
    if (v > 0 && known > std::numeric_limits<int64_t>::max() / v) ctx.Fail("shape has more than 2^63 elements");
    known *= v;
  }
  int64_t total = Numel(in);
  if (infer >= 0) {
    if (known == 0 || total % known != 0) ctx.Fail("cannot infer the -1 dimension: sizes do not divide");
    out[infer] = total / known;
  }
  if (Numel(out) != total) ctx.Fail("cannot reshape " + std::to_string(total) + " elements to " + std::to_string(Numel(out)));
  SetReshape(ctx, out);
}

void ConvertFlatten(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  int rank = static_cast<int>(in.size());
  int64_t axis = ctx.Int("axis", 1);
  if (axis < -rank || axis > rank) ctx.Fail("axis " + std::to_string(axis) + " is out of range");
  if (axis < 0) axis += rank;
  int64_t outer = Numel({in.begin(), in.begin() + axis});
  std::vector<int64_t> out = {outer, Numel(in) / std::max<int64_t>(outer, 1)};
  if (outer == 0) out[1] = Numel({in.begin() + axis, in.end()});
  if (axis == 1 && rank >= 2) {
    Reshaped(ctx, out, [&] { return ctx.Call("nn.batch_flatten", {ctx.Input(0)}); });
    return;
  }
  SetReshape(ctx, out);
}

void ConvertTranspose(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  std::vector<int64_t> perm = ctx.Ints("perm");
  if (perm.empty())
    for (int i = rank - 1; i >= 0; --i) perm.push_back(i);
  if (static_cast<int>(perm.size()) != rank) ctx.Fail("perm must have one entry per dimension");
  std::vector<int> p;
  std::vector<bool> seen(rank, false);
  for (int64_t a : perm) {
    p.push_back(ctx.Axis(a, rank, "perm entry"));
    // (relay's transpose relation checks this too, but a constant input is folded here first)
    if (seen[p.back()]) ctx.Fail("perm names axis " + std::to_string(p.back()) + " twice; it must be a permutation");
    seen[p.back()] = true;
  }
  if (ctx.Foldable()) {
    ctx.SetKnownOutput(0, EvalTranspose(ctx.Known(0, "data"), p));
    return;
  }
  ctx.SetOutput(0, ctx.Call("transpose", {ctx.Input(0)}, {{"axes", AttrInts({p.begin(), p.end()})}}));
}

// Axes from the attribute (opset < 13) or the optional second input (opset >= 13).
std::vector<int64_t> AxesOperand(NodeContext& ctx) {
  if (ctx.opset() >= 13) return ctx.HasInput(1) ? ctx.KnownInts(1, "axes") : std::vector<int64_t>{};
  return ctx.Ints("axes");
}

void ConvertSqueeze(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  int rank = static_cast<int>(in.size());
  std::vector<int64_t> axes = AxesOperand(ctx);
  std::vector<bool> drop(rank, false);
  if (axes.empty()) {
    for (int i = 0; i < rank; ++i) drop[i] = in[i] == 1;
  } else {
    for (int64_t a : axes) {
      int n = ctx.Axis(a, rank);
      if (in[n] != 1) ctx.Fail("cannot squeeze axis " + std::to_string(a) + " of size " + std::to_string(in[n]));
      drop[n] = true;
    }
  }
  std::vector<int64_t> out, dropped;
  for (int i = 0; i < rank; ++i) {
    if (drop[i]) dropped.push_back(i);
    else out.push_back(in[i]);
  }
  Reshaped(ctx, out, [&] {
    relay::AttrFields attrs;
    if (!axes.empty()) attrs.push_back({"axis", AttrInts(dropped)});
    return ctx.Call("squeeze", {ctx.Input(0)}, attrs);
  });
}

void ConvertUnsqueeze(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  std::vector<int64_t> axes = AxesOperand(ctx);
  if (axes.empty()) ctx.Fail("axes are required");
  int out_rank = static_cast<int>(in.size() + axes.size());
  std::vector<int> norm;
  for (int64_t a : axes) norm.push_back(ctx.Axis(a, out_rank));
  std::sort(norm.begin(), norm.end());
  if (std::adjacent_find(norm.begin(), norm.end()) != norm.end()) ctx.Fail("axes repeat an axis");
  std::vector<int64_t> out;
  size_t src = 0, k = 0;
  for (int i = 0; i < out_rank; ++i) {
    if (k < norm.size() && norm[k] == i) {
      out.push_back(1);
      ++k;
    } else {
      out.push_back(in[src++]);
    }
  }
  Reshaped(ctx, out, [&] {
    relay::Expr x = ctx.Input(0);
    for (int a : norm) x = ctx.Call("expand_dims", {x}, {{"axis", AttrInt(a)}});
    return x;
  });
}

void ConvertConcat(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  if (!ctx.HasAttr("axis")) ctx.Fail("attribute 'axis' is required");
  int axis = ctx.Axis(ctx.Int("axis", 0), rank);
  for (int i = 1; i < ctx.num_inputs(); ++i) {
    // ONNX types Concat's inputs with one T: a float next to an int64 is a broken model (and
    // the import-time evaluator could not hold both in one tensor).
    if (ctx.DType(i) != ctx.DType(0))
      ctx.Fail("input " + std::to_string(i) + " is " + ctx.DType(i).str() + " but input 0 is " +
               ctx.DType(0).str() + "; Concat's inputs need one element type (insert a Cast)");
    std::vector<int64_t> a = ctx.Shape(0), b = ctx.Shape(i);
    if (a.size() != b.size()) ctx.Fail("inputs have different ranks");
    for (int d = 0; d < rank; ++d)
      if (d != axis && a[d] != b[d]) ctx.Fail("input " + std::to_string(i) + " differs in shape outside the axis");
  }
  if (ctx.Foldable()) {
    std::vector<HostTensor> parts;
    for (int i = 0; i < ctx.num_inputs(); ++i) parts.push_back(ctx.Known(i, "input"));
    ctx.SetKnownOutput(0, EvalConcat(parts, axis));
    return;
  }
  std::vector<relay::Expr> fields;
  for (int i = 0; i < ctx.num_inputs(); ++i) fields.push_back(ctx.Input(i));
  ctx.SetOutput(0, ctx.Call("concatenate", {ctx.MakeTuple(fields)}, {{"axis", AttrInt(axis)}}));
}

// Split-18's num_outputs: pieces of ceil(d / n), the last one what remains (ONNX's reference).
std::vector<int64_t> NumOutputsSizes(NodeContext& ctx, int64_t d, int n) {
  int64_t num = ctx.Int("num_outputs", 0);
  if (num != n) ctx.Fail("num_outputs is " + std::to_string(num) + " but the node has " + std::to_string(n) + " outputs");
  int64_t chunk = (d + n - 1) / n, last = d - chunk * (n - 1);
  if (last < 1)
    ctx.Fail("num_outputs " + std::to_string(n) + " cannot split an axis of " + std::to_string(d) +
             " (pieces of " + std::to_string(chunk) + " leave nothing for the last); give split sizes");
  std::vector<int64_t> sizes(n, chunk);
  sizes.back() = last;
  return sizes;
}

void ConvertSplit(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  int axis = ctx.Axis(ctx.Int("axis", 0), static_cast<int>(in.size()));
  int n = ctx.num_outputs();
  if (n < 1) ctx.Fail("needs at least one output");
  std::vector<int64_t> sizes = ctx.opset() >= 13 ? (ctx.HasInput(1) ? ctx.KnownInts(1, "split") : std::vector<int64_t>{})
                                                 : ctx.Ints("split");
  if (sizes.empty() && ctx.opset() >= 18 && ctx.HasAttr("num_outputs")) sizes = NumOutputsSizes(ctx, in[axis], n);
  if (sizes.empty()) {
    if (in[axis] % n != 0)
      ctx.Fail("axis size " + std::to_string(in[axis]) + " does not split into " + std::to_string(n) + " equal parts");
    sizes.assign(n, in[axis] / n);
  }
  if (static_cast<int>(sizes.size()) != n) ctx.Fail("split has " + std::to_string(sizes.size()) + " sizes for " + std::to_string(n) + " outputs");
  int64_t sum = 0;
  for (int64_t s : sizes) {
    if (s < 0) ctx.Fail("split sizes must not be negative");
    sum += s;
  }
  if (sum != in[axis]) ctx.Fail("split sizes sum to " + std::to_string(sum) + ", not the axis size " + std::to_string(in[axis]));
  if (ctx.Foldable()) {
    HostTensor data = ctx.Known(0, "input");
    int64_t begin = 0;
    for (int i = 0; i < n; ++i) {
      std::vector<int64_t> b(in.size(), 0), step(in.size(), 1), shape = in;
      b[axis] = begin;
      shape[axis] = sizes[i];
      ctx.SetKnownOutput(i, EvalSlice(data, b, step, shape));
      begin += sizes[i];
    }
    return;
  }
  if (n == 1) {
    ctx.ForwardInput(0, 0);
    return;
  }
  bool equal = std::all_of(sizes.begin(), sizes.end(), [&](int64_t s) { return s == sizes[0]; });
  ObjectRef ios;
  if (equal) {
    ios = AttrInt(n);
  } else {
    std::vector<int64_t> idx;
    int64_t acc = 0;
    for (int i = 0; i + 1 < n; ++i) idx.push_back(acc += sizes[i]);
    ios = AttrInts(idx);
  }
  relay::Expr parts = ctx.Call("split", {ctx.Input(0)}, {{"indices_or_sections", ios}, {"axis", AttrInt(axis)}});
  for (int i = 0; i < n; ++i) ctx.SetOutput(i, ctx.GetItem(parts, i));
}

// Slice (opset >= 10 inputs): ONNX clamping, then relay strided_slice with explicit axes.
void ConvertSlice(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  int rank = static_cast<int>(in.size());
  std::vector<int64_t> starts = ctx.KnownInts(1, "starts"), ends = ctx.KnownInts(2, "ends");
  std::vector<int64_t> axes, steps;
  if (ctx.HasInput(3)) axes = ctx.KnownInts(3, "axes");
  else for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  if (ctx.HasInput(4)) steps = ctx.KnownInts(4, "steps");
  else steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() || steps.size() != starts.size())
    ctx.Fail("starts, ends, axes and steps must have the same length");
  std::vector<int64_t> begin_full(rank, 0), step_full(rank, 1), out = in;
  std::vector<int64_t> r_begin, r_end, r_axes;
  for (size_t k = 0; k < starts.size(); ++k) {
    int a = ctx.Axis(axes[k], rank);
    int64_t d = in[a], s = steps[k];
    if (s == 0) ctx.Fail("steps must not be 0");
    // A step beyond the dimension takes one element, as a step of the dimension does (and
    // keeps the arithmetic below and the int32 attribute in range).
    int64_t most = std::max<int64_t>(d, 1);
    s = s > 0 ? std::min(s, most) : std::max(s, -most);
    steps[k] = s;
    int64_t b = starts[k] < 0 ? starts[k] + d : starts[k];
    int64_t e = ends[k] < 0 ? ends[k] + d : ends[k];
    if (s > 0) {
      b = std::clamp<int64_t>(b, 0, d);
      e = std::clamp<int64_t>(e, 0, d);
    } else {
      b = std::clamp<int64_t>(b, 0, d - 1);
      e = std::clamp<int64_t>(e, -1, d - 1);
    }
    int64_t len = s > 0 ? std::max<int64_t>(0, (e - b + s - 1) / s) : std::max<int64_t>(0, (b - e - s - 1) / (-s));
    begin_full[a] = b;
    step_full[a] = s;
    out[a] = len;
    r_begin.push_back(b);
    r_end.push_back(s < 0 && e < 0 ? -d - 1 : e);  // relay reads -1 as "last"; -d-1 is "before 0"
    r_axes.push_back(a);
  }
  if (ctx.IsKnown(0) && ctx.Foldable()) {
    ctx.SetKnownOutput(0, EvalSlice(ctx.Known(0, "data"), begin_full, step_full, out));
    return;
  }
  relay::AttrFields attrs = {{"begin", AttrInts(r_begin)}, {"end", AttrInts(r_end)},
                             {"strides", AttrInts(steps)}, {"axes", AttrInts(r_axes)}};
  ctx.SetOutput(0, ctx.Call("strided_slice", {ctx.Input(0)}, attrs));
}

void ConvertExpand(NodeContext& ctx) {
  std::vector<int64_t> want = ctx.KnownInts(1, "shape");
  ctx.CheckShape(want, "shape");
  std::string err;
  std::vector<int64_t> out = BroadcastShape(ctx.Shape(0), want, &err);
  if (!err.empty()) ctx.Fail("cannot expand: " + err);
  ctx.CheckShape(out, "the expanded shape");
  if (ctx.IsKnown(0) && ctx.Foldable(SaturatingNumel(out))) {
    ctx.SetKnownOutput(0, EvalBroadcastTo(ctx.Known(0, "input"), out));
    return;
  }
  if (out == ctx.Shape(0)) {
    ctx.ForwardInput(0, 0);
    return;
  }
  ctx.SetOutput(0, ctx.Call("broadcast_to", {ctx.Input(0)}, {{"shape", AttrInts(out)}}));
}

void ConvertTile(NodeContext& ctx) {
  std::vector<int64_t> reps = ctx.KnownInts(1, "repeats");
  if (static_cast<int>(reps.size()) != ctx.Rank(0)) ctx.Fail("repeats must have one entry per dimension");
  for (size_t i = 0; i < reps.size(); ++i)
    if (reps[i] < 0) ctx.Fail("repeats " + std::to_string(reps[i]) + " on axis " + std::to_string(i) + " is negative");
  std::vector<int64_t> out = ctx.Shape(0);
  for (size_t i = 0; i < out.size(); ++i)
    if (__builtin_mul_overflow(out[i], reps[i], &out[i]) || out[i] > INT32_MAX)
      ctx.Fail("repeats " + std::to_string(reps[i]) + " on axis " + std::to_string(i) +
               " gives a dimension beyond int32");
  ctx.CheckShape(out, "the tiled shape");
  if (ctx.IsKnown(0) && ctx.Foldable(SaturatingNumel(out))) {
    ctx.SetKnownOutput(0, EvalTile(ctx.Known(0, "input"), reps));
    return;
  }
  ctx.SetOutput(0, ctx.Call("tile", {ctx.Input(0)}, {{"reps", AttrInts(reps)}}));
}

// Pad-18's axes input: `pads` [begin..., end...] of those axes, spread over every axis (0 for the rest).
std::vector<int64_t> PadsOfAxes(NodeContext& ctx, const std::vector<int64_t>& pads, int rank) {
  std::vector<int64_t> axes = ctx.KnownInts(3, "axes");
  size_t k = axes.size();
  if (pads.size() != 2 * k)
    ctx.Fail("pads must have 2 * " + std::to_string(k) + " entries (one begin and end per axis), not " + std::to_string(pads.size()));
  std::vector<int64_t> full(2 * static_cast<size_t>(rank), 0);
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < k; ++i) {
    int a = ctx.Axis(axes[i], rank, "axis");
    if (seen[a]) ctx.Fail("axes repeat axis " + std::to_string(a));
    seen[a] = true;
    full[a] = pads[i];
    full[a + rank] = pads[i + k];
  }
  return full;
}

// Pad (opset >= 11): pads [begin..., end...] as an input; negative pads crop first.
void ConvertPad(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  int rank = static_cast<int>(in.size());
  std::vector<int64_t> pads = ctx.KnownInts(1, "pads");
  if (ctx.HasInput(3)) pads = PadsOfAxes(ctx, pads, rank);
  if (static_cast<int>(pads.size()) != 2 * rank) ctx.Fail("pads must have 2 * rank entries");
  for (int64_t p : pads)
    if (p > (int64_t{1} << 32) || p < -(int64_t{1} << 32)) ctx.Fail("pads has an absurd value " + std::to_string(p));
  std::string mode = ctx.Str("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge")
    ctx.Fail("mode '" + mode + "' is not one of constant, reflect, edge");
  relay::Expr x = ctx.Input(0);
  std::vector<int64_t> crop_b, crop_e, crop_axes, ones;
  std::vector<std::vector<int64_t>> width;
  for (int i = 0; i < rank; ++i) {
    int64_t b = pads[i], e = pads[i + rank];
    // Compared as negatives: -b overflows for INT64_MIN.
    int64_t nb = std::min<int64_t>(b, 0), ne = std::min<int64_t>(e, 0);
    if (nb < -in[i] || ne < -in[i] || nb + ne < -in[i])
      ctx.Fail("pads " + std::to_string(b) + " and " + std::to_string(e) + " crop more than axis " + std::to_string(i) +
               " has (" + std::to_string(in[i]) + ")");
    if (b < 0 || e < 0) {
      crop_b.push_back(std::max<int64_t>(0, -b));
      crop_e.push_back(in[i] - std::max<int64_t>(0, -e));
      crop_axes.push_back(i);
      ones.push_back(1);
    }
    width.push_back({std::max<int64_t>(0, b), std::max<int64_t>(0, e)});
    if (mode == "reflect" && (width.back()[0] >= in[i] || width.back()[1] >= in[i]))
      ctx.Fail("reflect padding must be smaller than the dimension (axis " + std::to_string(i) + ")");
  }
  if (!crop_axes.empty())
    x = ctx.Call("strided_slice", {x}, {{"begin", AttrInts(crop_b)}, {"end", AttrInts(crop_e)},
                                        {"strides", AttrInts(ones)}, {"axes", AttrInts(crop_axes)}});
  relay::Expr value = ctx.HasInput(2) ? ctx.Input(2) : ctx.Scalar(0, ctx.DType(0));
  if (ctx.HasInput(2) && ctx.Rank(2) != 0) {
    if (ctx.Shape(2) != std::vector<int64_t>{1}) ctx.Fail("constant_value must be a scalar");
    value = ctx.Call("reshape", {value}, {{"newshape", AttrInts({})}});
  }
  std::vector<ObjectRef> rows;
  for (const auto& w : width) rows.push_back(AttrInts(w));
  ctx.SetOutput(0, ctx.Call("nn.pad", {x, value}, {{"pad_width", Array(rows)}, {"pad_mode", String(mode)}}));
}

}  // namespace

void AddTransformConverters(ConverterTable* table) {
  (*table)["Reshape"] = ConvertReshape;
  (*table)["Flatten"] = ConvertFlatten;
  (*table)["Transpose"] = ConvertTranspose;
  (*table)["Squeeze"] = ConvertSqueeze;
  (*table)["Unsqueeze"] = ConvertUnsqueeze;
  (*table)["Concat"] = ConvertConcat;
  (*table)["Split"] = ConvertSplit;
  (*table)["Slice"] = ConvertSlice;
  (*table)["Expand"] = ConvertExpand;
  (*table)["Tile"] = ConvertTile;
  (*table)["Pad"] = ConvertPad;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
