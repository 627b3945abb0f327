// Shape transforms: reshape, transpose, squeeze, expand_dims, concatenate, stack, split,
// strided_slice, tile, repeat, reverse, broadcast_to.
#include <algorithm>
#include <limits>

#include "op_common.h"
#include "tirgen/topi/transform.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

int64_t Numel(const Dims& s) {
  int64_t n = 1;
  for (const auto& d : s) n *= DimValue(d);
  return n;
}

// TVM's reshape special values: 0 copy (or a zero dim with allowzero), -1 infer, -2 copy the
// rest, -3 merge two dims, -4 split one dim into the next two values (one may be -1).
Type ReshapeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  std::vector<int64_t> ns = c.call->GetIntArray("newshape");
  bool allowzero = c.call->GetBool("allowzero");
  const Dims& in = data->shape;
  Dims out;
  int infer = -1;
  size_t src = 0;
  auto need = [&](size_t k, int64_t v) {
    if (src + k > in.size())
      c.Fail("newshape " + ListText(ns) + ": the special value " + std::to_string(v) +
             " runs past the input's " + std::to_string(in.size()) + " dimensions");
  };
  for (size_t i = 0; i < ns.size(); ++i) {
    int64_t v = ns[i];
    if (v > 0) {
      out.push_back(Dim(v));
      ++src;
    } else if (v == 0) {
      if (allowzero) {
        out.push_back(Dim(0));
      } else {
        need(1, v);
        out.push_back(in[src]);
      }
      ++src;
    } else if (v == -1) {
      if (infer >= 0) c.Fail("newshape " + ListText(ns) + " has more than one -1");
      infer = static_cast<int>(out.size());
      out.push_back(Dim(1));
      ++src;
    } else if (v == -2) {
      for (; src < in.size(); ++src) out.push_back(in[src]);
    } else if (v == -3) {
      need(2, v);
      out.push_back(DimLike(in[src], DimValue(in[src]) * DimValue(in[src + 1])));
      src += 2;
    } else if (v == -4) {
      need(1, v);
      if (i + 2 >= ns.size()) c.Fail("newshape " + ListText(ns) + ": -4 must be followed by two values");
      int64_t d0 = DimValue(in[src]), d1 = ns[i + 1], d2 = ns[i + 2];
      if (d1 == -1 && d2 == -1) c.Fail("newshape " + ListText(ns) + ": -4 split with two -1");
      if (d1 == -1) d1 = d2 ? d0 / d2 : 0;
      if (d2 == -1) d2 = d1 ? d0 / d1 : 0;
      if (d1 * d2 != d0)
        c.Fail("newshape " + ListText(ns) + ": cannot split dimension " + std::to_string(d0) +
               " into " + std::to_string(d1) + " x " + std::to_string(d2));
      out.push_back(DimLike(in[src], d1));
      out.push_back(DimLike(in[src], d2));
      i += 2;
      ++src;
    } else {
      c.Fail("newshape " + ListText(ns) + " has an invalid value " + std::to_string(v));
    }
  }
  int64_t total = Numel(in);
  if (infer >= 0) {
    int64_t rest = 1;
    for (size_t i = 0; i < out.size(); ++i)
      if (static_cast<int>(i) != infer) rest *= DimValue(out[i]);
    if (rest == 0 || total % rest != 0)
      c.Fail("cannot reshape " + ShapeText(in) + " to " + ListText(ns) + ": " +
             std::to_string(total) + " elements do not divide evenly");
    out[infer] = in.empty() ? Dim(total / rest) : DimLike(in[0], total / rest);
  }
  if (Numel(out) != total)
    c.Fail("cannot reshape " + ShapeText(in) + " (" + std::to_string(total) + " elements) to " +
           ShapeText(out) + " (" + std::to_string(Numel(out)) + " elements)");
  return TensorType(std::move(out), data->dtype);
}

