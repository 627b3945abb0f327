// The tuner's design space for a CPU: the default CPU rules (cpu_schedule.h) with their
// analytical decisions replaced by sampling instructions recorded in the trace, MetaSchedule
// style:
//  - sample_perfect_tile: the tiles of a tiled reduction's spatial axes: along the vector axis
//    [outer, cache, vectors] (the lanes kept fixed innermost), along the register axis
//    [outer, cache, steps], along the others [outer, cache]; the cache loops run inside the
//    parallel outer ones and outside the reduction (a cache-level tile of register tiles);
//  - sample_categorical: the parallel extent of a tiled reduction (how many of its outer tile
//    loops run in parallel), and its auto-unroll depth (0, 16, 64, 512 as TVM's CPU rules);
//  - sample_compute_location: where a padding block is computed (root, inline or a loop of
//    its consumer).
// Blocks moved under a tile keep its unit loops, so every decision gives the trace the same
// loops (a mutated decision replays).
// Every decision gives a program computing the same values; replaying the trace (text or JSON)
// with its decisions on the unscheduled function gives the same function. The mutators that
// change one decision are in mutator.h.
#pragma once

#include <set>

#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tir {

struct SampledSchedule {
  PrimFunc func;
  /// Packed parameters (as ScheduleForCpu reports them); the trace's transform_layout calls
  /// reproduce them on replay.
  std::vector<ParamLayoutRewrite> rewrites;
  Trace trace;
};

/// One point of the design space of `func` for `target`, drawn with `seed` (the same seed gives
/// the same trace and function on every process).
SampledSchedule SampleCpuSchedule(const PrimFunc& func, const target::Target& target,
                                  const std::set<int>& layout_free_params = {}, int64_t seed = 1);

/// `trace` applied to `func` (TVM's replay of a tuning record): the scheduled function.
/// ScheduleError / tirgen::Error when a decision does not fit.
PrimFunc ReplayTrace(const PrimFunc& func, const Trace& trace);

/// ReplayTrace, with the packed parameters recovered: every transform_layout call that changes
/// a parameter's buffer is a rewrite of that parameter by the call's index map (in trace order),
/// so a record replays to what SampleCpuSchedule returned when it was made.
SampledSchedule ReplayCpuSchedule(const PrimFunc& func, const Trace& trace);

}  // namespace tir
}  // namespace tirgen
