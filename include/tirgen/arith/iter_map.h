// Affine iterator maps (TVM's arith::IterMapSimplify, restricted to constant extents): block
// bindings are read as sums of splits of loop iterators (x // lower % extent * scale), sums
// with mixed-radix scales are fused into one iterator before // and %, and the result is
// written back in the canonical form TVM prints: `i_0 * 4 + i_1`, `f // 1024`,
// `f % 1024 // 32`, `(f0 * 64 + f1) % 32`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

/// Loop variables with their ranges (min, extent).
using IterDomain = std::vector<std::pair<tir::Var, tir::Range>>;

/// The bindings simplified; each binding that is not an affine map of the iterators (or uses
/// non-constant extents) is returned unchanged. `simplify_trivial` turns unit-extent iterators
/// into their min.
std::vector<tir::PrimExpr> IterMapSimplify(const std::vector<tir::PrimExpr>& indices, const IterDomain& dom,
                                      bool simplify_trivial);

/// True when every index is an affine map (sum of splits) of the iterators in `dom`.
bool IsAffineBinding(const std::vector<tir::PrimExpr>& indices, const IterDomain& dom);

}  // namespace arith
}  // namespace tirgen

namespace tirgen {
namespace arith {

/// One binding split into an outer and an inner iterator (TVM's SubspaceDivide):
/// binding == outer * inner_extent + inner, `inner` using only the inner loop variables.
struct SubspaceDivision {
  tir::PrimExpr outer, inner;
  int64_t outer_extent = 1, inner_extent = 1;
};

/// Divides every binding; nullopt when one is not an affine map that separates that way.
std::optional<std::vector<SubspaceDivision>> SubspaceDivide(
    const std::vector<tir::PrimExpr>& bindings, const IterDomain& dom,
    const std::vector<const tir::VarNode*>& inner_vars);

}  // namespace arith
}  // namespace tirgen

namespace tirgen {
namespace arith {

/// TVM's DetectIterMap (bijective level) followed by InverseAffineIterMap: `indices` must be a
/// bijective affine map of the iterators in `dom` (each index a constant or one fused split of
/// scale 1; every iterator of extent > 1 covered exactly once by splits). The result gives each
/// iterator of `dom` (a unit one it does not use: its min) in terms of `outputs` (one per index),
/// unsimplified; `extents` gets each index's extent. nullopt with `*why` set otherwise.
std::optional<std::vector<tir::PrimExpr>> InverseAffineIterMap(const std::vector<tir::PrimExpr>& indices,
                                                               const IterDomain& dom,
                                                               const std::vector<tir::Var>& outputs,
                                                               std::vector<int64_t>* extents, std::string* why);

}  // namespace arith
}  // namespace tirgen
