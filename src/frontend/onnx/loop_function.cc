// A Loop decided at run time becomes relay.loops.while_loop's recursive function (see
// loop_function.h).
#include "loop_function.h"

#include <limits>
#include <optional>

#include "const_eval.h"
#include "unroll.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

// A new variable, typed before anything refers to it (a copy would be another variable).
relay::Var TypedVar(const std::string& name, const relay::Type& type) {
  relay::Var v(name, type);
  return relay::WithCheckedType(v, type).cast<relay::Var>();
}

// `x` as the scalar the loop's test reads: one element of `dtype` (`what` names it).
relay::Expr ScalarOf(NodeContext& ctx, const relay::Expr& x, DataType dtype, const std::string& what) {
  const auto* t = x->checked_type.as<relay::TensorTypeNode>();
  if (!t || t->dtype != dtype || SaturatingNumel(t->ConstShape()) != 1)
    ctx.Fail(what + " must be one " + dtype.str() + ", got " + relay::TypeToString(x->checked_type));
  return t->shape.empty() ? x : ctx.Reshape(x, {});
}

}  // namespace

std::string LoopRunTimeReason(const onnx::NodeProto& loop, const std::set<std::string>& known,
                              const std::map<std::string, int64_t>& ints, bool read_body) {
  auto given = [&](int i) { return i < loop.input_size() && !loop.input(i).empty(); };
  if (given(0) && !known.count(loop.input(0))) return "a trip count known only at run time";
  if (given(1) && !known.count(loop.input(1))) return "a condition known only at run time";
  auto value = [&](int i) {
    auto it = given(i) ? ints.find(loop.input(i)) : ints.end();
    return it == ints.end() ? std::optional<int64_t>() : std::optional<int64_t>(it->second);
  };
  std::optional<int64_t> trips = value(0), cond = value(1);
  if ((trips && *trips <= 0) || (cond && *cond == 0)) return "";  // no iteration runs
  if (trips && *trips > kMaxUnrolled)
    return "a trip count above " + std::to_string(kMaxUnrolled) + ", more than tirgen unrolls";
  const onnx::GraphProto* body = nullptr;
  for (const auto& a : loop.attribute())
    if (a.name() == "body" && a.has_g()) body = &a.g();
  if (read_body && given(1) && body && body->output_size() > 0 && !known.count(body->output(0).name()))
    return "a body condition known only at run time";
  return "";
}

