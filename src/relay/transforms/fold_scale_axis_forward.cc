// ForwardFoldScaleAxis (TVM v0.14): a multiply by a per-channel scale whose result only feeds
// the input channels of conv2d/dense (possibly through relu/leaky_relu, when the scale is a
// non-negative constant, and through add/subtract of a channel-broadcast operand) is folded
// into the weight: conv2d(x * s, w) -> conv2d(x, w * s[i-axis]).
//  1. Prepare, outputs to inputs: each consumer says along which axes it could absorb a scale
//     of its input; a value read by several consumers keeps only what all of them accept.
//  2. Rewrite, inputs to outputs: multiply becomes a pending (value, axes, scale) triple that
//     relu/add carry forward and conv2d/dense consume.
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

using Messages = std::unordered_map<const Object*, OptMessage>;

// ---- prepare: which axes may each value carry a scale on ----

using FPrep = std::vector<OptMessage> (*)(const CallNode* call, const OptMessage& out);

std::vector<OptMessage> ReluPrep(const CallNode*, const OptMessage& out) {
  if (!out) return {std::nullopt};
  return {Message{out->axes, true}};
}

std::vector<OptMessage> AddSubPrep(const CallNode* call, const OptMessage& out) {
  const Expr &a = call->args[0], &b = call->args[1];
  if (out && MatchBroadcastToLeftAxes(a, b, out->axes)) return {out, std::nullopt};
  if (out && MatchBroadcastToLeftAxes(b, a, out->axes)) return {std::nullopt, out};
  return {std::nullopt, std::nullopt};
}

std::vector<OptMessage> ConvPrep(const CallNode* call, const OptMessage&) {
  ConvLayout l = ReadConvLayout(call);
  if (!l.Foldable(false) || !WeightTakesScaleOf(call, call->args[0])) return {std::nullopt, std::nullopt};
  Message m;
  m.axes = {l.data_c};
  if (l.data_c_small >= 0) m.axes.push_back(l.data_c_small);
  return {m, std::nullopt};
}

// The reduction (input feature) axis of dense is the data's last one.
std::vector<OptMessage> DensePrep(const CallNode* call, const OptMessage&) {
  if (!WeightTakesScaleOf(call, call->args[0])) return {std::nullopt, std::nullopt};
  Message m;
  m.axes = {static_cast<int64_t>(ShapeOf(call->args[0]).size()) - 1};
  return {m, std::nullopt};
}

FPrep FindPrep(const std::string& op) {
  static const std::unordered_map<std::string, FPrep> table = {
      {"nn.relu", ReluPrep}, {"nn.leaky_relu", ReluPrep}, {"add", AddSubPrep},
      {"subtract", AddSubPrep}, {"nn.conv2d", ConvPrep}, {"nn.dense", DensePrep}};
  auto it = table.find(op);
  return it == table.end() ? nullptr : it->second;
}

Messages Prepare(const Expr& root) {
  std::vector<Expr> order;
  PostOrderVisit(root, [&](const Expr& e) { order.push_back(e); });
  Messages msgs;
  auto update = [&](const Expr& e, const OptMessage& m) {
    auto it = msgs.find(e.get());
    if (it == msgs.end()) {
      msgs.emplace(e.get(), m);
    } else {
      it->second = Intersect(it->second, m);
    }
  };
  update(root, std::nullopt);
  // Parents before children, so a node has heard from every reader when it is handled.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Expr& e = *it;
    if (const auto* call = e.as<CallNode>()) {
      auto found = msgs.find(call);
      OptMessage out = found == msgs.end() ? std::nullopt : found->second;
      FPrep prep = call->op.as<OpNode>() ? FindPrep(call->op_name()) : nullptr;
      std::vector<OptMessage> in = prep ? prep(call, out) : std::vector<OptMessage>(call->args.size());
      for (size_t i = 0; i < call->args.size(); ++i) update(call->args[i], in[i]);
    } else if (const auto* t = e.as<TupleNode>()) {
      for (const Expr& f : t->fields) update(f, std::nullopt);
    } else if (const auto* l = e.as<LetNode>()) {
      update(l->value, std::nullopt);
      update(l->body, std::nullopt);
    } else if (const auto* i = e.as<IfNode>()) {
      update(i->cond, std::nullopt);
      update(i->true_branch, std::nullopt);
      update(i->false_branch, std::nullopt);
    } else if (const auto* f = e.as<FunctionNode>()) {
      update(f->body, std::nullopt);
    }
  }
  return msgs;
}

// ---- rewrite ----

// A value still to be multiplied by `scale` along `axes` (scale holds only those dims).
struct Scaled {
  Expr value;
  std::vector<int64_t> axes;
  Expr scale;
};
struct Rewritten {
  Expr plain;                    // used when `scaled` is empty
  std::optional<Scaled> scaled;  // a pending scale
};
using Args = std::vector<Expr>;
using ScaledArgs = std::vector<const Scaled*>;
using FRewrite = std::optional<Rewritten> (*)(const CallNode* ref, const Args& args,
                                              const ScaledArgs& scaled, const OptMessage& msg);

Expr Rebuild(const CallNode* ref, std::vector<Expr> args) {
  return Call(ref->op, std::move(args), ref->attrs, ref->type_args);
}

std::optional<Rewritten> ReluRewrite(const CallNode* ref, const Args&, const ScaledArgs& s,
                                     const OptMessage&) {
  if (!s[0]) return std::nullopt;
  return Rewritten{Expr(), Scaled{Rebuild(ref, {s[0]->value}), s[0]->axes, s[0]->scale}};
}

