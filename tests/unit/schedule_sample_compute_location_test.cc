// sample_compute_location (src/tir/schedule/sample_compute_location.cc): TVM's candidate list and
// decision encoding on a lowered conv2d's padding block, each decision doing what the direct
// primitive does, drawn decisions among the candidates, and a clear error for others.
#include <gtest/gtest.h>

#include "schedule_test_util.h"

namespace tirgen {
namespace tir {
namespace {

PrimFunc Conv2d() { return testing::LoadSharedPrimFunc("golden/conv2d_bias_relu/primfunc_0.py"); }

// The module after compute_at of pad_temp at the location `decision` names.
IRModule AtLocation(int64_t decision) {
  Schedule sch(Conv2d());
  BlockRV pad = sch.GetBlock("pad_temp");
  sch.ComputeAt(pad, sch.SampleComputeLocation(pad, decision), true);
  return sch.mod();
}

TEST(ScheduleSampleComputeLocation, DecisionsDoWhatThePrimitivesDo) {
  PrimFunc f = Conv2d();
  EXPECT_TRUE(StructuralEqual(AtLocation(-1), Schedule(f).mod())) << "root: the block stays where it is";
  Schedule inl(f);
  inl.ComputeInline(inl.GetBlock("pad_temp"));
  EXPECT_TRUE(StructuralEqual(AtLocation(-2), inl.mod()));
  // ff, yy, xx of the consumer (nn is a unit loop; rc, ry, rx are reductions).
  for (int64_t k : {1, 2, 3}) {
    Schedule at(f);
    BlockRV pad = at.GetBlock("pad_temp");
    at.ComputeAt(pad, at.GetLoops(at.GetBlock("conv2d_nchw"))[k], true);
    EXPECT_TRUE(StructuralEqual(AtLocation(k), at.mod())) << "decision " << k;
  }
  testing::ExpectSameResults(f, AtLocation(2));
}

TEST(ScheduleSampleComputeLocation, PrintsAndDrawsAmongTheCandidates) {
  Schedule sch(Conv2d());
  BlockRV pad = sch.GetBlock("pad_temp");
  LoopRV at = sch.SampleComputeLocation(pad, 3);
  sch.ComputeAt(pad, at, false);
  EXPECT_EQ(sch.trace().Str(),
            "# from tvm import tir\n"
            "def apply_trace(sch: tir.Schedule) -> None:\n"
            "  b0 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
            "  l1 = sch.sample_compute_location(block=b0, decision=3)\n"
            "  sch.compute_at(block=b0, loop=l1, preserve_unit_loops=False, index=-1)");
  std::set<int64_t> drawn;
  // Seeds spread over the engine's range (small seeds all start with small draws, as in TVM).
  for (int64_t k = 1; k <= 30; ++k) {
    Schedule s(Conv2d(), k * 71582788);
    s.SampleComputeLocation(s.GetBlock("pad_temp"));
    drawn.insert(s.trace().instructions().back().decision()->i);
  }
  EXPECT_EQ(drawn, (std::set<int64_t>{-2, -1, 1, 2, 3}));
}

TEST(ScheduleSampleComputeLocation, InvalidDecisionAndLocationHandles) {
  Schedule sch(Conv2d());
  BlockRV pad = sch.GetBlock("pad_temp");
  try {
    sch.SampleComputeLocation(pad, 4);
    FAIL() << "decision 4 (the reduction loop rc) is not a candidate";
  } catch (const ScheduleError& e) {
    EXPECT_EQ(std::string(e.what()),
              "ScheduleError: sample_compute_location of block \"pad_temp\": decision 4 is not one of its locations "
              "[-2, -1, 1, 2, 3] (-2 inline, -1 root, k: k-th loop above its first consumer)");
  }
  LoopRV root = sch.SampleComputeLocation(pad, -1);
  try {
    sch.Split(root, {std::nullopt, 2});
    FAIL() << "the root location is not a loop";
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find("the root location sample_compute_location chose, not a loop"),
              std::string::npos)
        << e.what();
  }
  // The output block has no consumer: inline is impossible, root is the only place.
  BlockRV out = sch.GetBlock("T_relu");
  sch.SampleComputeLocation(out);
  EXPECT_EQ(sch.trace().instructions().back().decision()->i, -1);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
