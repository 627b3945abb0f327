// The round-trip invariant (DESIGN.md §6): every TIR any test prints is parsed back and must be
// structurally equal to what was printed. Tests call ExpectRoundTrip(obj) on whatever they print.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace testing {

/// Prints `obj` (tir::PrimFunc or IRModule), parses the text back and checks: structurally equal,
/// same structural hash, and printing the parsed object gives byte-identical text.
/// The failure message names the first mismatch (path) or the first differing line.
/// `printed`, when given, receives the printed text (so callers need not print twice).
::testing::AssertionResult RoundTrips(const ObjectRef& obj, std::string* printed = nullptr);

/// EXPECT-style wrapper of RoundTrips; wrap calls in SCOPED_TRACE for context if needed.
inline void ExpectRoundTrip(const ObjectRef& obj) { EXPECT_TRUE(RoundTrips(obj)); }

}  // namespace testing
}  // namespace tirgen