// (x * s) + b = (x + b / s) * s, with b broadcast along the scaled axes.
std::optional<Rewritten> AddSubRewrite(const CallNode* ref, const Args& args, const ScaledArgs& s,
                                       const OptMessage&) {
  if (!s[0] == !s[1]) return std::nullopt;
  int k = s[0] ? 0 : 1;
  const Scaled& sc = *s[k];
  Expr scale = ReshapeOrExpandToMatchAxis(sc.scale, ShapeOf(ref->args[k]), sc.axes);
  std::vector<Expr> out = args;
  out[k] = sc.value;
  out[1 - k] = Divide(args[1 - k], scale);
  return Rewritten{Expr(), Scaled{Rebuild(ref, out), sc.axes, sc.scale}};
}

std::optional<Rewritten> MultiplyRewrite(const CallNode* ref, const Args& args, const ScaledArgs& s,
                                         const OptMessage& msg) {
  if (!msg || msg->axes.empty() || s[0] || s[1]) return std::nullopt;
  for (int k = 0; k < 2; ++k) {
    Expr scale = args[1 - k];
    if (MatchBroadcastToLeftAxes(ref->args[k], ref->args[1 - k], msg->axes, &scale) &&
        (!msg->require_positive || IsAllPositiveConstant(scale)))
      return Rewritten{Expr(), Scaled{args[k], msg->axes, scale}};
  }
  return std::nullopt;
}

// conv2d(x * s, w): s goes on the kernel's input-channel axis (its output-channel axis for a
// depthwise conv, where each input channel has its own filter).
std::optional<Rewritten> ConvRewrite(const CallNode* ref, const Args& args, const ScaledArgs& s,
                                     const OptMessage&) {
  if (!s[0] || s[1]) return std::nullopt;
  ConvLayout l = ReadConvLayout(ref);
  if (!l.Foldable(false)) return std::nullopt;
  int64_t big = l.depthwise ? l.k_o : l.k_i, small = l.depthwise ? l.k_o_small : l.k_i_small;
  Expr wscale = l.Simple() ? ExpandBiasToMatchAxis(s[0]->scale, l.kernel_ndim, {big})
                           : ReshapeToMatchAxis(s[0]->scale, ShapeOf(ref->args[1]), {big, small});
  return Rewritten{Rebuild(ref, {s[0]->value, Multiply(args[1], wscale)}), std::nullopt};
}

// dense(x * s, w) = dense(x, w * s): s runs along the weight's last (input feature) axis.
std::optional<Rewritten> DenseRewrite(const CallNode* ref, const Args& args, const ScaledArgs& s,
                                      const OptMessage&) {
  if (!s[0] || s[1]) return std::nullopt;
  return Rewritten{Rebuild(ref, {s[0]->value, Multiply(args[1], s[0]->scale)}), std::nullopt};
}

FRewrite FindRewrite(const std::string& op) {
  static const std::unordered_map<std::string, FRewrite> table = {
      {"nn.relu", ReluRewrite},   {"nn.leaky_relu", ReluRewrite}, {"add", AddSubRewrite},
      {"subtract", AddSubRewrite}, {"multiply", MultiplyRewrite}, {"nn.conv2d", ConvRewrite},
      {"nn.dense", DenseRewrite}};
  auto it = table.find(op);
  return it == table.end() ? nullptr : it->second;
}

class Rewriter : public ExprMutator {
 public:
  explicit Rewriter(const Messages& msgs) : msgs_(msgs) {}

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    FRewrite rule = op->op.as<OpNode>() ? FindRewrite(op->op_name()) : nullptr;
    if (!rule) return ExprMutator::VisitExpr_(op);
    Args args;
    ScaledArgs scaled;
    for (const Expr& a : op->args) {
      args.push_back(VisitExpr(a));
      auto it = scaled_.find(a.get());
      scaled.push_back(it == scaled_.end() ? nullptr : &it->second);
    }
    auto m = msgs_.find(op);
    std::optional<Rewritten> r = rule(op, args, scaled, m == msgs_.end() ? std::nullopt : m->second);
    if (!r) return ExprMutator::VisitExpr_(op);
    if (!r->scaled) return r->plain;
    const Scaled& s = scaled_.emplace(op, *r->scaled).first->second;
    // What a reader that cannot take the scale sees; the prepare phase makes every reader of a
    // scaled value one that takes it, so this is only a safe fallback.
    return Multiply(s.value, ReshapeOrExpandToMatchAxis(s.scale, ShapeOf(GetRef<Expr>(op)), s.axes));
  }
  // TVM's forward rewriter resolves projections of literal tuples on the way.
  Expr VisitExpr_(const TupleGetItemNode* op) override {
    Expr tuple = VisitExpr(op->tuple);
    if (const auto* t = tuple.as<TupleNode>()) return t->fields.at(op->index);
    return ExprMutator::VisitExpr_(op);
  }

 private:
  const Messages& msgs_;
  std::unordered_map<const Object*, Scaled> scaled_;  // keyed by the original call
};

Expr Forward(const Function& f) {
  Messages msgs = Prepare(f);
  for (const auto& kv : msgs)
    if (kv.second) return Rewriter(msgs).VisitExpr(f);
  return f;
}

}  // namespace
}  // namespace fold_scale_axis

IRModule ForwardFoldScaleAxis(const IRModule& mod) {
  return InferType(MapFunctions(InferType(mod), fold_scale_axis::Forward));
}

}  // namespace relay
}  // namespace tirgen
