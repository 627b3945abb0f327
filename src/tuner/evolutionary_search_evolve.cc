// One generation of the evolutionary search: parents drawn in proportion to their predicted
// scores, each mutated by one of the CPU mutators or copied as it is.
#include "tirgen/tuner/evolutionary_search.h"

#include <algorithm>

#include "tirgen/tir/schedule/mutator.h"

namespace tirgen {
namespace tuner {
namespace {

using MutatorFn = std::optional<tir::Trace> (*)(const tir::Trace&, const tir::PrimFunc&,
                                                support::LinearCongruentialEngine&);

// TVM's mutator probabilities for CPU targets: the tile sizes matter most.
struct WeightedMutator {
  MutatorFn apply;
  double prob;
};
const WeightedMutator kMutators[] = {
    {tir::MutateTileSize, 0.90},
    {tir::MutateComputeLocation, 0.05},
    {tir::MutateUnroll, 0.03},
    {tir::MutateParallel, 0.02},
};

}  // namespace

bool EvolutionarySearch::Mutate(const Member& parent, Member* child) {
  std::vector<double> probs;
  for (const WeightedMutator& m : kMutators) probs.push_back(m.prob);
  MutatorFn apply = kMutators[rng_.SampleDiscrete(probs)].apply;
  try {
    std::optional<tir::Trace> trace = apply(parent.schedule.trace, task_.func, rng_);
    if (!trace) return false;
    *child = MakeMember(tir::ReplayCpuSchedule(task_.func, *trace));
    return true;
  } catch (const std::exception&) {
    return false;  // the mutators promise a trace that replays; a failure only costs a retry
  }
}

std::vector<EvolutionarySearch::Member> EvolutionarySearch::NextGeneration(const std::vector<Member>& population,
                                                                           const std::vector<double>& scores) {
  // Negative predictions (possible once trained) weigh nothing; all zero: uniform.
  std::vector<double> weights;
  double total = 0;
  for (double s : scores) total += weights.emplace_back(std::max(s, 0.0));
  if (total <= 0) weights.assign(scores.size(), 1.0);
  std::vector<Member> next;
  for (int slot = 0; slot < options_.population_size; ++slot) {
    for (int fail = 0; fail <= options_.genetic_max_fail_count; ++fail) {
      const Member& parent = population[rng_.SampleDiscrete(weights)];
      if (rng_.SampleUniformReal(0, 1) >= options_.genetic_mutate_prob) {
        next.push_back(parent);
        break;
      }
      Member child;
      if (Mutate(parent, &child)) {
        next.push_back(std::move(child));
        break;
      }
    }
  }
  return next;
}

}  // namespace tuner
}  // namespace tirgen
