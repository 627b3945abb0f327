// TOPI reductions (TVM's C++ topi/reduction.h): output `<input>_red`, reduce axes k<dim>.
#pragma once

#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;

/// Sum over `axes` (all when empty); keepdims keeps reduced dims as size 1.
Tensor sum(const Tensor& x, std::vector<int> axes, bool keepdims);
Tensor max(const Tensor& x, std::vector<int> axes, bool keepdims);
Tensor min(const Tensor& x, std::vector<int> axes, bool keepdims);
Tensor prod(const Tensor& x, std::vector<int> axes, bool keepdims);
/// Logical and / or over the axes (bool data).
Tensor all(const Tensor& x, std::vector<int> axes, bool keepdims);
Tensor any(const Tensor& x, std::vector<int> axes, bool keepdims);
/// Relay mean: sum, then T_divide by the element count (a float constant of x's dtype).
Tensor mean(const Tensor& x, std::vector<int> axes, bool keepdims);
/// Relay variance: T_subtract, T_multiply, <..>_red, T_divide by count (count - 1 if unbiased).
Tensor variance(const Tensor& x, const Tensor& mean, std::vector<int> axes, bool keepdims,
                bool unbiased = false);
/// argmin: like argmax with the smaller value winning.
Tensor argmin(const Tensor& x, std::vector<int> axes, bool keepdims,
              bool select_last_index = false);
/// argmax: a 2-output `<input>_red_temp` reduction (index, value), then `<input>_red`. The
/// index is the flat position within the reduced axes; ties go to the first position (the
/// last with select_last_index).
Tensor argmax(const Tensor& x, std::vector<int> axes, bool keepdims,
              bool select_last_index = false);

}  // namespace topi
}  // namespace tirgen
