// Schedules a LowerTE'd module for a CPU target before it is built: every PrimFunc gets the
// default CPU schedule rules (tir::ScheduleForCpu); a parameter that main passes a constant at
// every call site is layout-free, and when a rule packs it, main's constants are packed once
// here (TVM's layout-free buffers + RewriteLayout, with the weight transform done at build time).
// A ScheduleProvider (a tuning database, tuner/apply_database.h) may choose a function's
// schedule instead; the runtime does not know where it comes from.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "tirgen/ir/module.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tir/schedule/index_map.h"

namespace tirgen {
namespace runtime {

struct ScheduledModule {
  IRModule mod;                                ///< scheduled PrimFuncs, main with packed constants
  std::map<std::string, std::string> traces;   ///< PrimFunc name -> applied schedule (TVM trace)
  std::set<std::string> provided;              ///< PrimFuncs whose schedule the provider gave
};

/// A schedule for PrimFunc `name` (`func` as lowering made it) chosen elsewhere, or nullopt for
/// the default rules. It may pack only parameters in `layout_free` (its rewrites say which),
/// and its trace is the applied schedule's text.
using ScheduleProvider = std::function<std::optional<tir::CpuScheduleResult>(
    const std::string& name, const tir::PrimFunc& func, const std::set<int>& layout_free)>;

/// PrimFuncs scheduled for `target` (by `provider` where it answers, else tir::ScheduleForCpu),
/// main's constants repacked where a schedule changed a parameter's layout. A module without a
/// Relay main just gets its PrimFuncs scheduled (no parameter is layout-free then).
ScheduledModule ScheduleForTarget(const IRModule& mod, const target::Target& target,
                                  const ScheduleProvider& provider = {});

/// PrimFunc name -> the positions of its parameters that main passes a constant at every call
/// site (layout-free: a schedule may pack them); empty without a Relay main.
std::map<std::string, std::set<int>> LayoutFreeParams(const IRModule& lowered);

/// `data` rearranged by `map`: out[map(i)] = data[i] (the map must be a bijection onto the
/// result's shape, which it determines).
NDArray ApplyIndexMap(const NDArray& data, const tir::IndexMap& map);

}  // namespace runtime
}  // namespace tirgen
