// Padding: pad, pad_mirror, pad_constant, mirror_pad (see nn.h). Expressions are built in the order
// TVM's Python TOPI builds them, because that order is visible in the printed TIR.
#include "tirgen/topi/nn.h"

#include "nn_util.h"
#include "tirgen/te/operation.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

Tensor pad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
           PrimExpr pad_value, const std::string& name, std::vector<std::string> var_names) {
  size_t n = x.ndim();
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32(Dim(x->shape[i]) + before[i] + after[i]));
  if (var_names.empty()) var_names = Names("i", n);
  return te::compute(
      shape,
      [&](const std::vector<Var>& idx) {
        std::vector<PrimExpr> conds, index;
        for (size_t i = 0; i < n; ++i) {
          if (before[i] == 0 && after[i] == 0) {
            index.push_back(idx[i]);
          } else {
            index.push_back(idx[i] - I32(before[i]));
            conds.push_back(idx[i] >= I32(before[i]));
            conds.push_back(idx[i] < x->shape[i] + I32(before[i]));
          }
        }
        if (conds.empty()) return x(index);
        PrimExpr all = conds[0];
        for (size_t i = 1; i < conds.size(); ++i) all = logical_and(all, conds[i]);
        return if_then_else(all, x(index), pad_value);
      },
      name, "injective,pad", {}, var_names);
}

namespace {
// TVM's C++ topi::pad (Relay nn.pad, pooling's pad_temp). A dim gets a `>= before` condition
// when its leading pad is nonzero and a `< before + len` one when its trailing pad is. In
// "edge"/"reflect" mode the in-range value is still read at the plain index, and the padded
// value at a clamped/mirrored index built for every dim, padded or not (TVM builds it so).
Tensor CppPad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
              PrimExpr pad_value, const std::string& name, const std::string& mode) {
  size_t n = x.ndim();
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32(Dim(x->shape[i]) + before[i] + after[i]));
  if (!pad_value.defined()) pad_value = make_const(x->dtype, 0);
  bool edge = mode == "edge", reflect = mode == "reflect";
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> sel, idx, mirror;
        for (size_t i = 0; i < n; ++i) {
          PrimExpr b = I32(before[i]), len = x->shape[i];
          if (before[i] != 0) {
            sel.push_back(v[i] >= b);
            idx.push_back(v[i] - b);
          } else {
            idx.push_back(v[i]);
          }
          if (after[i] != 0) sel.push_back(v[i] < b + len);
          if (edge)
            mirror.push_back(if_then_else(v[i] < b, I32(0),
                                          if_then_else(v[i] >= b + len, len - I32(1), v[i] - b)));
          if (reflect)
            mirror.push_back(if_then_else(
                v[i] < b, b - v[i],
                if_then_else(v[i] >= b + len, len * I32(2) - v[i] + b - I32(2), v[i] - b)));
        }
        if (sel.empty()) return x(idx);
        PrimExpr all = sel[0];
        for (size_t i = 1; i < sel.size(); ++i) all = logical_and(all, sel[i]);
        if (edge || reflect) return if_then_else(all, x(idx), x(mirror));
        return if_then_else(all, x(idx), cast(x->dtype, pad_value));
      },
      name, "elemwise");
}
}  // namespace

Tensor pad_mirror(const Tensor& x, const std::vector<int64_t>& before,
                  const std::vector<int64_t>& after, const std::string& mode,
                  const std::string& name) {
  TIRGEN_CHECK(mode == "edge" || mode == "reflect") << "pad mode " << mode << " is not edge or reflect";
  return CppPad(x, before, after, PrimExpr(), name, mode);
}

Tensor pad_constant(const Tensor& x, const std::vector<int64_t>& before,
                    const std::vector<int64_t>& after, PrimExpr pad_value,
                    const std::string& name) {
  return CppPad(x, before, after, std::move(pad_value), name, "constant");
}

Tensor mirror_pad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
                  const std::string& mode) {
  TIRGEN_CHECK(mode == "SYMMETRIC" || mode == "REFLECT") << "mirror_pad mode must be SYMMETRIC or REFLECT";
  size_t n = x.ndim();
  int64_t sym = mode == "SYMMETRIC" ? 1 : 0;
  std::vector<PrimExpr> shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(I32(Dim(x->shape[i]) + before[i] + after[i]));
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        for (size_t i = 0; i < n; ++i) {
          if (before[i] == 0 && after[i] == 0) {
            idx.push_back(v[i]);  // TVM's if_then_else on a constant False folds away
            continue;
          }
          PrimExpr b = I32(before[i]), len = x->shape[i];
          PrimExpr axis = v[i] - b;
          // python `-axis - mode`: -axis is axis * -1
          PrimExpr mapped = if_then_else(v[i] < b, axis * I32(-1) - I32(sym), axis);
          mapped = if_then_else(v[i] >= len + b, I32(2) * (len - I32(1)) - axis + I32(sym), mapped);
          idx.push_back(mapped);
        }
        return x(idx);
      },
      "MirrorPadInput", "injective", {}, Names("i", n));
}

}  // namespace topi
}  // namespace tirgen
