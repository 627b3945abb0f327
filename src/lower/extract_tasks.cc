// ExtractTasks (TVM's MetaScheduleExtractTask, spec §7.2): the tuning tasks of a model.
//
// Order and names are API (tuning databases are keyed by them), so TVM's rules are kept:
// primitive Function nodes are collected by PostOrderVisit of main — a call visits its callee
// before its arguments, so the function nearest the output is met first — deduplicated in
// that order (first occurrence creates the task, later ones add weight), then the list is
// reversed and named by a fresh NameSupply over the fused names. With "anchor-block" the
// functions are first sorted by their number of operator calls (TVM's std::sort, reproduced
// with the same call so ties fall the same way), so a conv2d_add_nn_relu is kept in preference
// to the conv2d_add_add_nn_relu whose anchor block equals it.
//
// Lowering goes through LowerPrimitive, the path lower_to_primfunc and LowerTE take. Call
// sites whose Relay functions are structurally equal lower to equal PrimFuncs, so each Relay
// equivalence class is lowered and hashed once; the task-level dedup still compares the
// lowered modules, as TVM does (ignore-ndarray merges functions that differ in weights only).
#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "lower_internal.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/structural.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/support/name_supply.h"

namespace tirgen {
namespace lower {
namespace {

// One lowered Relay equivalence class, with what the module equality compares.
struct Lowered {
  relay::Function source;
  std::string fused_name;
  ModuleKey key;
  size_t op_calls = 0;
};

// TVM's OpCounter: calls of operators in the function body, each call node once.
size_t CountOpCalls(const relay::Function& f) {
  size_t n = 0;
  relay::PostOrderVisit(f->body, [&](const relay::Expr& e) {
    if (const auto* call = e.as<relay::CallNode>())
      if (call->op.as<relay::OpNode>()) ++n;
  });
  return n;
}

// Lowers each Relay function once per structural equivalence class.
class LoweringCache {
 public:
  LoweringCache(std::string target, ModuleEquality equality) : target_(std::move(target)), equality_(equality) {}

  size_t Get(const relay::Function& f) {
    auto& bucket = by_hash_[relay::StructuralHash(f)];
    for (size_t i : bucket)
      if (relay::StructuralEqual(entries_[i].source, f)) return i;
    LoweredFunc lowered = LowerPrimitive(f, target_);
    Lowered e;
    e.source = f;
    e.fused_name = lowered.fused_name;
    e.key = ModuleKey(TaskModule(lowered.func), equality_);
    e.op_calls = CountOpCalls(f);
    entries_.push_back(std::move(e));
    bucket.push_back(entries_.size() - 1);
    return entries_.size() - 1;
  }
  const Lowered& at(size_t i) const { return entries_[i]; }

 private:
  std::string target_;
  ModuleEquality equality_;
  std::vector<Lowered> entries_;
  std::unordered_map<uint64_t, std::vector<size_t>> by_hash_;  // lookups only
};

}  // namespace

// TVM's PrimFuncToIRModule: the PrimFunc as "main" of its own module.
IRModule TaskModule(const tir::PrimFunc& func) {
  auto node = CopyNode(*func.get());
  node->attrs["global_symbol"] = String("main");
  node->attrs["tir.noalias"] = tir::IntImm(DataType::Bool(), 1);
  return IRModule({{"main", tir::PrimFunc(node)}});
}

std::vector<Task> ExtractTasks(const IRModule& mod, const std::map<std::string, NDArray>& params,
                               const ExtractOptions& options) {
  const std::string target = CanonicalTarget(options.target);
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
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

  LoweringCache cache(target, options.equality);
  std::vector<size_t> lowered;  // per primitive function: its cache entry
  for (size_t i = 0; i < prims.size(); ++i) {
    lowered.push_back(cache.Get(prims[i]));
    if (options.progress) options.progress(i + 1, prims.size());
  }

  std::vector<int> indices(prims.size());
  std::iota(indices.begin(), indices.end(), 0);
  if (options.equality == ModuleEquality::kAnchorBlock)
    std::sort(indices.begin(), indices.end(), [&](int a, int b) {  // TVM's call, not stable_sort
      return cache.at(lowered[a]).op_calls < cache.at(lowered[b]).op_calls;
    });

  std::vector<Task> tasks;
  std::vector<const Lowered*> task_lowered;
  std::unordered_map<uint64_t, std::vector<size_t>> task_by_hash;  // lookups only
  for (int i : indices) {
    const Lowered& l = cache.at(lowered[i]);
    std::vector<size_t>& bucket = task_by_hash[l.key.hash];
    auto same = std::find_if(bucket.begin(), bucket.end(), [&](size_t t) { return task_lowered[t]->key.Equals(l.key); });
    if (same != bucket.end()) {
      ++tasks[*same].weight;
      continue;
    }
    Task task;
    task.fused_name = l.fused_name;
    task.weight = 1;
    task.mod = l.key.mod;
    task.hash = l.key.hash;
    task.source = prims[i];  // TVM keeps the first occurrence's Relay function
    tasks.push_back(std::move(task));
    task_lowered.push_back(&l);
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