Type TransposeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  std::vector<int64_t> axes = c.call->GetIntArray("axes");
  std::vector<int> perm;
  if (axes.empty()) {
    for (int64_t i = ndim - 1; i >= 0; --i) perm.push_back(static_cast<int>(i));
  } else {
    if (static_cast<int64_t>(axes.size()) != ndim)
      c.Fail("axes " + ListText(axes) + " must have one entry per dimension (" + std::to_string(ndim) + ")");
    std::vector<bool> seen(ndim, false);
    for (int64_t a : axes) {
      int n = NormalizeAxis(c, a, ndim);
      if (seen[n]) c.Fail("axes " + ListText(axes) + " is not a permutation");
      seen[n] = true;
      perm.push_back(n);
    }
  }
  Dims out;
  for (int p : perm) out.push_back(data->shape[p]);
  return TensorType(std::move(out), data->dtype);
}

Type SqueezeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  Dims out;
  if (!c.call->HasAttr("axis")) {
    for (const auto& d : data->shape)
      if (DimValue(d) != 1) out.push_back(d);
  } else {
    std::vector<bool> drop(ndim, false);
    for (int64_t a : c.call->GetIntArray("axis")) {
      int n = NormalizeAxis(c, a, ndim);
      if (DimValue(data->shape[n]) != 1)
        c.Fail("cannot squeeze axis " + std::to_string(a) + " of size " + std::to_string(DimValue(data->shape[n])));
      drop[n] = true;
    }
    for (int64_t i = 0; i < ndim; ++i)
      if (!drop[i]) out.push_back(data->shape[i]);
  }
  return TensorType(std::move(out), data->dtype);
}

Type ExpandDimsRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  int64_t axis = c.call->GetInt("axis"), n = c.call->GetInt("num_newaxis");
  if (n < 0) c.Fail("num_newaxis must not be negative");
  if (n > kMaxRank - ndim)
    c.Fail("num_newaxis " + std::to_string(n) + " would give rank " + std::to_string(ndim + n) + ", above the limit " +
           std::to_string(kMaxRank));
  if (axis < -ndim - 1 || axis > ndim)
    c.Fail("axis " + std::to_string(axis) + " is out of range [" + std::to_string(-ndim - 1) + ", " +
           std::to_string(ndim) + "]");
  if (axis < 0) axis += ndim + 1;
  Dims out(data->shape.begin(), data->shape.begin() + axis);
  for (int64_t i = 0; i < n; ++i) out.push_back(Dim(1));
  out.insert(out.end(), data->shape.begin() + axis, data->shape.end());
  return TensorType(std::move(out), data->dtype);
}

Type ConcatenateRel(const TypeCall& c) {
  std::vector<const TensorTypeNode*> ts = c.TensorTuple(0);
  int64_t ndim = static_cast<int64_t>(ts[0]->shape.size());
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  int64_t total = 0;
  for (size_t k = 0; k < ts.size(); ++k) {
    if (ts[k]->dtype != ts[0]->dtype) c.Fail("the tensors' dtypes differ");
    if (static_cast<int64_t>(ts[k]->shape.size()) != ndim) c.Fail("the tensors' ranks differ");
    for (int64_t i = 0; i < ndim; ++i)
      if (i != axis && DimValue(ts[k]->shape[i]) != DimValue(ts[0]->shape[i]))
        c.Fail("tensor " + std::to_string(k) + " has shape " + ShapeText(ts[k]->shape) +
               ", which differs from " + ShapeText(ts[0]->shape) + " outside axis " + std::to_string(axis));
    total += DimValue(ts[k]->shape[axis]);
  }
  Dims out = ts[0]->shape;
  out[axis] = DimLike(out[axis], total);
  return TensorType(std::move(out), ts[0]->dtype);
}

Type StackRel(const TypeCall& c) {
  std::vector<const TensorTypeNode*> ts = c.TensorTuple(0);
  int64_t ndim = static_cast<int64_t>(ts[0]->shape.size());
  int64_t axis = c.call->GetInt("axis");
  if (axis < -ndim - 1 || axis > ndim) c.Fail("axis " + std::to_string(axis) + " is out of range");
  if (axis < 0) axis += ndim + 1;
  for (size_t k = 1; k < ts.size(); ++k) {
    if (ts[k]->dtype != ts[0]->dtype) c.Fail("the tensors' dtypes differ");
    if (ShapeText(ts[k]->shape) != ShapeText(ts[0]->shape))
      c.Fail("tensor " + std::to_string(k) + " has shape " + ShapeText(ts[k]->shape) + ", not " + ShapeText(ts[0]->shape));
  }
  Dims out(ts[0]->shape.begin(), ts[0]->shape.begin() + axis);
  out.push_back(Dim(static_cast<int64_t>(ts.size())));
  out.insert(out.end(), ts[0]->shape.begin() + axis, ts[0]->shape.end());
  return TensorType(std::move(out), ts[0]->dtype);
}

