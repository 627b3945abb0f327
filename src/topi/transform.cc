// Shape manipulation (see transform.h).
#include "tirgen/topi/transform.h"

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

Tensor expand_dims(const Tensor& x, int axis, int num_newaxis, const std::string& name) {
  int n = static_cast<int>(x.ndim());
  if (axis < 0) axis += n + 1;
  std::vector<PrimExpr> shape;
  for (int i = 0; i < axis; ++i) shape.push_back(x->shape[i]);
  for (int i = 0; i < num_newaxis; ++i) shape.push_back(IntImm(DataType::Int(32), 1));
  for (int i = axis; i < n; ++i) shape.push_back(x->shape[i]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        for (int i = 0; i < axis; ++i) idx.push_back(v[i]);
        for (int i = axis + num_newaxis; i < static_cast<int>(v.size()); ++i) idx.push_back(v[i]);
        return x(idx);
      },
      name, "broadcast");
}

Tensor squeeze(const Tensor& x, std::vector<int> axes, const std::string& name) {
  int n = static_cast<int>(x.ndim());
  std::vector<bool> drop(n, false);
  if (axes.empty()) {
    for (int i = 0; i < n; ++i) drop[i] = is_one(x->shape[i]);
  } else {
    for (int a : axes) drop[a < 0 ? a + n : a] = true;
  }
  std::vector<PrimExpr> shape;
  for (int i = 0; i < n; ++i)
    if (!drop[i]) shape.push_back(x->shape[i]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        size_t k = 0;
        for (int i = 0; i < n; ++i) idx.push_back(drop[i] ? PrimExpr(make_const(x->shape[i].dtype(), 0)) : PrimExpr(v[k++]));
        return x(idx);
      },
      name, "injective");
}

Tensor transpose(const Tensor& x, std::vector<int> axes, const std::string& name) {
  int n = static_cast<int>(x.ndim());
  if (axes.empty())
    for (int i = n - 1; i >= 0; --i) axes.push_back(i);
  for (int& a : axes)
    if (a < 0) a += n;
  std::vector<PrimExpr> shape;
  for (int a : axes) shape.push_back(x->shape[a]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(n);
        for (int i = 0; i < n; ++i) idx[axes[i]] = v[i];
        return x(idx);
      },
      name, "injective");
}

}  // namespace topi
}  // namespace tirgen
