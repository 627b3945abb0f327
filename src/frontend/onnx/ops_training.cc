// Training ops TVM v0.14's frontend maps, as elementwise relay arithmetic:
// - the optimizers of ai.onnx.preview.training (Adagrad, Adam, Momentum): one step for each
//   of n tensors, inputs R, T, then n of each operand, outputs n of each result. TVM branches
//   on T > 0 with a relay If (which a graph executor cannot run); here it is a `where`, the same
//   value. Defaults are ONNX's (epsilon 1e-6; TVM uses 0 for Adagrad and 1e-2 for Adam).
// - NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (log_softmax over the class axis,
//   then the same loss): gather the target class, weight it, mask ignore_index, reduce
//   (none / sum / mean by the total weight). Beyond TVM, targets equal to ignore_index or out
//   of range are read at a valid class (their loss is masked or undefined anyway), so a
//   negative ignore_index such as -100 never reads out of bounds.
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

// Relay arithmetic on one node's expressions, constants in the operands' float dtype.
struct Arith {
  NodeContext& ctx;
  DataType dt;
  Expr C(double v) { return ctx.Scalar(v, dt); }
  Expr Add(Expr a, Expr b) { return ctx.Call("add", {a, b}); }
  Expr Sub(Expr a, Expr b) { return ctx.Call("subtract", {a, b}); }
  Expr Mul(Expr a, Expr b) { return ctx.Call("multiply", {a, b}); }
  Expr Div(Expr a, Expr b) { return ctx.Call("divide", {a, b}); }
  Expr Sqrt(Expr a) { return ctx.Call("sqrt", {a}); }
  Expr Cast(Expr a) {
    if (a->checked_type.as<relay::TensorTypeNode>()->dtype == dt) return a;
    return ctx.Call("cast", {a}, {{"dtype", String(dt.str())}});
  }
  // T > 0 (T is the int64 iteration count).
  Expr Started(Expr t) { return ctx.Call("greater", {t, ctx.Scalar(0, DataType::Int(64))}); }
};

// The optimizer operands: n groups of `groups` tensors after R and T, every one of one shape
// and float dtype. Returns n.
int OptimizerGroups(NodeContext& ctx, int groups) {
  int rest = ctx.num_inputs() - 2;
  if (rest <= 0 || rest % groups != 0)
    ctx.Fail("takes R, T and " + std::to_string(groups) + " tensors per optimized tensor, not " +
             std::to_string(ctx.num_inputs()) + " inputs");
  int n = rest / groups;
  if (ctx.num_outputs() > (groups == 3 ? 2 : 3) * n) ctx.Fail("has more outputs than its results");
  DataType dt = ctx.DType(2);
  if (!dt.is_float()) ctx.Fail("the optimized tensors must be floating point, not " + dt.str());
  if (!ctx.DType(0).is_float()) ctx.Fail("the learning rate R must be floating point");
  if (ctx.Shape(0).size() > 1 || ctx.Shape(1).size() > 1) ctx.Fail("R and T must be scalars");
  if (!ctx.DType(1).is_int()) ctx.Fail("the iteration count T must be an integer");
  for (int i = 0; i < n; ++i)
    for (int g = 1; g < groups; ++g) {
      int k = 2 + g * n + i;
      if (ctx.Shape(k) != ctx.Shape(2 + i) || ctx.DType(k) != dt)
        ctx.Fail("input " + std::to_string(k) + " differs in shape or type from the tensor it updates (input " +
                 std::to_string(2 + i) + ")");
    }
  return n;
}

// X_new = X - r * G' / (sqrt(H_new) + epsilon), H_new = H + G'^2, G' = norm * X + G,
// r = R / (1 + T * decay_factor).
void ConvertAdagrad(NodeContext& ctx) {
  int n = OptimizerGroups(ctx, 3);
  Arith a{ctx, ctx.DType(2)};
  Expr r = a.Div(a.Cast(ctx.Input(0)), a.Add(a.C(1), a.Mul(a.Cast(ctx.Input(1)), a.C(ctx.Float("decay_factor", 0)))));
  for (int i = 0; i < n; ++i) {
    Expr x = ctx.Input(2 + i), g = ctx.Input(2 + n + i), h = ctx.Input(2 + 2 * n + i);
    Expr greg = a.Add(a.Mul(a.C(ctx.Float("norm_coefficient", 0)), x), g);
    Expr h_new = a.Add(h, a.Mul(greg, greg));
    Expr adaptive = a.Add(a.Sqrt(h_new), a.C(ctx.Float("epsilon", 1e-6)));
    ctx.SetOutput(i, a.Sub(x, a.Div(a.Mul(r, greg), adaptive)));
    ctx.SetOutput(n + i, h_new);
  }
}

