// The analytical decider: the constants ScheduleForCpu has always used (its output must not
// change: models were tuned on it).
#include "decider.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

class Analytical : public Decider {
 public:
  AxisTiles TileVectorAxis(Schedule& sch, const LoopRV& loop, int64_t vectors, int64_t lanes, bool,
                           int64_t) override {
    std::vector<LoopRV> parts = vectors > 1 ? sch.Split(loop, {std::nullopt, vectors, lanes})
                                            : sch.Split(loop, {std::nullopt, lanes});
    return {parts[0], std::nullopt, {parts.begin() + 1, parts.end()}};
  }
  AxisTiles TileRegisterAxis(Schedule& sch, const LoopRV& loop, int64_t steps, int64_t) override {
    if (steps <= 1) return {loop, std::nullopt, {}};
    std::vector<LoopRV> parts = sch.Split(loop, {std::nullopt, steps});
    return {parts[0], std::nullopt, {parts[1]}};
  }
  AxisTiles TileOtherAxis(Schedule&, const LoopRV& loop) override { return {loop, std::nullopt, {}}; }
  int64_t PackTile(int64_t vectors, int64_t lanes) const override { return vectors * lanes; }
  void Parallelize(Schedule& sch, const std::vector<LoopRV>& outer) override {
    LoopRV fused = outer.size() > 1 ? sch.Fuse(outer) : outer[0];
    if (*as_const_int(sch.Get(fused)->extent) > 1) sch.Parallel(fused);
  }
  void AutoUnroll(Schedule&, const BlockRV&) override {}
  bool KeepUnitLoops() const override { return false; }
};

}  // namespace

Decider& AnalyticalDecider() {
  static Analytical decider;
  return decider;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
