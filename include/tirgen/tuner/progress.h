// How tuning reports itself to people: MetaSchedule's per-task table (task, FLOP, weight,
// GFLOP/s, latency, weighted latency, trials, done) and the JSON lines of `--log FILE`, one per
// measured candidate and one per round, from which the tuning curve is drawn
// (bench/tune_curve.py). The CLI and the Python module print the same text.
#pragma once

#include <string>

#include "tirgen/tuner/tune.h"

namespace tirgen {
namespace tuner {

/// The table as MetaSchedule prints it, then `Total trials: N` and `Total latency (us): X`
/// (the sum of weighted latencies; tasks without a valid measurement shown as "N/A" and left
/// out of the total). Lines end with '\n'.
std::string FormatProgressTable(const TuneProgress& progress);

/// One line of progress for logs that are not a terminal: elapsed, rounds' trials, estimated
/// total latency, the task of the round. No trailing newline.
std::string FormatProgressLine(const TuneProgress& progress);

/// A measured candidate as one JSON object on one line: {"event":"measure","task":...,
/// "round":...,"elapsed_secs":...,"run_secs":[...],"mean_secs":...,"error":...,
/// "predicted_score":...,"random":...}. No trailing newline.
std::string MeasureLogLine(const MeasuredCandidate& candidate);

/// The state after a round as one JSON line: {"event":"round","elapsed_secs":...,"trials":...,
/// "total_latency_secs":...,"tasks":[{"name","weight","flop","best_secs","trials"}, ...]}.
std::string RoundLogLine(const TuneProgress& progress);

/// Makes `options` also write the JSON lines to `path` (created or truncated): RoundLogLine
/// after every round, MeasureLogLine after every candidate, each after the callbacks already
/// set. tirgen::Error naming the path when it cannot be opened.
void WriteLogTo(const std::string& path, TuneOptions* options);

}  // namespace tuner
}  // namespace tirgen
