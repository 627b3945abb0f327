// runtime::TimeEach / TimeEvaluator: TVM's time_evaluator semantics (warm-up, `number` calls a
// measurement, number grown to reach min_repeat_ms), the median, argument checks.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tirgen/runtime/time_evaluator.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace {

TEST(TimeEvaluator, CallsWarmUpThenRepeatTimesNumber) {
  int calls = 0;
  std::vector<double> s = runtime::TimeEach([&] { ++calls; }, 4, 3);
  EXPECT_EQ(calls, 1 + 4 * 3);
  ASSERT_EQ(s.size(), 4u);
  for (double x : s) EXPECT_GE(x, 0);
}

TEST(TimeEvaluator, NumberGrowsUntilAMeasurementLastsMinRepeatMs) {
  int calls = 0;
  auto sleep = [&] {
    ++calls;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  };
  auto begin = std::chrono::steady_clock::now();
  std::vector<double> s = runtime::TimeEach(sleep, 2, 1, 5.0);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  EXPECT_GE(ms, 2 * 5.0);   // each of the 2 measurements lasted at least 5 ms
  EXPECT_GT(calls, 1 + 2);  // so more than `number` = 1 call each
  for (double x : s) EXPECT_GE(x, 200e-6);  // a lower bound only: a loaded machine may take longer
}

TEST(TimeEvaluator, MedianAndArgumentChecks) {
  double t = runtime::TimeEvaluator([] { std::this_thread::sleep_for(std::chrono::microseconds(100)); }, 3);
  EXPECT_GE(t, 100e-6);
  EXPECT_THROW(runtime::TimeEach([] {}, 0), Error);
  EXPECT_THROW(runtime::TimeEach([] {}, 1, 0), Error);
  EXPECT_THROW(runtime::TimeEach([] {}, 1, 1, -1.0), Error);
}

}  // namespace
}  // namespace tirgen
