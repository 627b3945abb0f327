// The sampling decider: each choice is a sampling instruction whose result is an argument of
// the primitive it decides (a split factor, an annotation value), so replaying the trace with
// another decision schedules that decision, as MetaSchedule's traces do.
#include "decider_sampled.h"

#include <algorithm>

namespace tirgen {
namespace tir {
namespace rules {

// Every tiled axis gets a cache level: the tiles its `cache` loop runs are computed one after
// another (their reductions complete) before the outer loops move on, so the operands they
// share stay in cache (a weight block across output rows, an input row across output
// channels). Its factor is sampled with the register tile's in one perfect tile of the whole
// extent: the product stays the loop's extent, so a mutation moving a factor between the
// levels keeps every later loop's extent, and the trace replays.
AxisTiles SampledDecider::TileVectorAxis(Schedule& sch, const LoopRV& loop, int64_t, int64_t lanes, bool guarded,
                                         int64_t max_vectors) {
  // The lanes stay the innermost factor (a constant split); the vectors per tile are sampled
  // from the rest. A guarded axis keeps one vector (its predicated tail is the last vector).
  std::vector<LoopRV> parts = sch.Split(loop, {std::nullopt, lanes});
  if (guarded) {
    std::vector<LoopRV> outer = sch.Split(parts[0], sch.SamplePerfectTile(parts[0], 2));
    return {outer[0], outer[1], {parts[1]}};
  }
  std::vector<ExprRV> tiles = sch.SamplePerfectTile(parts[0], 3, static_cast<int>(max_vectors));
  std::vector<LoopRV> outer = sch.Split(parts[0], tiles);
  return {outer[0], outer[1], {outer[2], parts[1]}};
}

AxisTiles SampledDecider::TileRegisterAxis(Schedule& sch, const LoopRV& loop, int64_t, int64_t max_steps) {
  std::vector<LoopRV> parts = sch.Split(loop, sch.SamplePerfectTile(loop, 3, static_cast<int>(max_steps)));
  return {parts[0], parts[1], {parts[2]}};
}

AxisTiles SampledDecider::TileOtherAxis(Schedule& sch, const LoopRV& loop) {
  std::vector<LoopRV> parts = sch.Split(loop, sch.SamplePerfectTile(loop, 2));
  return {parts[0], parts[1], {}};
}

void SampledDecider::Parallelize(Schedule& sch, const std::vector<LoopRV>& outer) {
  // The candidates are the extents of fusing the first 1, 2, ... outer loops: each divides the
  // fused loop, which is split by it (another decision's tile, replayed, may make it not
  // divide: then the split's tail is predicated, still correct).
  std::vector<int64_t> candidates;
  int64_t extent = 1;
  for (const LoopRV& l : outer) {
    if (__builtin_mul_overflow(extent, *as_const_int(sch.Get(l)->extent), &extent)) break;  // no such machine
    if (extent > 1 && (candidates.empty() || candidates.back() != extent)) candidates.push_back(extent);
  }
  if (candidates.empty()) return;
  LoopRV fused = outer.size() > 1 ? sch.Fuse(outer) : outer[0];
  ExprRV threads = sch.SampleCategorical(candidates, std::vector<double>(candidates.size(), 1.0 / candidates.size()));
  std::vector<LoopRV> parts = sch.Split(fused, {SplitFactor::Sampled(threads), SplitFactor::Inferred()});
  sch.Parallel(parts[0]);
}

void SampledDecider::AutoUnroll(Schedule& sch, const BlockRV& block) {
  static const std::vector<int64_t> kSteps = {0, 16, 64, 512};  // TVM's CPU candidates
  ExprRV step = sch.SampleCategorical(kSteps, std::vector<double>(kSteps.size(), 0.25));
  LoopRV outermost = sch.GetLoops(block).front();
  sch.Annotate(outermost, kAutoUnrollKey, step);
  sch.Annotate(outermost, "pragma_unroll_explicit", int64_t{1});
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen
