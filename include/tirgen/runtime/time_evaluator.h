// Timing compiled code as TVM's time_evaluator does: one warm-up call, then `repeat`
// measurements of `number` consecutive calls each; with min_repeat_ms > 0, `number` grows (to
// the rate measured so far, and by at least the golden ratio) until one measurement lasts that
// long, and keeps its grown value for the following measurements.
//
//   double seconds = runtime::TimeEvaluator([&] { plan.Execute(inputs); }, /*repeat=*/10);
#pragma once

#include <functional>
#include <vector>

namespace tirgen {
namespace runtime {

/// Seconds per call of each measurement, in measurement order. tirgen::Error unless
/// repeat >= 1, number >= 1 and min_repeat_ms >= 0.
std::vector<double> TimeEach(const std::function<void()>& fn, int repeat, int number = 1, double min_repeat_ms = 0);
/// The median of TimeEach (the mean of the two middle ones for an even `repeat`).
double TimeEvaluator(const std::function<void()>& fn, int repeat, int number = 1, double min_repeat_ms = 0);

}  // namespace runtime
}  // namespace tirgen
