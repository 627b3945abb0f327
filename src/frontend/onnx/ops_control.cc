// Control flow. An If whose condition is known at import time (exported models branch mostly on
// shapes: torch's LocalResponseNorm checks its input's rank with an If on Shape -> Gather ->
// Equal) imports only the taken branch, in place. An If decided at run time becomes a relay If of
// both branches, as in TVM v0.14's frontend (the condition taken to a scalar); tirgen's executor
// runs it as a conditional jump (TVM needs its VM for that), and both branches must give one
// type, since programs have static shapes. A Loop whose trip count and condition after every
// iteration are known at import time is unrolled: its body is converted once per iteration and
// scan outputs are stacked (at most kMaxUnrolled iterations). Any other Loop becomes TVM v0.14's
// recursive relay function (loop_function.h), which tirgen's executor runs as a backward jump.
#include "const_eval.h"
#include "converter.h"
#include "loop_function.h"
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
  if (!ctx.HasInput(0) && !ctx.HasInput(1)) ctx.Fail("a Loop without trip count and condition never ends");
  if ((ctx.HasInput(0) && !ctx.IsKnown(0)) || (ctx.HasInput(1) && !ctx.IsKnown(1))) return ConvertLoopAsFunction(ctx);
  int64_t trips = -1;
  if (ctx.HasInput(0)) trips = std::max<int64_t>(0, ctx.KnownScalar(0, "the trip count M").AsInt(0));
  bool cond = true;
  if (ctx.HasInput(1)) cond = ctx.KnownScalar(1, "the condition").AsReal(0) != 0;
  if (trips > kMaxUnrolled) return ConvertLoopAsFunction(ctx);
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
  // Unrolling stops (and the Loop becomes a function instead) when the condition an iteration
  // gives is known only at run time, or when more than kMaxUnrolled iterations would run.
  bool run_time = false;
  auto next = [&](int64_t it, const std::vector<Value>& outs) {
    if (!ctx.HasInput(1)) return true;  // a for loop: the body's condition is not read
    if (!outs[0].IsTensor() || !outs[0].known.defined() || it + 1 >= kMaxUnrolled) {
      run_time = true;
      return false;
    }
    HostTensor c = FromNDArray(outs[0].known);
    if (c.size() != 1) ctx.Fail("the body's condition output must have one element");
    return c.AsReal(0) != 0;
  };
  Unrolled u = Unroll(ctx, body, std::move(values), 1, scans, trips, cond, bind, next);
  if (run_time) return ConvertLoopAsFunction(ctx);
  for (int i = 0; i < carried; ++i) ctx.SetOutputValue(i, u.state[i]);
  for (int k = 0; k < scans; ++k)
    if (ctx.HasOutput(carried + k))
      ctx.SetOutput(carried + k, StackIterations(ctx, u.scanned[k], 0, false, "scan output " + std::to_string(k)));
}

// Whether the body's file declares two different types for a value (element types, or shapes
// whose dims are all given): what a carried value needs to stay one static type.
bool DeclaredTypesDiffer(const onnx::ValueInfoProto& a, const onnx::ValueInfoProto& b) {
  if (!a.type().has_tensor_type() || !b.type().has_tensor_type()) return false;
  const auto &x = a.type().tensor_type(), &y = b.type().tensor_type();
  if (x.elem_type() && y.elem_type() && x.elem_type() != y.elem_type()) return true;
  if (!x.has_shape() || !y.has_shape()) return false;
  auto all_given = [](const onnx::TensorShapeProto& s) {
    for (const auto& d : s.dim())
      if (!d.has_dim_value()) return false;
    return true;
  };
  if (!all_given(x.shape()) || !all_given(y.shape())) return false;
  if (x.shape().dim_size() != y.shape().dim_size()) return true;
  for (int i = 0; i < x.shape().dim_size(); ++i)
    if (x.shape().dim(i).dim_value() != y.shape().dim(i).dim_value()) return true;
  return false;
}

// A Loop decided at run time cannot give a scan output (its length is a run-time fact), and
// carries tensors only, each of one static type. Up front the file's known values show whether
// the Loop is unrolled; at conversion only its trip count's and condition's known-ness does (the
// conversion names the rest).
std::string LoopForms(const NodeForm& f) {
  if (!f.HasInput(0) && !f.HasInput(1)) return "neither trip count nor condition (it never ends)";
  std::string why;
  if (f.known_names && f.known_ints) why = LoopRunTimeReason(f.node, *f.known_names, *f.known_ints);
  else if (f.HasInput(0) && !f.Known(0)) why = "a trip count known only at run time";
  else if (f.HasInput(1) && !f.Known(1)) why = "a condition known only at run time";
  if (why.empty()) return "";
  const onnx::GraphProto* body = nullptr;
  for (const auto& a : f.node.attribute())
    if (a.name() == "body" && a.has_g()) body = &a.g();
  int carried = f.node.input_size() - 2;
  if (!body || carried < 0) return "";  // the conversion names what is malformed
  for (int k = 0; carried + k < f.node.output_size(); ++k)
    if (f.HasOutput(carried + k))
      return "a scan output and " + why + " (tirgen stacks a scan output only by unrolling the Loop)";
  for (int k = 0; k < carried && 2 + k < body->input_size(); ++k) {
    const onnx::TypeProto& t = body->input(2 + k).type();
    if (t.value_case() != onnx::TypeProto::VALUE_NOT_SET && !t.has_tensor_type())
      return "a loop-carried value that is not a tensor ('" + body->input(2 + k).name() + "') and " + why +
             " (a run-time loop carries tensors only)";
  }
  for (int k = 0; k < carried && 2 + k < body->input_size() && 1 + k < body->output_size(); ++k)
    if (DeclaredTypesDiffer(body->input(2 + k), body->output(1 + k)))
      return "a loop-carried value whose declared type an iteration changes and " + why +
             " (a run-time loop keeps one static type per carried value)";
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
