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
/// argmax: a 2-output `<input>_red_temp` reduction (index, value), then `<input>_red`.
Tensor argmax(const Tensor& x, std::vector<int> axes, bool keepdims);

}  // namespace topi
}  // namespace tirgen
