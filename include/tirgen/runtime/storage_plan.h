// Memory planning for the Executor's intermediate tensors: tensors whose lifetimes (the steps
// between the one that writes them first and the last one that reads them) do not overlap share
// storage, so a run touches as little memory as the program needs (TVM's graph executor plans
// the same way: storage tokens taken from and returned to a free pool in execution order).
#pragma once

#include <cstddef>
#include <vector>

namespace tirgen {
namespace runtime {

struct Lifetime {
  size_t bytes = 0;
  size_t first = 0;  ///< the step that writes it
  size_t last = 0;   ///< the last step that reads it (>= first)
};

/// Byte offsets into one arena, each a multiple of `alignment`, such that tensors alive at a
/// common step never overlap (a step's inputs and outputs are alive at that step). Returns the
/// arena's size.
size_t PlanStorage(const std::vector<Lifetime>& tensors, size_t alignment, std::vector<size_t>* offsets);

}  // namespace runtime
}  // namespace tirgen
