// Fixed-point multiplication (see fixed_point.h). Both are Python computes in TVM over
// `*indices`: the tensor is named `compute` and its axes i0, i1, ...
#include "tirgen/topi/fixed_point.h"

#include <string>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {
namespace {

std::vector<std::string> IndexNames(size_t rank) {
  std::vector<std::string> names;
  for (size_t i = 0; i < rank; ++i) names.push_back("i" + std::to_string(i));
  return names;
}

PrimExpr Int32(int64_t v) { return tir::IntImm(DataType::Int(32), v); }

}  // namespace

Tensor fixed_point_multiply(const Tensor& x, int32_t multiplier, int32_t shift) {
  return te::compute(
      x->shape,
      [&](const std::vector<tir::Var>& i) {
        PrimExpr v = x(std::vector<PrimExpr>(i.begin(), i.end()));
        return PrimExpr(tir::Call(DataType::Int(32), "tir.q_multiply_shift", {v, Int32(multiplier), Int32(31), Int32(shift)}));
      },
      "compute", "elemwise", {}, IndexNames(x->shape.size()));
}

Tensor fixed_point_multiply_per_axis(const Tensor& x, const Tensor& m, const Tensor& lshift,
                                     const Tensor& rshift, bool is_lshift_required,
                                     bool is_rshift_required, const std::vector<int64_t>& axes) {
  return te::compute(
      x->shape,
      [&](const std::vector<tir::Var>& i) {
        std::vector<PrimExpr> p;
        for (int64_t a : axes) p.push_back(i.at(static_cast<size_t>(a)));
        PrimExpr v = x(std::vector<PrimExpr>(i.begin(), i.end()));
        return PrimExpr(tir::Call(x->dtype, "tir.q_multiply_shift_per_axis",
                                  {v, m(p), lshift(p), rshift(p), Int32(31), tir::IntImm(DataType::Bool(), is_lshift_required),
                                   tir::IntImm(DataType::Bool(), is_rshift_required)}));
      },
      "compute", "broadcast", {}, IndexNames(x->shape.size()));
}

}  // namespace topi
}  // namespace tirgen
