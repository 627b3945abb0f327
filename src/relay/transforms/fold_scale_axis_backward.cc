// BackwardFoldScaleAxis (TVM v0.14): a multiply by a per-channel scale applied to the output
// channels of conv2d/dense (possibly through relu/leaky_relu, when the scale is a non-negative
// constant, through add/subtract and nn.bias_add) is folded into the weight:
// conv2d(x, w) * s -> conv2d(x, w * s[o-axis]), and what was added on the way is scaled too.
//  1. Prepare, inputs to outputs: conv2d/dense announce the axes their output could be
//     scaled on; relu/add/bias_add pass that on when they are their input's only reader.
//  2. Transform: a multiply whose operand carries such a message pushes its scale down the
//     chain into the weight.
#include <unordered_map>

#include "fold_scale_axis.h"
#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace fold_scale_axis {
namespace {

using Messages = std::unordered_map<const Object*, Message>;

// ---- prepare ----

using FPrep = OptMessage (*)(const CallNode* call, const std::vector<OptMessage>& in);

OptMessage ReluPrep(const CallNode*, const std::vector<OptMessage>& in) {
  if (!in[0]) return std::nullopt;
  return Message{in[0]->axes, true};
}

OptMessage AddSubPrep(const CallNode* call, const std::vector<OptMessage>& in) {
  const Expr &a = call->args[0], &b = call->args[1];
  OptMessage out;
  if (in[0] && MatchBroadcastToLeftAxes(a, b, in[0]->axes)) {
    out = in[0];
  } else if (in[1] && MatchBroadcastToLeftAxes(b, a, in[1]->axes)) {
    out = in[1];
  } else if (in[0] && in[1] && in[0]->axes == in[1]->axes && ShapeOf(a) == ShapeOf(b)) {
    out = in[0];  // sum of two scalable values of the same shape
  }
  // When both operands take the scale, it must suit both (TVM keeps only the first operand's
  // positivity demand, which would push a negative scale through a relu on the second).
  if (out && in[0] && in[1] && in[0]->axes == in[1]->axes)
    out->require_positive = in[0]->require_positive || in[1]->require_positive;
  return out;
}

OptMessage ConvPrep(const CallNode* call, const std::vector<OptMessage>&) {
  ConvLayout l = ReadConvLayout(call);
  if (!l.Foldable(true) || !WeightTakesScaleOf(call, GetRef<Expr>(call))) return std::nullopt;
  Message m;
  m.axes = {l.out_c};
  if (l.out_c_small >= 0) m.axes.push_back(l.out_c_small);
  return m;
}

OptMessage BiasAddPrep(const CallNode* call, const std::vector<OptMessage>& in) {
  if (in[0] && in[0]->axes.size() == 1 && call->GetInt("axis") == in[0]->axes[0]) return in[0];
  return std::nullopt;
}

// dense's output features are its last axis.
OptMessage DensePrep(const CallNode* call, const std::vector<OptMessage>&) {
  if (!WeightTakesScaleOf(call, GetRef<Expr>(call))) return std::nullopt;
  Message m;
  m.axes = {static_cast<int64_t>(ShapeOf(GetRef<Expr>(call)).size()) - 1};
  return m;
}

FPrep FindPrep(const std::string& op) {
  static const std::unordered_map<std::string, FPrep> table = {
      {"nn.relu", ReluPrep},   {"nn.leaky_relu", ReluPrep},  {"add", AddSubPrep},
      {"subtract", AddSubPrep}, {"nn.conv2d", ConvPrep},      {"nn.bias_add", BiasAddPrep},
      {"nn.dense", DensePrep}};
  auto it = table.find(op);
  return it == table.end() ? nullptr : it->second;
}

// How many places refer to each node (the root counts once).
std::unordered_map<const Object*, int> RefCounts(const Expr& root, std::vector<Expr>* order) {
  std::unordered_map<const Object*, int> n;
  n[root.get()] = 1;
  PostOrderVisit(root, [&](const Expr& e) {
    order->push_back(e);
    auto ref = [&](const Expr& c) {
      if (c.defined()) ++n[c.get()];
    };
    if (const auto* c = e.as<CallNode>()) {
      ref(c->op);
      for (const Expr& a : c->args) ref(a);
    } else if (const auto* t = e.as<TupleNode>()) {
      for (const Expr& f : t->fields) ref(f);
    } else if (const auto* g = e.as<TupleGetItemNode>()) {
      ref(g->tuple);
    } else if (const auto* l = e.as<LetNode>()) {
      ref(l->var), ref(l->value), ref(l->body);
    } else if (const auto* i = e.as<IfNode>()) {
      ref(i->cond), ref(i->true_branch), ref(i->false_branch);
    } else if (const auto* f = e.as<FunctionNode>()) {
      for (const Var& p : f->params) ref(p);
      ref(f->body);
    }
  });
  return n;
}

Messages Prepare(const Expr& root) {
  std::vector<Expr> order;
  std::unordered_map<const Object*, int> refs = RefCounts(root, &order);
  Messages msgs;
  for (const Expr& e : order) {  // inputs before their readers
    const auto* call = e.as<CallNode>();
    if (!call || !call->op.as<OpNode>()) continue;
    FPrep prep = FindPrep(call->op_name());
    // A scale can only be pushed into a value nobody else reads.
    if (!prep || refs[call] != 1) continue;
    std::vector<OptMessage> in;
    for (const Expr& a : call->args) {
      auto it = msgs.find(a.get());
      in.push_back(it == msgs.end() ? OptMessage() : OptMessage(it->second));
    }
    if (OptMessage out = prep(call, in)) msgs.emplace(call, *out);
  }
  return msgs;
}

// ---- transform ----

class Transformer;
using FTransform = Expr (*)(Transformer& t, const CallNode* call, const Message* msg, const Expr& scale);
FTransform FindTransform(const std::string& op);

class Transformer : public ExprMutator {
 public:
  explicit Transformer(const Messages& msgs) : msgs_(msgs) {}

