// ParallelVectorize for spatial blocks (padding, elementwise, layout changes): the innermost
// loop, when it walks the output contiguously and every read either contiguously or not at
// all, is split by the SIMD width and vectorized; enough leading loops are fused to give every
// core several chunks, and run in parallel when the block has enough work.
#include "rule_util.h"

namespace tirgen {
namespace tir {
namespace rules {

bool ParallelVectorize(Schedule& sch, const CanonicalBlock& c, const RuleContext& ctx) {
  if (c.num_spatial != c.loops.size()) return false;
  const Block& b = c.block;
  if (b->writes.size() != 1) return false;
  const size_t last = c.loops.size() - 1;
  std::vector<LoopRV> loops = c.loops;
  DataType dt = b->writes[0]->buffer->dtype;
  bool vectorizable = false;
  if (dt.lanes() == 1 && !dt.is_bool()) {
    std::optional<LoopRV> outer = VectorizeInnermost(sch, c.rv, ctx.target.VectorLanes(std::max(8, dt.bits())), c.loops);
    if (outer) loops[last] = *outer, vectorizable = true;
  }
  bool changed = vectorizable;
  if (c.Work() < kMinParallelWork) return changed;
  // Leading loops, fused until there are a few chunks per core (the rest stay as cheap inner
  // loops: fusing them all would put a division in every element's index).
  const int64_t want = 4 * std::max(1, ctx.target.Cores());
  std::vector<LoopRV> lead;
  int64_t extent = 1;
  for (size_t i = 0; i < loops.size() && extent < want; ++i) {
    if (i == last && !vectorizable && !lead.empty()) break;  // keep an inner loop
    lead.push_back(loops[i]);
    extent = SaturatingMul(extent, *as_const_int(sch.Get(loops[i])->extent));
  }
  if (extent < 2) return changed;
  LoopRV fused = lead.size() > 1 ? sch.Fuse(lead) : lead[0];
  sch.Parallel(fused);
  return true;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
