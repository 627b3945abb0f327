// ATen (PyTorch's fallback node, default domain or org.pytorch.aten), as TVM v0.14's frontend
// maps it: the `operator` attribute picks one of size, arange, index_put, reshape and
// embedding_bag; every other operator is refused up front, naming the ones supported.
//  - size: the input's size along `dim` (TVM takes the last dim whatever `dim` says; here a
//    given dim is honoured, the last one without it). Shapes are static, so it is known.
//  - arange(start, end, step): int64, known at import (TVM's arange of constants, folded).
//  - index_put(data, indices..., values, accumulate): scatter_nd of the stacked indices
//    ("add" when accumulating); values that are not 1-D pair with the Cartesian product of
//    the indices (TVM's tile/repeat unfolding).
//  - reshape(data, shape): reshape to the known shape.
//  - embedding_bag(weight, indices, offsets): take the rows, one bag per offset of equal length
//    (indices reshaped to (bags, -1), as TVM), reduced by mode 0 sum, 1 mean (default), 2
//    max; outputs 1-3 are float32 zeros, as TVM. TVM never reads the offsets' values; here
//    offsets known at import must be those equal bags (0, L, 2L, ...), or a located error.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

constexpr int64_t kMaxArange = int64_t{1} << 24;  // as Range: a constant built at import

const char* const kOperators[] = {"size", "arange", "index_put", "reshape", "embedding_bag"};

std::string SupportedList() {
  std::string s;
  for (const char* op : kOperators) s += std::string(s.empty() ? "" : ", ") + op;
  return s;
}

void Size(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  if (shape.empty()) ctx.Fail("size of a 0-d tensor");
  int dim = static_cast<int>(shape.size()) - 1;
  if (ctx.HasInput(1)) dim = ctx.Axis(ctx.KnownScalar(1, "dim").AsInt(0), static_cast<int>(shape.size()), "dim");
  ctx.SetKnownOutput(0, FromInts({shape[dim]}, {}));
}

void Arange(NodeContext& ctx) {
  int64_t start = ctx.KnownScalar(0, "start").AsInt(0), end = ctx.KnownScalar(1, "end").AsInt(0),
          step = ctx.KnownScalar(2, "step").AsInt(0);
  if (step == 0) ctx.Fail("step must not be 0");
  double count = std::ceil((static_cast<double>(end) - static_cast<double>(start)) / static_cast<double>(step));
  if (!(count < static_cast<double>(kMaxArange))) ctx.Fail("the range has too many elements to build at import time");
  int64_t n = std::max<int64_t>(0, static_cast<int64_t>(count));
  std::vector<int64_t> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(start + i * step);
  ctx.SetKnownOutput(0, FromInts(v, {n}));
}

void IndexPut(NodeContext& ctx) {
  int n = ctx.num_inputs();
  if (n < 4) ctx.Fail("index_put takes data, at least one index tensor, values and accumulate");
  bool accumulate = ctx.KnownScalar(n - 1, "accumulate").AsInt(0) != 0;
  std::vector<Expr> indices;
  std::vector<int64_t> sizes;
  for (int i = 1; i < n - 2; ++i) {
    int64_t len = 1;
    for (int64_t d : ctx.Shape(i)) len *= d;
    if (!ctx.DType(i).is_int()) ctx.Fail("index " + std::to_string(i - 1) + " must be integers, not " + ctx.DType(i).str());
    indices.push_back(ctx.Reshape(ctx.Input(i), {len}));
    sizes.push_back(len);
  }
  Expr values = ctx.Input(n - 2);
  if (ctx.Rank(n - 2) != 1) {  // TVM's unfolding: index k tiled by the sizes before it, repeated by those after
    size_t m = indices.size();
    for (size_t k = 0; k < m; ++k) {
      int64_t tile = 1, repeat = 1;
      for (size_t j = 0; j < m; ++j) {
        int64_t& r = j < k ? tile : repeat;
        if (j != k && (__builtin_mul_overflow(r, sizes[j], &r) || r > INT32_MAX))
          ctx.Fail("the index tensors' sizes multiply past 2^31 - 1 elements (the unfolded indices); use fewer or smaller index tensors");
      }
      Expr t = ctx.Call("tile", {indices[k]}, {{"reps", AttrInts({tile})}});
      indices[k] = ctx.Call("repeat", {t}, {{"repeats", AttrInt(repeat)}, {"axis", AttrInt(0)}});
    }
    values = ctx.Reshape(values, {-1});
  }
  for (size_t k = 1; k < indices.size(); ++k)
    if (indices[k]->checked_type.as<relay::TensorTypeNode>()->dtype != indices[0]->checked_type.as<relay::TensorTypeNode>()->dtype)
      indices[k] = ctx.Call("cast", {indices[k]}, {{"dtype", String(ctx.DType(1).str())}});
  Expr stacked = ctx.Call("stack", {ctx.MakeTuple(indices)}, {{"axis", AttrInt(0)}});
  ctx.SetOutput(0, ctx.Call("scatter_nd", {ctx.Input(0), stacked, values}, {{"mode", String(accumulate ? "add" : "update")}}));
}

