// Lowering a fused (primitive) Relay function to TensorIR (../spec/tvm_lowering.md §3, §6, §7).
//
// One code path: LowerToTE -> CreatePrimFunc (int64 indices, constants embedded as
// AllocateConst) gives the PrimFunc of one primitive function; LowerTE applies it to every
// primitive function of a module (lowering structurally equal ones once) and rewrites the
// call sites; lower_to_primfunc and ExtractTasks are built on the same function.
//
//   tir::PrimFunc f = lower::LowerToPrimFunc(fused_fn);          // TVM's lower_to_primfunc
//   IRModule m = lower::LowerTE(relay::Optimize(mod, params));    // PrimFuncs + call_lowered
//   auto tasks = lower::ExtractTasks(mod, params, {});            // tuning tasks
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/relay/expr.h"
#include "tirgen/te/tensor.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace lower {

/// Targets tirgen knows: "generic" (TVM's generic strategies with MetaSchedule enabled; the
/// default); "llvm" and "c" are CPU aliases of it. Anything else is a user error.
std::string CanonicalTarget(const std::string& target);

/// The TE program of one primitive function.
struct LoweredTE {
  std::vector<te::Tensor> inputs;   ///< placeholders, parameter order, tuple params flattened
  std::vector<te::Tensor> outputs;  ///< outputs that are not just forwarded inputs
  /// Tensor constants in first-visit order: placeholder + data (embedded as AllocateConst).
  std::vector<std::pair<te::Tensor, NDArray>> constants;
  std::string fused_name;  ///< "fused_nn_conv2d_add_nn_relu" (TVM's truncation past 80 chars)
};

/// TVM's LowerToTECompute. `func` must carry Primitive=1 (tirgen::Error otherwise, saying to
/// run FuseOps / the optimize pipeline first). Constant names are per function
/// (`<ops so far>_constant[_N]`), never a counter shared with other functions.
LoweredTE LowerToTE(const relay::Function& func, const std::string& target = "generic");

/// TVM's lower_to_primfunc: the block-form PrimFunc (no global_symbol) of `func`.
tir::PrimFunc LowerToPrimFunc(const relay::Function& func, const std::string& target = "generic");

struct LowerTEOptions {
  std::string target = "generic";
  std::string module_name = "tvmgen_default";  ///< GlobalVar prefix: <module_name>_<fused name>
  /// (done, total, fused name), called after each distinct primitive function is lowered.
  using Progress = std::function<void(size_t, size_t, const std::string&)>;
  Progress progress;
};

/// One distinct primitive function LowerTE lowered.
struct LoweredPrimitive {
  std::string global;      ///< its PrimFunc's name in the module: <module_name>_<name>
  std::string name;        ///< fused name, `_N`-suffixed when distinct functions share it
  std::string fused_name;  ///< "fused_nn_conv2d_add_nn_relu"
  relay::Function source;  ///< the first primitive function of its equivalence class
  tir::PrimFunc func;      ///< exactly LowerToPrimFunc(source): standalone, attrs as TVM's
};

/// TVM's LowerTE module pass: every primitive function called from the module's Relay
/// functions is lowered (structurally equal ones once) and added as a block-form PrimFunc
/// under a fresh global name; its call sites become call_lowered(@name, (args...)). Each
/// PrimFunc carries attrs global_symbol, tir.noalias, target, hash (the Relay function's
/// structural hash) and the Relay function's own attributes.
IRModule LowerTE(const IRModule& mod, const LowerTEOptions& options = LowerTEOptions());
/// LowerTE that also reports what it lowered, sorted by global name (the same single path).
IRModule LowerTE(const IRModule& mod, const LowerTEOptions& options,
                 std::vector<LoweredPrimitive>* lowered);

/// A call of a lowered function, as LowerTE writes it (call_lowered(@f, (args...))) or
/// directly (@f(args...)): the callee, or nullptr for any other call; `args` gets its
/// arguments (the call_lowered tuple unpacked).
const relay::GlobalVarNode* LoweredCallee(const relay::CallNode* call, std::vector<relay::Expr>* args);

/// TVM's PrimFuncToIRModule: `func` as "main" of a module of its own (global_symbol "main",
/// tir.noalias set): what a tuning task is and what the database keys.
IRModule TaskModule(const tir::PrimFunc& func);

enum class ModuleEquality {
  kStructural,     ///< constant data compared
  kIgnoreNDArray,  ///< constants compared by shape and dtype only
  kAnchorBlock,    ///< only the anchor (main reduction) block compared, ignoring constant data;
                   ///< functions without one compared as kIgnoreNDArray
};

/// "structural" / "ignore-ndarray" / "anchor-block" (TVM's module_equality names);
/// tirgen::Error otherwise.
ModuleEquality ParseModuleEquality(const std::string& name);

/// A module with what MetaSchedule's ModuleEquality compares, computed once: `hash` is the
/// key `tirgen tasks` prints and tuning databases file the module's workload under.
struct ModuleKey {
  IRModule mod;
  ModuleEquality equality = ModuleEquality::kStructural;
  ObjectRef anchor;   ///< anchor-block: the module's anchor block, if it has one
  uint64_t hash = 0;  ///< consistent with Equals (equal keys => equal hashes)

  ModuleKey() = default;
  ModuleKey(IRModule mod, ModuleEquality equality);
  /// MetaSchedule's ModuleEquality::Equal (both keys made under the same equality).
  bool Equals(const ModuleKey& other) const;
};

struct ExtractOptions {
  std::string target = "generic";
  bool link_params = false;  ///< constants stay inside the fused functions (AllocateConst)
  ModuleEquality equality = ModuleEquality::kStructural;
  /// Called after each primitive function is lowered (done, total); may be empty.
  std::function<void(size_t, size_t)> progress;
};

/// One tuning task (TVM's ExtractedTask).
struct Task {
  std::string name;        ///< unique, TVM's order and naming (spec §7.2)
  std::string fused_name;  ///< the lowered function's fused name (shared by tasks of one name)
  int weight = 0;          ///< call sites whose PrimFunc is equal under the chosen equality
  IRModule mod;            ///< {"main": PrimFunc with global_symbol="main", tir.noalias}
  uint64_t hash = 0;       ///< ModuleKey(mod, equality).hash
  relay::Function source;  ///< the first primitive function that produced it
};

/// TVM's extract_tasks (spec §7.2): binds `params`, runs relay::Optimize (the pass prefix and
/// FuseOps), lowers every primitive function node of main met in post order and deduplicates
/// the {"main": PrimFunc} modules under `options.equality`; weight = call sites per task. The
/// list is reversed (TVM's order) and named by a fresh NameSupply over the fused names, so the
/// first task of a fused name keeps it plain and later ones get `_1`, `_2`. Deterministic
/// across runs and processes.
std::vector<Task> ExtractTasks(const IRModule& mod, const std::map<std::string, NDArray>& params,
                               const ExtractOptions& options = ExtractOptions());

}  // namespace lower
}  // namespace tirgen
