// sample_perfect_tile / sample_categorical (src/tir/schedule/sampling.cc): TVM's printed form,
// draws that are perfect tiles within the innermost bound, the same decisions for the same seed,
// given decisions used and checked, sampled values as split factors and annotation values, and
// a sampled split of a real lowered conv2d computing what the unscheduled one does.
#include <gtest/gtest.h>

#include <set>

#include "schedule_test_util.h"

namespace tirgen {
namespace tir {
namespace {

PrimFunc Conv2d() { return testing::LoadSharedPrimFunc("golden/conv2d_bias_relu/primfunc_0.py"); }

// B[i] = A[i] * 2 over one loop of `extent`.
PrimFunc Elementwise(int64_t extent) {
  std::string e = std::to_string(extent);
  return script::Parse("# from tvm.script import tir as T\n\n@T.prim_func\n"
                       "def main(A: T.Buffer((" + e + ",), \"float32\"), B: T.Buffer((" + e + ",), \"float32\")):\n"
                       "    for i in range(" + e + "):\n"
                       "        with T.block(\"B\"):\n"
                       "            vi = T.axis.spatial(" + e + ", i)\n"
                       "            T.reads(A[vi])\n"
                       "            T.writes(B[vi])\n"
                       "            B[vi] = A[vi] * T.float32(2)\n")
      .cast<PrimFunc>();
}

std::vector<int64_t> Values(const Schedule& sch, const std::vector<ExprRV>& rvs) {
  std::vector<int64_t> out;
  for (const ExprRV& rv : rvs) out.push_back(sch.Get(rv));
  return out;
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScheduleError& e) {
    return e.what();
  }
  return "(no ScheduleError)";
}

TEST(ScheduleSampling, PrintsAsTvm) {
  Schedule sch(Conv2d());
  BlockRV b = sch.GetBlock("conv2d_nchw");
  std::vector<LoopRV> loops = sch.GetLoops(b);
  std::vector<ExprRV> tile = sch.SamplePerfectTile(loops[2], 4, 16, std::vector<int64_t>{2, 2, 4, 2});
  sch.Split(loops[2], tile);
  ExprRV vec = sch.SampleCategorical({1, 2, 4}, {0.5, 0.25, 0.25}, 1);
  sch.Annotate(loops[3], "pragma_vector", vec);
  EXPECT_EQ(sch.trace().Str(),
            "# from tvm import tir\n"
            "def apply_trace(sch: tir.Schedule) -> None:\n"
            "  b0 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
            "  l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)\n"
            "  v8, v9, v10, v11 = sch.sample_perfect_tile(loop=l3, n=4, max_innermost_factor=16, decision=[2, 2, 4, 2])\n"
            "  l12, l13, l14, l15 = sch.split(loop=l3, factors=[v8, v9, v10, v11], preserve_unit_iters=True)\n"
            "  v16 = sch.sample_categorical(candidates=[1, 2, 4], probs=[0.5, 0.25, 0.25], decision=1)\n"
            "  sch.annotate(block_or_loop=l4, ann_key=\"pragma_vector\", ann_val=v16)");
  EXPECT_EQ(sch.Get(vec), 2);
  std::string text = script::Print(sch.mod());
  EXPECT_NE(text.find("T.grid(T.int64(1), T.int64(16), T.int64(2), T.int64(2), T.int64(4), T.int64(2))"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"pragma_vector\": 2"), std::string::npos) << text;
}

TEST(ScheduleSampling, DrawsArePerfectTilesWithinTheInnermostBound) {
  // 131074 = 2 * 65537: a prime beyond TVM's prime table (drawn by its own rule for n = 2).
  for (int64_t extent : {1, 7, 12, 64, 96, 1024, 131074}) {
    for (int n : {1, 2, 3, 4}) {
      for (int64_t seed = 1; seed <= 5; ++seed) {
        Schedule sch(Elementwise(extent), seed);
        LoopRV loop = sch.GetLoops(sch.GetBlock("B"))[0];
        int bound = n == 1 ? -1 : 16;
        std::vector<int64_t> f = Values(sch, sch.SamplePerfectTile(loop, n, bound));
        ASSERT_EQ(static_cast<int>(f.size()), n);
        int64_t product = 1;
        for (int64_t x : f) product *= x;
        EXPECT_EQ(product, extent) << "extent " << extent << " n " << n;
        if (bound > 0) EXPECT_LE(f.back(), bound);
      }
    }
  }
}

TEST(ScheduleSampling, SameSeedSameDecisions) {
  auto run = [](int64_t seed) {
    Schedule sch(Conv2d(), seed);
    BlockRV b = sch.GetBlock("conv2d_nchw");
    std::vector<LoopRV> loops = sch.GetLoops(b);
    for (int i : {1, 2, 3}) sch.Split(loops[i], sch.SamplePerfectTile(loops[i], 4, 16));
    sch.SampleCategorical({0, 16, 64, 512}, {0.25, 0.25, 0.25, 0.25});
    return sch.trace().Str();
  };
  EXPECT_EQ(run(7), run(7));
  std::set<std::string> distinct;
  for (int64_t seed = 1; seed <= 10; ++seed) distinct.insert(run(seed));
  EXPECT_GT(distinct.size(), 5u) << "different seeds should mostly draw differently";
  // Pinned: these decisions must not change across machines and releases.
  Schedule sch(Elementwise(16), 42);
  LoopRV loop = sch.GetLoops(sch.GetBlock("B"))[0];
  EXPECT_EQ(Values(sch, sch.SamplePerfectTile(loop, 3, 64)), (std::vector<int64_t>{1, 4, 4}));
  EXPECT_EQ(sch.Get(sch.SampleCategorical({0, 16, 64, 512}, {0.25, 0.25, 0.25, 0.25})), 16);
}

TEST(ScheduleSampling, SampledSplitOfConv2dComputesTheSame) {
  PrimFunc f = Conv2d();
  for (int64_t seed : {3, 11}) {
    Schedule sch(f, seed);
    BlockRV b = sch.GetBlock("conv2d_nchw");
    std::vector<LoopRV> loops = sch.GetLoops(b);
    std::vector<LoopRV> order;
    for (int i : {1, 2, 3}) {
      std::vector<LoopRV> parts = sch.Split(loops[i], sch.SamplePerfectTile(loops[i], 3, 8));
      order.insert(order.end(), parts.begin(), parts.end());
    }
    // ff0 yy0 xx0 ff1 yy1 xx1 ff2 yy2 xx2
    sch.Reorder({order[0], order[3], order[6], order[1], order[4], order[7], order[2], order[5], order[8]});
    testing::ExpectSameResults(f, sch.mod());
  }
}

TEST(ScheduleSampling, GivenDecisionsAreChecked) {
  Schedule sch(Elementwise(12));
  LoopRV loop = sch.GetLoops(sch.GetBlock("B"))[0];
  EXPECT_EQ(Values(sch, sch.SamplePerfectTile(loop, 2, 16, std::vector<int64_t>{3, 4})), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(ErrorOf([&] { sch.SamplePerfectTile(loop, 2, 16, std::vector<int64_t>{5, 4}); }),
            "ScheduleError: sample_perfect_tile of loop \"i\": the decision's factors multiply to 20, not the loop "
            "extent 12");
  EXPECT_EQ(ErrorOf([&] { sch.SamplePerfectTile(loop, 3, 16, std::vector<int64_t>{3, 4}); }),
            "ScheduleError: sample_perfect_tile of loop \"i\": the decision has 2 factors but n is 3");
  EXPECT_EQ(ErrorOf([&] { sch.SamplePerfectTile(loop, 2, 16, std::vector<int64_t>{-3, -4}); }),
            "ScheduleError: sample_perfect_tile of loop \"i\": decision factor -3 is not positive");
  EXPECT_EQ(ErrorOf([&] { sch.SamplePerfectTile(loop, 2, 0); }),
            "ScheduleError: sample_perfect_tile of loop \"i\": max_innermost_factor 0 needs n >= 2 and a bound >= 1 "
            "(or -1 for none)");
  EXPECT_EQ(ErrorOf([&] { sch.SampleCategorical({1, 2}, {0.5, 0.5}, 2); }),
            "ScheduleError: sample_categorical: decision 2 is not a candidate index in [0, 2)");
  EXPECT_EQ(ErrorOf([&] { sch.SampleCategorical({1, 2}, {1.0}); }),
            "ScheduleError: sample_categorical: 2 candidates but 1 probabilities; give one probability per candidate");
  EXPECT_EQ(sch.Get(sch.SampleCategorical({5, 6, 7}, {0.0, 0.0, 1.0})), 7);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
