// The tuning tasks of a model as the tuner and the builder see them: one per distinct PrimFunc
// of a LowerTE'd module (runtime::LowerForExecution), keyed as the database keys workloads
// (lower::TaskModule under a module equality), so a record tuned for a task is found again when
// the same model is built. Unlike lower::ExtractTasks (TVM's task list and names), a task here
// also knows which of its parameters are layout-free (constants at every call site, which the
// schedule may pack) and its FLOPs.
//
//   IRModule lowered = runtime::LowerForExecution(mod, params);
//   for (const tuner::TuneTask& t : tuner::ExtractTuneTasks(lowered)) ...
#pragma once

#include <set>
#include <string>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/lower/lower.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tuner {

struct TuneTask {
  std::string name;           ///< the PrimFunc's name in the lowered module (first of its class)
  int weight = 1;             ///< call sites in main of the functions equal to it
  tir::PrimFunc func;         ///< unscheduled (block form), as LowerTE made it
  IRModule mod;               ///< lower::TaskModule(func): the database's workload
  std::set<int> layout_free;  ///< parameters constant at every call site of every equal function
  double flop = 0;            ///< tir::EstimateTIRFlops of the body: floating point ops per call
};

/// One task per class of equal PrimFuncs (under `equality`) called from the lowered module's
/// main, in the order main first calls them; deterministic. A module of PrimFuncs without a
/// Relay main gives one task per class of its PrimFuncs in name order (weight: how many,
/// nothing layout-free).
std::vector<TuneTask> ExtractTuneTasks(const IRModule& lowered,
                                       lower::ModuleEquality equality = lower::ModuleEquality::kStructural);

}  // namespace tuner
}  // namespace tirgen