Type SplitRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  int64_t size = DimValue(data->shape[axis]);
  ObjectRef ios = c.call->GetAttr("indices_or_sections");
  std::vector<Type> fields;
  auto piece = [&](int64_t n) {
    Dims s = data->shape;
    s[axis] = DimLike(s[axis], n);
    fields.push_back(TensorType(std::move(s), data->dtype));
  };
  if (const auto* sec = ios.as<tir::IntImmNode>()) {
    int64_t n = sec->value;
    if (n <= 0 || size % n != 0)
      c.Fail("axis " + std::to_string(axis) + " of size " + std::to_string(size) +
             " cannot be split into " + std::to_string(n) + " equal sections");
    if (n > kMaxOutputs)
      c.Fail("split into " + std::to_string(n) + " sections: at most " + std::to_string(kMaxOutputs) +
             " outputs are supported");
    for (int64_t i = 0; i < n; ++i) piece(size / n);
  } else {
    std::vector<int64_t> idx = c.call->GetIntArray("indices_or_sections");
    if (static_cast<int64_t>(idx.size()) >= kMaxOutputs)
      c.Fail("split at " + std::to_string(idx.size()) + " indices: at most " + std::to_string(kMaxOutputs) +
             " outputs are supported");
    int64_t begin = 0;
    for (int64_t i : idx) {
      if (i <= begin) c.Fail("indices_or_sections " + ListText(idx) + " must be ascending and positive");
      piece(i - begin);
      begin = i;
    }
    if (begin >= size)
      c.Fail("indices_or_sections " + ListText(idx) + " must be below the axis size " + std::to_string(size));
    piece(size - begin);
  }
  return TupleType(std::move(fields));
}

// TVM's StridedSliceRel: without axes, missing strides are 1 and missing begin/end cover the
// whole dim walked in the stride's direction (a missing end with a negative stride is 0, as in
// TVM); with axes, begin/end/strides have one entry per axis. slice_mode "size" reads `end`
// as sizes (-1: to the end) and ignores strides.
Type StridedSliceRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  std::vector<int64_t> begin = c.call->GetIntArray("begin"), end = c.call->GetIntArray("end"),
                       strides = c.call->GetIntArray("strides");
  bool size_mode = c.call->GetString("slice_mode") == "size";
  if (c.call->GetString("slice_mode") != "end" && !size_mode)
    c.Fail("slice_mode must be \"end\" or \"size\"");
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  std::vector<int> axes;
  if (c.call->HasAttr("axes")) {
    for (int64_t a : c.call->GetIntArray("axes")) axes.push_back(NormalizeAxis(c, a, ndim));
    if (begin.size() != axes.size() || end.size() != axes.size() || strides.size() != axes.size())
      c.Fail("begin, end, strides and axes must have the same length");
  } else {
    if (static_cast<int64_t>(begin.size()) > ndim || static_cast<int64_t>(end.size()) > ndim ||
        static_cast<int64_t>(strides.size()) > ndim)
      c.Fail("begin/end/strides have more entries than the tensor has dimensions");
    for (int64_t i = 0; i < ndim; ++i) axes.push_back(static_cast<int>(i));
    strides.resize(ndim, 1);
    for (size_t i = begin.size(); i < static_cast<size_t>(ndim); ++i) begin.push_back(strides[i] > 0 ? 0 : kMax);
    for (size_t i = end.size(); i < static_cast<size_t>(ndim); ++i) end.push_back(strides[i] < 0 ? 0 : kMax);
  }
  Dims out = data->shape;
  for (size_t k = 0; k < axes.size(); ++k) {
    int a = axes[k];
    int64_t extent = DimValue(data->shape[a]);
    int64_t stride = size_mode ? 1 : strides[k];
    if (stride == 0) c.Fail("strides must not be 0");
    int64_t b = begin[k], e = end[k];
    if (size_mode) e = e < 0 ? kMax : b + e;
    b = topi::CanonicalSliceIndex(b, extent, stride);
    e = topi::CanonicalSliceIndex(e, extent, stride);
    int64_t len = stride < 0 ? (b <= e ? 0 : (b - e + (-stride) - 1) / (-stride))
                             : (e <= b ? 0 : (e - b + stride - 1) / stride);
    out[a] = DimLike(data->shape[a], len);
  }
  return TensorType(std::move(out), data->dtype);
}

