// Control flow. An If whose condition is known at import time (exported models branch mostly on
// shapes: torch's LocalResponseNorm checks its input's rank with an If on Shape -> Gather ->
// Equal) imports only the taken branch, in place. An If decided at run time becomes a relay If of
// both branches, as in TVM v0.14's frontend (the condition taken to a scalar); tirgen's executor
// runs it as a conditional jump (TVM needs its VM for that), and both branches must give one
// type, since programs have static shapes. A Loop is unrolled: its body is converted once per
// iteration (TVM v0.14 builds a recursive relay function, which its graph executor cannot run),
// as long as the trip count and the condition after every iteration are known at import time;
// scan outputs are stacked.
#include "const_eval.h"
#include "converter.h"
#include "unroll.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

namespace {

void ConvertRunTimeIf(NodeContext& ctx) {
  relay::Expr cond = ctx.Input(0);
  std::vector<int64_t> shape = ctx.Shape(0);
  if (ctx.DType(0) != DataType::Bool() || SaturatingNumel(shape) != 1)
    ctx.Fail("the condition must be one bool, got " + relay::TypeToString(cond->checked_type));
  if (!shape.empty()) cond = ctx.Call("take", {cond, ctx.Const(ToNDArray(FromInts({0}, {})))});  // TVM: a scalar
  std::vector<relay::Expr> then = ctx.ConvertBranch(ctx.GraphAttr("then_branch"), "then_branch");
  std::vector<relay::Expr> otherwise = ctx.ConvertBranch(ctx.GraphAttr("else_branch"), "else_branch");
  for (const auto& [branch, outs] : {std::pair{"then_branch", &then}, std::pair{"else_branch", &otherwise}})
    if (static_cast<int>(outs->size()) != ctx.num_outputs())
      ctx.Fail(std::string(branch) + " has " + std::to_string(outs->size()) + " outputs but the node " +
               std::to_string(ctx.num_outputs()));
  for (int i = 0; i < ctx.num_outputs(); ++i)
    if (!relay::TypeEqual(then[i]->checked_type, otherwise[i]->checked_type))
      ctx.Fail("output " + std::to_string(i) + " is " + relay::TypeToString(then[i]->checked_type) + " in then_branch but " +
               relay::TypeToString(otherwise[i]->checked_type) + " in else_branch; a condition known only at run time needs "
               "both branches to give one static type");
  if (ctx.num_outputs() == 1) return ctx.SetOutput(0, ctx.MakeIf(cond, then[0], otherwise[0]));
  relay::Expr both = ctx.MakeIf(cond, ctx.MakeTuple(then), ctx.MakeTuple(otherwise));
  for (int i = 0; i < ctx.num_outputs(); ++i) ctx.SetOutput(i, ctx.GetItem(both, i));
}

void ConvertIf(NodeContext& ctx) {
  if (!ctx.IsKnown(0)) return ConvertRunTimeIf(ctx);
  HostTensor cond = ctx.KnownScalar(0, "the condition");
  const char* taken = cond.AsReal(0) != 0 ? "then_branch" : "else_branch";
  std::vector<Value> outs = ctx.ConvertSubgraph(ctx.GraphAttr(taken));
  if (static_cast<int>(outs.size()) != ctx.num_outputs())
    ctx.Fail(std::string(taken) + " has " + std::to_string(outs.size()) + " outputs but the node " +
             std::to_string(ctx.num_outputs()));
  for (int i = 0; i < ctx.num_outputs(); ++i) ctx.SetOutputValue(i, outs[i]);
}

void ConvertLoop(NodeContext& ctx) {
  const onnx::GraphProto& body = ctx.GraphAttr("body");
  int carried = ctx.num_inputs() - 2;
  if (carried < 0) ctx.Fail("Loop takes the inputs M, cond and the loop-carried values");
  if (body.input_size() != carried + 2)
    ctx.Fail("the body has " + std::to_string(body.input_size()) + " inputs, not 2 + " + std::to_string(carried) +
             " (iteration number, condition, loop-carried values)");
  int scans = body.output_size() - 1 - carried;
  if (scans < 0) ctx.Fail("the body has fewer outputs than 1 + " + std::to_string(carried) + " (condition, loop-carried values)");
  if (ctx.num_outputs() > carried + scans) ctx.Fail("the node has more outputs than the body's loop-carried and scan outputs");
  int64_t trips = -1;
  if (ctx.HasInput(0)) trips = std::max<int64_t>(0, ctx.KnownScalar(0, "the trip count M").AsInt(0));
  bool cond = true;
  if (ctx.HasInput(1)) cond = ctx.KnownScalar(1, "the condition").AsReal(0) != 0;
  if (trips < 0 && !ctx.HasInput(1)) ctx.Fail("a Loop without trip count and condition never ends");
  std::vector<Value> values;
  for (int i = 0; i < carried; ++i) values.push_back(ctx.InputValue(i + 2));
  auto bind = [](int64_t it, const std::vector<Value>& state) {
    HostTensor iter = HostTensor::Make({}, DataType::Int(64)), c = HostTensor::Make({}, DataType::Bool());
    iter.SetInt(0, it);
    c.SetInt(0, 1);
    std::vector<Value> bound = {KnownValue(ToNDArray(iter)), KnownValue(ToNDArray(c))};
    bound.insert(bound.end(), state.begin(), state.end());
    return bound;
  };
  auto next = [&](int64_t it, const std::vector<Value>& outs) {
    if (!outs[0].IsTensor() || !outs[0].known.defined())
      ctx.Fail("the condition after iteration " + std::to_string(it) + " ('" + body.output(0).name() +
               "') is only known at run time; tirgen unrolls a Loop only when its trip count and "
               "condition fold to constants at import time");
    HostTensor c = FromNDArray(outs[0].known);
    if (c.size() != 1) ctx.Fail("the body's condition output must have one element");
    return c.AsReal(0) != 0;
  };
  Unrolled u = Unroll(ctx, body, std::move(values), 1, scans, trips, cond, bind, next);
  for (int i = 0; i < carried; ++i) ctx.SetOutputValue(i, u.state[i]);
  for (int k = 0; k < scans; ++k)
    if (ctx.HasOutput(carried + k))
      ctx.SetOutput(carried + k, StackIterations(ctx, u.scanned[k], 0, false, "scan output " + std::to_string(k)));
}

std::string LoopForms(const NodeForm& f) {
  if (f.HasInput(0) && !f.Known(0)) return "a trip count known only at run time";
  if (f.HasInput(1) && !f.Known(1)) return "a condition known only at run time";
  if (!f.HasInput(0) && !f.HasInput(1)) return "neither trip count nor condition";
  return "";
}

}  // namespace

void AddControlConverters(ConverterTable* table) {
  (*table)["If"] = {ConvertIf};
  (*table)["Loop"] = Converter(ConvertLoop, LoopForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
