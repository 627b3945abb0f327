// The tuner's builder (MetaSchedule's LocalBuilder): compiles candidate PrimFuncs of one task
// to shared libraries on a small pool of threads. Lowering and C generation are pure functions
// of immutable IR; the compiler runs as a child process (codegen::BuildSharedLibrary, through
// the build cache). Candidates with identical C source share one compile, so no two threads
// ever write the same cache entry. A candidate that fails to lower or compile is an error
// result carrying its message; the batch always completes.
//
//   std::vector<tuner::BuildResult> built = tuner::BuildCandidates(funcs, target, /*workers=*/2);
#pragma once

#include <string>
#include <vector>

#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tuner {

struct BuildResult {
  bool ok = false;
  std::string error;     ///< why the build failed ("" when ok)
  std::string library;   ///< path of the shared library (in the build cache)
  std::string symbol;    ///< the C entry point of the candidate (registered as "main")
  tir::PrimFunc func;    ///< the candidate as compiled (loop form): its parameters
  double build_secs = 0;  ///< wall time spent lowering and compiling this candidate
};

/// Builds every candidate for `target`, `workers` at a time (0: target.Cores()); one result
/// per candidate, in order. Deterministic: the same candidates give the same libraries and
/// messages for any number of workers.
std::vector<BuildResult> BuildCandidates(const std::vector<tir::PrimFunc>& candidates, const target::Target& target,
                                         int workers = 0);

}  // namespace tuner
}  // namespace tirgen
