#include "tirgen/runtime/time_evaluator.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "tirgen/support/error.h"

namespace tirgen {
namespace runtime {

std::vector<double> TimeEach(const std::function<void()>& fn, int repeat, int number, double min_repeat_ms) {
  TIRGEN_CHECK(repeat >= 1) << "repeat must be at least 1, got " << repeat;
  TIRGEN_CHECK(number >= 1) << "number must be at least 1, got " << number;
  TIRGEN_CHECK(min_repeat_ms >= 0 && std::isfinite(min_repeat_ms))
      << "min_repeat_ms must be a non-negative number, got " << min_repeat_ms;
  using Clock = std::chrono::steady_clock;
  fn();  // warm-up: caches, page faults of fresh memory, thread pools started
  std::vector<double> seconds;
  for (int r = 0; r < repeat; ++r) {
    double ms = 0;
    for (bool first = true; first || ms < min_repeat_ms; first = false) {
      if (!first) {  // too short: the rate measured so far says how many calls fill min_repeat_ms
        double per_call = ms / number, grown = number * 1.618;
        if (per_call > 0) grown = std::max(grown, min_repeat_ms / per_call + 1);
        number = static_cast<int>(std::min(grown, 1e9));
      }
      Clock::time_point begin = Clock::now();
      for (int i = 0; i < number; ++i) fn();
      ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
    }
    seconds.push_back(ms / 1000.0 / number);
  }
  return seconds;
}

double TimeEvaluator(const std::function<void()>& fn, int repeat, int number, double min_repeat_ms) {
  std::vector<double> s = TimeEach(fn, repeat, number, min_repeat_ms);
  std::sort(s.begin(), s.end());
  size_t n = s.size();
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

}  // namespace runtime
}  // namespace tirgen
