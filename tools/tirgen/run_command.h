// `tirgen run INPUT --input NAME=FILE.npy ... [--params P.npz] [--link-params] [--output-dir DIR]
// [--target T] [--db DIR] [--repeat N] [--profile N]`: Relay text is optimized, lowered (LowerTE), scheduled for
// the target (with the tuning database's schedules under --db), built and executed; TVMScript runs its `main` (or only) PrimFunc, inputs bound by parameter
// name. Writes DIR/output_0.npy, output_1.npy, ... (tuple results flattened in order). With
// --repeat N, N timed runs follow and `median latency: X ms (N runs)` is printed on stdout (the
// result asked for; stdout is otherwise empty, errors go to stderr). With --profile N, N timed
// runs follow and a table of where the time goes is printed: per compiled function, the mean
// milliseconds per run, its share, and calls per run, slowest first.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "program.h"

namespace tirgen {
namespace cli {

struct RunOptions {
  ProgramOptions program;
  std::vector<std::string> inputs;  ///< NAME=FILE.npy
  std::string output_dir = ".";     ///< where output_<k>.npy go
  std::string target;               ///< target text ("" = target::DefaultBuildTarget())
  std::string db;                   ///< tuning database directory (optional)
  bool timed = false;               ///< --repeat given
  int repeat = 0;                   ///< timed runs after the run (>= 1 when timed)
  int profile = 0;                  ///< profiled runs after the run (0 = no profile)
};

void AddRunCommand(CLI::App& app, RunOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunRun(const RunOptions& options);

}  // namespace cli
}  // namespace tirgen
