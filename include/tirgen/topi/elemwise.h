// TOPI elementwise operators (TVM's C++ topi/elemwise.h, nn.h): T_<op>, axes ax0..
#pragma once

#include <string>

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
/// A 0-d compute holding a scalar (a Relay scalar constant inside a function).
Tensor scalar_const(PrimExpr value, const std::string& name = "compile_engine_const");

}  // namespace topi
}  // namespace tirgen
