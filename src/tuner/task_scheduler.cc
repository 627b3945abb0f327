// The gradient task scheduler (see task_scheduler.h for the formula).
#include "tirgen/tuner/task_scheduler.h"

#include "tirgen/support/error.h"
#include "tirgen/tuner/database.h"

namespace tirgen {
namespace tuner {

GradientTaskScheduler::GradientTaskScheduler(std::vector<int> weights, double alpha, int window, int64_t seed)
    : weights_(std::move(weights)),
      alpha_(alpha),
      window_(window),
      rng_(seed),
      history_(weights_.size()),
      done_(weights_.size(), false) {
  TIRGEN_CHECK(window_ >= 1) << "the task scheduler's window must be at least 1, got " << window_;
}

void GradientTaskScheduler::Update(int task, double best_secs) { history_.at(task).push_back(best_secs); }

void GradientTaskScheduler::MarkDone(int task) { done_.at(task) = true; }

double GradientTaskScheduler::Gain(int task) const {
  const std::vector<double>& h = history_.at(task);
  const int n = static_cast<int>(h.size());
  if (n == 0 || h.back() >= kFailedRunSecs) return 0;  // nothing valid to improve on yet
  double backward = 0;
  if (n >= window_ + 1 && h[n - 1 - window_] < kFailedRunSecs) backward = (h[n - 1 - window_] - h.back()) / window_;
  double forward = h.back() / n;
  return weights_[task] * (alpha_ * backward + (1 - alpha_) * forward);
}

int GradientTaskScheduler::Next() {
  const int n = static_cast<int>(weights_.size());
  while (round_robin_ < n) {  // every task's first round, in order
    int t = round_robin_++;
    if (!done_[t]) return t;
  }
  std::vector<int> alive;
  for (int t = 0; t < n; ++t)
    if (!done_[t]) alive.push_back(t);
  if (alive.empty()) return -1;
  std::vector<int> best;
  double best_gain = -1;
  for (int t : alive) {
    double g = Gain(t);
    if (g > best_gain) best.clear(), best_gain = g;
    if (g == best_gain) best.push_back(t);
  }
  return best[rng_.SampleInt(0, static_cast<int>(best.size()))];
}

}  // namespace tuner
}  // namespace tirgen
