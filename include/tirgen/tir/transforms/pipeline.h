// The block-to-loop lowering pipeline the build runs before code generation.
#pragma once

#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {

/// tvm.lower's TIR pass list of TVM v0.14 (driver_api.cc CreatePassList, default config, CPU
/// target), the passes that change CPU programs: phase 1 LowerInitBlock,
/// PlanAndUpdateBufferAllocationLocation, ConvertBlocksToOpaque, CompactBufferAllocation,
/// LowerMatchBuffer, Simplify, LowerOpaqueBlock, FlattenBuffer, NarrowDataType(32), Simplify;
/// phase 2 VectorizeLoop, StorageRewrite, UnrollLoop; phase 3 Simplify, RemoveNoOp,
/// RewriteUnsafeSelect, HoistIfThenElse, CommonSubexprElimTIR. No-ops on CPU programs
/// (GPU/texture/async/thread passes, LoopPartition without likely() or partition_const_loop) are
/// left out. Functions already in loop form pass through unchanged in meaning.
Pass TvmLowerPipeline();

/// The pipeline the C build runs before code generation: TvmLowerPipeline (one pipeline, so
/// what is built is what TVM would build), then LowerIntrin (InstrumentBoundCheckers when the
/// module asks for it).
Pass LoweringPipeline();

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
