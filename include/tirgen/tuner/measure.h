// Measuring a batch of candidates of one task (MetaSchedule's builder + runner): build them all
// in parallel (tuner::BuildCandidates), then run them one at a time, each in a child process
// (tuner::Runner), against the untuned function's outputs. A candidate that fails anywhere is
// an error result with run_secs {kFailedRunSecs}, as TVM's database records failures; the
// batch always completes.
//
//   std::vector<tuner::MeasureResult> rs = tuner::MeasureCandidates(candidates, task_func, {});
//   for (auto& r : rs) db.CommitTuningRecord({trace, w, r.run_secs, db.target(), args_info});
#pragma once

#include <string>
#include <vector>

#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tuner/runner.h"

namespace tirgen {
namespace tuner {

struct MeasureOptions {
  target::Target target = target::DefaultBuildTarget();
  int build_workers = 0;  ///< parallel compiles; 0 = target.Cores()
  RunnerOptions run;      ///< repeat, number, min_repeat_ms, timeout_seconds, seed, tolerances
};

struct MeasureResult {
  bool ok = false;
  /// "build failed: ...", "crashed: SIGSEGV (Segmentation fault)", "timed out after 2 s
  /// (killed)", "wrong result: C[0, 3] = ...", "exited with code N: ...", ... ("" when ok).
  std::string error;
  std::vector<double> run_secs;  ///< seconds per call of each measurement; {kFailedRunSecs} on error
  double build_secs = 0;
};

/// A scheduled function and the layout-free parameters its schedule packed
/// (tir::SampledSchedule's rewrites): those take the task's input passed through the map and
/// are not compared with the reference.
struct MeasureCandidate {
  tir::PrimFunc func;
  std::vector<tir::ParamLayoutRewrite> rewrites;
};

/// One result per candidate, in order. tirgen::Error only when the task itself cannot be
/// measured: the reference fails to build or run, or the helper executable is missing.
std::vector<MeasureResult> MeasureCandidates(const std::vector<MeasureCandidate>& candidates,
                                             const tir::PrimFunc& reference, const MeasureOptions& options = {});
/// Candidates that pack nothing.
std::vector<MeasureResult> MeasureCandidates(const std::vector<tir::PrimFunc>& candidates,
                                             const tir::PrimFunc& reference, const MeasureOptions& options = {});

}  // namespace tuner
}  // namespace tirgen
