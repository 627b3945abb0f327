// Tune end to end on tiny budgets: records land in the database, a second run continues without
// measuring anything twice, the same seed proposes the same traces, failures never win, the
// limits are honoured; one test measures for real.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <set>

#include "fresh_build_cache.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tuner/database.h"
#include "tuner_search_test_util.h"

namespace tirgen {
namespace tuner {
namespace {

using tuner_testing::FakeMeasure;
using tuner_testing::SmallOptions;
using tuner_testing::Task;

class TunerTune : public FreshBuildCache {
 protected:
  TunerTune() : FreshBuildCache("tuner_tune") {}
  void SetUp() override {
    FreshBuildCache::SetUp();
    db_dir_ = (dir_ / "db").string();
  }
  std::string db_dir_;
};

TEST_F(TunerTune, RecordsLandInTheDatabaseAndASecondRunContinues) {
  TuneTask task = Task(0);
  TuneOptions o = SmallOptions();
  o.max_trials = 16;
  o.measure_fn = FakeMeasure();
  std::vector<int> reported;
  o.on_progress = [&](const TuneProgress& p) { reported.push_back(p.trials); };
  {
    JSONDatabase db(db_dir_, o.target);
    TuneSummary s = Tune({task}, db, o);
    // Progress after the baseline (the default schedule alone), then after each round of 8.
    EXPECT_EQ(reported, (std::vector<int>{1, 9, 16}));
    EXPECT_EQ(s.trials, 16);
    EXPECT_EQ(db.Size(), 16);
    ASSERT_EQ(s.tasks.size(), 1u);
    EXPECT_EQ(s.tasks[0].trials, 16);
    EXPECT_EQ(s.tasks[0].best_secs, db.GetTopK(0, 1).at(0).MeanRunSecs());
    EXPECT_EQ(s.total_latency_secs, s.tasks[0].best_secs);
  }
  // The analytical default schedule was measured (before the first round).
  std::string default_trace = tir::ScheduleForCpu(task.func, o.target, task.layout_free).trace;
  JSONDatabase db(db_dir_, o.target);
  bool has_default = false;
  for (const TuningRecord& r : db.GetAllRecords(0)) has_default |= tir::Trace::FromJSON(r.trace).Str() == default_trace;
  EXPECT_TRUE(has_default);

  reported.clear();
  TuneSummary s = Tune({task}, db, o);
  EXPECT_EQ(reported, (std::vector<int>{8, 16})) << "the default is measured once, in the first run";
  EXPECT_EQ(s.trials, 16);
  EXPECT_EQ(s.tasks[0].trials, 32);
  EXPECT_EQ(db.Size(), 32);
  std::vector<uint64_t> funcs;
  for (const TuningRecord& r : db.GetAllRecords(0))
    funcs.push_back(StructuralHash(tir::ReplayCpuSchedule(task.func, tir::Trace::FromJSON(r.trace)).func));
  EXPECT_EQ(std::set<uint64_t>(funcs.begin(), funcs.end()).size(), funcs.size()) << "a function measured twice";
}

TEST_F(TunerTune, SameSeedSameTraces) {
  auto run = [&](const std::string& dir, int64_t seed) {
    std::vector<std::string> seen;
    TuneOptions o = SmallOptions();
    o.max_trials = 24;
    o.seed = seed;
    o.measure_fn = FakeMeasure(&seen);
    JSONDatabase db(dir, o.target);
    Tune({Task(0), Task(2)}, db, o);
    return seen;
  };
  std::vector<std::string> a = run(db_dir_ + "1", 4);
  EXPECT_EQ(a.size(), 24u);
  EXPECT_EQ(a, run(db_dir_ + "2", 4));
  EXPECT_NE(a, run(db_dir_ + "3", 5));
}

TEST_F(TunerTune, FailedCandidatesAreRecordedAndNeverBest) {
  TuneOptions o = SmallOptions();
  o.max_trials = 24;
  std::vector<std::string> seen;
  o.measure_fn = FakeMeasure(&seen, /*fail_odd=*/true);
  std::vector<std::string> errors;
  o.on_measured = [&](const MeasuredCandidate& m) { errors.push_back(m.error); };
  JSONDatabase db(db_dir_, o.target);
  TuneSummary s = Tune({Task(2)}, db, o);
  EXPECT_EQ(s.trials, 24);
  ASSERT_EQ(errors.size(), 24u);
  int failed = 0;
  double best_ok = kFailedRunSecs;
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(errors[i].empty(), i % 2 == 0);
    if (i % 2 == 0) best_ok = std::min(best_ok, tuner_testing::FakeSeconds(tir::Trace::Parse(seen[i])));
  }
  for (const TuningRecord& r : db.GetAllRecords(0)) failed += r.run_secs == std::vector<double>{kFailedRunSecs};
  EXPECT_EQ(failed, 12);
  EXPECT_NEAR(s.tasks[0].best_secs, best_ok, 1e-9);
  EXPECT_TRUE(db.GetTopK(0, 1).at(0).IsValid());
}

TEST_F(TunerTune, TimeBudgetStopsTuning) {
  // A fake clock that only measuring moves, 40 ms per candidate: the budget's cut is exact.
  int64_t now_ms = 0;
  TuneOptions o = SmallOptions();
  o.time_budget_seconds = 1.0;
  o.clock = [&] { return static_cast<double>(now_ms) / 1000; };
  MeasureFunction fake = FakeMeasure();
  o.measure_fn = [&](const TuneTask& t, const std::vector<tir::SampledSchedule>& cs) {
    now_ms += 40 * static_cast<int64_t>(cs.size());
    return fake(t, cs);
  };
  JSONDatabase db(db_dir_, o.target);
  TuneSummary s = Tune({Task(2)}, db, o);
  // Rounds are cut to the candidates that still fit: 25 x 40 ms fill the second exactly.
  EXPECT_EQ(s.trials, 25);
  EXPECT_EQ(s.elapsed_secs, 1.0);
}

TEST_F(TunerTune, LimitsAndTargetAreChecked) {
  TuneOptions o = SmallOptions();
  o.measure_fn = FakeMeasure();
  JSONDatabase db(db_dir_, o.target);
  try {
    Tune({Task(2)}, db, o);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("give max_trials or time_budget_seconds"), std::string::npos) << e.what();
  }
  o.max_trials = 8;
  o.target = target::Target::Parse("c -num-cores 1");
  EXPECT_THROW(Tune({Task(2)}, db, o), Error);
}

TEST_F(TunerTune, RealMeasurementOfAPackedTask) {
  TuneTask task = Task(2);  // dense: the weight is packed
  TuneOptions o = SmallOptions();
  o.max_trials = 6;
  o.num_trials_per_iter = 3;
  o.measure.run.repeat = 1;
  o.measure.run.helper = (std::filesystem::path(TIRGEN_CLI_PATH).parent_path() / "tirgen-measure").string();
  std::vector<std::string> errors;
  o.on_measured = [&](const MeasuredCandidate& m) { errors.push_back(m.error); };
  JSONDatabase db(db_dir_, o.target);
  TuneSummary s = Tune({task}, db, o);
  EXPECT_EQ(s.trials, 6);
  for (const std::string& e : errors) EXPECT_EQ(e, "");
  EXPECT_GT(s.tasks[0].best_secs, 0);
  EXPECT_LT(s.tasks[0].best_secs, 1);
  bool packed = false;
  for (const TuningRecord& r : db.GetAllRecords(0))
    packed |= !tir::ReplayCpuSchedule(task.func, tir::Trace::FromJSON(r.trace)).rewrites.empty();
  EXPECT_TRUE(packed);
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen
