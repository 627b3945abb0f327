// Default CPU schedule rules: what every lowered PrimFunc gets before it is built for a CPU
// target, in the spirit of MetaSchedule's CPU rules but with analytical, deterministic
// decisions (no search): auto-inline, multi-level tiling of reductions into vector register
// tiles, vectorized and parallel elementwise loops. Every step is a checked Schedule primitive,
// so the result comes with a TVM-format trace that replays on the unscheduled function.
//
// The rules live in src/tir/schedule/rules/, one per file; this is their driver.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/schedule/index_map.h"

namespace tirgen {
namespace tir {

/// A parameter whose buffer layout the schedule changed (a layout-free parameter: a weight
/// that is a constant at every call site). The caller must pass `map` applied to the original
/// argument: new[map(i)] = old[i] for every index i of the original shape.
struct ParamLayoutRewrite {
  int param_index = -1;
  IndexMap map;
};

struct CpuScheduleResult {
  PrimFunc func;
  std::vector<ParamLayoutRewrite> rewrites;
  /// The applied schedule as TVM prints a trace (`def apply_trace(sch: tir.Schedule) -> None:`).
  std::string trace;
};

/// Schedules `func` for `target`. Parameters in `layout_free_params` (indices into
/// func->params) may get a packed layout, reported in `rewrites`. Blocks no rule applies to
/// stay as they are; the result computes the same values (up to float reassociation: none of
/// the rules reorders one output element's reduction, but the C compiler may contract a*b+c
/// into a fused multiply-add on targets that have one).
CpuScheduleResult ScheduleForCpu(const PrimFunc& func, const target::Target& target,
                                 const std::set<int>& layout_free_params = {});

/// Every PrimFunc of `mod` scheduled for `target` with no layout-free parameter (their callers
/// are not known here: every argument keeps its layout); other functions unchanged. With
/// `traces`, each PrimFunc's applied schedule by name.
IRModule ScheduleForCpu(const IRModule& mod, const target::Target& target,
                        std::map<std::string, std::string>* traces = nullptr);

}  // namespace tir
}  // namespace tirgen
