// tirgen's tuner (MetaSchedule's tune_tasks): evolutionary search over the CPU design space of
// each task (tir::SampleCpuSchedule + the mutators), guided by the learned cost model, measured
// by tuner::MeasureCandidates (or a caller's measure function, e.g. on a dask cluster), every
// measured candidate committed to the database; a gradient task scheduler (Ansor /
// MetaSchedule) gives each round to the task where it is expected to cut the model's latency
// (weight x latency) most, until the trial count or the time budget runs out.
//
//   tuner::JSONDatabase db("work", target);
//   tuner::TuneOptions opt;  opt.target = target;  opt.time_budget_seconds = 900;
//   tuner::TuneSummary s = tuner::Tune(tuner::ExtractTuneTasks(lowered), db, opt);
//
// Running again on the same database continues: what it holds seeds each task's population
// and counts as measured (never measured twice). The same options, seed and measurements give
// the same candidates.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tirgen/target/target.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tuner/cost_model.h"
#include "tirgen/tuner/database.h"
#include "tirgen/tuner/measure.h"
#include "tirgen/tuner/task.h"

namespace tirgen {
namespace tuner {

/// One task's line of the progress table (MetaSchedule's task table).
struct TaskProgress {
  std::string name;
  double flop = 0;
  int weight = 0;
  double best_secs = 0;  ///< fastest valid measurement so far (0: none yet)
  int trials = 0;        ///< candidates measured (this run and the database's before it)
  bool done = false;     ///< the search space is exhausted or the task has converged
};

/// The state after a round: what on_progress receives and Tune returns.
struct TuneProgress {
  std::vector<TaskProgress> tasks;
  double elapsed_secs = 0;
  int trials = 0;                   ///< candidates measured in this run
  /// sum of weight x best_secs (every task's first round measures its analytical default
  /// schedule; a task without a valid measurement yet counts 0); the tuning curve's y.
  double total_latency_secs = 0;
};

/// What `log` receives per measured candidate: one JSON line is written from it.
struct MeasuredCandidate {
  std::string task;
  int round = 0;                    ///< -1: the default schedules measured before the first round
  double elapsed_secs = 0;          ///< since Tune started
  std::vector<double> run_secs;     ///< {kFailedRunSecs} on error
  std::string error;
  double predicted_score = 0;       ///< the cost model's score when it was chosen
  bool random = false;              ///< chosen by ε-greedy, not the model
};

/// Measures a round's candidates of a task (each with its packed parameters, `rewrites`): one
/// result per candidate, in order. A result that is not ok (or has no times) is recorded as
/// failed ({kFailedRunSecs}).
using MeasureFunction =
    std::function<std::vector<MeasureResult>(const TuneTask&, const std::vector<tir::SampledSchedule>&)>;

struct TuneOptions {
  target::Target target = target::DefaultBuildTarget();
  int max_trials = 0;               ///< measured candidates in all, this run (0: no limit)
  double time_budget_seconds = 0;   ///< wall time of this run (0: no limit); one of the two is required
  int num_trials_per_iter = 64;     ///< candidates measured per round
  // Evolutionary search (TVM's EvolutionarySearch defaults, scaled for a CPU).
  int population_size = 256;
  double init_measured_ratio = 0.2;  ///< of the population drawn from the database's best
  int init_min_unmeasured = 64;     ///< fresh samples at least
  int genetic_num_iters = 3;
  double genetic_mutate_prob = 0.85;
  int genetic_max_fail_count = 10;
  double eps_greedy = 0.05;          ///< share of each round picked at random
  int64_t seed = 1;
  CostModelConfig cost_model;
  /// Used when measure_fn is empty (its target is `target`). Each measurement lasts at least
  /// 10 ms: kernels of a few microseconds timed by one call are mostly timer and cache noise.
  MeasureOptions measure = [] {
    MeasureOptions m;
    m.run.min_repeat_ms = 10;
    return m;
  }();
  MeasureFunction measure_fn;        ///< replaces MeasureCandidates (results in order)
  /// Seconds on a monotonic clock, for the time budget; empty: std::chrono::steady_clock. Tests
  /// give a fake clock so that a budget's effect is exact, not a race with the machine's load.
  std::function<double()> clock;
  std::function<void(const TuneProgress&)> on_progress;      ///< after every round
  std::function<void(const MeasuredCandidate&)> on_measured;  ///< after every candidate
};

using TuneSummary = TuneProgress;

/// Tunes `tasks`, committing every measurement to `db` (workloads committed first). Each round
/// goes to the task the gradient scheduler picks (task_scheduler.h) and measures up to
/// num_trials_per_iter candidates of its evolutionary search (evolutionary_search.h); a task's
/// first round also measures tir::ScheduleForCpu's analytical schedule. Stops at max_trials, at
/// the time budget (checked before each round; the last round is cut to what the run's seconds
/// per candidate so far say fits), or when every task's space is exhausted. tirgen::Error when
/// both limits are 0, when `options.target` is not the database's, or when a task cannot be
/// measured at all.
TuneSummary Tune(const std::vector<TuneTask>& tasks, JSONDatabase& db, const TuneOptions& options);

}  // namespace tuner
}  // namespace tirgen
