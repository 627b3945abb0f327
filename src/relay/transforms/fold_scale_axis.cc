// FoldScaleAxis (TVM v0.14): BackwardFoldScaleAxis, then ForwardFoldScaleAxis, then
// FoldConstant. This file holds the pass entry and the helpers both directions share.
#include "fold_scale_axis.h"

#include <cstring>

#include "pass_util.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace fold_scale_axis {

OptMessage Intersect(const OptMessage& a, const OptMessage& b) {
  if (!a || !b) return std::nullopt;
  Message m;
  size_t i = 0, j = 0;
  while (i < a->axes.size() && j < b->axes.size()) {
    if (a->axes[i] < b->axes[j]) {
      ++i;
    } else if (a->axes[i] > b->axes[j]) {
      ++j;
    } else {
      m.axes.push_back(a->axes[i]);
      ++i, ++j;
    }
  }
  m.require_positive = a->require_positive || b->require_positive;
  return m;
}

const TensorTypeNode* TensorTypeOf(const Expr& e) {
  const auto* t = e->checked_type.as<TensorTypeNode>();
  TIRGEN_ICHECK(t) << "FoldScaleAxis: expected a typed tensor expression";
  return t;
}
std::vector<int64_t> ShapeOf(const Expr& e) { return TensorTypeOf(e)->ConstShape(); }

bool MatchBroadcastToLeftAxes(const Expr& lhs, const Expr& rhs, const std::vector<int64_t>& lhs_axes,
                              Expr* rhs_value) {
  std::vector<int64_t> ls = ShapeOf(lhs), rs = ShapeOf(rhs);
  if (ls.size() < rs.size()) return false;
  // A scalar scale becomes a vector along the (first) axis.
  if (rs.empty() && rhs_value && !lhs_axes.empty()) {
    Expr v = MakeCall("expand_dims", {*rhs_value},
                      {{"axis", AttrInt(0)}, {"num_newaxis", AttrInt(static_cast<int64_t>(lhs_axes.size()))}});
    for (size_t i = 0; i < lhs_axes.size(); ++i)
      v = MakeCall("repeat", {v}, {{"repeats", AttrInt(ls[lhs_axes[0]])}, {"axis", AttrInt(static_cast<int64_t>(i))}});
    *rhs_value = v;
    return true;
  }
  size_t base = ls.size() - rs.size(), j = 0;
  std::vector<int64_t> squeeze;
  for (size_t i = 0; i < ls.size(); ++i) {
    if (j < lhs_axes.size() && static_cast<int64_t>(i) == lhs_axes[j]) {
      if (i < base || ls[i] != rs[i - base]) return false;
      ++j;
    } else if (i >= base) {
      if (rs[i - base] != 1) return false;
      squeeze.push_back(static_cast<int64_t>(i - base));
    }
  }
  if (rhs_value && !squeeze.empty()) *rhs_value = MakeCall("squeeze", {*rhs_value}, {{"axis", AttrInts(squeeze)}});
  return true;
}

Expr ReshapeToMatchAxis(const Expr& scale, const std::vector<int64_t>& shape,
                        const std::vector<int64_t>& axes) {
  std::vector<int64_t> newshape;
  for (size_t i = 0; i < shape.size(); ++i) {
    bool in = std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
    newshape.push_back(in ? shape[i] : 1);
  }
  return MakeCall("reshape", {scale}, {{"newshape", AttrInts(newshape)}});
}

Expr ReshapeOrExpandToMatchAxis(const Expr& scale, const std::vector<int64_t>& shape,
                                const std::vector<int64_t>& axes) {
  if (axes.size() > 1) return ReshapeToMatchAxis(scale, shape, axes);
  return ExpandBiasToMatchAxis(scale, static_cast<int64_t>(shape.size()), axes);
}

