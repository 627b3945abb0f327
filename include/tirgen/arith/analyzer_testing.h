// Counters of the analyzer's internals, for tests that check how much work an operation does
// (deterministic counts; speed itself is measured in bench/, never asserted).
#pragma once

#include <cstddef>

#include "tirgen/arith/analyzer.h"

namespace tirgen {
namespace arith {

/// How many deep-equality comparisons the transitive-comparison analyzer made so far to find its
/// keys: a lookup meets only the keys of equal hash, never every key seen before.
size_t TransitiveKeyComparisons(const Analyzer& analyzer);

}  // namespace arith
}  // namespace tirgen
