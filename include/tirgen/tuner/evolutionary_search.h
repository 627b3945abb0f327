// MetaSchedule's EvolutionarySearch for one tuning task, over the CPU design space
// (tir::SampleCpuSchedule) with the CPU mutators (mutator.h):
//  1. population: the database's fastest traces of the task (replayed, init_measured_ratio of
//     population_size) plus fresh samples (at least init_min_unmeasured);
//  2. genetic_num_iters generations: every member is scored by the cost model; parents are
//     drawn in proportion to their scores and mutated (genetic_mutate_prob; a failed mutation
//     is retried up to genetic_max_fail_count times) or copied;
//  3. the round: the best-scored distinct unmeasured candidates seen in any generation, with
//     eps_greedy of them replaced by unscored fresh samples.
// A candidate is never proposed twice or after it was measured: the functions the task's
// database records replay to and everything proposed count as measured (structural hash).
// Single-threaded and seeded: the same seed, database and model give the same candidates.
//
//   tuner::EvolutionarySearch search(task, options, seed);
//   for (const tuner::TuningRecord& r : db.GetAllRecords(w)) search.AddMeasured(r.trace);
//   std::vector<tuner::SearchCandidate> round = search.Propose(64, best_traces, model);
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tirgen/support/random.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tuner/cost_model.h"
#include "tirgen/tuner/feature.h"
#include "tirgen/tuner/tune.h"

namespace tirgen {
namespace tuner {

struct SearchCandidate {
  tir::SampledSchedule schedule;
  FeatureMatrix features;       ///< of schedule.func, what the cost model scored
  double predicted_score = 0;
  bool random = false;          ///< an ε-greedy pick, not the model's
};

class EvolutionarySearch {
 public:
  /// Searches the space of `task` for options.target with the options' genetic parameters.
  EvolutionarySearch(TuneTask task, const TuneOptions& options, int64_t seed);

  /// Counts a database record's trace (TVM JSON) as measured: the function it replays to (a
  /// trace that does not replay can never be proposed anyway).
  void AddMeasured(const nlohmann::json& trace);
  /// Counts a schedule as measured (by its function).
  void AddMeasured(const tir::SampledSchedule& schedule);
  bool IsMeasured(const tir::SampledSchedule& schedule) const;

  /// Up to `n` new candidates (fewer, or none, when the space has no more); each is counted as
  /// measured once proposed. `best_measured`: the task's fastest database traces (TVM JSON),
  /// fastest first, seeding the population.
  std::vector<SearchCandidate> Propose(int n, const std::vector<nlohmann::json>& best_measured, CostModel& model);

  const TuneTask& task() const { return task_; }

 private:
  struct Member {
    tir::SampledSchedule schedule;
    uint64_t hash = 0;  ///< StructuralHash of the scheduled function
  };
  struct Scored {
    Member member;
    FeatureMatrix features;
    double score = 0;
    int64_t order = 0;  ///< when first seen: ties keep the earlier
  };
  // evolutionary_search_population.cc
  std::vector<Member> MeasuredMembers(const std::vector<nlohmann::json>& best_measured, int count);
  std::vector<Member> FreshSamples(int count);
  // evolutionary_search_evolve.cc
  std::vector<Member> NextGeneration(const std::vector<Member>& population, const std::vector<double>& scores);
  bool Mutate(const Member& parent, Member* child);
  // evolutionary_search.cc
  Member MakeMember(tir::SampledSchedule schedule) const;
  std::vector<double> Score(const std::vector<Member>& population, CostModel& model,
                            std::vector<FeatureMatrix>* features);
  bool Seen(const Member& m) const;

  TuneTask task_;
  TuneOptions options_;
  support::LinearCongruentialEngine rng_;
  std::set<uint64_t> measured_funcs_;  // StructuralHash of the functions measured or proposed
  // Database traces replayed for the population, by their JSON text (nullopt: did not replay).
  std::map<std::string, std::optional<Member>> replayed_;
  std::map<uint64_t, FeatureMatrix> features_;  // of one Propose call's functions
};

}  // namespace tuner
}  // namespace tirgen
