// Tune: the tuning loop. First every task's analytical default schedule is measured (so the
// tuned result is never worse than the untuned one, and the model's latency is known from the
// start); then each round the task scheduler picks a task, its evolutionary search proposes
// candidates (a task's first round gets a fair share of what is left, so every task is searched
// within the budget), they are measured, committed to the database and fed to the cost model,
// until the trial count or the time budget runs out.
#include "tirgen/tuner/tune.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tuner/evolutionary_search.h"
#include "tirgen/tuner/task_scheduler.h"

namespace tirgen {
namespace tuner {
namespace {

using Clock = std::chrono::steady_clock;

struct TaskState {
  int workload = -1;
  std::string model_key;   // the cost model's workload: the database hash in decimal
  nlohmann::json args_info;
  std::unique_ptr<EvolutionarySearch> search;
  TaskProgress progress;
  int rounds = 0;
};

void CheckOptions(const TuneOptions& o, const JSONDatabase& db) {
  if (o.max_trials <= 0 && o.time_budget_seconds <= 0)
    throw Error("tune: give max_trials or time_budget_seconds (both are 0: no limit to tuning)");
  if (o.max_trials < 0 || o.time_budget_seconds < 0)
    throw Error("tune: max_trials and time_budget_seconds must not be negative");
  if (o.num_trials_per_iter < 1 || o.population_size < 1)
    throw Error("tune: num_trials_per_iter and population_size must be at least 1");
  if (o.target != db.target())
    throw Error("tune: the options' target '" + o.target.str() + "' is not the database's '" + db.target().str() + "'");
}

// The analytical schedule ScheduleForCpu gives, as a candidate.
SearchCandidate DefaultCandidate(const TuneTask& task, const target::Target& target) {
  tir::CpuScheduleResult d = tir::ScheduleForCpu(task.func, target, task.layout_free);
  SearchCandidate c;
  c.schedule = {d.func, d.rewrites, tir::Trace::Parse(d.trace, task.name + " default schedule")};
  c.features = ExtractFeatures(d.func);
  return c;
}

std::vector<MeasureResult> Measure(const TuneOptions& o, const TuneTask& task, const std::vector<SearchCandidate>& cs) {
  std::vector<MeasureResult> rs;
  if (o.measure_fn) {
    std::vector<tir::SampledSchedule> schedules;
    for (const SearchCandidate& c : cs) schedules.push_back(c.schedule);
    rs = o.measure_fn(task, schedules);
    if (rs.size() != cs.size())
      throw Error("tune: measure_fn returned " + std::to_string(rs.size()) + " results for " +
                  std::to_string(cs.size()) + " candidates");
  } else {
    std::vector<MeasureCandidate> mc;
    for (const SearchCandidate& c : cs) mc.push_back({c.schedule.func, c.schedule.rewrites});
    MeasureOptions mo = o.measure;
    mo.target = o.target;
    rs = MeasureCandidates(mc, task.func, mo);
  }
  for (MeasureResult& r : rs)  // a failure is one recorded time, whatever the measurer said
    if (!r.ok || r.run_secs.empty()) r.run_secs = {kFailedRunSecs};
  return rs;
}

// The task table and the model's latency (tasks without a valid measurement count 0).
void Summarize(const std::vector<TaskState>& states, double elapsed_secs, TuneProgress* progress) {
  progress->tasks.clear();
  progress->total_latency_secs = 0;
  for (const TaskState& s : states) {
    progress->tasks.push_back(s.progress);
    progress->total_latency_secs += s.progress.weight * s.progress.best_secs;
  }
  progress->elapsed_secs = elapsed_secs;
}

double Mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / v.size();
}

}  // namespace

TuneSummary Tune(const std::vector<TuneTask>& tasks, JSONDatabase& db, const TuneOptions& options) {
  CheckOptions(options, db);
  std::function<double()> clock = options.clock ? options.clock : [] {
    return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
  };
  const double start = clock();
  auto elapsed = [&] { return clock() - start; };
  support::LinearCongruentialEngine seeds(options.seed);
  std::vector<TaskState> states(tasks.size());
  std::vector<int> weights;
  for (size_t i = 0; i < tasks.size(); ++i) {
    TaskState& s = states[i];
    s.workload = db.CommitWorkload(tasks[i].mod);
    s.model_key = std::to_string(db.Workload(s.workload).hash);
    s.args_info = ArgsInfo(tasks[i].mod);
    s.search = std::make_unique<EvolutionarySearch>(tasks[i], options, seeds.ForkSeed());
    std::vector<TuningRecord> before = db.GetAllRecords(s.workload);
    for (const TuningRecord& r : before) s.search->AddMeasured(r.trace);
    s.progress = {tasks[i].name, tasks[i].flop, tasks[i].weight, 0, static_cast<int>(before.size()), false};
    std::vector<TuningRecord> best = db.GetTopK(s.workload, 1);
    if (!best.empty()) s.progress.best_secs = best[0].MeanRunSecs();
    weights.push_back(tasks[i].weight);
  }
  GradientTaskScheduler scheduler(weights, 0.2, 3, options.seed);
  CostModel model(options.cost_model);
  const int top_k = static_cast<int>(options.population_size * options.init_measured_ratio);

  TuneProgress progress;
  auto out_of_budget = [&] {
    return (options.max_trials > 0 && progress.trials >= options.max_trials) ||
           (options.time_budget_seconds > 0 && elapsed() >= options.time_budget_seconds);
  };
  // Measure `cands` of task t, commit them, teach the model; the task's best afterwards.
  auto measure_and_commit = [&](size_t t, int round, const std::vector<SearchCandidate>& cands) {
    TaskState& s = states[t];
    std::vector<MeasureResult> results = Measure(options, tasks[t], cands);
    std::vector<FeatureMatrix> features;
    std::vector<double> secs;
    for (size_t i = 0; i < cands.size(); ++i) {
      const MeasureResult& r = results[i];
      db.CommitTuningRecord({cands[i].schedule.trace.AsJSON(), s.workload, r.run_secs, db.target(), s.args_info});
      features.push_back(cands[i].features);
      secs.push_back(Mean(r.run_secs));
      ++progress.trials;
      ++s.progress.trials;
      if (options.on_measured)
        options.on_measured({tasks[t].name, round, elapsed(), r.run_secs, r.error, cands[i].predicted_score, cands[i].random});
    }
    model.Update(s.model_key, features, secs);
    std::vector<TuningRecord> best = db.GetTopK(s.workload, 1);
    s.progress.best_secs = best.empty() ? 0 : best[0].MeanRunSecs();
  };

  // Baselines first: every task's default schedule, so the model's latency is known from the
  // start (the tuning curve only goes down from the untuned model) and the scheduler's first
  // choices are informed.
  bool baselines = false;
  for (size_t t = 0; t < tasks.size() && !out_of_budget(); ++t) {
    SearchCandidate d = DefaultCandidate(tasks[t], options.target);
    if (states[t].search->IsMeasured(d.schedule)) continue;
    states[t].search->AddMeasured(d.schedule);
    measure_and_commit(t, -1, {d});
    baselines = true;
  }
  if (baselines) {
    Summarize(states, elapsed(), &progress);
    if (options.on_progress) options.on_progress(progress);
  }

  for (int round = 0; !out_of_budget(); ++round) {
    int t = scheduler.Next();
    if (t < 0) break;  // every task's space is exhausted
    TaskState& s = states[t];

    // Candidates that still fit: the trial limit, and the budget at this run's seconds per
    // candidate so far. A round takes at most num_trials_per_iter of them; a task's first round
    // shares them fairly with the tasks not yet searched, so each gets searched in the budget.
    double left = options.max_trials > 0 ? options.max_trials - progress.trials : 1e18;
    if (options.time_budget_seconds > 0 && progress.trials > 0) {
      double now = elapsed();
      left = std::min(left, (options.time_budget_seconds - now) / (now / progress.trials));
    }
    int n = static_cast<int>(std::max(1.0, std::min<double>(options.num_trials_per_iter, left)));
    if (s.rounds == 0 && progress.trials > 0) {
      int unsearched = 0;
      for (const TaskState& other : states) unsearched += other.rounds == 0 && !other.progress.done;
      int fair = static_cast<int>(left / (2.0 * std::max(1, unsearched)));
      n = std::min(n, std::max(std::min(8, n), fair));
    }

    std::vector<nlohmann::json> best_traces;
    for (const TuningRecord& r : db.GetTopK(s.workload, top_k)) best_traces.push_back(r.trace);
    std::vector<SearchCandidate> cands = s.search->Propose(n, best_traces, model);
    ++s.rounds;
    if (cands.empty()) {
      scheduler.MarkDone(t);
      s.progress.done = true;
      continue;
    }

    measure_and_commit(t, round, cands);
    scheduler.Update(t, s.progress.best_secs > 0 ? s.progress.best_secs : kFailedRunSecs);

    Summarize(states, elapsed(), &progress);
    if (options.on_progress) options.on_progress(progress);
  }
  Summarize(states, elapsed(), &progress);
  return progress;
}

}  // namespace tuner
}  // namespace tirgen
