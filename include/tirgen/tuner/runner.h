// The tuner's runner (MetaSchedule's LocalRunner): measures built candidates, each in its own
// child process, one at a time. The child is the `tirgen-measure` executable (built next to
// `tirgen`), started with posix_spawn in a process group of its own: the parent may be
// multi-threaded (builder threads, OpenMP), where fork without exec is unsafe. The child loads
// the candidate's library, fills its arguments with the task's seeded random inputs, runs it
// once, compares every argument afterwards with the reference's (the untuned function run on
// the same inputs, once per task), then times it as runtime::TimeEach does. The parent kills
// the group after `timeout_seconds`. Crashes, hangs, wrong results and failed calls become
// error results; the batch always continues. A candidate that packs a layout-free parameter
// (its schedule's rewrites) gets that input packed by the rewrite's map, and that parameter is
// not compared (what it holds afterwards is in another layout; it is an input anyway).
//
//   tuner::Runner runner(reference_build, options);        // inputs + reference outputs
//   tuner::RunResult r = runner.Run(candidate_build);      // r.ok ? r.run_secs : r.error
//   r = runner.Run(packed_build, sampled.rewrites);         // weights packed as the schedule says
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/runtime/module.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tuner/builder.h"

namespace tirgen {
namespace tuner {

struct RunnerOptions {
  int repeat = 3;             ///< timed measurements (TimeEach's repeat)
  int number = 1;             ///< calls per measurement, before growing to min_repeat_ms
  double min_repeat_ms = 0;   ///< grow `number` until one measurement lasts this long
  double timeout_seconds = 10;  ///< per candidate: load, check and timing together
  int64_t seed = 1;           ///< of the random inputs
  double rtol = 1e-3;         ///< float outputs: |got - want| <= atol + rtol * |want|
  double atol = 1e-4;         ///< (integers and bool must be equal)
  /// The tirgen-measure executable; "" = $TIRGEN_MEASURE, else next to the running program
  /// (or ../.. of the library holding this code, for the Python module).
  std::string helper;
};

struct RunResult {
  bool ok = false;
  std::string error;              ///< e.g. "crashed: SIGSEGV (Segmentation fault)"
  std::vector<double> run_secs;   ///< seconds per call of each measurement, when ok
};

/// Deterministic random contents for arguments of `params`' shapes and dtypes (the same seed
/// gives the same bytes): floats uniform in [-1, 1) (float16/bfloat16: multiples of 1/64),
/// integers uniform in [0, 8), bool 0 or 1.
std::vector<NDArray> RandomArguments(const std::vector<runtime::Module::Param>& params, int64_t seed);

/// The first element where `got` differs from `want` beyond the tolerance (NaN equals NaN),
/// as "C[3] = 2.5, expected 1.5 (max abs error 1 over 16 elements)"; "" when they agree.
/// Shapes and dtypes must match (tirgen::Error otherwise).
std::string CompareArrays(const std::string& name, const NDArray& got, const NDArray& want, double rtol, double atol);

class Runner {
 public:
  /// Writes the random inputs into a fresh temporary directory and runs `reference` there to
  /// record its outputs. tirgen::Error when the reference failed to build or run (the task
  /// cannot be measured), or when the helper executable is missing.
  Runner(const BuildResult& reference, RunnerOptions options);
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  /// Measures one candidate of the task (never throws for a bad candidate). `rewrites`: the
  /// parameters the candidate takes packed (ApplyIndexMap of the input, in order), not compared.
  RunResult Run(const BuildResult& candidate, const std::vector<tir::ParamLayoutRewrite>& rewrites = {}) const;
  /// The arguments every run starts from.
  const std::vector<NDArray>& inputs() const { return inputs_; }
  const std::string& helper() const { return helper_; }

 private:
  RunResult Spawn(const BuildResult& build, const std::string& task_file) const;
  /// The task file for candidates with `rewrites`, written on first use; the packed inputs'
  /// shapes in `shapes`. tirgen::Error when a map does not fit its input.
  const std::string& PackedTaskFile(const std::vector<tir::ParamLayoutRewrite>& rewrites,
                                    std::vector<std::vector<int64_t>>* shapes) const;

  RunnerOptions options_;
  std::string helper_;
  // The temporary directory, removed with it (also when the constructor throws).
  struct TempDir {
    std::string path;
    TempDir() = default;
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir();
  };
  TempDir dir_;
  std::vector<runtime::Module::Param> params_;      // the reference's
  std::vector<NDArray> inputs_;
  std::string task_file_;                           // what the candidates' children read
  std::string task_json_;                           // its contents
  // Task files of packed candidates, by their rewrites' text (written lazily: Run is logically
  // const, a cache of files in the runner's own directory).
  struct Packed {
    std::string file;
    std::vector<std::vector<int64_t>> shapes;
  };
  mutable std::map<std::string, Packed> packed_;
};

/// The body of `tirgen-measure TASK_JSON LIBRARY SYMBOL RESULT_JSON` (the child): returns its
/// exit code; the result file holds {"run_secs": [...]} or {"error": "..."}.
int MeasureChildMain(int argc, char** argv);

}  // namespace tuner
}  // namespace tirgen
