// Which task gets the next tuning round: MetaSchedule's GradientBased task scheduler (Ansor's
// gradient-descent allocation). The objective is the model's latency, the sum over tasks of
// weight x best latency; the next round goes to the task where one more round is expected to
// cut it most:
//   backward = (best[n-1-window] - best[n-1]) / window  (what the last `window` rounds gained
//              per round; 0 until the task has had window + 1 rounds)
//   forward  = best[n-1] / n                            (optimistic: the task keeps improving
//              as fast as it has on average over its n rounds)
//   gain     = weight x (alpha x backward + (1 - alpha) x forward)
// Every task first gets one round, in order (round robin). Ties (e.g. all zero) are broken by a
// seeded draw. A task whose search space is exhausted is marked done and never picked again.
// Pure bookkeeping, no measuring: the caller reports each round's best latency.
//
//   tuner::GradientTaskScheduler s({3, 1});          // task weights
//   for (int t; (t = s.Next()) >= 0;) { ...; s.Update(t, best_secs); }
#pragma once

#include <cstdint>
#include <vector>

#include "tirgen/support/random.h"

namespace tirgen {
namespace tuner {

class GradientTaskScheduler {
 public:
  explicit GradientTaskScheduler(std::vector<int> weights, double alpha = 0.2, int window = 3, int64_t seed = 1);

  /// The task to tune next, or -1 when every task is done.
  int Next();
  /// After a round of `task`: its best latency so far (kFailedRunSecs or more: none valid yet).
  void Update(int task, double best_secs);
  /// The task's space is exhausted: never picked again.
  void MarkDone(int task);
  bool done(int task) const { return done_.at(task); }
  /// The expected weighted latency reduction of one more round of `task` (0 before it has a
  /// valid latency).
  double Gain(int task) const;

 private:
  std::vector<int> weights_;
  double alpha_;
  int window_;
  support::LinearCongruentialEngine rng_;
  std::vector<std::vector<double>> history_;  // per task: best latency after each of its rounds
  std::vector<bool> done_;
  int round_robin_ = 0;                       // tasks given their first round so far
};

}  // namespace tuner
}  // namespace tirgen
