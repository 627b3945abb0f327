// The storage_align schedule primitive's block annotation, read by the passes that lower it:
// block_attr {"buffer_dim_align": [[write_index, dim, factor, offset], ...]} names buffers by
// their index in the block's writes. CompactBufferAllocation turns the alignments into strides,
// LowerOpaqueBlock carries them onto the Allocate (TVM's CollectStorageAlignAnnotation).
#pragma once

#include <array>
#include <unordered_map>
#include <vector>

#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace tir {
namespace transform {

/// Per buffer data var, the (dim, factor, offset) alignments asked for it, in annotation order.
using DimAligns = std::unordered_map<const VarNode*, std::vector<std::array<int64_t, 3>>>;

/// Every block's buffer_dim_align of `body`; tirgen::Error on a malformed entry or a write
/// index the block does not have.
DimAligns CollectStorageAlign(const Stmt& body);

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
