// Block access regions (TVM's GetBlockAccessRegion, as ScriptComplete uses it): which buffer
// regions a block reads and writes, in first-appearance order.
//  - every BufferLoad is a read, every BufferStore a write; indices in block vars are points;
//  - accesses to one buffer are unioned per dimension; a dimension that is not one point
//    becomes a covering range, clipped to [0, shape);
//  - with an init (a reduction), buffers that are written are dropped from the reads;
//  - only `visible` buffers count (params, root allocs, enclosing allocs); others are ignored.
#pragma once

#include <functional>
#include <vector>

#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace tir {

struct BlockAccessRegion {
  std::vector<BufferRegion> reads;
  std::vector<BufferRegion> writes;
};

/// `is_visible(buffer)` says whether an access to `buffer` is tracked.
BlockAccessRegion GetBlockAccessRegion(const Block& block,
                                       const std::function<bool(const Buffer&)>& is_visible);

}  // namespace tir
}  // namespace tirgen
