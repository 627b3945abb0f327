// MutateUnroll and MutateParallel: a sample_categorical told apart by what its value feeds
// (the unroll annotation; the split whose outer loop runs in parallel).
#include "mutator_util.h"
#include "tirgen/tir/schedule/mutator.h"

namespace tirgen {
namespace tir {

std::optional<Trace> MutateUnroll(const Trace& trace, const PrimFunc& func, support::LinearCongruentialEngine& rng) {
  auto sets_unroll = [](const Instruction& inst) {
    const TraceValue* key = inst.Arg("ann_key");
    return inst.method == "annotate" && key && key->s == "pragma_auto_unroll_max_step";
  };
  return mutators::OtherCategorical(trace, mutators::CategoricalsFeeding(trace, sets_unroll), func, rng);
}

std::optional<Trace> MutateParallel(const Trace& trace, const PrimFunc& func, support::LinearCongruentialEngine& rng) {
  // The design space splits the fused outer loops by the sampled extent; nothing else splits
  // by a categorical value.
  auto splits = [](const Instruction& inst) { return inst.method == "split"; };
  return mutators::OtherCategorical(trace, mutators::CategoricalsFeeding(trace, splits), func, rng);
}

}  // namespace tir
}  // namespace tirgen
