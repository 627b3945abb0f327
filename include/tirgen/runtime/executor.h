// Runs a LowerTE'd module (lower::LowerTE): main's Relay body is evaluated in dataflow order;
// each call_lowered(@f, (args...)) calls the built PrimFunc @f on its (flattened) arguments, with
// its outputs allocated fresh; tuples and TupleGetItem pass values through; constants are values.
//
//   runtime::Executor ex(lower::LowerTE(relay::Optimize(mod, params)));
//   std::vector<NDArray> outs = ex.RunNamed({{"data", x}});   // tuple results flattened in order
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tirgen/relay/expr.h"
#include "tirgen/runtime/module.h"
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

class Executor {
 public:
  /// Schedules the module's PrimFuncs for the host (runtime::ScheduleForTarget), builds them
  /// (runtime::BuildModule) and prepares main.
  explicit Executor(const IRModule& lowered);
  /// The same for `target`.
  Executor(const IRModule& lowered, const target::Target& target);
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

  const Module& module() const { return module_; }

 private:
  Executor(const IRModule& scheduled, const target::Target& target, int);
  relay::Function main_;
  Module module_;
};

}  // namespace runtime
}  // namespace tirgen
