// LpPool and GlobalLpPool on 1-, 2- and 3-D inputs, as TVM v0.14's frontend builds them:
// power(x, p), an average pool counting the padding (nn.avg_pool1d/2d/3d), times the window
// size, abs, power(1/p). GlobalLpPool is LpPool with the whole spatial extent as its window.
// Like TVM (and torch's lp_pool), x is raised to p without abs: for odd p and negative inputs
// this differs from ONNX's sum(|x|^p)^(1/p).
#include "const_eval.h"
#include "converter.h"
#include "window.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInts;
using relay::Expr;

void LpPool(NodeContext& ctx, const std::vector<int64_t>& kernel) {
  std::vector<int64_t> shape = ctx.Shape(0);
  int rank = static_cast<int>(shape.size());
  Window w = ReadWindow(ctx, SpatialDims(ctx, shape, "input"), kernel);
  DataType dt = ctx.DType(0);
  int64_t p = ctx.Int("p", 2);
  if (p < 1) ctx.Fail("p must be a positive integer");
  int64_t size = SaturatingNumel(w.kernel);  // kernel_shape is unbounded model data
  Expr x = ctx.Call("power", {ctx.Input(0), ctx.Scalar(static_cast<double>(p), dt)});
  relay::AttrFields attrs = {{"pool_size", AttrInts(w.kernel)},   {"strides", AttrInts(w.strides)},
                             {"dilation", AttrInts(w.dilations)}, {"padding", AttrInts(w.pads)},
                             {"ceil_mode", relay::AttrBool(false)}, {"count_include_pad", relay::AttrBool(true)}};
  Expr avg = ctx.Call(Picked("nn.avg_pool", rank), {x}, attrs);
  Expr sum = ctx.Call("multiply", {ctx.Call("abs", {avg}), ctx.Scalar(static_cast<double>(size), dt)});
  ctx.SetOutput(0, ctx.Call("power", {sum, ctx.Scalar(1.0 / static_cast<double>(p), dt)}));
}

void ConvertLpPool(NodeContext& ctx) {
  if (!ctx.HasAttr("kernel_shape")) ctx.Fail("attribute 'kernel_shape' is required");
  LpPool(ctx, ctx.Ints("kernel_shape"));
}

void ConvertGlobalLpPool(NodeContext& ctx) {
  std::vector<int64_t> shape = ctx.Shape(0);
  LpPool(ctx, SpatialDims(ctx, shape, "input"));
}

std::string LpPoolForms(const NodeForm& f) {
  int rank = f.Rank(0);
  if (rank >= 0 && (rank < 3 || rank > 5))
    return "an input of rank " + std::to_string(rank) + " (1-, 2- and 3-D " + f.node.op_type() +
           ", inputs of rank 3 to 5, are supported)";
  if (f.Int("p", 2) < 1) return "p=" + std::to_string(f.Int("p", 2));
  if (f.Int("ceil_mode", 0) != 0) return "ceil_mode=" + std::to_string(f.Int("ceil_mode", 0));  // opset 18
  return "";
}

}  // namespace

void AddLpPoolConverters(ConverterTable* table) {
  (*table)["LpPool"] = Converter(ConvertLpPool, LpPoolForms);
  (*table)["GlobalLpPool"] = Converter(ConvertGlobalLpPool, LpPoolForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
