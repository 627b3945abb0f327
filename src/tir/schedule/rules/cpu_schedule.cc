// The CPU schedule driver: AutoInline, then one rule per remaining top-level block.
#include "tirgen/tir/schedule/cpu_schedule.h"

#include <map>

#include "decider.h"
#include "rule_util.h"

namespace tirgen {
namespace tir {
namespace rules {

std::vector<std::string> ApplyRules(Schedule& sch, RuleContext& ctx, Decider& decider) {
  std::vector<std::string> padding;
  AutoInline(sch, ctx);
  PrimFunc inlined = sch.mod()->functions.at("main").cast<PrimFunc>();
  for (const std::string& name : TopBlockNames(inlined)) {
    // A rule is a sequence of primitives, each atomic: one that fails half-way leaves a
    // correct, partly scheduled function.
    try {
      PrimFunc current = sch.mod()->functions.at("main").cast<PrimFunc>();
      if (!FindTopBlock(current, name).defined()) continue;
      CanonicalBlock c;
      if (!GetCanonical(sch, sch.GetBlock(name), &c)) continue;  // not lowering's form
      if (IsReduction(c.block)) {
        if (!MultiLevelTiling(sch, c, ctx, decider)) ReorderReduction(sch, c, ctx);
      } else {
        if (HasConditional(c.block)) padding.push_back(name);
        ParallelVectorize(sch, c, ctx);
      }
    } catch (const ScheduleError&) {
    }
  }
  return padding;
}

}  // namespace rules

CpuScheduleResult ScheduleForCpu(const PrimFunc& func, const target::Target& target,
                                 const std::set<int>& layout_free_params) {
  CpuScheduleResult result;
  result.func = func;
  if (rules::TopBlockNames(func).empty()) return result;  // loop form already, or no blocks
  Schedule sch(func);
  rules::RuleContext ctx{target, layout_free_params, &result.rewrites, func};
  rules::ApplyRules(sch, ctx, rules::AnalyticalDecider());
  result.func = sch.mod()->functions.at("main").cast<PrimFunc>();
  result.trace = sch.trace().Str();
  return result;
}

IRModule ScheduleForCpu(const IRModule& mod, const target::Target& target, std::map<std::string, std::string>* traces) {
  std::map<std::string, ObjectRef> functions = mod->functions;
  bool changed = false;
  for (auto& kv : functions) {
    if (!kv.second.as<PrimFuncNode>()) continue;
    PrimFunc f = kv.second.cast<PrimFunc>();
    CpuScheduleResult r = ScheduleForCpu(f, target);
    PrimFunc g = r.func;
    if (traces) (*traces)[kv.first] = r.trace;
    changed = changed || !g.same_as(f);
    kv.second = g;
  }
  return changed ? IRModule(functions, mod->attrs) : mod;
}

}  // namespace tir
}  // namespace tirgen