  /// `e` rewritten; with `msg`, also multiplied by `scale` along msg's axes (pushed inside).
  Expr Transform(const Expr& e, const Message* msg, const Expr& scale) {
    if (!msg) return VisitExpr(e);
    const auto* call = e.as<CallNode>();
    TIRGEN_ICHECK(call) << "FoldScaleAxis: outstanding scale on a non-call";
    return TransformCall(call, msg, scale);
  }
  const Message* GetMessage(const Expr& e) const {
    auto it = msgs_.find(e.get());
    return it == msgs_.end() ? nullptr : &it->second;
  }
  Expr Normal(const CallNode* call) { return ExprMutator::VisitExpr_(call); }

 protected:
  Expr VisitExpr_(const CallNode* op) override { return TransformCall(op, nullptr, Expr()); }

 private:
  Expr TransformCall(const CallNode* call, const Message* msg, const Expr& scale) {
    FTransform f = call->op.as<OpNode>() ? FindTransform(call->op_name()) : nullptr;
    if (f) return f(*this, call, msg, scale);
    TIRGEN_ICHECK(!msg) << "FoldScaleAxis: outstanding scale at " << call->op_name();
    return Normal(call);
  }
  const Messages& msgs_;
};

Expr Rebuild(const CallNode* ref, std::vector<Expr> args) {
  return Call(ref->op, std::move(args), ref->attrs, ref->type_args);
}

Expr ReluTransform(Transformer& t, const CallNode* call, const Message* msg, const Expr& scale) {
  if (!msg) return t.Normal(call);
  return Rebuild(call, {t.Transform(call->args[0], msg, scale)});
}

// (a + b) * s = a * s + b * s: an operand that carries the message takes the scale inside,
// the other (broadcast along the axes) is multiplied by it.
Expr AddSubTransform(Transformer& t, const CallNode* call, const Message* msg, const Expr& scale) {
  if (!msg) return t.Normal(call);
  std::vector<Expr> args(2);
  bool carries[2];
  for (int k = 0; k < 2; ++k) {
    const Message* m = t.GetMessage(call->args[k]);
    carries[k] = m && m->axes == msg->axes;
  }
  TIRGEN_ICHECK(carries[0] || carries[1]) << "FoldScaleAxis: outstanding scale at " << call->op_name();
  for (int k = 0; k < 2; ++k) {
    if (carries[k]) {
      args[k] = t.Transform(call->args[k], msg, scale);
    } else {
      Expr s = ReshapeOrExpandToMatchAxis(scale, ShapeOf(call->args[1 - k]), msg->axes);
      args[k] = Multiply(t.Transform(call->args[k], nullptr, Expr()), s);
    }
  }
  return Rebuild(call, args);
}

// The producer: x * s where x carries a message and s fits it is folded into x.
Expr MultiplyTransform(Transformer& t, const CallNode* call, const Message* msg, const Expr&) {
  TIRGEN_ICHECK(!msg) << "FoldScaleAxis: outstanding scale at multiply";
  for (int k = 0; k < 2; ++k) {
    const Message* m = t.GetMessage(call->args[k]);
    if (!m) continue;
    // The scale operand is used as it was (TVM does not rewrite inside it).
    Expr s = call->args[1 - k];
    if (!m->axes.empty() && MatchBroadcastToLeftAxes(call->args[k], call->args[1 - k], m->axes, &s) &&
        (!m->require_positive || IsAllPositiveConstant(s)))
      return t.Transform(call->args[k], m, s);
    break;  // TVM tries the second operand only when the first carries no message
  }
  return t.Normal(call);
}

// conv2d(x, w) * s = conv2d(x, w * s) with s on the kernel's output-channel axis.
Expr ConvTransform(Transformer& t, const CallNode* call, const Message* msg, const Expr& scale) {
  if (!msg) return t.Normal(call);
  ConvLayout l = ReadConvLayout(call);
  Expr data = t.Transform(call->args[0], nullptr, Expr());
  Expr weight = t.Transform(call->args[1], nullptr, Expr());
  Expr wscale = l.Simple() ? ExpandBiasToMatchAxis(scale, l.kernel_ndim, {l.k_o})
                           : ReshapeToMatchAxis(scale, ShapeOf(call->args[1]), {l.k_o, l.k_o_small});
  return Rebuild(call, {data, Multiply(weight, wscale)});
}

Expr BiasAddTransform(Transformer& t, const CallNode* call, const Message* msg, const Expr& scale) {
  if (!msg) return t.Normal(call);
  TIRGEN_ICHECK(t.GetMessage(call->args[0])) << "FoldScaleAxis: outstanding scale at nn.bias_add";
  Expr lhs = t.Transform(call->args[0], msg, scale);
  Expr rhs = Multiply(t.Transform(call->args[1], nullptr, Expr()), scale);
  return Rebuild(call, {lhs, rhs});
}

// dense(x, w) * s = dense(x, w * s[:, None]) (w is units x in_features).
Expr DenseTransform(Transformer& t, const CallNode* call, const Message* msg, const Expr& scale) {
  if (!msg) return t.Normal(call);
  Expr data = t.Transform(call->args[0], nullptr, Expr());
  Expr weight = t.Transform(call->args[1], nullptr, Expr());
  return Rebuild(call, {data, Multiply(weight, ExpandBiasToMatchAxis(scale, 2, {0}))});
}

FTransform FindTransform(const std::string& op) {
  static const std::unordered_map<std::string, FTransform> table = {
      {"nn.relu", ReluTransform},    {"nn.leaky_relu", ReluTransform}, {"add", AddSubTransform},
      {"subtract", AddSubTransform}, {"multiply", MultiplyTransform},  {"nn.conv2d", ConvTransform},
      {"nn.bias_add", BiasAddTransform}, {"nn.dense", DenseTransform}};
  auto it = table.find(op);
  return it == table.end() ? nullptr : it->second;
}

Expr Backward(const Function& f) {
  Messages msgs = Prepare(f);
  if (msgs.empty()) return f;
  return Transformer(msgs).VisitExpr(f);
}

}  // namespace
}  // namespace fold_scale_axis

IRModule BackwardFoldScaleAxis(const IRModule& mod) {
  return InferType(MapFunctions(InferType(mod), fold_scale_axis::Backward));
}

}  // namespace relay
}  // namespace tirgen
