// Import-time unrolling of Loop and Scan bodies (see unroll.h).
#include "unroll.h"

#include <algorithm>

namespace tirgen {
namespace frontend {
namespace onnx_import {

Unrolled Unroll(NodeContext& ctx, const onnx::GraphProto& body, std::vector<Value> state, int lead,
                int scans, int64_t limit, bool run, const BindIteration& bind, const NextIteration& next) {
  Unrolled u{std::move(state), std::vector<std::vector<Value>>(scans)};
  size_t carried = u.state.size();
  TIRGEN_ICHECK(static_cast<size_t>(body.output_size()) == lead + carried + scans)
      << "the caller checks the body's output count";
  std::vector<Value> initializers = ctx.SubgraphInitializers(body);  // decoded once, bound per iteration
  for (int64_t it = 0; run && (limit < 0 || it < limit); ++it) {
    if (it == kMaxUnrolled)
      ctx.Fail("runs more than " + std::to_string(kMaxUnrolled) + " iterations, more than tirgen unrolls");
    std::vector<Value> outs = ctx.ConvertBody(body, bind(it, u.state), initializers);
    run = next(it, outs);
    u.state.assign(outs.begin() + lead, outs.begin() + lead + static_cast<std::ptrdiff_t>(carried));
    for (int k = 0; k < scans; ++k) u.scanned[k].push_back(outs[lead + carried + k]);
  }
  return u;
}

relay::Expr StackIterations(NodeContext& ctx, std::vector<Value> parts, int64_t axis, bool reverse,
                            const std::string& what) {
  if (parts.empty()) ctx.Fail("no iteration runs, so " + what + " has no shape");
  if (reverse) std::reverse(parts.begin(), parts.end());
  std::vector<relay::Expr> fields;
  for (Value& v : parts) fields.push_back(ctx.Materialize(v));
  int rank = static_cast<int>(fields[0]->checked_type.as<relay::TensorTypeNode>()->shape.size());
  int a = ctx.Axis(axis, rank + 1, "the axis of " + what);
  return ctx.Call("stack", {ctx.MakeTuple(fields)}, {{"axis", relay::AttrInt(a)}});
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
