// Where the CPU rules' free choices come from. The analytical decider (ScheduleForCpu) makes
// them from the block and the target, as constants; the sampling decider (SampleCpuSchedule)
// makes each one a sampling instruction whose result feeds the primitive it decides, so the
// trace replays with any decision a mutator puts in it. The rule code around them is shared.
#pragma once

#include <cstdint>
#include <vector>

#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace rules {

class Decider {
 public:
  virtual ~Decider() = default;
  /// The vector axis' loop split into [outer, vectors, lanes] (or [outer, lanes]): `lanes` is
  /// fixed (the SIMD width); `vectors` is the analytical count, at most `max_vectors`;
  /// `guarded`: the lanes do not divide the loop (a predicated last vector).
  virtual std::vector<LoopRV> TileVectorAxis(Schedule& sch, const LoopRV& loop, int64_t vectors, int64_t lanes,
                                             bool guarded, int64_t max_vectors) = 0;
  /// The register axis' loop split into [outer, steps], or nothing (the loop stays whole);
  /// `steps` is the analytical count, at most `max_steps` in a sampled tile.
  virtual std::vector<LoopRV> TileRegisterAxis(Schedule& sch, const LoopRV& loop, int64_t steps,
                                               int64_t max_steps) = 0;
  /// The block of a packed layout's innermost dimension, given the analytical tile.
  virtual int64_t PackTile(int64_t vectors, int64_t lanes) const = 0;
  /// The outer tile loops (outermost first, directly nested) fused and run in parallel.
  virtual void Parallelize(Schedule& sch, const std::vector<LoopRV>& outer) = 0;
  /// Unrolling beyond the register tile's explicit unrolls, on the block's loops.
  virtual void AutoUnroll(Schedule& sch, const BlockRV& block) = 0;
};

/// The analytical choices (ScheduleForCpu's).
Decider& AnalyticalDecider();

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
