// TVM's EstimateTIRFlops (src/tir/analysis/estimate_flops.cc) and FindAnchorBlock
// (src/tir/analysis/stmt_finding.cc), which MetaSchedule's "anchor-block" module equality uses:
// the anchor of a PrimFunc is its reduction block (one with an init) — the only one, or among
// several the one whose top-level loop nest has the most estimated flops (first on ties).
#pragma once

#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

/// Arithmetic operations (add, sub, mul, div, mod, floordiv, floormod, min, max) executed by
/// `stmt`, loop bodies multiplied by constant extents; TVM's counting rules (loads, stores,
/// comparisons and index arithmetic cost nothing; select/if count their costlier branch).
double EstimateTIRFlops(const Stmt& stmt);

/// The anchor block of the module's single PrimFunc (or "main"), or nullptr when it has no
/// reduction block.
const BlockNode* FindAnchorBlock(const IRModule& mod);

}  // namespace tir
}  // namespace tirgen
