// The block-to-loop lowering pipeline the build runs before code generation.
#pragma once

#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {

/// TVM v0.14's order for block-form TensorIR (golden-passes/README.md): LowerInitBlock,
/// PlanAndUpdateBufferAllocationLocation, ConvertBlocksToOpaque, CompactBufferAllocation,
/// LowerMatchBuffer, Simplify, LowerOpaqueBlock, FlattenBuffer, NarrowDataType(32), Simplify;
/// then the loop-annotation lowering the C backend needs: VectorizeLoop, UnrollLoop, Simplify,
/// RemoveNoOp. Functions already in loop form pass through unchanged in meaning.
Pass LoweringPipeline();

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
