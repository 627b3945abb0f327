// Dense, matmul, batch_matmul and bias_add (see nn.h). Expressions are built in the order TVM's
// Python TOPI builds them, because that order is visible in the printed TIR.
#include "tirgen/topi/nn.h"

#include "nn_util.h"
#include "tirgen/te/operation.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/transform.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

Tensor dense(const Tensor& data, const Tensor& weight, DataType out_dtype) {
  IterVar k = te::reduce_axis(Range(I32(0), data->shape[1]), "k");
  AttrMap attrs{{"layout_free_placeholders", Array({weight})}};
  return te::compute(
      {data->shape[0], weight->shape[0]},
      [&](const std::vector<Var>& v) {
        return sum(cast(out_dtype, data(v[0], k->var)) * cast(out_dtype, weight(v[1], k->var)), {k});
      },
      "T_matmul_NT", "dense", attrs, {"i", "j"});
}

Tensor matmul(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b,
              DataType out_dtype) {
  PrimExpr batch = transpose_a ? a->shape[1] : a->shape[0];
  PrimExpr in_dim = transpose_a ? a->shape[0] : a->shape[1];
  PrimExpr out_dim = transpose_b ? b->shape[0] : b->shape[1];
  IterVar k = te::reduce_axis(Range(I32(0), in_dim), "k");
  std::string name = std::string("T_matmul_") + (transpose_a ? "T" : "N") + (transpose_b ? "T" : "N");
  AttrMap attrs{{"layout_free_placeholders", Array({b})}};
  return te::compute(
      {batch, out_dim},
      [&](const std::vector<Var>& v) {
        PrimExpr av = transpose_a ? a(k->var, v[0]) : a(v[0], k->var);
        PrimExpr bv = transpose_b ? b(v[1], k->var) : b(k->var, v[1]);
        return sum(cast(out_dtype, av) * cast(out_dtype, bv), {k});
      },
      name, (!transpose_a && transpose_b) ? "dense" : "matmul", attrs, {"i", "j"});
}

Tensor batch_matmul(const Tensor& x, const Tensor& y, DataType out_dtype, bool transpose_a,
                    bool transpose_b) {
  PrimExpr xi = transpose_a ? x->shape[2] : x->shape[1];
  PrimExpr xk = transpose_a ? x->shape[1] : x->shape[2];
  PrimExpr yj = transpose_b ? y->shape[1] : y->shape[2];
  IterVar k = te::reduce_axis(Range(I32(0), xk), "k");
  AttrMap attrs{{"layout_free_placeholders", Array({y})}};
  PrimExpr batch = max(x->shape[0], y->shape[0]);
  bool bx = Dim(x->shape[0]) != 1, by = Dim(y->shape[0]) != 1;
  std::string name = std::string("T_batch_matmul_") + (transpose_a ? "T" : "N") + (transpose_b ? "T" : "N");
  return te::compute(
      {batch, xi, yj},
      [&](const std::vector<Var>& v) {
        PrimExpr b0 = make_const(v[0].dtype(), 0);
        PrimExpr xb = bx ? PrimExpr(v[0]) : b0, yb = by ? PrimExpr(v[0]) : b0;
        PrimExpr xv = transpose_a ? x(xb, k->var, v[1]) : x(xb, v[1], k->var);
        PrimExpr yv = transpose_b ? y(yb, v[2], k->var) : y(yb, k->var, v[2]);
        return sum(cast(out_dtype, xv) * cast(out_dtype, yv), {k});
      },
      name, "batch_matmul", attrs, {"b", "i", "j"});
}

Tensor bias_add(const Tensor& data, const Tensor& bias, int axis) {
  int ndim = static_cast<int>(data.ndim());
  if (axis < 0) axis += ndim;
  int num_newaxis = ndim - axis - 1;
  return add(data, num_newaxis ? expand_dims(bias, 1, num_newaxis) : bias);
}

}  // namespace topi
}  // namespace tirgen
