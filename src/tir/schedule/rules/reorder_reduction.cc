// ReorderReduction: the fallback for reductions the tiling rule does not take (softmax rows,
// reductions over the last axis, ...). The innermost spatial loop moves below the reduction
// loops (independent accumulators side by side, which the C compiler vectorizes), its init is
// decomposed out, and the outermost non-unit spatial loop runs in parallel when the block is
// large. Each output element's arithmetic keeps its order.
#include "rule_util.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

// Below this many innermost iterations a loop is not worth moving under the reduction.
constexpr int64_t kMinInnermostExtent = 4;

}  // namespace

bool ReorderReduction(Schedule& sch, const CanonicalBlock& c, const RuleContext&) {
  std::vector<LoopRV> spatial(c.loops.begin(), c.loops.begin() + c.num_spatial);
  std::vector<LoopRV> reduce(c.loops.begin() + c.num_spatial, c.loops.end());
  bool changed = false;
  if (!reduce.empty() && c.block->init && !spatial.empty() && c.extents[c.num_spatial - 1] >= kMinInnermostExtent) {
    LoopRV inner = spatial.back();
    spatial.pop_back();
    std::vector<LoopRV> order = reduce;
    order.push_back(inner);
    sch.Reorder(order);
    sch.DecomposeReduction(c.rv, reduce.front());
    changed = true;
  }
  if (c.Work() < kMinParallelWork) return changed;
  for (const LoopRV& l : spatial) {
    if (*as_const_int(sch.Get(l)->extent) < 2) continue;
    sch.Parallel(l);
    return true;
  }
  return changed;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
