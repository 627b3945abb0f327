#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace transform {

Pass LoweringPipeline() {
  return Sequential({LowerInitBlock(), PlanAndUpdateBufferAllocationLocation(),
                     ConvertBlocksToOpaque(), CompactBufferAllocation(), LowerMatchBuffer(),
                     Simplify(), LowerOpaqueBlock(), FlattenBuffer(), NarrowDataType(32),
                     Simplify(), VectorizeLoop(), UnrollLoop(), Simplify(), RemoveNoOp()},
                    "LoweringPipeline");
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
