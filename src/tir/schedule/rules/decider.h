// Where the CPU rules' free choices come from. The analytical decider (ScheduleForCpu) makes
// them from the block and the target, as constants; the sampling decider (SampleCpuSchedule)
// makes each one a sampling instruction whose result feeds the primitive it decides, so the
// trace replays with any decision a mutator puts in it. The rule code around them is shared.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace rules {

/// One spatial axis of a tiled reduction after its split: `outer` runs the tiles (fused and
/// run in parallel), `cache` (sampled only) groups tiles computed one after another under it
/// (a cache-level tile), `inner` is the register tile's part ([vectors, lanes], [lanes],
/// [steps], or nothing).
struct AxisTiles {
  LoopRV outer;
  std::optional<LoopRV> cache;
  std::vector<LoopRV> inner;
};

class Decider {
 public:
  virtual ~Decider() = default;
  /// The vector axis' loop split into [outer, vectors, lanes] (or [outer, lanes]): `lanes` is
  /// fixed (the SIMD width); `vectors` is the analytical count, at most `max_vectors`;
  /// `guarded`: the lanes do not divide the loop (a predicated last vector).
  virtual AxisTiles TileVectorAxis(Schedule& sch, const LoopRV& loop, int64_t vectors, int64_t lanes, bool guarded,
                                   int64_t max_vectors) = 0;
  /// The register axis' loop split into [outer, steps], or left whole (no inner part);
  /// `steps` is the analytical count, at most `max_steps` in a sampled tile.
  virtual AxisTiles TileRegisterAxis(Schedule& sch, const LoopRV& loop, int64_t steps, int64_t max_steps) = 0;
  /// Another spatial loop of the block (extent > 1): whole, or with a cache level.
  virtual AxisTiles TileOtherAxis(Schedule& sch, const LoopRV& loop) = 0;
  /// The block of a packed layout's innermost dimension, given the analytical tile.
  virtual int64_t PackTile(int64_t vectors, int64_t lanes) const = 0;
  /// The outer tile loops (outermost first, directly nested) fused and run in parallel.
  virtual void Parallelize(Schedule& sch, const std::vector<LoopRV>& outer) = 0;
  /// Unrolling beyond the register tile's explicit unrolls, on the block's loops.
  virtual void AutoUnroll(Schedule& sch, const BlockRV& block) = 0;
  /// Whether blocks moved under a tile keep its unit loops: a sampled tile of 1 must not change
  /// how many loops later instructions of the trace get (a mutated decision would not replay).
  virtual bool KeepUnitLoops() const = 0;
};

/// The analytical choices (ScheduleForCpu's).
Decider& AnalyticalDecider();

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
