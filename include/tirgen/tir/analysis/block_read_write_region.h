// Read and write regions of a block computed from its body (TVM's GetBlockReadWriteRegion), with
// loops inside the block relaxed to their ranges and nested blocks summarised by their own
// (substituted, relaxed) reads/writes. Used where a pass makes a new block, e.g. the opaque
// block PlanAndUpdateBufferAllocationLocation injects under a loop.
//  - only buffers whose data var is in `visible` are tracked (match_buffer targets of the block
//    map back to their sources);
//  - a buffer whose data var is used opaquely is reported in both lists, over its whole shape;
//  - a dimension that is not a single point becomes its covering range (the whole dimension
//    when unbounded).
#pragma once

#include <unordered_map>

#include "tirgen/tir/analysis/block_access_region.h"

namespace tirgen {
namespace tir {

using BufferVarMap = std::unordered_map<const VarNode*, Buffer>;

BlockAccessRegion GetBlockReadWriteRegion(const Block& block, const BufferVarMap& visible);

}  // namespace tir
}  // namespace tirgen
