// Polynomial approximations of exp, tanh and erf (TVM's topi::fast_exp / fast_tanh /
// fast_erf): float32 (and, for erf, float16) get the approximation, other types the exact
// intrinsic. Relay's fast_* ops (made by the FastMath pass, or written directly) lower to them.
#pragma once

#include <string>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;

/// 2^n * exp(r) with a degree-7 polynomial, inputs clamped to +-88.376 (T_fast_exp).
Tensor fast_exp(const Tensor& x, const std::string& name = "T_fast_exp");
/// Rational approximation on [-9, 9]: T_minimum / T_maximum clamp, then T_fast_tanh.
Tensor fast_tanh(const Tensor& x, const std::string& name = "T_fast_tanh");
/// Rational approximation on [-4, 4] (T_fast_erf).
Tensor fast_erf(const Tensor& x, const std::string& name = "T_fast_erf");

}  // namespace topi
}  // namespace tirgen