Type TileRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  std::vector<int64_t> reps = c.call->GetIntArray("reps");
  for (int64_t r : reps)
    if (r <= 0) c.Fail("reps " + ListText(reps) + " must be positive");
  size_t n = std::max(reps.size(), data->shape.size());
  Dims out;
  for (size_t i = 0; i < n; ++i) {
    size_t di = i + data->shape.size(), ri = i + reps.size();
    bool hd = di >= n, hr = ri >= n;
    int64_t r = hr ? reps[ri - n] : 1;
    if (hd) out.push_back(DimLike(data->shape[di - n], DimValue(data->shape[di - n]) * r));
    else out.push_back(Dim(r));
  }
  return TensorType(std::move(out), data->dtype);
}

Type RepeatRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t repeats = c.call->GetInt("repeats");
  if (repeats < 1) c.Fail("repeats must be at least 1");
  if (!c.call->HasAttr("axis")) c.Fail("axis must be set");
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), static_cast<int64_t>(data->shape.size()));
  Dims out = data->shape;
  out[axis] = DimLike(out[axis], DimValue(out[axis]) * repeats);
  return TensorType(std::move(out), data->dtype);
}

Type ReverseRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (!c.call->HasAttr("axis")) c.Fail("axis must be set");
  NormalizeAxis(c, c.call->GetInt("axis"), static_cast<int64_t>(data->shape.size()));
  return c.arg_types[0];
}

Type BroadcastToRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  Dims target;
  for (int64_t d : c.call->GetIntArray("shape")) target.push_back(Dim(d));
  Dims out = BroadcastDims(c, data->shape, target);
  if (out.size() != target.size()) c.Fail("the target shape has fewer dimensions than the data");
  for (size_t i = 0; i < out.size(); ++i)
    if (DimValue(out[i]) != DimValue(target[i]))
      c.Fail("cannot broadcast " + ShapeText(data->shape) + " to " + ShapeText(target));
  return TensorType(std::move(target), data->dtype);
}

// data's dims [lhs_begin, lhs_end) replaced by the like tensor's [rhs_begin, rhs_end) (TVM's
// ReshapeLikeRel); the element count must not change.
Type ReshapeLikeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* like = c.Tensor(1);
  auto range = [&](int64_t ndim, const char* b, const char* e) {
    int64_t begin = c.call->GetInt(b), end = c.call->HasAttr(e) ? c.call->GetInt(e) : ndim;
    if (begin < 0) begin += ndim;
    if (end < 0) end += ndim;
    if (begin < 0 || end > ndim || begin > end)
      c.Fail(std::string(b) + "/" + e + " select no valid range of a rank-" + std::to_string(ndim) + " tensor");
    return std::make_pair(begin, end);
  };
  auto [lb, le] = range(static_cast<int64_t>(data->shape.size()), "lhs_begin", "lhs_end");
  auto [rb, re] = range(static_cast<int64_t>(like->shape.size()), "rhs_begin", "rhs_end");
  Dims out(data->shape.begin(), data->shape.begin() + lb);
  out.insert(out.end(), like->shape.begin() + rb, like->shape.begin() + re);
  out.insert(out.end(), data->shape.begin() + le, data->shape.end());
  if (Numel(out) != Numel(data->shape))
    c.Fail("cannot reshape " + ShapeText(data->shape) + " to " + ShapeText(out));
  return TensorType(std::move(out), data->dtype);
}

// The like tensor's shape, which data must broadcast to; data's dtype.
Type BroadcastToLikeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* like = c.Tensor(1);
  Dims out = BroadcastDims(c, data->shape, like->shape);
  if (out.size() != like->shape.size() || ShapeText(out) != ShapeText(like->shape))
    c.Fail("cannot broadcast " + ShapeText(data->shape) + " to " + ShapeText(like->shape));
  return TensorType(like->shape, data->dtype);
}

}  // namespace

