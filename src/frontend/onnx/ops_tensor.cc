// Value sources: Constant, ConstantOfShape, Shape, Size, Range. Their results are known at
// import time (so the shape subgraphs built on them fold); large ConstantOfShape results stay
// a relay `full`.
#include <algorithm>
#include <cmath>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

// Beyond this many elements a ConstantOfShape is emitted as `full` instead of a constant.
constexpr int64_t kMaxConstantFill = 1024;
// Range results are import-time constants; beyond this they are refused (relay has no arange).
constexpr int64_t kMaxRange = int64_t{1} << 24;

void ConvertConstant(NodeContext& ctx) {
  if (ctx.HasAttr("value")) {
    ctx.SetKnownOutput(0, ctx.TensorAttr("value"));
  } else if (ctx.HasAttr("value_float")) {
    HostTensor t = HostTensor::Make({}, DataType::Float(32));
    t.Set(0, ctx.Float("value_float", 0));
    ctx.SetKnownOutput(0, t);
  } else if (ctx.HasAttr("value_floats")) {
    std::vector<double> v = ctx.Floats("value_floats");
    HostTensor t = HostTensor::Make({static_cast<int64_t>(v.size())}, DataType::Float(32));
    for (size_t i = 0; i < v.size(); ++i) t.Set(static_cast<int64_t>(i), v[i]);
    ctx.SetKnownOutput(0, t);
  } else if (ctx.HasAttr("value_int")) {
    ctx.SetKnownOutput(0, FromInts({ctx.Int("value_int", 0)}, {}));
  } else if (ctx.HasAttr("value_ints")) {
    ctx.SetKnownOutput(0, FromInts(ctx.Ints("value_ints")));
  } else {
    ctx.Fail("only value, value_float(s) and value_int(s) constants are supported");
  }
}

void ConvertConstantOfShape(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.KnownInts(0, "shape");
  HostTensor fill = HostTensor::Make({}, DataType::Float(32));
  if (ctx.HasAttr("value")) {
    NDArray v = ctx.TensorAttr("value");
    if (v->NumElements() != 1) ctx.Fail("attribute 'value' must hold one element");
    if (!HostDTypeSupported(v->dtype)) ctx.Fail("value dtype " + v->dtype.str() + " is not supported");
    fill = FromNDArray(v);
    fill.shape = {};
  }
  ctx.CheckShape(shape, "shape");
  if (SaturatingNumel(shape) <= kMaxConstantFill) {
    ctx.SetKnownOutput(0, EvalBroadcastTo(fill, shape));
    return;
  }
  relay::AttrFields attrs = {{"shape", relay::AttrInts(shape)}, {"dtype", String(fill.dtype.str())}};
  ctx.SetOutput(0, ctx.Call("full", {ctx.Const(ToNDArray(fill))}, attrs));
}

void ConvertShape(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  int64_t rank = static_cast<int64_t>(shape.size());
  auto clamp = [&](int64_t v) {
    if (v < 0) v += rank;
    return std::min(std::max<int64_t>(v, 0), rank);
  };
  int64_t start = clamp(ctx.Int("start", 0)), end = clamp(ctx.Int("end", rank));
  std::vector<int64_t> out;
  for (int64_t i = start; i < end; ++i) out.push_back(shape[i]);
  ctx.SetKnownOutput(0, FromInts(out));
}

void ConvertSize(NodeContext& ctx) {
  int64_t n = 1;
  for (int64_t d : ctx.Shape(0)) n *= d;
  ctx.SetKnownOutput(0, FromInts({n}, {}));
}

void ConvertRange(NodeContext& ctx) {
  HostTensor start = ctx.KnownScalar(0, "start"), limit = ctx.KnownScalar(1, "limit"),
             delta = ctx.KnownScalar(2, "delta");
  double s = start.AsReal(0), l = limit.AsReal(0), d = delta.AsReal(0);
  if (d == 0) ctx.Fail("delta must not be 0");
  double count = std::ceil((l - s) / d);
  if (!(count < static_cast<double>(kMaxRange))) ctx.Fail("the range has too many elements to build at import time");
  int64_t n = std::max<int64_t>(0, static_cast<int64_t>(count));
  HostTensor out = HostTensor::Make({n}, start.dtype);
  for (int64_t i = 0; i < n; ++i) {
    if (out.real()) out.Set(i, s + static_cast<double>(i) * d);
    else out.SetInt(i, start.AsInt(0) + i * delta.AsInt(0));
  }
  ctx.SetKnownOutput(0, out);
}

}  // namespace

void AddTensorConverters(ConverterTable* table) {
  (*table)["Constant"] = ConvertConstant;
  (*table)["ConstantOfShape"] = ConvertConstantOfShape;
  (*table)["Shape"] = ConvertShape;
  (*table)["Size"] = ConvertSize;
  (*table)["Range"] = ConvertRange;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
