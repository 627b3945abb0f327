// Operators whose output shape depends on input values: NonZero, Unique, Compress and
// NonMaxSuppression. tirgen compiles static shapes (TVM's frontend imports them as dynamic
// ops), so each is accepted only when the values that decide the shape are known at import
// time, and then folded: NonZero / Unique / NonMaxSuppression to constants, Compress to a
// `take` of the data at the (constant) selected indices. Otherwise the up-front check lists
// the node with the reason.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>

#include "const_eval.h"
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;

const char* const kWhy = " (the output shape depends on input values; tirgen compiles static shapes: make it a constant, "
                         "e.g. an initializer)";

// NonZero: the indices of the non-zero elements, one row per axis (numpy.nonzero), int64.
void ConvertNonZero(NodeContext& ctx) {
  HostTensor x = ctx.Known(0, "X");
  std::vector<int64_t> hits;
  for (int64_t i = 0; i < x.size(); ++i)
    if (x.AsReal(i) != 0) hits.push_back(i);
  int64_t rank = static_cast<int64_t>(x.shape.size()), n = static_cast<int64_t>(hits.size());
  HostTensor out = HostTensor::Make({std::max<int64_t>(rank, 1), n}, DataType::Int(64));
  for (int64_t k = 0; k < n; ++k) {
    int64_t flat = hits[k];
    for (int64_t d = rank - 1; d >= 0; --d) {
      out.SetInt(d * n + k, flat % x.shape[d]);
      flat /= x.shape[d];
    }
  }
  ctx.SetKnownOutput(0, out);
}

// Unique (flattened or along `axis`, sorted or in first-occurrence order): Y, indices,
// inverse_indices, counts, as ONNX defines them.
void ConvertUnique(NodeContext& ctx) {
  HostTensor x = ctx.Known(0, "X");
  bool sorted = ctx.Int("sorted", 1) != 0;
  int rank = static_cast<int>(x.shape.size());
  bool flat = !ctx.HasAttr("axis");
  int axis = flat ? 0 : ctx.Axis(ctx.Int("axis", 0), rank);
  // Slices along the axis (single elements when flattened), compared as value lists.
  int64_t outer = 1, len = flat ? x.size() : x.shape[axis], inner = 1;
  if (!flat) {
    for (int d = 0; d < axis; ++d) outer *= x.shape[d];
    for (int d = axis + 1; d < rank; ++d) inner *= x.shape[d];
  }
  // Integers compare as integers (int64 beyond 2^53 stays exact), floats as floats; NaN has no
  // order to sort by.
  using Slice = std::pair<std::vector<int64_t>, std::vector<double>>;
  auto slice = [&](int64_t j) {
    Slice v;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t at = (o * len + j) * inner + i;
        if (!x.real()) {
          v.first.push_back(x.ints[at]);
        } else {
          if (std::isnan(x.reals[at])) ctx.Fail("X holds NaN, which Unique cannot order; remove it first");
          v.second.push_back(x.reals[at]);
        }
      }
    return v;
  };
  std::map<Slice, int64_t> first;  // slice -> first index
  std::vector<int64_t> order;      // first indices, in occurrence order
  std::vector<Slice> slices;
  for (int64_t j = 0; j < len; ++j) {
    slices.push_back(slice(j));
    if (first.emplace(slices.back(), j).second) order.push_back(j);
  }
  if (sorted) std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return slices[a] < slices[b]; });
  std::map<Slice, int64_t> position;
  for (size_t k = 0; k < order.size(); ++k) position[slices[order[k]]] = static_cast<int64_t>(k);
  int64_t u = static_cast<int64_t>(order.size());
  std::vector<int64_t> y_shape = flat ? std::vector<int64_t>{u} : x.shape;
  if (!flat) y_shape[axis] = u;
  HostTensor y = HostTensor::Make(y_shape, x.dtype);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < u; ++k)
      for (int64_t i = 0; i < inner; ++i) {
        double v = x.AsReal((o * len + order[k]) * inner + i);
        int64_t at = (o * u + k) * inner + i;
        if (y.real()) y.Set(at, v);
        else y.SetInt(at, x.ints[(o * len + order[k]) * inner + i]);
      }
  HostTensor indices = HostTensor::Make({u}, DataType::Int(64)), counts = HostTensor::Make({u}, DataType::Int(64));
  HostTensor inverse = HostTensor::Make({len}, DataType::Int(64));
  for (int64_t k = 0; k < u; ++k) indices.SetInt(k, order[k]);
  for (int64_t j = 0; j < len; ++j) {
    int64_t k = position[slices[j]];
    inverse.SetInt(j, k);
    counts.SetInt(k, counts.ints[k] + 1);
  }
  ctx.SetKnownOutput(0, y);
  if (ctx.HasOutput(1)) ctx.SetKnownOutput(1, indices);
  if (ctx.HasOutput(2)) ctx.SetKnownOutput(2, inverse);
  if (ctx.HasOutput(3)) ctx.SetKnownOutput(3, counts);
}

