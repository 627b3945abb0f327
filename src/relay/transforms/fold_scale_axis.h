// Shared pieces of FoldScaleAxis (fold_scale_axis_{forward,backward}.cc): the message a
// consumer or producer sends about which axes a per-channel scale may travel along, and the
// broadcasting helpers that reshape a scale between "only the scaled axes" and a tensor's rank.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {
namespace fold_scale_axis {

/// Sorted axes a scale runs along, and whether it must be non-negative (it crosses a relu).
struct Message {
  std::vector<int64_t> axes;
  bool require_positive = false;
};
using OptMessage = std::optional<Message>;

/// Intersection of two messages (nullopt wins: a consumer that cannot take a scale blocks it).
OptMessage Intersect(const OptMessage& a, const OptMessage& b);

const TensorTypeNode* TensorTypeOf(const Expr& e);
std::vector<int64_t> ShapeOf(const Expr& e);

/// True when `rhs` broadcasts against `lhs` with its non-1 dims exactly on `lhs_axes`. With
/// `rhs_value`, rewrites it to hold only those dims (squeeze; a scalar is repeated).
bool MatchBroadcastToLeftAxes(const Expr& lhs, const Expr& rhs, const std::vector<int64_t>& lhs_axes,
                              Expr* rhs_value = nullptr);
/// `scale` reshaped to `shape` with 1 outside `axes`.
Expr ReshapeToMatchAxis(const Expr& scale, const std::vector<int64_t>& shape,
                        const std::vector<int64_t>& axes);
/// ExpandBiasToMatchAxis for one axis, ReshapeToMatchAxis for several.
Expr ReshapeOrExpandToMatchAxis(const Expr& scale, const std::vector<int64_t>& shape,
                                const std::vector<int64_t>& axes);
/// A constant with every element >= 0, possibly behind expand_dims/reshape/transpose/squeeze/
/// repeat (TVM's IsAllPositiveConstant).
bool IsAllPositiveConstant(const Expr& e);

/// What FoldScaleAxis needs of a conv2d call's layouts.
struct ConvLayout {
  int64_t data_c = -1;     ///< 'C' in data_layout
  int64_t out_c = -1;      ///< 'C' in out_layout (data_layout when empty)
  int64_t data_c_small = -1, out_c_small = -1;  ///< blocked 'c'
  int64_t k_o = -1, k_i = -1, k_o_small = -1, k_i_small = -1;  ///< 'O','I','o','i' of the kernel
  int64_t kernel_ndim = 0;
  bool depthwise = false;  ///< weight as OIHW is (groups, 1, ...)
  int64_t groups = 1;
  /// Full or depthwise conv with simple (or consistently blocked) layouts: foldable. The
  /// channel axis is the input's (forward) or the output's (backward).
  bool Foldable(bool on_output) const;
  bool Simple() const { return k_o_small < 0 && k_i_small < 0 && k_i >= 0; }
};
ConvLayout ReadConvLayout(const CallNode* call);

/// True when a scale of `value`'s dtype can multiply the weight (argument 1) of `call`. TVM
/// does not check; folding an int32 scale of a conv's int32 output into its int8 weight would
/// be a type error.
bool WeightTakesScaleOf(const CallNode* call, const Expr& value);

Expr Multiply(const Expr& a, const Expr& b);
Expr Divide(const Expr& a, const Expr& b);

}  // namespace fold_scale_axis
}  // namespace relay
}  // namespace tirgen
