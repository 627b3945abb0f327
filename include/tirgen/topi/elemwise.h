// TOPI elementwise operators (TVM's C++ topi/elemwise.h, nn.h): T_<op>, axes ax0..
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

Tensor relu(const Tensor& x, const std::string& name = "T_relu");
Tensor exp(const Tensor& x, const std::string& name = "T_exp");
Tensor log(const Tensor& x, const std::string& name = "T_log");
Tensor sqrt(const Tensor& x, const std::string& name = "T_sqrt");
Tensor tanh(const Tensor& x, const std::string& name = "T_tanh");
Tensor sigmoid(const Tensor& x, const std::string& name = "T_sigmoid");
Tensor erf(const Tensor& x, const std::string& name = "T_erf");
Tensor abs(const Tensor& x, const std::string& name = "T_abs");
Tensor negative(const Tensor& x, const std::string& name = "T_negative");
/// 1 / sqrt(x); TVM names this one `tensor`.
Tensor rsqrt(const Tensor& x, const std::string& name = "tensor");
Tensor identity(const Tensor& x, const std::string& name = "T_identity");
Tensor cast(const Tensor& x, DataType t, const std::string& name = "T_cast");
/// x > 0 ? x : x * alpha (T_leaky_relu).
Tensor leaky_relu(const Tensor& x, double alpha, const std::string& name = "T_leaky_relu");
/// x > 0 ? x : x * slope[x's index at `axis`] (T_prelu).
Tensor prelu(const Tensor& x, const Tensor& slope, int axis = 1, const std::string& name = "T_prelu");
/// max(min(x, hi), lo) (T_clip).
Tensor clip(const Tensor& x, PrimExpr lo, PrimExpr hi, const std::string& name = "T_clip");
/// A tensor of `shape` filled with `value` (T_full).
Tensor full(const std::vector<PrimExpr>& shape, DataType dtype, PrimExpr value,
            const std::string& name = "T_full");
/// A tensor shaped like `x` filled with `value` (T_full_like).
Tensor full_like(const Tensor& x, PrimExpr value, const std::string& name = "T_full_like");
/// Broadcasting select: cond != 0 ? x : y (T_where).
Tensor where(const Tensor& cond, const Tensor& x, const Tensor& y, const std::string& name = "T_where");

/// out = f(x) elementwise, named `name` (tag "elemwise"): the shape of every TOPI unary op.
Tensor elementwise(const Tensor& x, const std::function<PrimExpr(PrimExpr)>& f,
                   const std::string& name);
/// A math intrinsic `tir.<intrin>` elementwise (T_tan, T_log2, ...). Rounding intrinsics
/// (floor, ceil, round, trunc) leave integers unchanged, as TVM's do.
Tensor math_unary(const Tensor& x, const std::string& intrin, const std::string& name);
/// -1, 0 or 1 (T_sign).
Tensor sign(const Tensor& x, const std::string& name = "T_sign");
/// !x (T_logical_not).
Tensor logical_not(const Tensor& x, const std::string& name = "T_logical_not");
/// ~x (T_bitwise_not).
Tensor bitwise_not(const Tensor& x, const std::string& name = "T_bitwise_not");
/// isnan / isinf / isfinite (bool results; integers are never nan or inf).
Tensor isnan(const Tensor& x, const std::string& name = "T_isnan");
Tensor isinf(const Tensor& x, const std::string& name = "T_isinf");
Tensor isfinite(const Tensor& x, const std::string& name = "T_isfinite");

/// A 0-d compute holding a scalar (a Relay scalar constant inside a function).
Tensor scalar_const(PrimExpr value, const std::string& name = "compile_engine_const");

}  // namespace topi
}  // namespace tirgen
