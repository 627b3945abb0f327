// A default CPU schedule for PrimFuncs as lowering makes them (one perfect loop nest per
// block), applied before they are built to run. TVM builds such functions as they are (its
// speed comes from tuning); tirgen's executor applies this instead, so untuned programs run
// at a reasonable speed. Every step keeps each output element's arithmetic in the same order,
// so results are bit-identical to the unscheduled function's.
#pragma once

#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

/// For each block in lowering's canonical form (serial unannotated loops bound one-to-one, in
/// order, to the block's iterators, nothing else in the nest):
///  - a reduction whose innermost data-parallel loop is long enough gets that loop moved below
///    the reduction loops (independent accumulators in the innermost loop, which the C compiler
///    vectorizes), and its init decomposed out above the reduction loops;
///  - a block with enough work gets its outermost non-unit data-parallel loop parallelised.
/// Blocks in any other form (already scheduled, blockized, ...) are left alone.
PrimFunc DefaultCpuSchedule(const PrimFunc& func);

/// DefaultCpuSchedule applied to every PrimFunc of `mod` (other functions unchanged).
IRModule DefaultCpuSchedule(const IRModule& mod);

}  // namespace tir
}  // namespace tirgen
