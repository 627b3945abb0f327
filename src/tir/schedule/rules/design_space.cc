// SampleCpuSchedule: the CPU rules with the sampling decider, then a sampled compute location
// for each padding block (after its consumer is tiled, so its loops are candidates).
#include "tirgen/tir/schedule/design_space.h"

#include "decider_sampled.h"
#include "rule_util.h"

namespace tirgen {
namespace tir {

SampledSchedule SampleCpuSchedule(const PrimFunc& func, const target::Target& target,
                                  const std::set<int>& layout_free_params, int64_t seed) {
  SampledSchedule result;
  result.func = func;
  if (rules::TopBlockNames(func).empty()) return result;  // loop form already, or no blocks
  Schedule sch(func, seed);
  rules::RuleContext ctx{target, layout_free_params, &result.rewrites, func};
  rules::SampledDecider decider;
  std::vector<std::string> padding = rules::ApplyRules(sch, ctx, decider);
  for (auto it = padding.rbegin(); it != padding.rend(); ++it) {
    try {
      BlockRV block = sch.GetBlock(*it);
      sch.ComputeAt(block, sch.SampleComputeLocation(block), /*preserve_unit_loops=*/true);
    } catch (const ScheduleError&) {
    }
  }
  result.func = sch.mod()->functions.at("main").cast<PrimFunc>();
  result.trace = sch.trace();
  return result;
}

PrimFunc ReplayTrace(const PrimFunc& func, const Trace& trace) {
  Schedule sch(func);
  trace.ApplyTo(sch);
  return sch.mod()->functions.at("main").cast<PrimFunc>();
}

}  // namespace tir
}  // namespace tirgen
