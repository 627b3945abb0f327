#include "tirgen/tuner/measure_traces.h"

#include <nlohmann/json.hpp>

#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tuner/database.h"

namespace tirgen {
namespace tuner {

std::vector<MeasureResult> MeasureTraces(const tir::PrimFunc& task, const std::vector<std::string>& traces_json,
                                         const MeasureOptions& options) {
  std::vector<MeasureResult> results(traces_json.size());
  std::vector<MeasureCandidate> replayed;
  std::vector<size_t> where;  // replayed[k] is the candidate of traces_json[where[k]]
  for (size_t i = 0; i < traces_json.size(); ++i) {
    try {
      tir::SampledSchedule s = tir::ReplayCpuSchedule(task, tir::Trace::FromJSON(nlohmann::json::parse(traces_json[i])));
      replayed.push_back({s.func, s.rewrites});
      where.push_back(i);
    } catch (const std::exception& e) {  // ScheduleError, tirgen::Error, JSON parse errors
      results[i].error = std::string("trace does not replay: ") + e.what();
      results[i].run_secs = {kFailedRunSecs};
    }
  }
  if (replayed.empty()) return results;
  std::vector<MeasureResult> measured = MeasureCandidates(replayed, task, options);
  for (size_t k = 0; k < measured.size(); ++k) results[where[k]] = std::move(measured[k]);
  return results;
}

}  // namespace tuner
}  // namespace tirgen
