// The pass runner behind `tirgen opt` (MLIR's mlir-opt for tirgen): named passes, by their TVM
// names, applied to a TVMScript or Relay text file, optionally after a schedule trace, with the
// module printed after each pass and the TIR verified after each pass on request. The golden
// tests (tests/golden) run every case through RunOpt, the code path of the CLI.
//
//   tirgen opt f.py --pass tir.LowerInitBlock,tir.FlattenBuffer --verify-each
//   tirgen opt f.py --schedule trace.py           # the trace's primitives, then no pass
//   tirgen opt f.py --tensor-intrin sum4=d.py,i.py --schedule t.py   # a trace that tensorizes
//   tirgen opt m.relay --pass InferType,FoldConstant,FuseOps
//   tirgen opt f.py --pass tir.Simplify --pass-config tir.Simplify.transitively_prove_inequalities=1
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tirgen {
namespace opt {

/// A pass `tirgen opt` knows.
struct PassInfo {
  std::string name;  ///< "tir.LowerInitBlock" (TIR, on TVMScript) or "FoldConstant" (Relay)
  bool tir;          ///< true for TIR passes, false for Relay passes
};

/// Every known pass, TIR passes first, each group sorted by name.
std::vector<PassInfo> KnownPasses();

/// Splits "a,b(1, 2),c" at the commas outside parentheses (empty items dropped).
std::vector<std::string> SplitPassList(const std::string& text);

/// A tensor intrinsic for the trace's tensorize calls (TVM's TensorIntrin.register(name, desc,
/// impl)): two TVMScript files, each one prim_func.
struct TensorIntrinFiles {
  std::string name;
  std::string desc_text, desc_name;  ///< the description's text and file name (for messages)
  std::string impl_text, impl_name;
};

/// `NAME=DESC.py,IMPL.py` (the --tensor-intrin option) with both files read; `resolve` maps
/// each file name as written to the path to read (the golden driver's `%S/`). A malformed spec
/// is a one-line tirgen::Error.
TensorIntrinFiles TensorIntrinFromSpec(
    const std::string& spec,
    const std::function<std::string(const std::string&)>& resolve = [](const std::string& f) { return f; });

struct OptOptions {
  /// The program text: TVMScript or Relay text, told apart by the first line that is not blank
  /// or a `#` comment: TVMScript (Python) starts there with a decorator or an import
  /// (`@T.prim_func`, `@I.ir_module`, `from tvm.script import ...`); anything else, including
  /// Relay's `#[version = "0.0.5"]` header, is Relay text.
  std::string input;
  std::string input_name = "<input>";  ///< for messages
  std::vector<std::string> passes;  ///< pass names, "Name" or "Name(int, ...)", run in order
  std::string schedule;             ///< a schedule trace (TVM's printed `apply_trace`) or ""
  std::string schedule_name = "<schedule>";  ///< for messages
  std::vector<TensorIntrinFiles> tensor_intrins;  ///< registered for this run only (replacing same-named ones)
  /// TVM's PassContext config for the TIR passes, "KEY.OPTION=VALUE" items
  /// ("tir.Simplify.transitively_prove_inequalities=1"; value an integer, true or false).
  std::vector<std::string> pass_config;
  bool print_after_all = false;     ///< record the module after every pass / schedule step
  bool verify_each = false;         ///< verify the input and the TIR after each pass and step
};

struct OptResult {
  std::string output;     ///< the final module as TVMScript or Relay text
  std::string after_all;  ///< with print_after_all: "# after <pass>" + module, for each step
};

/// Parses the input, applies the schedule trace (TVMScript only), then the passes. Bad input
/// (unknown pass, wrong kind of pass for the input, a pass's bad arguments, a bad or unknown
/// pass config item, an ill-formed
/// input under verify_each, a trace that does not apply) is a one-line tirgen::Error; a pass
/// that makes the TIR ill formed is an InternalError.
OptResult RunOpt(const OptOptions& options);

}  // namespace opt
}  // namespace tirgen
