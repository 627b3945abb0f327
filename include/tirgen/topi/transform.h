// TOPI shape-manipulation operators (TVM's C++ topi/transform.h).
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

/// Inserts `num_newaxis` unit dims at `axis` (T_expand_dims).
Tensor expand_dims(const Tensor& x, int axis, int num_newaxis = 1,
                   const std::string& name = "T_expand_dims");
/// Removes unit dims at `axes` (all unit dims when empty) (T_squeeze).
Tensor squeeze(const Tensor& x, std::vector<int> axes, const std::string& name = "T_squeeze");
/// Permutes dims (T_transpose).
Tensor transpose(const Tensor& x, std::vector<int> axes, const std::string& name = "T_transpose");

/// Reshape to `shape` (T_reshape): out[i] = x[unravel(ravel(i, shape), x.shape)].
Tensor reshape(const Tensor& x, const std::vector<PrimExpr>& shape,
               const std::string& name = "T_reshape");

/// Static strided slice over `axes` (all axes when empty: T_strided_slice; otherwise
/// T_strided_slice_with_axes). Negative begin/end count from the end, as in numpy.
Tensor strided_slice(const Tensor& x, const std::vector<int64_t>& begin,
                     const std::vector<int64_t>& end, const std::vector<int64_t>& strides,
                     const std::vector<int>& axes = {});

/// Joins along `axis` (T_concat): nested if_then_else from the last input backwards.
Tensor concatenate(const std::vector<Tensor>& xs, int axis, const std::string& name = "T_concat");
/// Stacks along a new `axis` (T_stack).
Tensor stack(const std::vector<Tensor>& xs, int axis, const std::string& name = "T_stack");
/// Splits at `indices` along `axis`: one compute per piece, all named `name`.
std::vector<Tensor> split(const Tensor& x, const std::vector<int64_t>& indices, int axis,
                          const std::string& name = "T_split");
/// Splits into `sections` equal pieces (T_split_sections).
std::vector<Tensor> split_sections(const Tensor& x, int sections, int axis,
                                   const std::string& name = "T_split_sections");
/// take(a, indices, axis) with mode "clip" (T_take).
Tensor take(const Tensor& a, const Tensor& indices, int axis, const std::string& name = "T_take");
/// gather(data, axis, indices) (T_gather).
Tensor gather(const Tensor& data, int axis, const Tensor& indices,
              const std::string& name = "T_gather");
/// Repeats each element `repeats` times along `axis` (T_repeat).
Tensor repeat(const Tensor& x, int repeats, int axis, const std::string& name = "T_repeat");
/// Tiles by `reps` (T_tile).
Tensor tile(const Tensor& x, const std::vector<int64_t>& reps, const std::string& name = "T_tile");
/// Reverses `axis` (reverse_sequence without seq_lengths) (T_reverse_sequence).
Tensor reverse_sequence(const Tensor& x, int seq_axis,
                        const std::string& name = "T_reverse_sequence");

}  // namespace topi
}  // namespace tirgen