TIRGEN_REGISTER_OPS(transform) {
  RegisterOpInfo("reshape")
      .Attrs("relay.attrs.ReshapeAttrs", {Required("newshape", AttrKind::kIntArray),
                                          Field("allowzero", AttrKind::kBool, AttrBool(false))})
      .Inputs(1).Pattern(kInjective).ReshapeOp().Relation(ReshapeRel);
  RegisterOpInfo("transpose")
      .Attrs("relay.attrs.TransposeAttrs", {Required("axes", AttrKind::kIntArray)})
      .Inputs(1).Pattern(kInjective).Relation(TransposeRel);
  RegisterOpInfo("squeeze")
      .Attrs("relay.attrs.SqueezeAttrs", {Field("axis", AttrKind::kIntArray, ObjectRef())})
      .Inputs(1).Pattern(kInjective).ReshapeOp().Relation(SqueezeRel);
  RegisterOpInfo("expand_dims")
      .Attrs("relay.attrs.ExpandDimsAttrs", {Required("axis", AttrKind::kInt),
                                             Field("num_newaxis", AttrKind::kInt, AttrInt(1))})
      .Inputs(1).Pattern(kBroadcast).ReshapeOp().Relation(ExpandDimsRel);
  RegisterOpInfo("concatenate")
      .Attrs("relay.attrs.ConcatenateAttrs", {Field("axis", AttrKind::kInt, AttrInt(0))})
      .Inputs(1).Pattern(kInjective).Relation(ConcatenateRel);
  RegisterOpInfo("stack")
      .Attrs("relay.attrs.StackAttrs", {Field("axis", AttrKind::kOptInt, AttrInt(0))})
      .Inputs(1).Pattern(kInjective).Relation(StackRel);
  RegisterOpInfo("split")
      .Attrs("relay.attrs.SplitAttrs", {Required("indices_or_sections", AttrKind::kIntOrIntArray),
                                        Field("axis", AttrKind::kInt, AttrInt(0))})
      .Inputs(1).Pattern(kInjective).Relation(SplitRel);
  RegisterOpInfo("strided_slice")
      .Attrs("relay.attrs.StridedSliceAttrs",
             {Required("begin", AttrKind::kIntArray), Required("end", AttrKind::kIntArray),
              Required("strides", AttrKind::kIntArray),
              Field("slice_mode", AttrKind::kString, AttrStr("end")),
              Required("axes", AttrKind::kIntArray)})
      .Inputs(1).Pattern(kInjective).Relation(StridedSliceRel);
  RegisterOpInfo("tile")
      .Attrs("relay.attrs.TileAttrs", {Required("reps", AttrKind::kIntArray)})
      .Inputs(1).Pattern(kBroadcast).Relation(TileRel);
  RegisterOpInfo("repeat")
      .Attrs("relay.attrs.RepeatAttrs", {Required("repeats", AttrKind::kOptInt),
                                         Field("axis", AttrKind::kOptInt, ObjectRef())})
      .Inputs(1).Pattern(kBroadcast).Relation(RepeatRel);
  RegisterOpInfo("reverse")
      .Attrs("relay.attrs.ReverseAttrs", {Field("axis", AttrKind::kOptInt, ObjectRef())})
      .Inputs(1).Pattern(kInjective).Relation(ReverseRel);
  RegisterOpInfo("broadcast_to")
      .Attrs("relay.attrs.InitOpAttrs", {Required("shape", AttrKind::kIntArray),
                                         Field("dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(1).Pattern(kBroadcast).Relation(BroadcastToRel);
  RegisterOpInfo("reshape_like")
      .Attrs("relay.attrs.ReshapeLikeAttrs", {Field("lhs_begin", AttrKind::kInt, AttrInt(0)),
                                              Field("lhs_end", AttrKind::kOptInt, ObjectRef()),
                                              Field("rhs_begin", AttrKind::kInt, AttrInt(0)),
                                              Field("rhs_end", AttrKind::kOptInt, ObjectRef())})
      .Inputs(2).Pattern(kInjective).ReshapeOp().Relation(ReshapeLikeRel);
  RegisterOpInfo("broadcast_to_like").Inputs(2).Pattern(kBroadcast).Relation(BroadcastToLikeRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen
