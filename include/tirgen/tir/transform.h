// TIR passes: IRModule -> IRModule functions with TVM's names, composable like TVM's passes.
// Each pass lives in its own file under src/tir/transforms/ and registers itself by name, so the
// CLI and Python (`tirgen.tir.transform.LowerInitBlock()(mod)`) can find it.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {
namespace transform {

/// A named module-to-module transformation. Running one reports its output to the pass
/// instruments below (a Sequential reports each of its passes, not itself).
class Pass {
 public:
  using Func = std::function<IRModule(const IRModule&)>;
  Pass(std::string name, Func func) : name_(std::move(name)), func_(std::move(func)) {}
  IRModule operator()(const IRModule& mod) const;
  const std::string& name() const { return name_; }

 private:
  friend Pass Sequential(std::vector<Pass> passes, std::string name);
  std::string name_;
  Func func_;
  bool composite_ = false;  ///< a Sequential: its passes report themselves
};

/// Whether every pass run verifies its output (VerifyWellFormed; an ill-formed result is an
/// InternalError naming the pass). Off by default; on when the environment has
/// TIRGEN_VERIFY_EACH=1 (the test suites set it) or after SetVerifyEachPass(true).
bool VerifyEachPass();
/// Turns verification after each pass on or off for the whole process; returns the old value.
bool SetVerifyEachPass(bool on);

/// Called after each pass with its name and its input and output (TVM's pass instrument, e.g.
/// `tirgen opt --print-after-all`).
using PassObserver =
    std::function<void(const std::string& pass, const IRModule& before, const IRModule& after)>;
/// Installs an observer for the passes this thread runs while the scope lives (scopes nest:
/// every installed observer is called, outermost first).
class PassObserverScope {
 public:
  explicit PassObserverScope(PassObserver observer);
  ~PassObserverScope();
  PassObserverScope(const PassObserverScope&) = delete;
  PassObserverScope& operator=(const PassObserverScope&) = delete;
};

/// Applies `fn` to every PrimFunc of the module (others untouched): the usual shape of a TIR pass.
Pass CreatePrimFuncPass(std::string name, std::function<PrimFunc(const PrimFunc&)> fn);
/// Runs passes in order.
Pass Sequential(std::vector<Pass> passes, std::string name = "Sequential");

/// Pass constructors by TVM name. Arguments (e.g. NarrowDataType's 32) come as integers.
using PassFactory = std::function<Pass(const std::vector<int64_t>& args)>;
/// A pass constructor's parameter as TVM's Python API names it (keyword arguments map to it);
/// without a default it is required.
struct PassParam {
  std::string name;
  std::optional<int64_t> default_value;
};
/// Registers a factory (called from a static initializer in each pass's file) with the
/// parameters the pass takes, in order (NarrowDataType: {"target_bits"}).
bool RegisterPass(const std::string& name, PassFactory factory, std::vector<PassParam> params = {});
/// The factory for a name; tirgen::Error listing the known passes when absent. It takes at most
/// one argument per parameter, fills the defaults of those left out, and refuses a missing
/// required one (one message for C++, opt and Python callers).
const PassFactory& GetPassFactory(const std::string& name);
/// The parameters of the registered pass `name` (GetPassFactory's error if absent).
const std::vector<PassParam>& PassParams(const std::string& name);
/// Names of all registered passes, sorted.
std::vector<std::string> ListPasses();

/// Declares `static const bool` registration in a pass's .cc file (a pass without arguments,
/// or one taking the integer parameters listed after the factory: {"is_strict", 1}, ...).
#define TIRGEN_REGISTER_PASS(Name, factory) \
  static const bool tirgen_pass_registered_##Name = ::tirgen::tir::transform::RegisterPass(#Name, factory)
#define TIRGEN_REGISTER_PASS_WITH_ARGS(Name, factory, ...)                 \
  static const bool tirgen_pass_registered_##Name =                         \
      ::tirgen::tir::transform::RegisterPass(#Name, factory, {__VA_ARGS__})

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
