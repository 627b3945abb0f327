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

SampledSchedule ReplayCpuSchedule(const PrimFunc& func, const Trace& trace) {
  SampledSchedule result;
  result.trace = trace;
  Schedule sch(func);
  auto params_of = [&]() { return sch.mod()->functions.at("main").cast<PrimFunc>()->buffer_map; };
  auto find = [](const std::vector<std::pair<Var, Buffer>>& map, const Var& v) -> const Buffer* {
    for (const auto& kv : map)
      if (kv.first.same_as(v)) return &kv.second;
    return nullptr;
  };
  std::vector<std::pair<Var, Buffer>> before = params_of();
  trace.ApplyTo(sch, [&](size_t k) {
    const Instruction& inst = trace.instructions()[k];
    if (inst.method != "transform_layout") return;
    std::vector<std::pair<Var, Buffer>> after = params_of();
    const TraceValue* lambda = nullptr;
    for (const auto& arg : inst.args)
      if (arg.second.kind == TraceValue::kLambda || (arg.first == "index_map" && arg.second.kind == TraceValue::kString))
        lambda = &arg.second;
    for (size_t i = 0; i < func->params.size(); ++i) {
      const Buffer* b = find(before, func->params[i]);
      const Buffer* a = find(after, func->params[i]);
      if (!b || !a || b->same_as(*a)) continue;
      TIRGEN_ICHECK(lambda) << "transform_layout without an index map changed parameter " << i;
      result.rewrites.push_back({static_cast<int>(i), IndexMap::FromPython(lambda->s)});
    }
    before = std::move(after);
  });
  result.func = sch.mod()->functions.at("main").cast<PrimFunc>();
  return result;
}

}  // namespace tir
}  // namespace tirgen
