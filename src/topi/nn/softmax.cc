// softmax, fast_softmax and log_softmax (see nn.h). Expressions are built in the order TVM's Python TOPI builds
// them, because that order is visible in the printed TIR.
#include "tirgen/topi/nn.h"

#include "nn_util.h"
#include "tirgen/te/operation.h"
#include "tirgen/topi/fast_math.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

Tensor softmax(const Tensor& x, int axis, bool fast_exp) {
  size_t n = x.ndim();
  if (axis < 0) axis += static_cast<int>(n);
  const char* tag = fast_exp ? "fast_softmax_output" : "softmax_output";  // tag_scope
  IterVar k1 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  IterVar k2 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  auto insert = [&](const std::vector<Var>& idx, const Var& r) {
    std::vector<PrimExpr> out(idx.begin(), idx.end());
    out.insert(out.begin() + axis, r);
    return out;
  };
  auto drop = [&](const std::vector<Var>& idx) {
    std::vector<PrimExpr> out;
    for (size_t i = 0; i < idx.size(); ++i)
      if (static_cast<int>(i) != axis) out.push_back(idx[i]);
    return out;
  };
  auto all = [](const std::vector<Var>& idx) { return std::vector<PrimExpr>(idx.begin(), idx.end()); };
  std::vector<PrimExpr> reduced;
  for (size_t i = 0; i < n; ++i)
    if (static_cast<int>(i) != axis) reduced.push_back(x->shape[i]);
  Tensor maxelem = te::compute(
      reduced, [&](const std::vector<Var>& i) { return max(x(insert(i, k1->var)), {k1}); },
      "T_softmax_maxelem", tag, {}, Names("i", reduced.size()));
  // TVM's softmax_common: fast_softmax subtracts the maximum in its own stage and applies
  // topi.math.fast_exp to it; softmax fuses the subtraction into exp.
  Tensor e;
  if (fast_exp) {
    Tensor delta = te::compute(
        x->shape, [&](const std::vector<Var>& i) { return x(all(i)) - maxelem(drop(i)); },
        "T_softmax_delta", tag, {}, Names("i", n));
    e = topi::fast_exp(delta);
  } else {
    e = te::compute(
        x->shape, [&](const std::vector<Var>& i) { return exp(x(all(i)) - maxelem(drop(i))); },
        "T_softmax_exp", tag, {}, Names("i", n));
  }
  Tensor expsum = te::compute(
      reduced, [&](const std::vector<Var>& i) { return sum(e(insert(i, k2->var)), {k2}); },
      "T_softmax_expsum", tag, {}, Names("i", reduced.size()));
  return te::compute(
      x->shape, [&](const std::vector<Var>& i) { return div(e(all(i)), expsum(drop(i))); },
      "T_softmax_norm", tag, {{"axis", I32(axis)}}, Names("i", n));
}

Tensor log_softmax(const Tensor& x, int axis) {
  size_t n = x.ndim();
  if (axis < 0) axis += static_cast<int>(n);
  IterVar k1 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  IterVar k2 = te::reduce_axis(Range(I32(0), x->shape[axis]), "k");
  auto insert = [&](const std::vector<Var>& idx, const Var& r) {
    std::vector<PrimExpr> out(idx.begin(), idx.end());
    out.insert(out.begin() + axis, r);
    return out;
  };
  auto all = [](const std::vector<Var>& idx) { return std::vector<PrimExpr>(idx.begin(), idx.end()); };
  auto drop = [&](const std::vector<Var>& idx) {
    std::vector<PrimExpr> out;
    for (size_t i = 0; i < idx.size(); ++i)
      if (static_cast<int>(i) != axis) out.push_back(idx[i]);
    return out;
  };
  std::vector<PrimExpr> reduced;
  for (size_t i = 0; i < n; ++i)
    if (static_cast<int>(i) != axis) reduced.push_back(x->shape[i]);
  Tensor maxelem = te::compute(
      reduced, [&](const std::vector<Var>& i) { return max(x(insert(i, k1->var)), {k1}); },
      "T_softmax_maxelem", "", {}, Names("i", reduced.size()));
  Tensor expsum = te::compute(
      reduced,
      [&](const std::vector<Var>& i) { return sum(exp(x(insert(i, k2->var)) - maxelem(all(i))), {k2}); },
      "compute", "", {}, Names("i", reduced.size()));
  return te::compute(
      x->shape,
      [&](const std::vector<Var>& i) { return x(all(i)) - maxelem(drop(i)) - log(expsum(drop(i))); },
      "compute", "", {{"axis", I32(axis)}}, Names("i", n));
}

}  // namespace topi
}  // namespace tirgen
