// Recursion depth protection (DESIGN.md §5): passes that recurse over user-built nesting (let
// chains, nested expressions, deep dataflow) call CheckStack at their recursive entry, so input
// nested deeper than the stack allows becomes a tirgen::Error instead of a SIGSEGV; the CLI runs
// its work on a thread with a large stack so very deep (100k-level) input still goes through.
#pragma once

#include <cstddef>
#include <functional>

namespace tirgen {
namespace support {

/// Throws tirgen::Error naming `what` when the current thread's stack is nearly used up.
/// Costs one comparison when there is room.
void CheckStack(const char* what);

/// Runs `f` on a fresh thread whose stack holds `bytes` (reserved, committed as used), waits for
/// it and rethrows whatever `f` threw.
void RunWithStack(std::size_t bytes, const std::function<void()>& f);

/// The stack the CLI and Python's long-running calls run their work on: 1 GB, reserved and
/// committed only as used, enough for 100k-level nesting.
constexpr std::size_t kWorkStack = std::size_t(1) << 30;

}  // namespace support
}  // namespace tirgen
