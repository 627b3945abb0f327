// runtime::PlanStorage: tensors alive at a common step never overlap, dead ones' storage is
// reused (best fit, else grown), offsets aligned.
#include <gtest/gtest.h>

#include "tirgen/runtime/storage_plan.h"

namespace tirgen {
namespace {

using runtime::Lifetime;

bool Overlap(size_t a, size_t an, size_t b, size_t bn) { return a < b + bn && b < a + an; }

// Every pair alive at a common step is disjoint; every offset aligned.
void ExpectValid(const std::vector<Lifetime>& t, const std::vector<size_t>& off, size_t size) {
  for (size_t i = 0; i < t.size(); ++i) {
    EXPECT_EQ(off[i] % 64, 0u) << i;
    EXPECT_LE(off[i] + t[i].bytes, size) << i;
    for (size_t j = i + 1; j < t.size(); ++j) {
      bool together = t[i].first <= t[j].last && t[j].first <= t[i].last;
      if (together) EXPECT_FALSE(Overlap(off[i], t[i].bytes, off[j], t[j].bytes)) << i << " and " << j;
    }
  }
}

TEST(StoragePlan, AChainReusesTwoBuffers) {
  // t0 -> step1 -> t1 -> step2 -> t2 -> step3 -> t3: each read by the next step only.
  std::vector<Lifetime> t{{100, 0, 1}, {100, 1, 2}, {100, 2, 3}, {100, 3, 4}};
  std::vector<size_t> off;
  size_t size = runtime::PlanStorage(t, 64, &off);
  ExpectValid(t, off, size);
  EXPECT_EQ(size, 2u * 128);
  EXPECT_EQ(off[0], off[2]);
  EXPECT_EQ(off[1], off[3]);
}

TEST(StoragePlan, BestFitAndGrowth) {
  // t0 (1000) and t1 (10) die at step 1; t2 (8) takes t1's small region, t3 (2000) grows t0's.
  std::vector<Lifetime> t{{1000, 0, 1}, {10, 0, 1}, {8, 2, 3}, {2000, 2, 3}};
  std::vector<size_t> off;
  size_t size = runtime::PlanStorage(t, 64, &off);
  ExpectValid(t, off, size);
  EXPECT_EQ(off[2], off[1]);
  EXPECT_EQ(off[3], off[0]);
  EXPECT_EQ(size, 2048u + 64u);
}

TEST(StoragePlan, OutputsOfOneStepAndLongLivedTensorsStayApart) {
  std::vector<Lifetime> t{{64, 0, 0}, {64, 0, 0}, {64, 0, 9}, {64, 1, 2}, {64, 1, 1}, {64, 3, 9}, {0, 4, 4}};
  std::vector<size_t> off;
  size_t size = runtime::PlanStorage(t, 64, &off);
  ExpectValid(t, off, size);
  EXPECT_LE(size, 4u * 64);
}

}  // namespace
}  // namespace tirgen
