// AutoInline: injective blocks disappear into their neighbours, as MetaSchedule's AutoInline
// rule does for CPUs. A producer is inlined into its consumers (compute_inline); a block that
// cannot be (it writes an output) is inlined into its producer (reverse_compute_inline), so an
// epilogue chain (bias add, residual add, relu, cast) becomes one block the tiling rule can
// fuse into a reduction's write-back. Blocks with a conditional (padding) are inlined only when
// their consumers never read the padding (see PaddingNeverRead).
#include "rule_util.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

// The padding's condition of a conditional block `pad = if_then_else(cond, x, value)`.
const CallNode* PaddingCall(const Block& b) {
  const auto* store = b->body.as<BufferStoreNode>();
  const auto* call = store ? store->value.as<CallNode>() : nullptr;
  return call && call->op == "tir.if_then_else" && call->args.size() == 3 ? call : nullptr;
}

// True when every consumer reads the padded buffer only where the padding's condition holds
// (squeezenet's ceil-mode pooling pads a row its windows never reach): inlined, the test then
// always passes and the padding pass disappears. Proven with the consumers' iterator ranges.
// Padding that is read stays materialized: inlined, windows whose vectors straddle a border
// (resnet18's max pool: 0.3 -> 0.8 ms, mobilenet's depthwise convolutions 2-4x) run guarded.
bool PaddingNeverRead(Schedule& sch, const BlockRV& rv, const Block& pad) {
  const CallNode* call = PaddingCall(pad);
  if (!call || pad->writes.size() != 1) return false;
  const BufferRegion& w = pad->writes[0];
  std::vector<BlockRV> consumers = sch.GetConsumers(rv);
  if (consumers.empty()) return false;
  for (const BlockRV& c : consumers) {
    Block consumer = sch.Get(c);
    arith::Analyzer ana;
    for (const IterVar& iv : consumer->iter_vars) ana.Bind(iv->var, iv->dom);
    for (const BufferRegion& r : consumer->reads) {
      if (r->buffer.get() != w->buffer.get()) continue;
      std::vector<std::pair<Var, PrimExpr>> at;
      for (size_t d = 0; d < w->region.size(); ++d) {
        const auto* v = w->region[d]->min.as<VarNode>();
        if (!v || !is_one(r->region[d]->extent)) return false;
        at.push_back({GetRef<Var>(v), r->region[d]->min});
      }
      if (!ana.CanProve(Substitute(call->args[0], at))) return false;
    }
  }
  return true;
}

bool TryInline(Schedule& sch, const PrimFunc& func, const std::string& name) {
  Block b = FindTopBlock(func, name);
  if (!b.defined() || IsReduction(b) || b->writes.size() != 1) return false;
  BlockRV rv = sch.GetBlock(name);
  if (HasConditional(b)) {
    if (!PaddingNeverRead(sch, rv, b)) return false;
    try {
      sch.ComputeInline(rv);
      return true;
    } catch (const ScheduleError&) {
      return false;
    }
  }
  try {
    sch.ComputeInline(rv);
    return true;
  } catch (const ScheduleError&) {
  }
  try {
    sch.ReverseComputeInline(rv);
    return true;
  } catch (const ScheduleError&) {
  }
  return false;
}

}  // namespace

void AutoInline(Schedule& sch, const RuleContext&) {
  // Each success removes a block; a pass without one ends it.
  for (bool changed = true; changed;) {
    changed = false;
    PrimFunc f = sch.mod()->functions.at("main").cast<PrimFunc>();
    for (const std::string& name : TopBlockNames(f)) {
      if (TryInline(sch, f, name)) {
        changed = true;
        break;  // block names and handles changed: start again from the new function
      }
    }
  }
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
