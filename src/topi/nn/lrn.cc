// Local response normalization (see nn.h). Expressions are built in the order TVM's Python TOPI
// builds them, because that order is visible in the printed TIR.
#include "tirgen/topi/nn.h"

#include "nn_util.h"
#include "tirgen/te/operation.h"
#include "tirgen/topi/broadcast.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

Tensor lrn(const Tensor& data, int64_t size, int axis, double alpha, double beta, double bias) {
  TIRGEN_CHECK(data.ndim() == 4 && size % 2 == 1 && (axis == 1 || axis == 3))
      << "lrn needs 4-D data, an odd size and axis 1 or 3";
  std::vector<int64_t> pad(4, 0);
  pad[axis] = size / 2;
  Tensor pad_data = pad_constant(data, pad, pad, I32(0), "pad_data");
  IterVar rxs = te::reduce_axis(Range(I32(0), I32(size)), "rxs");
  Tensor sqr_sum = te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(v.begin(), v.end());
        idx[axis] = v[axis] + rxs->var;
        return sum(pad_data(idx) * pad_data(idx), {rxs});
      },
      "tensor", "sqr_sum");
  auto imm = [&](double v) { return make_const(data->dtype, static_cast<double>(static_cast<float>(v))); };
  PrimExpr alpha_imm = imm(alpha), beta_imm = imm(beta), bias_imm = imm(bias);
  Tensor sqrt_sum_up = te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(v.begin(), v.end());
        return pow(bias_imm + div(alpha_imm * sqr_sum(idx), I32(size)), beta_imm);
      },
      "tensor", "elemwise");
  return divide(data, sqrt_sum_up);
}

}  // namespace topi
}  // namespace tirgen
