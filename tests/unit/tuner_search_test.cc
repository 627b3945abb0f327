// The evolutionary search alone (no measuring): distinct unmeasured candidates, the database's
// records never proposed again, ε-greedy picks, determinism, and an exhausted space.
#include <gtest/gtest.h>

#include <set>

#include "tirgen/tir/structural_equal.h"
#include "tirgen/tuner/evolutionary_search.h"
#include "tuner_search_test_util.h"

namespace tirgen {
namespace tuner {
namespace {

using tuner_testing::SmallOptions;
using tuner_testing::Task;

std::set<uint64_t> Hashes(const std::vector<SearchCandidate>& cs) {
  std::set<uint64_t> h;
  for (const SearchCandidate& c : cs) h.insert(StructuralHash(c.schedule.func));
  return h;
}

TEST(TunerSearch, ProposesDistinctCandidatesNeverTwice) {
  EvolutionarySearch search(Task(0), SmallOptions(), 3);
  CostModel model;
  std::vector<SearchCandidate> a = search.Propose(8, {}, model);
  std::vector<SearchCandidate> b = search.Propose(8, {}, model);
  ASSERT_EQ(a.size(), 8u);
  ASSERT_EQ(b.size(), 8u);
  std::set<uint64_t> ha = Hashes(a), hb = Hashes(b);
  EXPECT_EQ(ha.size(), 8u);
  EXPECT_EQ(hb.size(), 8u);
  for (uint64_t h : hb) EXPECT_FALSE(ha.count(h));
  for (const SearchCandidate& c : a) {
    EXPECT_GT(c.features.num_rows, 0);
    EXPECT_TRUE(search.IsMeasured(c.schedule));
    // what is proposed replays from its trace to the same function and packing
    tir::SampledSchedule r = tir::ReplayCpuSchedule(search.task().func, c.schedule.trace);
    EXPECT_TRUE(StructuralEqual(r.func, c.schedule.func));
    EXPECT_EQ(r.rewrites.size(), c.schedule.rewrites.size());
  }
}

TEST(TunerSearch, DatabaseTracesAreMeasuredAndSeedThePopulation) {
  TuneOptions o = SmallOptions();
  EvolutionarySearch first(Task(2), o, 5);
  CostModel model;
  std::vector<SearchCandidate> a = first.Propose(8, {}, model);
  // A new search that knows a's traces as database records (JSON) proposes none of them.
  EvolutionarySearch again(Task(2), o, 5);
  std::vector<nlohmann::json> records;
  for (const SearchCandidate& c : a) records.push_back(c.schedule.trace.AsJSON());
  for (const nlohmann::json& j : records) again.AddMeasured(j);
  for (const SearchCandidate& c : a) EXPECT_TRUE(again.IsMeasured(c.schedule));
  std::set<uint64_t> ha = Hashes(a);
  for (uint64_t h : Hashes(again.Propose(8, records, model))) EXPECT_FALSE(ha.count(h));
}

TEST(TunerSearch, SameSeedSameCandidates) {
  auto run = [](int64_t seed) {
    EvolutionarySearch search(Task(0), SmallOptions(), seed);
    CostModel model;
    std::vector<std::string> traces;
    for (int r = 0; r < 2; ++r)
      for (const SearchCandidate& c : search.Propose(8, {}, model)) traces.push_back(c.schedule.trace.Str());
    return traces;
  };
  std::vector<std::string> a = run(11);
  EXPECT_EQ(a, run(11));
  EXPECT_NE(a, run(12));
}

TEST(TunerSearch, EpsGreedyPicksFreshSamples) {
  TuneOptions o = SmallOptions();
  o.eps_greedy = 0.5;
  EvolutionarySearch search(Task(0), o, 2);
  CostModel model;
  std::vector<SearchCandidate> cs = search.Propose(8, {}, model);
  ASSERT_EQ(cs.size(), 8u);
  int random = 0;
  for (const SearchCandidate& c : cs) random += c.random;
  EXPECT_EQ(random, 4);
  for (size_t i = 0; i < 4; ++i) EXPECT_FALSE(cs[i].random);  // the model's picks first
  for (size_t i = 1; i < 4; ++i) EXPECT_GE(cs[i - 1].predicted_score, cs[i].predicted_score);
}

TEST(TunerSearch, SmallSpaceRunsOut) {
  // An elementwise function: vectorized and parallel, no decision to sample.
  TuneTask task;
  task.name = "relu";
  task.func = space_testing::Lower(R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 32, 14, 14), float32]) { nn.relu(%x) }
)");
  task.mod = lower::TaskModule(task.func);
  EvolutionarySearch search(task, SmallOptions(), 1);
  CostModel model;
  EXPECT_EQ(search.Propose(8, {}, model).size(), 1u);
  EXPECT_TRUE(search.Propose(8, {}, model).empty());
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen
