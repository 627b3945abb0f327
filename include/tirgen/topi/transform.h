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
/// Removes unit dims at `axes` (T_squeeze). Empty `axes` means every unit dim (Relay's
/// axis=None) unless `empty_means_all` is false (axis=[]: nothing is removed).
Tensor squeeze(const Tensor& x, std::vector<int> axes, const std::string& name = "T_squeeze",
               bool empty_means_all = true);
/// Permutes dims (T_transpose).
Tensor transpose(const Tensor& x, std::vector<int> axes, const std::string& name = "T_transpose");

/// Reshape to `shape` (T_reshape): out[i] = x[unravel(ravel(i, shape), x.shape)].
Tensor reshape(const Tensor& x, const std::vector<PrimExpr>& shape,
               const std::string& name = "T_reshape");

/// TVM's CanonicalizeIndex: a slice bound for a dim of `extent` walked with `stride`
/// (negatives count from the end; clamped to [0, extent], or [-1, extent - 1] backwards).
int64_t CanonicalSliceIndex(int64_t index, int64_t extent, int64_t stride);

/// Static strided slice over `axes` (all axes when empty: T_strided_slice; otherwise
/// T_strided_slice_with_axes). Negative begin/end count from the end, as in numpy. Without
/// axes, missing entries are filled as TVM does: stride 1, begin 0 (max for a negative
/// stride), end max (0 for a negative stride). slice_mode "size": `end` holds sizes (-1: to
/// the end) and strides are ignored.
Tensor strided_slice(const Tensor& x, const std::vector<int64_t>& begin,
                     const std::vector<int64_t>& end, const std::vector<int64_t>& strides,
                     const std::vector<int>& axes = {}, const std::string& slice_mode = "end");

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
/// take along `axis` with `batch_dims` leading batch dims; mode "clip" (indices clamped),
/// "wrap" (indices taken modulo the axis size, negatives from the end) or "fast" (unchecked).
Tensor take(const Tensor& a, const Tensor& indices, int batch_dims, int axis,
            const std::string& mode, const std::string& name = "T_take");
/// take from the flattened `a` (Relay take without axis), same modes.
Tensor take_flat(const Tensor& a, const Tensor& indices, const std::string& mode,
                 const std::string& name = "T_take");
/// gather(data, axis, indices) (T_gather).
Tensor gather(const Tensor& data, int axis, const Tensor& indices,
              const std::string& name = "T_gather");
/// gather_nd: indices' first axis indexes data's leading dims (after batch_dims) (T_gather_nd).
Tensor gather_nd(const Tensor& data, const Tensor& indices, int batch_dims,
                 const std::string& name = "T_gather_nd");
/// one_hot: `on` where indices equals the position along `axis` (-1: a new last axis), else
/// `off`, both cast to `dtype` (T_one_hot).
Tensor one_hot(const Tensor& indices, PrimExpr on, PrimExpr off, int depth, int axis, DataType dtype,
               const std::string& name = "T_one_hot");
/// Repeats each element `repeats` times along `axis` (T_repeat).
Tensor repeat(const Tensor& x, int repeats, int axis, const std::string& name = "T_repeat");
/// Tiles by `reps` (T_tile).
Tensor tile(const Tensor& x, const std::vector<int64_t>& reps, const std::string& name = "T_tile");
/// Reverses `axis` (reverse_sequence without seq_lengths) (T_reverse_sequence).
Tensor reverse_sequence(const Tensor& x, int seq_axis,
                        const std::string& name = "T_reverse_sequence");

}  // namespace topi
}  // namespace tirgen
