#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace transform {

Pass TvmLowerPipeline() {
  return Sequential({LowerInitBlock(), PlanAndUpdateBufferAllocationLocation(),
                     ConvertBlocksToOpaque(), CompactBufferAllocation(), LowerMatchBuffer(),
                     Simplify(), LowerOpaqueBlock(), FlattenBuffer(), NarrowDataType(32),
                     Simplify(), VectorizeLoop(), StorageRewrite(), UnrollLoop(), Simplify(),
                     RemoveNoOp(), RewriteUnsafeSelect(), HoistIfThenElse(), CommonSubexprElimTIR()},
                    "TvmLowerPipeline");
}

// One pipeline: the C build lowers exactly as tvm.lower does.
Pass LoweringPipeline() { return TvmLowerPipeline(); }

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