bool IsAllPositiveConstant(const Expr& e) {
  if (const auto* c = e.as<ConstantNode>()) {
    if (!c->data.defined()) return false;
    DataType t = c->data->dtype;
    bool known = (t.is_float() && (t.bits() == 32 || t.bits() == 64)) ||
                 ((t.is_int() || t.is_uint()) && (t.bits() == 8 || t.bits() == 32));
    if (!known || t.lanes() != 1) return false;
    for (int64_t i = 0; i < c->data->NumElements(); ++i)
      if (*ElementValue(c->data, i) < 0) return false;
    return true;
  }
  if (const auto* call = e.as<CallNode>()) {
    std::string op = call->op_name();
    if (op == "expand_dims" || op == "reshape" || op == "transpose" || op == "squeeze" || op == "repeat")
      return IsAllPositiveConstant(call->args[0]);
  }
  return false;
}

namespace {
// Position of axis letter `c` in a layout such as "NCHW16c" (-1 when absent).
int64_t IndexOf(const std::string& layout, char c) {
  int64_t pos = 0;
  for (char ch : layout) {
    if (std::isdigit(static_cast<unsigned char>(ch))) continue;
    if (ch == c) return pos;
    ++pos;
  }
  return -1;
}
int64_t NumAxes(const std::string& layout) {
  int64_t n = 0;
  for (char ch : layout) n += std::isdigit(static_cast<unsigned char>(ch)) ? 0 : 1;
  return n;
}
}  // namespace

bool ConvLayout::Foldable(bool on_output) const {
  if (groups != 1 && !depthwise) return false;
  int64_t c_small = on_output ? out_c_small : data_c_small;
  bool simple = k_o_small < 0 && k_i_small < 0 && c_small < 0;
  bool blocked = k_o_small >= 0 && k_i_small >= 0 && c_small >= 0;
  return (on_output ? out_c : data_c) >= 0 && k_o >= 0 && k_i >= 0 && (simple || blocked);
}

ConvLayout ReadConvLayout(const CallNode* call) {
  ConvLayout l;
  std::string data = call->GetString("data_layout"), kernel = call->GetString("kernel_layout");
  std::string out = call->GetString("out_layout");
  if (out.empty()) out = data;
  l.data_c = IndexOf(data, 'C');
  l.data_c_small = IndexOf(data, 'c');
  l.out_c = IndexOf(out, 'C');
  l.out_c_small = IndexOf(out, 'c');
  l.k_o = IndexOf(kernel, 'O');
  l.k_i = IndexOf(kernel, 'I');
  l.k_o_small = IndexOf(kernel, 'o');
  l.k_i_small = IndexOf(kernel, 'i');
  l.kernel_ndim = NumAxes(kernel);
  l.groups = call->GetInt("groups");
  // The weight seen as OIHW: O = O*o, I = I*i.
  std::vector<int64_t> w = ShapeOf(call->args[1]);
  if (l.k_o >= 0 && l.k_i >= 0 && static_cast<size_t>(l.kernel_ndim) == w.size()) {
    int64_t o = w[l.k_o] * (l.k_o_small >= 0 ? w[l.k_o_small] : 1);
    int64_t i = w[l.k_i] * (l.k_i_small >= 0 ? w[l.k_i_small] : 1);
    l.depthwise = o == l.groups && i == 1;
  }
  return l;
}

bool WeightTakesScaleOf(const CallNode* call, const Expr& value) {
  return TensorTypeOf(call->args[1])->dtype == TensorTypeOf(value)->dtype;
}

Expr Multiply(const Expr& a, const Expr& b) { return MakeCall("multiply", {a, b}); }
Expr Divide(const Expr& a, const Expr& b) { return MakeCall("divide", {a, b}); }

}  // namespace fold_scale_axis

IRModule FoldScaleAxis(const IRModule& mod, const ConstantEvaluator& eval) {
  return FoldConstant(ForwardFoldScaleAxis(BackwardFoldScaleAxis(mod)), eval);
}

}  // namespace relay
}  // namespace tirgen