// Compress with a known condition: take(data, indices of the true entries, axis), the data
// flattened first when there is no axis. A condition shorter than the axis selects from its
// prefix (ONNX).
void ConvertCompress(NodeContext& ctx) {
  HostTensor cond = ctx.Known(1, "condition");
  std::vector<int64_t> shape = ctx.Shape(0);
  bool flat = !ctx.HasAttr("axis");
  int axis = flat ? 0 : ctx.Axis(ctx.Int("axis", 0), static_cast<int>(shape.size()));
  int64_t extent = flat ? SaturatingNumel(shape) : shape[axis];
  if (cond.size() > extent)
    ctx.Fail("condition has " + std::to_string(cond.size()) + " entries, more than the " + std::to_string(extent) +
             " it selects from");
  std::vector<int64_t> picked;
  for (int64_t i = 0; i < cond.size(); ++i)
    if (cond.AsReal(i) != 0) picked.push_back(i);
  relay::Expr data = flat ? ctx.Reshape(ctx.Input(0), {extent}) : ctx.Input(0);
  HostTensor idx = FromInts(picked, {static_cast<int64_t>(picked.size())});
  ctx.SetOutput(0, ctx.Call("take", {data, ctx.Const(ToNDArray(idx))}, {{"axis", AttrInt(axis)}}));
}

// NonMaxSuppression on known boxes and scores (ONNX's definition: per batch and class, boxes
// by descending score above score_threshold, dropped when their IoU with a kept box exceeds
// iou_threshold, at most max_output_boxes_per_class), as [batch, class, box] int64 rows.
void ConvertNonMaxSuppression(NodeContext& ctx) {
  HostTensor boxes = ctx.Known(0, "boxes"), scores = ctx.Known(1, "scores");
  int64_t max_out = ctx.HasInput(2) ? ctx.KnownScalar(2, "max_output_boxes_per_class").AsInt(0) : 0;
  double iou_th = ctx.HasInput(3) ? ctx.KnownScalar(3, "iou_threshold").AsReal(0) : 0.0;
  bool has_score_th = ctx.HasInput(4);
  double score_th = has_score_th ? ctx.KnownScalar(4, "score_threshold").AsReal(0) : 0.0;
  bool center = ctx.Int("center_point_box", 0) != 0;
  if (boxes.shape.size() != 3 || scores.shape.size() != 3 || boxes.shape[2] != 4 || boxes.shape[0] != scores.shape[0] ||
      boxes.shape[1] != scores.shape[2])
    ctx.Fail("boxes must be [batch, boxes, 4] and scores [batch, classes, boxes]");
  int64_t nb = boxes.shape[0], nbox = boxes.shape[1], ncls = scores.shape[1];
  auto corners = [&](int64_t b, int64_t i) {
    double v[4];
    for (int k = 0; k < 4; ++k) v[k] = boxes.AsReal((b * nbox + i) * 4 + k);
    std::array<double, 4> c;  // y1, x1, y2, x2 with y1 <= y2, x1 <= x2
    if (center) {
      c = {v[1] - v[3] / 2, v[0] - v[2] / 2, v[1] + v[3] / 2, v[0] + v[2] / 2};
    } else {
      c = {std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3])};
    }
    return c;
  };
  auto iou = [&](int64_t b, int64_t i, int64_t j) {
    auto p = corners(b, i), q = corners(b, j);
    double ih = std::max(0.0, std::min(p[2], q[2]) - std::max(p[0], q[0]));
    double iw = std::max(0.0, std::min(p[3], q[3]) - std::max(p[1], q[1]));
    double inter = ih * iw, uni = (p[2] - p[0]) * (p[3] - p[1]) + (q[2] - q[0]) * (q[3] - q[1]) - inter;
    return inter <= 0 || uni <= 0 ? 0.0 : inter / uni;
  };
  std::vector<int64_t> rows;
  for (int64_t b = 0; b < nb; ++b)
    for (int64_t c = 0; c < ncls; ++c) {
      std::vector<int64_t> cand;
      for (int64_t i = 0; i < nbox; ++i)
        if (!has_score_th || scores.AsReal((b * ncls + c) * nbox + i) > score_th) cand.push_back(i);
      std::stable_sort(cand.begin(), cand.end(), [&](int64_t i, int64_t j) {
        return scores.AsReal((b * ncls + c) * nbox + i) > scores.AsReal((b * ncls + c) * nbox + j);
      });
      std::vector<int64_t> kept;
      for (int64_t i : cand) {
        if (static_cast<int64_t>(kept.size()) >= max_out) break;
        bool keep = true;
        for (int64_t k : kept) keep = keep && iou(b, i, k) <= iou_th;
        if (keep) kept.push_back(i);
      }
      for (int64_t i : kept) rows.insert(rows.end(), {b, c, i});
    }
  ctx.SetKnownOutput(0, FromInts(rows, {static_cast<int64_t>(rows.size() / 3), 3}));
}

// The up-front check: the deciding inputs must be known.
std::string KnownInputs(const NodeForm& f, std::initializer_list<int> inputs, const char* what) {
  for (int i : inputs)
    if (f.HasInput(i) && !f.Known(i)) return std::string("a non-constant ") + what + kWhy;
  return "";
}
std::string NonZeroForms(const NodeForm& f) { return KnownInputs(f, {0}, "input"); }
std::string CompressForms(const NodeForm& f) { return KnownInputs(f, {1}, "condition"); }
std::string NmsForms(const NodeForm& f) { return KnownInputs(f, {0, 1, 2, 3, 4}, "input"); }

}  // namespace

void AddDataDependentConverters(ConverterTable* table) {
  (*table)["NonZero"] = Converter(ConvertNonZero, NonZeroForms);
  (*table)["Unique"] = Converter(ConvertUnique, NonZeroForms);
  (*table)["Compress"] = Converter(ConvertCompress, CompressForms);
  (*table)["NonMaxSuppression"] = Converter(ConvertNonMaxSuppression, NmsForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
