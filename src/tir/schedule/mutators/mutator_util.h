// What the mutators share: finding the instructions a sampled value feeds.
#pragma once

#include <optional>
#include <vector>

#include "tirgen/support/random.h"
#include "tirgen/tir/function.h"

#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tir {
namespace mutators {

/// True when `v` (an argument, possibly a list) mentions `rv`.
bool Mentions(const TraceValue& v, const TraceValue& rv);
/// Indices of the instructions after `index` that take an output of instruction `index`.
std::vector<size_t> Users(const Trace& trace, size_t index);
/// Indices of sample_categorical instructions whose value feeds an instruction `feeds` accepts.
std::vector<size_t> CategoricalsFeeding(const Trace& trace, bool (*feeds)(const Instruction&));
/// One of `options` (mutated traces) that replays on `func`, tried in an order drawn from
/// `rng`; nothing when none does.
std::optional<Trace> OneThatReplays(std::vector<Trace> options, const PrimFunc& func,
                                    support::LinearCongruentialEngine& rng);
/// The trace with one of `sites` (sample_categorical instructions) set to another candidate
/// (OneThatReplays); nothing when there is no site or no other candidate.
std::optional<Trace> OtherCategorical(const Trace& trace, const std::vector<size_t>& sites, const PrimFunc& func,
                                      support::LinearCongruentialEngine& rng);

}  // namespace mutators
}  // namespace tir
}  // namespace tirgen
