// Fixed-point multiplication (TVM's python/tvm/topi/math.py fixed_point_multiply and
// fixed_point_multiply_per_axis): x * multiplier * 2^(shift - 31) as one tir.q_multiply_shift
// / tir.q_multiply_shift_per_axis call per element, which LowerIntrin later expands into int64
// arithmetic. The qnn requantize canonicalization emits them (relay/transforms/qnn_legalize.cc).
#pragma once

#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

/// compute[i...] = q_multiply_shift(x[i...], multiplier, 31, shift) (int32).
Tensor fixed_point_multiply(const Tensor& x, int32_t multiplier, int32_t shift);

/// Per-axis multipliers and shifts, each indexed by x's `axes`:
/// compute[i...] = q_multiply_shift_per_axis(x, m[a], lshift[a], rshift[a], 31, is_l, is_r).
Tensor fixed_point_multiply_per_axis(const Tensor& x, const Tensor& m, const Tensor& lshift,
                                     const Tensor& rshift, bool is_lshift_required,
                                     bool is_rshift_required, const std::vector<int64_t>& axes);

}  // namespace topi
}  // namespace tirgen
