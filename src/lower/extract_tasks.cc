// ExtractTasks (TVM's MetaScheduleExtractTask, spec §7.2): the tuning tasks of a model.
//
// Order and names are API (tuning databases are keyed by them), so TVM's rules are kept:
// primitive Function nodes are collected by PostOrderVisit of main — a call visits its callee
// before its arguments, so the function nearest the output is met first — deduplicated in
// that order (first occurrence creates the task, later ones add weight), then the list is
// reversed and named by a fresh NameSupply over the fused names.
//
// Lowering goes through LowerPrimitive, the path lower_to_primfunc and LowerTE take. Call
// sites whose Relay functions are structurally equal lower to equal PrimFuncs, so each Relay
// equivalence class is lowered and hashed once; the task-level dedup still compares the
// lowered modules, as TVM does (ignore-ndarray merges functions that differ in weights only).
#include <algorithm>
#include <unordered_map>

#include "lower_internal.h"
#include "tirgen/ir/structural_equal.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/structural.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/support/name_supply.h"

namespace tirgen {
namespace lower {
namespace {

// TVM's PrimFuncToIRModule: the PrimFunc as "main" of its own module.
IRModule TaskModule(const tir::PrimFunc& func) {
  auto node = CopyNode(*func.get());
  node->attrs["global_symbol"] = String("main");
  node->attrs["tir.noalias"] = tir::IntImm(DataType::Bool(), 1);
  return IRModule({{"main", tir::PrimFunc(node)}});
}

// One lowered Relay equivalence class.
struct Lowered {
  relay::Function source;
  std::string fused_name;
  IRModule mod;
  uint64_t hash = 0;  // StructuralHash(mod) under the chosen equality
};

// Lowers each Relay function once per structural equivalence class.
class LoweringCache {
 public:
  LoweringCache(std::string target, bool ignore_ndarray)
      : target_(std::move(target)), ignore_ndarray_(ignore_ndarray) {}

  size_t Get(const relay::Function& f) {
    auto& bucket = by_hash_[relay::StructuralHash(f)];
    for (size_t i : bucket)
      if (relay::StructuralEqual(entries_[i].source, f)) return i;
    LoweredFunc lowered = LowerPrimitive(f, target_);
    Lowered e;
    e.source = f;
    e.fused_name = lowered.fused_name;
    e.mod = TaskModule(lowered.func);
    e.hash = StructuralHash(e.mod, false, ignore_ndarray_);
    entries_.push_back(std::move(e));
    bucket.push_back(entries_.size() - 1);
    return entries_.size() - 1;
  }
  const Lowered& at(size_t i) const { return entries_[i]; }

 private:
  std::string target_;
  bool ignore_ndarray_;
  std::vector<Lowered> entries_;
  std::unordered_map<uint64_t, std::vector<size_t>> by_hash_;  // lookups only
};

}  // namespace

ModuleEquality ParseModuleEquality(const std::string& name) {
  if (name == "structural") return ModuleEquality::kStructural;
  if (name == "ignore-ndarray") return ModuleEquality::kIgnoreNDArray;
  throw Error("unknown module equality '" + name +
              "': use 'structural' (constants compared by value) or 'ignore-ndarray' (constants "
              "compared by shape and dtype)");
}

std::vector<Task> ExtractTasks(const IRModule& mod, const std::map<std::string, NDArray>& params,
                               const ExtractOptions& options) {
  const std::string target = CanonicalTarget(options.target);
  const bool ignore_ndarray = options.equality == ModuleEquality::kIgnoreNDArray;
  relay::OptimizeConfig config;
  config.link_params = options.link_params;
  IRModule fused = relay::Optimize(mod, params, config);
  ObjectRef main = fused.Lookup("main");
  if (!main.as<relay::FunctionNode>())
    throw Error("extract_tasks: @main is not a Relay function; give a Relay module (text or ONNX)");

  // Primitive function nodes in TVM's PostOrderVisit order (each node once).
  std::vector<relay::Function> prims;
  relay::PostOrderVisit(main.cast<relay::Expr>(), [&](const relay::Expr& e) {
    if (const auto* f = e.as<relay::FunctionNode>())
      if (f->IsPrimitive()) prims.push_back(e.cast<relay::Function>());
  });

  LoweringCache cache(target, ignore_ndarray);
  std::vector<Task> tasks;
  std::unordered_map<uint64_t, std::vector<size_t>> task_by_hash;  // lookups only
  for (size_t i = 0; i < prims.size(); ++i) {
    const Lowered& l = cache.at(cache.Get(prims[i]));
    if (options.progress) options.progress(i + 1, prims.size());
    std::vector<size_t>& bucket = task_by_hash[l.hash];
    bool merged = false;
    for (size_t t : bucket) {
      if (StructuralEqual(tasks[t].mod, l.mod, false, ignore_ndarray)) {
        ++tasks[t].weight;
        merged = true;
        break;
      }
    }
    if (merged) continue;
    Task task;
    task.fused_name = l.fused_name;
    task.weight = 1;
    task.mod = l.mod;
    task.hash = l.hash;
    task.source = prims[i];  // TVM keeps the first occurrence's Relay function
    tasks.push_back(std::move(task));
    bucket.push_back(tasks.size() - 1);
  }

  // Post order met the output side first; TVM returns the list reversed, then names it.
  std::reverse(tasks.begin(), tasks.end());
  NameSupply names;
  for (Task& t : tasks) t.name = names.FreshName(t.fused_name);
  return tasks;
}

}  // namespace lower
}  // namespace tirgen
