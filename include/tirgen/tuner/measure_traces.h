// Measuring candidates that arrive as traces (a tuning job sent to another process or machine,
// e.g. a dask worker): each trace (TVM's JSON form) is replayed on the task's unscheduled
// function with tir::ReplayCpuSchedule, which also recovers the parameters it packs, then all
// are measured as MeasureCandidates measures them. Replay is deterministic, so a worker measures
// exactly the program the tuner proposed.
#pragma once

#include <string>
#include <vector>

#include "tirgen/tir/function.h"
#include "tirgen/tuner/measure.h"

namespace tirgen {
namespace tuner {

/// One result per trace, in order; a trace that is not JSON or does not replay is a failed
/// result ("trace does not replay: ...") and the others are still measured.
std::vector<MeasureResult> MeasureTraces(const tir::PrimFunc& task, const std::vector<std::string>& traces_json,
                                         const MeasureOptions& options = {});

}  // namespace tuner
}  // namespace tirgen
