// `tirgen tune INPUT --db DIR [--trials N] [--time-budget SECONDS] [--target T] [--params P.npz]
// [--input-shape NAME=DIMS] [--link-params] [--trials-per-round K] [--seed S] [--timeout SECONDS]
// [--log FILE]`: searches the schedules of the model's tasks (tuner::Tune) and commits every
// measured candidate to the tuning database DIR (TVM's JSON layout; running again continues
// from it). While it runs, the per-task table is redrawn on a terminal (stderr), or one line per
// round is printed when stderr is not one; the final table goes to stdout. --log FILE gets one
// JSON line per measured candidate and per round (bench/tune_curve.py draws the curve from it).
// `tirgen build/run --db DIR` then use the best record of each task.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "program.h"

namespace tirgen {
namespace cli {

struct TuneOptions {
  ProgramOptions program;
  std::string db;                ///< the tuning database directory (created when missing)
  std::string target;            ///< "" = target::DefaultBuildTarget()
  int trials = 0;                ///< measured candidates at most (0 = only the time budget)
  double time_budget = 0;        ///< seconds at most (0 = only the trial count)
  int trials_per_round = 64;
  int64_t seed = 1;
  double timeout = 10;           ///< per candidate, seconds
  std::string log;               ///< JSON lines, "" = none
};

void AddTuneCommand(CLI::App& app, TuneOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunTune(const TuneOptions& options);

}  // namespace cli
}  // namespace tirgen
