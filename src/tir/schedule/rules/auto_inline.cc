// AutoInline: injective blocks disappear into their neighbours, as MetaSchedule's AutoInline
// rule does for CPUs. A producer is inlined into its consumers (compute_inline); a block that
// cannot be (it writes an output) is inlined into its producer (reverse_compute_inline), so an
// epilogue chain (bias add, residual add, relu, cast) becomes one block the tiling rule can
// fuse into a reduction's write-back. Blocks with a conditional (padding) stay: inlined, their
// condition would be evaluated in the reduction's innermost loop.
#include "rule_util.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

bool TryInline(Schedule& sch, const PrimFunc& func, const std::string& name) {
  Block b = FindTopBlock(func, name);
  if (!b.defined() || IsReduction(b) || HasConditional(b) || b->writes.size() != 1) return false;
  BlockRV rv = sch.GetBlock(name);
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
