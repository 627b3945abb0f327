// TOPI shape-manipulation operators (TVM's C++ topi/transform.h).
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;

/// Inserts `num_newaxis` unit dims at `axis` (T_expand_dims).
Tensor expand_dims(const Tensor& x, int axis, int num_newaxis = 1,
                   const std::string& name = "T_expand_dims");
/// Removes unit dims at `axes` (all unit dims when empty) (T_squeeze).
Tensor squeeze(const Tensor& x, std::vector<int> axes, const std::string& name = "T_squeeze");
/// Permutes dims (T_transpose).
Tensor transpose(const Tensor& x, std::vector<int> axes, const std::string& name = "T_transpose");

}  // namespace topi
}  // namespace tirgen
