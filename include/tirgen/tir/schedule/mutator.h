// The tuner's mutators (MetaSchedule's MutateTileSize, MutateUnroll, MutateParallel,
// MutateComputeLocation) over traces of the CPU design space (design_space.h): each returns
// the trace with one decision changed to another valid value (Trace::WithDecision), or nothing
// when no decision of its kind can change. Valid: the whole trace replays on `func` (the
// unscheduled function it was made for) with it -- a decision can change which loops later
// instructions see (a unit loop a sampled tile makes, a location counted over such loops), so
// each candidate is replayed, in random order, until one does. Replaying the result schedules
// a correct program: the design space makes every decision that replays correct.
#pragma once

#include <optional>

#include "tirgen/support/random.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tir {

/// A sample_perfect_tile decision with a factor moved between two of its positions (a divisor
/// of one taken into another), keeping the product and the innermost bound.
std::optional<Trace> MutateTileSize(const Trace& trace, const PrimFunc& func, support::LinearCongruentialEngine& rng);
/// Another candidate for a sample_categorical that sets pragma_auto_unroll_max_step.
std::optional<Trace> MutateUnroll(const Trace& trace, const PrimFunc& func, support::LinearCongruentialEngine& rng);
/// Another candidate for a sample_categorical that splits the parallel loop.
std::optional<Trace> MutateParallel(const Trace& trace, const PrimFunc& func, support::LinearCongruentialEngine& rng);
/// Another location (inline, root, a loop) for a sample_compute_location.
std::optional<Trace> MutateComputeLocation(const Trace& trace, const PrimFunc& func,
                                           support::LinearCongruentialEngine& rng);

}  // namespace tir
}  // namespace tirgen
