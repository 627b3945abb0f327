// EvolutionarySearch::Propose and the bookkeeping around it: what counts as measured, scoring a
// population, and the round's pick (model's best, ε-greedy random samples).
#include "tirgen/tuner/evolutionary_search.h"

#include <algorithm>

#include "tirgen/tir/schedule/trace.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace tuner {

EvolutionarySearch::EvolutionarySearch(TuneTask task, const TuneOptions& options, int64_t seed)
    : task_(std::move(task)), options_(options), rng_(seed) {}

EvolutionarySearch::Member EvolutionarySearch::MakeMember(tir::SampledSchedule schedule) const {
  Member m;
  m.hash = StructuralHash(schedule.func);
  m.schedule = std::move(schedule);
  return m;
}

void EvolutionarySearch::AddMeasured(const nlohmann::json& trace) {
  try {
    measured_funcs_.insert(StructuralHash(tir::ReplayCpuSchedule(task_.func, tir::Trace::FromJSON(trace)).func));
  } catch (const std::exception&) {
    // A record of another design space (or an older rule set): nothing sampled replays to it.
  }
}

void EvolutionarySearch::AddMeasured(const tir::SampledSchedule& schedule) {
  measured_funcs_.insert(StructuralHash(schedule.func));
}

bool EvolutionarySearch::IsMeasured(const tir::SampledSchedule& schedule) const {
  return measured_funcs_.count(StructuralHash(schedule.func)) > 0;
}

bool EvolutionarySearch::Seen(const Member& m) const { return measured_funcs_.count(m.hash) > 0; }

std::vector<double> EvolutionarySearch::Score(const std::vector<Member>& population, CostModel& model,
                                              std::vector<FeatureMatrix>* features) {
  features->clear();
  for (const Member& m : population) {
    auto it = features_.find(m.hash);
    if (it == features_.end()) it = features_.emplace(m.hash, ExtractFeatures(m.schedule.func)).first;
    features->push_back(it->second);
  }
  return model.Predict(*features);
}

std::vector<SearchCandidate> EvolutionarySearch::Propose(int n, const std::vector<nlohmann::json>& best_measured,
                                                         CostModel& model) {
  if (n <= 0) return {};
  features_.clear();
  int from_db = std::min(static_cast<int>(best_measured.size()),
                         static_cast<int>(options_.population_size * options_.init_measured_ratio));
  std::vector<Member> population = MeasuredMembers(best_measured, from_db);
  std::vector<Member> fresh =
      FreshSamples(std::max(options_.population_size - static_cast<int>(population.size()), options_.init_min_unmeasured));
  population.insert(population.end(), fresh.begin(), fresh.end());

  // Every unmeasured function of any generation, with its score when first seen.
  std::map<uint64_t, Scored> seen;
  int64_t order = 0;
  for (int generation = 0; !population.empty(); ++generation) {
    std::vector<FeatureMatrix> features;
    std::vector<double> scores = Score(population, model, &features);
    for (size_t i = 0; i < population.size(); ++i)
      if (!Seen(population[i]) && !seen.count(population[i].hash))
        seen.emplace(population[i].hash, Scored{population[i], features[i], scores[i], order++});
    if (generation >= options_.genetic_num_iters) break;
    population = NextGeneration(population, scores);
  }

  // The round: the best by score, eps_greedy of it fresh samples in the order drawn (TVM's
  // PickWithEpsGreedy: either list fills in for the other when it runs out).
  std::vector<const Scored*> bests;
  for (const auto& kv : seen) bests.push_back(&kv.second);
  std::sort(bests.begin(), bests.end(), [](const Scored* a, const Scored* b) {
    return a->score != b->score ? a->score > b->score : a->order < b->order;
  });
  std::vector<const Scored*> rands;
  for (const Member& m : fresh) rands.push_back(&seen.at(m.hash));
  const int num_rands = static_cast<int>(n * options_.eps_greedy), num_bests = n - num_rands;
  std::set<uint64_t> picked;
  auto next = [&](const std::vector<const Scored*>& list, size_t& i) -> const Scored* {
    while (i < list.size() && picked.count(list[i]->member.hash)) ++i;
    return i < list.size() ? list[i++] : nullptr;
  };
  std::vector<SearchCandidate> out;
  size_t ib = 0, ir = 0;
  while (static_cast<int>(out.size()) < n) {
    bool best_slot = static_cast<int>(out.size()) < num_bests;
    const Scored* s = best_slot ? next(bests, ib) : next(rands, ir);
    bool random = !best_slot && s;
    if (!s) s = best_slot ? next(rands, ir) : next(bests, ib);
    if (!s) break;  // the space has nothing more
    picked.insert(s->member.hash);
    out.push_back({s->member.schedule, s->features, s->score, random});
  }
  for (const SearchCandidate& c : out) AddMeasured(c.schedule);
  return out;
}

}  // namespace tuner
}  // namespace tirgen
