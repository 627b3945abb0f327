// TIR passes: IRModule -> IRModule functions with TVM's names, composable like TVM's passes.
// Each pass lives in its own file under src/tir/transforms/ and registers itself by name, so the
// CLI and Python (`tirgen.tir.transform.LowerInitBlock()(mod)`) can find it.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {
namespace transform {

/// A named module-to-module transformation.
class Pass {
 public:
  using Func = std::function<IRModule(const IRModule&)>;
  Pass(std::string name, Func func) : name_(std::move(name)), func_(std::move(func)) {}
  IRModule operator()(const IRModule& mod) const { return func_(mod); }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  Func func_;
};

/// Applies `fn` to every PrimFunc of the module (others untouched): the usual shape of a TIR pass.
Pass CreatePrimFuncPass(std::string name, std::function<PrimFunc(const PrimFunc&)> fn);
/// Runs passes in order.
Pass Sequential(std::vector<Pass> passes, std::string name = "Sequential");

/// Pass constructors by TVM name. Arguments (e.g. NarrowDataType's 32) come as integers.
using PassFactory = std::function<Pass(const std::vector<int64_t>& args)>;
/// Registers a factory (called from a static initializer in each pass's file).
bool RegisterPass(const std::string& name, PassFactory factory);
/// The factory for a name; tirgen::Error listing the known passes when absent.
const PassFactory& GetPassFactory(const std::string& name);
/// Names of all registered passes, sorted.
std::vector<std::string> ListPasses();

/// Declares `static const bool` registration in a pass's .cc file.
#define TIRGEN_REGISTER_PASS(Name, factory) \
  static const bool tirgen_pass_registered_##Name = ::tirgen::tir::transform::RegisterPass(#Name, factory)

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
