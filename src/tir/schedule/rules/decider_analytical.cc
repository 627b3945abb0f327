// The analytical decider: the constants ScheduleForCpu has always used (its output must not
// change: models were tuned on it).
#include "decider.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

class Analytical : public Decider {
 public:
  std::vector<LoopRV> TileVectorAxis(Schedule& sch, const LoopRV& loop, int64_t vectors, int64_t lanes, bool,
                                     int64_t) override {
    if (vectors > 1) return sch.Split(loop, {std::nullopt, vectors, lanes});
    return sch.Split(loop, {std::nullopt, lanes});
  }
  std::vector<LoopRV> TileRegisterAxis(Schedule& sch, const LoopRV& loop, int64_t steps, int64_t) override {
    if (steps <= 1) return {};
    return sch.Split(loop, {std::nullopt, steps});
  }
  int64_t PackTile(int64_t vectors, int64_t lanes) const override { return vectors * lanes; }
  void Parallelize(Schedule& sch, const std::vector<LoopRV>& outer) override {
    LoopRV fused = outer.size() > 1 ? sch.Fuse(outer) : outer[0];
    if (*as_const_int(sch.Get(fused)->extent) > 1) sch.Parallel(fused);
  }
  void AutoUnroll(Schedule&, const BlockRV&) override {}
};

}  // namespace

Decider& AnalyticalDecider() {
  static Analytical decider;
  return decider;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