void Reshape(NodeContext& ctx) {
  ctx.SetOutput(0, ctx.Call("reshape", {ctx.Input(0)}, {{"newshape", AttrInts(ctx.KnownInts(1, "shape"))}}));
}

void EmbeddingBag(NodeContext& ctx) {
  int64_t mode = ctx.Int("mode", 1);
  if (mode < 0 || mode > 2) ctx.Fail("mode " + std::to_string(mode) + " is not 0 (sum), 1 (mean) or 2 (max)");
  if (ctx.Rank(0) != 2) ctx.Fail("weight must be 2-D (rows, dim)");
  std::vector<int64_t> offsets = ctx.Shape(2);
  if (offsets.size() != 1) ctx.Fail("offsets must be 1-D");
  int64_t bags = offsets[0], count = 1;
  for (int64_t d : ctx.Shape(1)) count *= d;
  if (bags < 1 || count % bags != 0)
    ctx.Fail(std::to_string(count) + " indices do not split into " + std::to_string(bags) + " bags of equal length");
  int64_t len = count / bags;
  if (ctx.IsKnown(2)) {
    std::vector<int64_t> at = ctx.KnownInts(2, "offsets");
    for (int64_t b = 0; b < bags; ++b)
      if (at[b] != b * len)
        ctx.Fail("offsets must start bags of equal length (0, " + std::to_string(len) + ", ...); offset " +
                 std::to_string(b) + " is " + std::to_string(at[b]));
  }
  Expr idx = ctx.Call("cast", {ctx.Reshape(ctx.Input(1), {bags, -1})}, {{"dtype", String("int64")}});
  Expr rows = ctx.Call("take", {ctx.Input(0), idx}, {{"axis", AttrInt(0)}});
  const char* reduce = mode == 0 ? "sum" : mode == 1 ? "mean" : "max";
  ctx.SetOutput(0, ctx.Call(reduce, {rows}, {{"axis", AttrInts({1})}}));
  for (int i = 1; i < 4; ++i)
    if (ctx.HasOutput(i)) ctx.SetOutput(i, ctx.Scalar(0, DataType::Float(32)));
}

void ConvertATen(NodeContext& ctx) {
  std::string op = ctx.Str("operator", "");
  if (op == "size") return Size(ctx);
  if (op == "arange") return Arange(ctx);
  if (op == "index_put") return IndexPut(ctx);
  if (op == "reshape") return Reshape(ctx);
  if (op == "embedding_bag") return EmbeddingBag(ctx);
  ctx.Fail("operator '" + op + "' is not supported (only " + SupportedList() + ")");
}

std::string ATenForms(const NodeForm& f) {
  std::string op = f.Str("operator", "");
  if (std::find(std::begin(kOperators), std::end(kOperators), op) == std::end(kOperators))
    return "operator '" + op + "' (tirgen, as TVM, maps only " + SupportedList() + ")";
  auto all_known = [&](int from, int to) {
    for (int i = from; i < to; ++i)
      if (!f.Known(i)) return false;
    return true;
  };
  int n = f.node.input_size();
  if (op == "arange" && (n < 3 || !all_known(0, 3))) return "operator 'arange' with start, end or step computed at run time";
  if (op == "reshape" && (n < 2 || !f.Known(1))) return "operator 'reshape' with a shape computed at run time";
  if (op == "index_put" && (n < 4 || !f.Known(n - 1))) return "operator 'index_put' with accumulate computed at run time";
  if (op == "size" && f.HasInput(1) && !f.Known(1)) return "operator 'size' with a dim computed at run time";
  if (op == "embedding_bag" && f.Rank(0) >= 0 && f.Rank(0) != 2) return "operator 'embedding_bag' with a weight of rank " + std::to_string(f.Rank(0));
  return "";
}

}  // namespace

void AddATenConverters(ConverterTable* table) {
  (*table)["ATen"] = Converter(ConvertATen, ATenForms);
  (*table)["org.pytorch.aten.ATen"] = Converter(ConvertATen, ATenForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
