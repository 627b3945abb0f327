// Scan, unrolled at import time over its static sequence length (the shared unrolling of
// unroll.h, as Loop): iteration t binds the state variables and slice t of every scan input
// (`take` along its scan axis, from the end when its direction is 1), and the scan outputs are
// stacked along their axes (in reverse order for direction 1). TVM v0.14 builds a relay while
// loop of the same steps, which its graph executor cannot run.
// Opset 8's batched form is out of reach: tirgen imports opsets 11 to 20.
#include "const_eval.h"
#include "converter.h"
#include "unroll.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::Expr;

std::vector<int64_t> ShapeOf(const Value& v) { return v.type.as<relay::TensorTypeNode>()->ConstShape(); }

// Entry `index` of `v` along `axis` (the axis removed).
Value Slice(NodeContext& ctx, Value v, int64_t index, int axis) {
  Expr e = ctx.Call("take", {ctx.Materialize(v), ctx.Scalar(static_cast<double>(index), DataType::Int(64))},
                    {{"axis", AttrInt(axis)}});
  return TensorValue(e, ctx.name());
}

struct ScanAttrs {
  std::vector<int64_t> in_axes, in_dirs, out_axes, out_dirs;
};

// Opset 9+'s scan over `states` and `inputs`: the final states, then the scan outputs.
std::vector<Value> ScanOnce(NodeContext& ctx, const onnx::GraphProto& body, std::vector<Value> states,
                            const std::vector<Value>& inputs, const ScanAttrs& a) {
  int num_states = static_cast<int>(states.size()), m = static_cast<int>(inputs.size());
  int scans = body.output_size() - num_states;
  std::vector<int> axes;
  int64_t length = -1;
  for (int j = 0; j < m; ++j) {
    if (!inputs[j].IsTensor()) ctx.Fail("scan input " + std::to_string(j) + " must be a tensor");
    std::vector<int64_t> shape = ShapeOf(inputs[j]);
    axes.push_back(ctx.Axis(a.in_axes[j], static_cast<int>(shape.size()), "scan_input_axes[" + std::to_string(j) + "]"));
    int64_t n = shape[axes[j]];
    if (length >= 0 && n != length)
      ctx.Fail("scan input " + std::to_string(j) + " has " + std::to_string(n) + " entries along its scan axis, "
               "scan input 0 has " + std::to_string(length));
    length = n;
  }
  auto bind = [&](int64_t it, const std::vector<Value>& state) {
    std::vector<Value> bound = state;
    for (int j = 0; j < m; ++j) bound.push_back(Slice(ctx, inputs[j], a.in_dirs[j] ? length - 1 - it : it, axes[j]));
    return bound;
  };
  Unrolled u = Unroll(ctx, body, std::move(states), 0, scans, length, true, bind,
                      [](int64_t, const std::vector<Value>&) { return true; });
  std::vector<Value> outs = u.state;
  for (int k = 0; k < scans; ++k)
    outs.push_back(TensorValue(StackIterations(ctx, u.scanned[k], a.out_axes[k], a.out_dirs[k] != 0,
                                               "scan output " + std::to_string(k)),
                               ctx.name()));
  return outs;
}

// An attribute list of `n` entries (default `dflt` each).
std::vector<int64_t> PerEntry(NodeContext& ctx, const std::string& name, int n, int64_t dflt) {
  std::vector<int64_t> v = ctx.Ints(name, std::vector<int64_t>(n, dflt));
  if (static_cast<int>(v.size()) != n)
    ctx.Fail("attribute '" + name + "' has " + std::to_string(v.size()) + " entries, not " + std::to_string(n));
  return v;
}

void ConvertScan(NodeContext& ctx) {
  const onnx::GraphProto& body = ctx.GraphAttr("body");
  if (!ctx.HasAttr("num_scan_inputs")) ctx.Fail("attribute 'num_scan_inputs' is required");
  int64_t m = ctx.Int("num_scan_inputs", 0);
  int num_states = ctx.num_inputs() - static_cast<int>(m);
  if (m < 1 || num_states < 0)
    ctx.Fail("num_scan_inputs is " + std::to_string(m) + " for " + std::to_string(ctx.num_inputs()) +
             " inputs (at least one scan input)");
  if (body.input_size() != ctx.num_inputs())
    ctx.Fail("the body has " + std::to_string(body.input_size()) + " inputs, not " + std::to_string(num_states) +
             " states + " + std::to_string(m) + " scan inputs");
  int scans = body.output_size() - num_states;
  if (scans < 0) ctx.Fail("the body has fewer outputs than the " + std::to_string(num_states) + " states");
  if (ctx.num_outputs() > num_states + scans) ctx.Fail("the node has more outputs than the body");
  ScanAttrs a;
  a.in_axes = PerEntry(ctx, "scan_input_axes", static_cast<int>(m), 0);
  a.in_dirs = PerEntry(ctx, "scan_input_directions", static_cast<int>(m), 0);
  a.out_axes = PerEntry(ctx, "scan_output_axes", scans, 0);
  a.out_dirs = PerEntry(ctx, "scan_output_directions", scans, 0);
  std::vector<Value> states, inputs;
  for (int i = 0; i < num_states; ++i) states.push_back(ctx.InputValue(i));
  for (int j = 0; j < m; ++j) inputs.push_back(ctx.InputValue(num_states + j));
  std::vector<Value> outs = ScanOnce(ctx, body, states, inputs, a);
  for (int i = 0; i < ctx.num_outputs(); ++i) ctx.SetOutputValue(i, outs[i]);
}

}  // namespace

void AddScanConverters(ConverterTable* table) { (*table)["Scan"] = ConvertScan; }

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
