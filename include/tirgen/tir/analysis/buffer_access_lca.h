// Lowest common ancestor of all accesses of each buffer (TVM's DetectBufferAccessLCA): the
// innermost For or Block that encloses every load, store, match_buffer source and opaque use of
// the buffer's data. Thread bindings to blockIdx lift global buffers above them; block iter vars
// that are neither spatial nor reduction lift the buffers they index above their loops.
#pragma once

#include <vector>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

struct BufferLCA {
  Buffer buffer;
  /// The For or Block; null when the LCA is above the function body.
  const StmtNode* lca = nullptr;
};

/// One entry per accessed buffer, in order of first access (buffers bound by a block's
/// match_buffers are not reported: their source is).
std::vector<BufferLCA> DetectBufferAccessLCA(const PrimFunc& func);

}  // namespace tir
}  // namespace tirgen
