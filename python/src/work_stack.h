// Long-running calls (task extraction, building) run on a thread with the CLI's 1 GB stack
// (reserved, committed only as used): a Python caller's thread has 8 MB or less, and a 10k-deep
// let chain or expression would otherwise end in the stack guard's "nested too deeply" error
// where the CLI goes through.
#pragma once

#include <cstddef>
#include <utility>

#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace python {

/// Runs `f` on a thread with support::kWorkStack bytes of stack; rethrows what it threw. Call it
/// with the GIL released: `f` must not touch Python objects.
template <class F>
void RunOnWorkStack(F&& f) {
  support::RunWithStack(support::kWorkStack, std::forward<F>(f));
}

}  // namespace python
}  // namespace tirgen
