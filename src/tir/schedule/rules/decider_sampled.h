// The sampling decider (SampleCpuSchedule's): see decider_sampled.cc.
#pragma once

#include "decider.h"

namespace tirgen {
namespace tir {
namespace rules {

/// The annotation the sampled unroll depth is written to (TVM's name; UnrollLoop reads it).
constexpr const char* kAutoUnrollKey = "pragma_auto_unroll_max_step";

class SampledDecider : public Decider {
 public:
  AxisTiles TileVectorAxis(Schedule& sch, const LoopRV& loop, int64_t vectors, int64_t lanes, bool guarded,
                           int64_t max_vectors) override;
  AxisTiles TileRegisterAxis(Schedule& sch, const LoopRV& loop, int64_t steps, int64_t max_steps) override;
  AxisTiles TileOtherAxis(Schedule& sch, const LoopRV& loop) override;
  /// Packed by the lanes alone: the layout does not depend on a sampled tile (a mutated trace
  /// replays the same transform_layout).
  int64_t PackTile(int64_t, int64_t lanes) const override { return lanes; }
  void Parallelize(Schedule& sch, const std::vector<LoopRV>& outer) override;
  void AutoUnroll(Schedule& sch, const BlockRV& block) override;
  bool KeepUnitLoops() const override { return true; }
};

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
