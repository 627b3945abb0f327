// ParallelVectorize for spatial blocks (padding, elementwise, layout changes): the innermost
// loop, when it walks the output contiguously and every read either contiguously or not at
// all, is split by the SIMD width and vectorized; enough leading loops are fused to give every
// core several chunks, and run in parallel when the block has enough work.
#include "rule_util.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

bool IsVar(const PrimExpr& e, const Var& v) { return e.get() == v.get(); }

bool ContiguousAlong(const BufferRegion& r, const Var& v) {
  for (size_t d = 0; d < r->region.size(); ++d) {
    bool uses = Uses(r->region[d]->min, v) || Uses(r->region[d]->extent, v);
    if (!uses) continue;
    if (d + 1 != r->region.size() || !is_one(r->region[d]->extent)) return false;
    const PrimExpr& m = r->region[d]->min;
    if (IsVar(m, v)) continue;
    if (m.kind() != Kind::kAdd) return false;
    const auto* b = m.as<BinaryNode>();
    if (!((IsVar(b->a, v) && !Uses(b->b, v)) || (IsVar(b->b, v) && !Uses(b->a, v)))) return false;
  }
  return true;
}

}  // namespace

bool ParallelVectorize(Schedule& sch, const std::string& name, const RuleContext& ctx) {
  CanonicalBlock c;
  if (!GetCanonical(sch, name, &c) || c.num_spatial != c.loops.size()) return false;
  const Block& b = c.block;
  if (b->writes.size() != 1) return false;
  const size_t last = c.loops.size() - 1;
  const Var& v = b->iter_vars[last]->var;
  std::vector<LoopRV> loops = c.loops;
  DataType dt = b->writes[0]->buffer->dtype;
  int64_t lanes = dt.lanes() == 1 && !dt.is_bool() ? ctx.target.VectorLanes(std::max(8, dt.bits())) : 0;
  bool vectorizable = lanes >= 4 && !HasConditional(b) && ContiguousAlong(b->writes[0], v) &&
                      IsVar(b->writes[0]->region.back()->min, v);
  for (const BufferRegion& r : b->reads) vectorizable = vectorizable && ContiguousAlong(r, v);
  while (vectorizable && lanes >= 4 && c.extents[last] % lanes != 0) lanes /= 2;
  vectorizable = vectorizable && lanes >= 4;
  bool changed = false;
  if (vectorizable) {
    std::vector<LoopRV> parts = sch.Split(loops[last], {std::nullopt, lanes});
    sch.Vectorize(parts[1]);
    loops[last] = parts[0];
    changed = true;
  }
  if (c.Work() < kMinParallelWork) return changed;
  // Leading loops, fused until there are a few chunks per core (the rest stay as cheap inner
  // loops: fusing them all would put a division in every element's index).
  const int64_t want = 4 * std::max(1, ctx.target.Cores());
  std::vector<LoopRV> lead;
  int64_t extent = 1;
  for (size_t i = 0; i < loops.size() && extent < want; ++i) {
    if (i == last && !vectorizable && !lead.empty()) break;  // keep an inner loop
    lead.push_back(loops[i]);
    extent *= *as_const_int(sch.Get(loops[i])->extent);
  }
  if (extent < 2) return changed;
  LoopRV fused = lead.size() > 1 ? sch.Fuse(lead) : lead[0];
  sch.Parallel(fused);
  return true;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
