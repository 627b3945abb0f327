// Python values in and out of a runtime::Executor without needless copies: inputs given
// positionally (main's parameter order) or by name; a C-contiguous, aligned numpy array of the
// parameter's dtype is read in place, anything else (another layout, a torch tensor, a list) is
// converted once. Outputs are fresh numpy arrays the compiled code's results are copied into.
// Compiled code runs with the GIL released.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tirgen/runtime/executor.h"
#include "tirgen/target/target.h"

namespace tirgen {
namespace python {

class ExecutorInputs {
 public:
  /// `args` positional inputs or `kwargs` named ones (not both): Executor's errors for a
  /// missing, unknown or mistyped input.
  ExecutorInputs(const runtime::Executor& ex, const pybind11::sequence& args, const pybind11::dict& kwargs);
  const std::vector<runtime::TensorView>& views() const { return views_; }

 private:
  std::vector<pybind11::array> keep_;  ///< the arrays the views read
  std::vector<runtime::TensorView> views_;
};

/// A Relay module optimized, lowered (runtime::LowerForExecution) and compiled into an Executor,
/// with the GIL released and on the work stack (work_stack.h), so deep programs go through as in
/// the CLI. Python values must be converted before the call.
std::shared_ptr<runtime::Executor> BuildExecutor(const IRModule& mod, const std::map<std::string, NDArray>& params,
                                                 bool link_params, const target::Target& target,
                                                 const runtime::ScheduleProvider& schedules);

/// Runs `ex` (GIL released) and returns its outputs as a list of new numpy arrays.
pybind11::list RunToNumpy(const runtime::Executor& ex, const ExecutorInputs& inputs);
/// Executor::Benchmark (GIL released): median seconds of one run.
double BenchmarkSeconds(const runtime::Executor& ex, const ExecutorInputs& inputs, int repeat, int number,
                        double min_repeat_ms);

}  // namespace python
}  // namespace tirgen
