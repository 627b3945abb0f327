// Data layouts ("NCHW", "NCHW4c", "OIHW4i4o": upper case = a primal axis, lower case with a
// factor = a sub-axis split off it) and the bijection between two layouts of the same axes
// (TVM's tir::Layout / tir::BijectiveLayout), used by layout_transform.
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

/// One axis of a layout: `name` 'A'..'Z' (primal) or 'a'..'z' (sub-axis of `factor` elements).
struct LayoutAxis {
  char name;
  int64_t factor;  ///< 0 for a primal axis
  tir::Var var;    ///< the axis' index variable (int32) in the index rules
};

/// A parsed layout string; fails with a one-line error naming the layout when malformed.
struct Layout {
  explicit Layout(const std::string& name);
  std::string name;
  std::vector<LayoutAxis> axes;
  /// The factor of `primal`'s sub-axis in this layout, or -1 when it has none.
  int64_t FactorOf(char primal) const;
};

/// The bijection src -> dst: index and shape rules in both directions (TVM's GetStoreRule).
class BijectiveLayout {
 public:
  /// Fails unless both layouts have the same primal axes.
  BijectiveLayout(const std::string& src, const std::string& dst);
  /// The dst shape of a src shape (static dims).
  std::vector<PrimExpr> ForwardShape(const std::vector<PrimExpr>& shape) const;
  /// The src index of a dst index.
  std::vector<PrimExpr> BackwardIndex(const std::vector<PrimExpr>& index) const;

 private:
  Layout src_, dst_;
  std::vector<PrimExpr> forward_shape_, backward_index_;
};

/// layout_transform (T_layout_trans): out[dst index] = data[src index] where in range, else
/// 0; the block carries TVM's schedule_rule / src_layout / dst_layout / input_shape attrs.
Tensor layout_transform(const Tensor& data, const std::string& src_layout,
                        const std::string& dst_layout, const std::string& name = "T_layout_trans");

}  // namespace topi
}  // namespace tirgen