// V_new = alpha V + (1 - alpha) G', H_new = beta H + (1 - beta) G'^2, G' = norm * X + G,
// R' = T > 0 ? R sqrt(1 - beta^T) / (1 - alpha^T) : R,
// X_new = (1 - norm_post) (X - R' V_new / (sqrt(H_new) + epsilon)).
void ConvertAdam(NodeContext& ctx) {
  int n = OptimizerGroups(ctx, 4);
  Arith a{ctx, ctx.DType(2)};
  double alpha = ctx.Float("alpha", 0.9), beta = ctx.Float("beta", 0.999);
  Expr R = a.Cast(ctx.Input(0)), T = a.Cast(ctx.Input(1));
  Expr corrected = a.Div(a.Mul(R, a.Sqrt(a.Sub(a.C(1), ctx.Call("power", {a.C(beta), T})))),
                         a.Sub(a.C(1), ctx.Call("power", {a.C(alpha), T})));
  Expr r = ctx.Call("where", {a.Started(ctx.Input(1)), corrected, R});
  for (int i = 0; i < n; ++i) {
    Expr x = ctx.Input(2 + i), g = ctx.Input(2 + n + i), v = ctx.Input(2 + 2 * n + i), h = ctx.Input(2 + 3 * n + i);
    Expr greg = a.Add(a.Mul(a.C(ctx.Float("norm_coefficient", 0)), x), g);
    Expr v_new = a.Add(a.Mul(a.C(alpha), v), a.Mul(a.C(1 - alpha), greg));
    Expr h_new = a.Add(a.Mul(a.C(beta), h), a.Mul(a.Mul(a.C(1 - beta), greg), greg));
    Expr denom = a.Add(a.Sqrt(h_new), a.C(ctx.Float("epsilon", 1e-6)));
    Expr x_new = a.Sub(x, a.Mul(r, a.Div(v_new, denom)));
    ctx.SetOutput(i, a.Mul(a.C(1 - ctx.Float("norm_coefficient_post", 0)), x_new));
    ctx.SetOutput(n + i, v_new);
    ctx.SetOutput(2 * n + i, h_new);
  }
}

// V_new = alpha V + beta' G', beta' = T > 0 ? beta : 1, G' = norm * X + G;
// standard: X_new = X - R V_new; nesterov: X_new = X - R (G' + alpha V_new).
void ConvertMomentum(NodeContext& ctx) {
  int n = OptimizerGroups(ctx, 3);
  for (const char* attr : {"alpha", "beta", "mode", "norm_coefficient"})
    if (!ctx.HasAttr(attr)) ctx.Fail(std::string("attribute '") + attr + "' is required");
  Arith a{ctx, ctx.DType(2)};
  Expr R = a.Cast(ctx.Input(0));
  double alpha = ctx.Float("alpha", 0);
  Expr beta = ctx.Call("where", {a.Started(ctx.Input(1)), a.C(ctx.Float("beta", 0)), a.C(1)});
  bool nesterov = ctx.Str("mode", "") == "nesterov";
  for (int i = 0; i < n; ++i) {
    Expr x = ctx.Input(2 + i), g = ctx.Input(2 + n + i), v = ctx.Input(2 + 2 * n + i);
    Expr greg = a.Add(a.Mul(a.C(ctx.Float("norm_coefficient", 0)), x), g);
    Expr v_new = a.Add(a.Mul(a.C(alpha), v), a.Mul(beta, greg));
    Expr step = nesterov ? a.Add(greg, a.Mul(a.C(alpha), v_new)) : v_new;
    ctx.SetOutput(i, a.Sub(x, a.Mul(R, step)));
    ctx.SetOutput(n + i, v_new);
  }
}

std::string MomentumForms(const NodeForm& f) {
  std::string mode = f.Str("mode", "");
  if (mode != "standard" && mode != "nesterov") return "mode '" + mode + "' (standard or nesterov)";
  return "";
}

