// Control flow: If whose condition is known at import time. tirgen's programs have static
// shapes, and exported models branch mostly on shapes (torch's LocalResponseNorm checks its
// input's rank with an If on Shape -> Gather -> Equal), which fold to constants here: the taken
// branch is imported in place and the other one never is. TVM v0.14's frontend builds a relay
// If of both branches instead, which its graph executor cannot run. A condition known only at
// run time is an error naming the node.
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

namespace {

void ConvertIf(NodeContext& ctx) {
  if (!ctx.IsKnown(0))
    ctx.Fail("the condition ('" + ctx.node().input(0) +
             "') is only known at run time; tirgen imports If only when its condition folds to a constant "
             "at import time (static shapes), so fix the input shapes or remove the branch");
  HostTensor cond = ctx.KnownScalar(0, "the condition");
  const char* taken = cond.AsReal(0) != 0 ? "then_branch" : "else_branch";
  std::vector<Value> outs = ctx.ConvertSubgraph(ctx.GraphAttr(taken));
  if (static_cast<int>(outs.size()) != ctx.num_outputs())
    ctx.Fail(std::string(taken) + " has " + std::to_string(outs.size()) + " outputs but the node " +
             std::to_string(ctx.num_outputs()));
  for (int i = 0; i < ctx.num_outputs(); ++i) ctx.SetOutputValue(i, outs[i]);
}

}  // namespace

void AddControlConverters(ConverterTable* table) { (*table)["If"] = {ConvertIf}; }

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
