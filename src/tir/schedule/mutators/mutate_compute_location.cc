// MutateComputeLocation: which locations are valid depends on the loops the trace has built
// by then, so (as MetaSchedule does) the trace is replayed up to the sample_compute_location
// and a location is drawn there, from the valid ones, until it differs from the trace's; the
// whole trace with it must then replay (a location can still make a later instruction fail).
// Trying every index blindly replayed the whole trace for each: 83% of them failed on the
// tests' convolutions, and each draw here costs one enumeration instead of a replay.
#include "mutator_util.h"
#include "tirgen/tir/schedule/mutator.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace {

// Draws per site before giving up on finding another location (a block whose only valid
// location is the current one draws it every time).
constexpr int kDraws = 8;

// Another decision sample_compute_location accepts for instruction k of `trace`, drawn after
// instructions [0, k) replay on `func` with a seed from `rng`; nothing when none is found.
std::optional<int64_t> OtherLocation(const Trace& trace, size_t k, const PrimFunc& func,
                                     support::LinearCongruentialEngine& rng) {
  const auto& insts = trace.instructions();
  const TraceValue* block = insts[k].Arg("block");
  if (!block) return std::nullopt;
  Trace prefix;
  for (size_t j = 0; j < k; ++j) prefix.Append(insts[j]);
  Schedule sch(func, rng.ForkSeed());
  try {
    prefix.ApplyTo(sch);
  } catch (const Error&) {
    return std::nullopt;
  }
  // The block's handle in this replay: the same output of the same instruction (each call
  // records one instruction).
  const auto& replayed = sch.trace().instructions();
  if (replayed.size() != k) return std::nullopt;
  std::optional<BlockRV> rv;
  for (size_t j = 0; j < k && !rv; ++j)
    for (size_t p = 0; p < insts[j].outputs.size() && p < replayed[j].outputs.size(); ++p)
      if (insts[j].outputs[p] == *block) rv = BlockRV{static_cast<int>(replayed[j].outputs[p].i)};
  if (!rv) return std::nullopt;
  const int64_t current = insts[k].decision()->i;
  for (int draw = 0; draw < kDraws; ++draw) {
    sch.SampleComputeLocation(*rv);  // recorded in this throwaway schedule only
    int64_t d = sch.trace().instructions().back().decision()->i;
    if (d != current) return d;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Trace> MutateComputeLocation(const Trace& trace, const PrimFunc& func,
                                           support::LinearCongruentialEngine& rng) {
  std::vector<size_t> sites;
  for (size_t k = 0; k < trace.instructions().size(); ++k) {
    const Instruction& inst = trace.instructions()[k];
    if (inst.method == "sample_compute_location" && inst.decision()) sites.push_back(k);
  }
  while (!sites.empty()) {
    size_t pick = static_cast<size_t>(rng.SampleInt(0, static_cast<int32_t>(sites.size())));
    size_t k = sites[pick];
    sites.erase(sites.begin() + static_cast<std::ptrdiff_t>(pick));
    if (std::optional<int64_t> d = OtherLocation(trace, k, func, rng)) {
      if (std::optional<Trace> t = mutators::OneThatReplays({trace.WithDecision(k, TraceValue::Int(*d))}, func, rng))
        return t;
    }
  }
  return std::nullopt;
}

}  // namespace tir
}  // namespace tirgen