// The loss of `logp` (N, C, d...) at `target` (N, d...): -logp[n, target, d...] times the
// target's weight, 0 where target is ignore_index; reduced as `reduction` asks.
Expr NllLoss(NodeContext& ctx, const Expr& logp, int weight_input) {
  std::vector<int64_t> x = ctx.Shape(0), t = ctx.Shape(1);
  if (x.size() < 2) ctx.Fail("the input must have shape (N, C, d...), not rank " + std::to_string(x.size()));
  std::vector<int64_t> want = x;
  want.erase(want.begin() + 1);
  if (t != want) ctx.Fail("the target must have the input's shape without the class axis");
  DataType tdt = ctx.DType(1), dt = ctx.DType(0);
  if (!tdt.is_int()) ctx.Fail("the target must be an integer tensor, not " + tdt.str());
  if (!dt.is_float()) ctx.Fail("the input must be floating point, not " + dt.str());
  int64_t classes = x[1];
  Expr target = ctx.Input(1), safe = target, ignored;
  auto scalar = [&](int64_t v) { return ctx.Scalar(static_cast<double>(v), tdt); };
  bool ignore = ctx.HasAttr("ignore_index");
  if (ignore) {
    int64_t index = ctx.Int("ignore_index", 0);
    // Compared in the target's dtype: a value outside it would wrap onto a real class.
    int bits = tdt.bits();
    bool fits = tdt.is_uint() ? index >= 0 && (bits >= 64 || index < (int64_t{1} << bits))
                              : bits >= 64 || (index >= -(int64_t{1} << (bits - 1)) && index < (int64_t{1} << (bits - 1)));
    if (!fits) ctx.Fail("ignore_index " + std::to_string(index) + " does not fit the target's dtype " + tdt.str() + "; give a value in its range");
    ignored = ctx.Call("equal", {target, scalar(index)});
    safe = ctx.Call("where", {ignored, scalar(0), target});
  }
  // Negative targets count from the back (TVM's normalize_gather_indices), then stay in range.
  safe = ctx.Call("where", {ctx.Call("less", {safe, scalar(0)}), ctx.Call("add", {safe, scalar(classes)}), safe});
  safe = ctx.Call("minimum", {ctx.Call("maximum", {safe, scalar(0)}), scalar(classes - 1)});
  Expr picked = ctx.Call("gather", {logp, ctx.Call("expand_dims", {safe}, {{"axis", AttrInt(1)}})}, {{"axis", AttrInt(1)}});
  Expr loss = ctx.Call("negative", {ctx.Call("squeeze", {picked}, {{"axis", AttrInts({1})}})});
  Expr weight;
  if (ctx.HasInput(weight_input)) {
    if (ctx.Shape(weight_input) != std::vector<int64_t>{classes} || ctx.DType(weight_input) != dt)
      ctx.Fail("the weight must be a " + dt.str() + " tensor of shape (" + std::to_string(classes) + ")");
    weight = ctx.Call("take", {ctx.Input(weight_input), safe}, {{"axis", AttrInt(0)}});
    loss = ctx.Call("multiply", {loss, weight});
  }
  if (ignore) {
    Expr zero = ctx.Scalar(0, dt);
    loss = ctx.Call("where", {ignored, zero, loss});
    weight = ctx.Call("where", {ignored, zero, weight.defined() ? weight : ctx.Call("ones_like", {loss})});
  }
  std::string reduction = ctx.Str("reduction", "mean");
  if (reduction == "none") return loss;
  Expr total = ctx.Call("sum", {loss});
  if (reduction == "sum") return total;
  Expr count = weight.defined() ? ctx.Call("sum", {weight}) : ctx.Scalar(static_cast<double>(SaturatingNumel(t)), dt);
  return ctx.Call("divide", {total, count});
}

void ConvertNegativeLogLikelihoodLoss(NodeContext& ctx) { ctx.SetOutput(0, NllLoss(ctx, ctx.Input(0), 2)); }

void ConvertSoftmaxCrossEntropyLoss(NodeContext& ctx) {
  if (ctx.Rank(0) < 2) ctx.Fail("the scores must have shape (N, C, d...), not rank " + std::to_string(ctx.Rank(0)));
  Expr log_prob = ctx.Call("nn.log_softmax", {ctx.Input(0)}, {{"axis", AttrInt(1)}});
  ctx.SetOutput(0, NllLoss(ctx, log_prob, 2));
  ctx.SetOutput(1, log_prob);
}

std::string LossForms(const NodeForm& f) {
  std::string r = f.Str("reduction", "mean");
  if (r != "none" && r != "sum" && r != "mean") return "reduction '" + r + "' (none, sum or mean)";
  return "";
}

}  // namespace

void AddTrainingConverters(ConverterTable* table) {
  (*table)["ai.onnx.preview.training.Adagrad"] = ConvertAdagrad;
  (*table)["ai.onnx.preview.training.Adam"] = ConvertAdam;
  (*table)["ai.onnx.preview.training.Momentum"] = Converter(ConvertMomentum, MomentumForms);
  (*table)["NegativeLogLikelihoodLoss"] = Converter(ConvertNegativeLogLikelihoodLoss, LossForms);
  (*table)["SoftmaxCrossEntropyLoss"] = Converter(ConvertSoftmaxCrossEntropyLoss, LossForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
