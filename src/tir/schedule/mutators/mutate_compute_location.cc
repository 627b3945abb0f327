// MutateComputeLocation: which locations are valid depends on the loops the trace has built
// by then, so the other candidates (inline, root, the k-th loop) are tried by replaying the
// whole trace with them (MetaSchedule replays the prefix); one that replays is drawn.
#include "mutator_util.h"
#include "tirgen/tir/schedule/mutator.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace {

// More loops than any block of a lowered function has around it.
constexpr int64_t kMaxLocation = 32;

}  // namespace

std::optional<Trace> MutateComputeLocation(const Trace& trace, const PrimFunc& func,
                                           support::LinearCongruentialEngine& rng) {
  std::vector<Trace> options;
  for (size_t k = 0; k < trace.instructions().size(); ++k) {
    const Instruction& inst = trace.instructions()[k];
    std::optional<TraceValue> decision = inst.decision();
    if (inst.method != "sample_compute_location" || !decision) continue;
    for (int64_t d = -2; d < kMaxLocation; ++d)
      if (d != decision->i) options.push_back(trace.WithDecision(k, TraceValue::Int(d)));
  }
  return mutators::OneThatReplays(std::move(options), func, rng);
}

}  // namespace tir
}  // namespace tirgen
