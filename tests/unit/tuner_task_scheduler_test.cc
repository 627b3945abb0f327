// The gradient task scheduler on synthetic latency curves (no measuring): round robin first,
// then the round goes where weight x expected latency cut is largest; done tasks are skipped.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

#include "tirgen/tuner/database.h"
#include "tirgen/tuner/task_scheduler.h"

namespace tirgen {
namespace tuner {
namespace {

// Runs `rounds` rounds where task t's best latency after its k-th round is curve[t](k);
// returns how many rounds each task got.
std::vector<int> Simulate(GradientTaskScheduler& s, const std::vector<std::function<double(int)>>& curve, int rounds) {
  std::vector<int> got(curve.size(), 0);
  for (int r = 0; r < rounds; ++r) {
    int t = s.Next();
    if (t < 0) break;
    s.Update(t, curve[t](++got[t]));
  }
  return got;
}

TEST(TunerTaskScheduler, EveryTaskFirstGetsOneRoundInOrder) {
  GradientTaskScheduler s({1, 5, 2});
  for (int t = 0; t < 3; ++t) {
    EXPECT_EQ(s.Next(), t);
    s.Update(t, 1e-3);
  }
}

TEST(TunerTaskScheduler, PicksTheLargestWeightedLatency) {
  GradientTaskScheduler s({1, 1});
  EXPECT_EQ(s.Next(), 0);
  s.Update(0, 1e-3);
  EXPECT_EQ(s.Next(), 1);
  s.Update(1, 10e-3);
  EXPECT_EQ(s.Next(), 1);  // the slow task has more to gain

  GradientTaskScheduler w({20, 1});  // the same latencies, the fast task called 20 times
  w.Next();
  w.Update(0, 1e-3);
  w.Next();
  w.Update(1, 10e-3);
  EXPECT_EQ(w.Next(), 0);
  EXPECT_NEAR(w.Gain(0), 20 * 0.8 * 1e-3, 1e-12);  // forward only: best / rounds
  EXPECT_NEAR(w.Gain(1), 0.8 * 10e-3, 1e-12);
}

TEST(TunerTaskScheduler, BackwardGradientOverTheWindow) {
  GradientTaskScheduler s({1}, 0.2, 3);
  std::vector<double> h = {8, 4, 2, 1};
  for (double b : h) {
    s.Next();
    s.Update(0, b);
  }
  EXPECT_NEAR(s.Gain(0), 0.2 * (8 - 1) / 3.0 + 0.8 * 1 / 4.0, 1e-12);
}

TEST(TunerTaskScheduler, ImprovingTaskGetsMoreRoundsThanAConvergedOne) {
  GradientTaskScheduler s({1, 1, 1});
  std::vector<std::function<double(int)>> curve = {
      [](int k) { return 1e-3 + 9e-3 * std::exp(-k / 4.0); },  // keeps improving
      [](int) { return 1e-3; },                                // flat from the start
      [](int) { return 0.25e-3; },                             // flat and small
  };
  std::vector<int> got = Simulate(s, curve, 40);
  EXPECT_EQ(got[0] + got[1] + got[2], 40);
  EXPECT_GT(got[0], got[1]);
  EXPECT_GT(got[1], got[2]);
  EXPECT_GE(got[2], 1);  // the warm-up round
}

TEST(TunerTaskScheduler, DoneTasksAreSkippedAndAllDoneEnds) {
  GradientTaskScheduler s({1, 1, 1});
  s.MarkDone(1);
  EXPECT_EQ(s.Next(), 0);
  s.Update(0, 1e-3);
  EXPECT_EQ(s.Next(), 2);
  s.Update(2, 1e-3);
  for (int r = 0; r < 5; ++r) {
    int t = s.Next();
    EXPECT_NE(t, 1);
    s.Update(t, 1e-3);
  }
  s.MarkDone(0);
  s.MarkDone(2);
  EXPECT_EQ(s.Next(), -1);
}

TEST(TunerTaskScheduler, TaskWithoutAValidLatencyHasNoGain) {
  GradientTaskScheduler s({1, 1});
  s.Next();
  s.Update(0, kFailedRunSecs);
  s.Next();
  s.Update(1, 1e-3);
  EXPECT_EQ(s.Gain(0), 0);
  EXPECT_EQ(s.Next(), 1);
}

TEST(TunerTaskScheduler, TiesAreBrokenTheSameWayForTheSameSeed) {
  auto sequence = [](int64_t seed) {
    GradientTaskScheduler s({1, 1, 1, 1}, 0.2, 3, seed);
    std::vector<int> order;
    for (int r = 0; r < 12; ++r) {
      int t = s.Next();
      order.push_back(t);
      s.Update(t, kFailedRunSecs);  // all gains 0: every pick after the warm-up is a tie
    }
    return order;
  };
  EXPECT_EQ(sequence(7), sequence(7));
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen
