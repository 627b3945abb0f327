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

// One pipeline: the C build lowers exactly as tvm.lower does, then LowerIntrin (as TVM's build
// does before code generation), bound checks last when the module asks for them (TVM runs
// InstrumentBoundCheckers after the other passes too).
Pass LoweringPipeline() {
  Pass check = InstrumentBoundCheckers();
  Pass when_asked("InstrumentBoundCheckers", [check](const IRModule& mod) {
    auto it = mod->attrs.find(kInstrumentBoundCheckers);
    const auto* on = it == mod->attrs.end() ? nullptr : it->second.as<IntImmNode>();
    return on && on->value ? check(mod) : mod;
  });
  return Sequential({TvmLowerPipeline(), LowerIntrin(), when_asked}, "LoweringPipeline");
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
