// Runs a LowerTE'd module (lower::LowerTE): a compiled executable, built once and run many
// times. At construction main's Relay body is walked once into an execution plan (a flat list
// of calls of the built PrimFuncs over tensor slots, see src/runtime/execution_plan.h): each
// call_lowered(@f, (args...)) becomes a call of @f on its (flattened) arguments; tuples and
// TupleGetItem pass values through; constants are values. Every intermediate tensor has a place
// in one 64-byte aligned arena allocated once; a run only calls compiled code and returns copies
// of the outputs (a caller may keep them across runs). Runs of one Executor are serialized.
//
//   runtime::Executor ex(lower::LowerTE(relay::Optimize(mod, params)));
//   std::vector<NDArray> outs = ex.RunNamed({{"data", x}});   // tuple results flattened in order
//   double seconds = ex.Benchmark({x}, /*repeat=*/10);         // median of one run
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tirgen/relay/expr.h"
#include "tirgen/runtime/module.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/target/target.h"

namespace tirgen {
namespace runtime {

/// A Relay module brought to the form the Executor runs, by the stage it is at: a module whose
/// PrimFuncs are already called from main (LowerTE'd) is returned as it is; one whose main
/// calls primitive (fused) functions is LowerTE'd (after binding `params` by name); anything
/// else goes through relay::Optimize(mod, params, link_params) then LowerTE. What `tirgen run`
/// and tirgen.run do with their input.
IRModule LowerForExecution(const IRModule& mod, const std::map<std::string, NDArray>& params = {},
                           bool link_params = false);

/// A borrowed, read-only tensor: row-major contiguous data of `shape` and `dtype`, not copied.
struct TensorView {
  const void* data = nullptr;
  std::vector<int64_t> shape;
  DataType dtype;
};

class Executor {
 public:
  /// Schedules the module's PrimFuncs for the host (runtime::ScheduleForTarget), builds them
  /// (runtime::BuildModule) and prepares main.
  explicit Executor(const IRModule& lowered);
  /// The same for `target`.
  Executor(const IRModule& lowered, const target::Target& target);
  /// The same, with the schedules `provider` gives where it gives one (a tuning database).
  Executor(const IRModule& lowered, const target::Target& target, const ScheduleProvider& provider);
  /// Uses an already built library of the module's PrimFuncs.
  Executor(const IRModule& lowered, Module built);

  /// main's parameter names, in order.
  std::vector<std::string> InputNames() const;
  /// main's parameter types (shape and dtype each input must have).
  std::vector<relay::Type> InputTypes() const;

  /// Runs main on its inputs in parameter order; tirgen::Error when the count, a shape or a
  /// dtype is wrong. Returns the result's tensors (a tuple result flattened, depth first).
  std::vector<NDArray> Run(const std::vector<NDArray>& inputs) const;
  /// Inputs by parameter name (every parameter required; unknown names are errors).
  std::vector<NDArray> RunNamed(const std::map<std::string, NDArray>& inputs) const;
  /// Named inputs in parameter order, with RunNamed's errors (unknown and missing names).
  template <class T>
  std::vector<T> Ordered(const std::map<std::string, T>& named) const {
    std::vector<std::string> keys;
    for (const auto& kv : named) keys.push_back(kv.first);
    CheckNames(keys);
    std::vector<T> ordered;
    for (const std::string& n : InputNames()) ordered.push_back(named.at(n));
    return ordered;
  }
  /// The inputs' data pointers, after Run's checks (count, shape and dtype of each).
  std::vector<const void*> CheckInputs(const std::vector<TensorView>& inputs) const;
  /// Run on borrowed inputs (checked as Run checks them), each output k copied to outputs[k]:
  /// caller memory of OutputTypes()[k]'s byte size. No copy of the inputs.
  void RunInto(const std::vector<TensorView>& inputs, const std::vector<void*>& outputs) const;
  /// The types of Run's results (tirgen::Error, as Run would raise it, when main cannot run).
  std::vector<relay::TensorType> OutputTypes() const;

  /// Median seconds of one run on `inputs` (TVM's time_evaluator): after one warm-up run, each
  /// of `repeat` measurements times `number` consecutive runs, `number` growing (by at least
  /// the golden ratio) until a measurement lasts `min_repeat_ms`. A run here is what Run does
  /// without copying the outputs out.
  double Benchmark(const std::vector<NDArray>& inputs, int repeat, int number = 1,
                   double min_repeat_ms = 0) const;
  /// The same on borrowed inputs.
  double Benchmark(const std::vector<TensorView>& inputs, int repeat, int number = 1,
                   double min_repeat_ms = 0) const;

  /// Where a run's time goes (TVM's debug executor): after one warm-up run, `repeat` timed runs;
  /// per compiled function (a function called by several steps summed), the mean seconds per
  /// run and the number of calls per run, slowest first (ties by name).
  struct FunctionTime {
    std::string name;
    double seconds = 0;
    int calls = 0;
  };
  std::vector<FunctionTime> Profile(const std::vector<TensorView>& inputs, int repeat) const;

  const Module& module() const { return module_; }
  /// The target it was built for, as text (Target::str()).
  const std::string& target() const { return target_; }

 private:
  Executor(const IRModule& scheduled, const target::Target& target, int);
  struct State;
  /// tirgen::Error for a name that is not a parameter, or a parameter not named.
  void CheckNames(const std::vector<std::string>& names) const;
  static std::vector<TensorView> Views(const std::vector<NDArray>& inputs, const std::vector<std::string>& names);

  relay::Function main_;
  Module module_;
  std::string target_ = "c";
  /// The execution plan (or why main cannot run) and the lock serializing runs; shared by copies.
  std::shared_ptr<State> state_;
};

}  // namespace runtime
}  // namespace tirgen
