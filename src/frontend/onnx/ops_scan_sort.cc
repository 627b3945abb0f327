// Trilu, CumSum, TopK (largest=0 as an ascending topk), ScatterND and ScatterElements/Scatter, mapped as TVM v0.14's frontend maps them (relay trilu,
// cumsum with reverse around it, topk with int64 indices, scatter_nd with the index tuple
// moved to the front).
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::Expr;

void ConvertTrilu(NodeContext& ctx) {
  Expr k;
  if (ctx.HasInput(1)) {
    k = ctx.Input(1);
    if (ctx.Rank(1) != 0) k = ctx.Reshape(k, {});
  } else {
    k = ctx.Const(ToNDArray(HostTensor::Make({}, DataType::Int(32))));  // TVM: const(0, "int32")
  }
  ctx.SetOutput(0, ctx.Call("trilu", {ctx.Input(0), k}, {{"upper", relay::AttrBool(ctx.Int("upper", 1) != 0)}}));
}

void ConvertCumSum(NodeContext& ctx) {
  std::vector<int64_t> axis = ctx.KnownInts(1, "axis");
  if (axis.size() != 1) ctx.Fail("axis must hold one value");
  ctx.Axis(axis[0], ctx.Rank(0));
  relay::AttrFields attrs = {{"axis", AttrInt(axis[0])}};
  if (ctx.Int("exclusive", 0) != 0) attrs.push_back({"exclusive", relay::AttrBool(true)});
  Expr x = ctx.Input(0);
  bool reverse = ctx.Int("reverse", 0) != 0;
  if (reverse) x = ctx.Call("reverse", {x}, {{"axis", AttrInt(axis[0])}});
  Expr out = ctx.Call("cumsum", {x}, attrs);
  if (reverse) out = ctx.Call("reverse", {out}, {{"axis", AttrInt(axis[0])}});
  ctx.SetOutput(0, out);
}

void ConvertTopK(NodeContext& ctx) {
  std::vector<int64_t> k = ctx.KnownInts(1, "K");
  if (k.size() != 1) ctx.Fail("K must hold one value");
  int64_t axis = ctx.Int("axis", -1);
  int a = ctx.Axis(axis, ctx.Rank(0));
  if (k[0] < 1 || k[0] > ctx.Shape(0)[a])
    ctx.Fail("K " + std::to_string(k[0]) + " is not in [1, " + std::to_string(ctx.Shape(0)[a]) + "]");
  relay::AttrFields attrs = {{"k", AttrInt(k[0])}, {"axis", AttrInt(axis)}, {"dtype", String("int64")}};
  // largest=0: TVM sorts and argsorts, then slices k; topk ascending gives the same values and
  // indices (ties: lower index first, as ONNX specifies).
  if (ctx.Int("largest", 1) == 0) attrs.push_back({"is_ascend", relay::AttrBool(true)});
  Expr both = ctx.Call("topk", {ctx.Input(0)}, attrs);
  ctx.SetOutput(0, ctx.GetItem(both, 0));
  if (ctx.HasOutput(1)) ctx.SetOutput(1, ctx.GetItem(both, 1));
}

void ConvertScatterND(NodeContext& ctx) {
  int r = ctx.Rank(1);
  std::vector<int64_t> axes{r - 1};
  for (int i = 0; i + 1 < r; ++i) axes.push_back(i);
  Expr idx = ctx.Call("transpose", {ctx.Input(1)}, {{"axes", relay::AttrInts(axes)}});
  relay::AttrFields attrs;
  std::string mode = ctx.Str("reduction", "none");
  if (mode != "none") attrs.push_back({"mode", String(mode)});
  ctx.SetOutput(0, ctx.Call("scatter_nd", {ctx.Input(0), idx, ctx.Input(2)}, attrs));
}

// ScatterElements (and the deprecated Scatter, its opset-9 name): relay scatter_elements.
void ConvertScatterElements(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  int64_t axis = ctx.Axis(ctx.Int("axis", 0), rank);
  std::string mode = ctx.Str("reduction", "none");
  relay::AttrFields attrs = {{"axis", AttrInt(axis)}, {"reduction", String(mode == "none" ? "update" : mode)}};
  ctx.SetOutput(0, ctx.Call("scatter_elements", {ctx.Input(0), ctx.Input(1), ctx.Input(2)}, attrs));
}

std::string ScatterElementsForms(const NodeForm& f) {
  std::string mode = f.Str("reduction", "none");
  if (mode != "none" && mode != "add" && mode != "mul" && mode != "min" && mode != "max")
    return "reduction '" + mode + "'";
  return f.Rank(0) == 0 ? "a 0-d input" : "";
}

std::string ScatterNDForms(const NodeForm& f) {
  std::string mode = f.Str("reduction", "none");
  if (mode != "none" && mode != "add" && mode != "mul" && mode != "min" && mode != "max") return "reduction '" + mode + "'";
  return "";
}

std::string TriluForms(const NodeForm& f) {
  return f.Rank(0) >= 0 && f.Rank(0) < 2 ? "an input of rank " + std::to_string(f.Rank(0)) : "";
}

}  // namespace

void AddScanSortConverters(ConverterTable* table) {
  (*table)["Trilu"] = Converter(ConvertTrilu, TriluForms);
  (*table)["CumSum"] = ConvertCumSum;
  (*table)["TopK"] = ConvertTopK;
  (*table)["ScatterND"] = Converter(ConvertScatterND, ScatterNDForms);
  (*table)["ScatterElements"] = Converter(ConvertScatterElements, ScatterElementsForms);
  (*table)["Scatter"] = Converter(ConvertScatterElements, ScatterElementsForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
