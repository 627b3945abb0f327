#include "tirgen/tuner/measure.h"

#include "tirgen/tuner/database.h"

namespace tirgen {
namespace tuner {

std::vector<MeasureResult> MeasureCandidates(const std::vector<MeasureCandidate>& candidates,
                                             const tir::PrimFunc& reference, const MeasureOptions& options) {
  std::vector<tir::PrimFunc> funcs;
  for (const MeasureCandidate& c : candidates) funcs.push_back(c.func);
  funcs.push_back(reference);  // built with the batch, so it shares the pool and the cache
  std::vector<BuildResult> built = BuildCandidates(funcs, options.target, options.build_workers);
  Runner runner(built.back(), options.run);
  std::vector<MeasureResult> results;
  for (size_t i = 0; i < candidates.size(); ++i) {
    RunResult run = runner.Run(built[i], candidates[i].rewrites);  // one at a time: no two timed candidates share cores
    MeasureResult r;
    r.ok = run.ok;
    r.error = run.error;
    r.run_secs = run.ok ? run.run_secs : std::vector<double>{kFailedRunSecs};
    r.build_secs = built[i].build_secs;
    results.push_back(std::move(r));
  }
  return results;
}

std::vector<MeasureResult> MeasureCandidates(const std::vector<tir::PrimFunc>& candidates,
                                             const tir::PrimFunc& reference, const MeasureOptions& options) {
  std::vector<MeasureCandidate> plain;
  for (const tir::PrimFunc& f : candidates) plain.push_back({f, {}});
  return MeasureCandidates(plain, reference, options);
}

}  // namespace tuner
}  // namespace tirgen