void ConvertLoopAsFunction(NodeContext& ctx) {
  const onnx::GraphProto& body = ctx.GraphAttr("body");
  int carried = ctx.num_inputs() - 2;
  int scans = body.output_size() - 1 - carried;
  // A for loop whose trip count is known comes here only past the unrolling limit.
  bool known_count = ctx.HasInput(0) && ctx.IsKnown(0) && !ctx.HasInput(1);
  std::string why = known_count ? "the Loop runs more than " + std::to_string(kMaxUnrolled) +
                                      " iterations, more than tirgen unrolls to stack them"
                                : "the number of iterations is known only at run time, so it has no static shape";
  for (int k = 0; k < scans; ++k)
    if (ctx.HasOutput(carried + k))
      ctx.Fail("scan output " + std::to_string(k) + " ('" + body.output(1 + carried + k).name() +
               "') gains one slice per iteration, and " + why + "; tirgen refuses it (carry a tensor of fixed "
               "shape instead)");
  bool has_trips = ctx.HasInput(0), has_cond = ctx.HasInput(1);
  const DataType i64 = DataType::Int(64), boolean = DataType::Bool();
  relay::Expr max_count = has_trips ? ScalarOf(ctx, ctx.Input(0), i64, "the trip count M")
                                    : ctx.Const(ToNDArray(FromInts({std::numeric_limits<int64_t>::max()}, {})));
  relay::Expr cond = has_cond ? ScalarOf(ctx, ctx.Input(1), boolean, "the condition") : ctx.Scalar(1, boolean);

  // The parameters: iteration number, trip count, condition, then the carried values, each of
  // the type its initial value has (TVM's names: the body's input names and "max_count").
  std::vector<relay::Expr> init = {ctx.Scalar(0, i64), max_count, cond};
  for (int k = 0; k < carried; ++k) {
    Value v = ctx.InputValue(k + 2);
    if (!v.IsTensor())
      ctx.Fail("loop-carried value " + std::to_string(k) + " ('" + ctx.node().input(k + 2) + "') is " + KindText(v) +
               "; a Loop decided at run time carries tensors only");
    init.push_back(ctx.Materialize(v));
  }
  std::vector<relay::Var> params;
  std::vector<relay::Type> types;
  for (size_t k = 0; k < init.size(); ++k) {
    std::string name = k == 1 ? "max_count" : body.input(static_cast<int>(k == 0 ? 0 : k - 1)).name();
    types.push_back(init[k]->checked_type);
    params.push_back(TypedVar(name, types.back()));
  }
  relay::Type result_type = relay::TupleType(types);
  relay::FuncType fn_type(types, result_type);
  relay::Var loop = TypedVar("while_loop", fn_type);

  // The body, its inputs bound to the parameters (outer values are read in place).
  std::vector<Value> inputs = {TensorValue(params[0], ctx.name()), TensorValue(params[2], ctx.name())};
  for (int k = 0; k < carried; ++k) inputs.push_back(TensorValue(params[3 + k], ctx.name()));
  std::vector<Value> outs = ctx.ConvertBody(body, inputs, ctx.SubgraphInitializers(body));
  std::vector<relay::Expr> next = {ctx.Call("add", {params[0], ctx.Scalar(1, i64)}), params[1]};
  if (!outs[0].IsTensor()) ctx.Fail("the body's condition output '" + body.output(0).name() + "' is not a tensor");
  next.push_back(has_cond ? ScalarOf(ctx, ctx.Materialize(outs[0]), boolean, "the body's condition output") : params[2]);
  for (int k = 0; k < carried; ++k) {
    Value& out = outs[1 + k];
    if (!out.IsTensor())
      ctx.Fail("the body's output '" + body.output(1 + k).name() + "' is " + KindText(out) +
               "; a Loop decided at run time carries tensors only");
    relay::Expr e = ctx.Materialize(out);
    if (!relay::TypeEqual(e->checked_type, types[3 + k]))
      ctx.Fail("loop-carried value " + std::to_string(k) + " ('" + body.output(1 + k).name() + "') is " +
               relay::TypeToString(types[3 + k]) + " before the loop but " + relay::TypeToString(e->checked_type) +
               " after an iteration; a Loop decided at run time needs one static type per carried value");
    next.push_back(e);
  }

  // if (test) { %while_loop(next...) } else { (params...) }
  relay::Expr test;
  relay::Expr running = ctx.Call("equal", {params[2], ctx.Scalar(1, boolean)});
  relay::Expr counting = ctx.Call("less", {params[0], params[1]});
  if (has_trips && has_cond) test = ctx.Call("logical_and", {running, counting});
  else test = has_trips ? counting : running;
  relay::Expr again = relay::WithCheckedType(relay::Call(loop, next), result_type);
  std::vector<relay::Expr> fields(params.begin(), params.end());
  relay::Expr done = ctx.MakeTuple(fields);
  relay::Expr fn_body = ctx.MakeIf(test, again, done);
  relay::Expr fn = relay::WithCheckedType(relay::Function(params, fn_body, result_type), fn_type);
  relay::Expr bound = relay::WithCheckedType(relay::Let(loop, fn, loop), fn_type);
  relay::Expr call = relay::WithCheckedType(relay::Call(bound, init), result_type);
  for (int k = 0; k < carried; ++k) ctx.SetOutput(k, ctx.GetItem(call, 3 + k));
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
