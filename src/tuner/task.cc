// ExtractTuneTasks: the tuner's tasks of a LowerTE'd module. Main's calls are walked in post
// order (arguments before the call: execution order), so a task's position is where main first
// runs one of its functions.
#include "tirgen/tuner/task.h"

#include <algorithm>
#include <iterator>
#include <map>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/tir/analysis/estimate_flops.h"

namespace tirgen {
namespace tuner {
namespace {

// PrimFunc names called from main, in order of their first call, with their call counts.
std::vector<std::pair<std::string, int>> CallsFromMain(const relay::Function& main) {
  std::vector<std::pair<std::string, int>> calls;
  std::map<std::string, size_t> index;
  relay::PostOrderVisit(main->body, [&](const relay::Expr& e) {
    const auto* call = e.as<relay::CallNode>();
    std::vector<relay::Expr> args;
    const relay::GlobalVarNode* callee = call ? lower::LoweredCallee(call, &args) : nullptr;
    if (!callee) return;
    auto it = index.find(callee->name_hint);
    if (it == index.end()) {
      index[callee->name_hint] = calls.size();
      calls.emplace_back(callee->name_hint, 1);
    } else {
      ++calls[it->second].second;
    }
  });
  return calls;
}

}  // namespace

std::vector<TuneTask> ExtractTuneTasks(const IRModule& lowered, lower::ModuleEquality equality) {
  std::vector<std::pair<std::string, int>> calls;
  std::map<std::string, std::set<int>> layout_free;
  auto main = lowered->functions.find("main");
  if (main != lowered->functions.end() && main->second.as<relay::FunctionNode>()) {
    calls = CallsFromMain(main->second.cast<relay::Function>());
    layout_free = runtime::LayoutFreeParams(lowered);
  } else {
    for (const auto& kv : lowered->functions)  // by name: the module's order
      if (kv.second.as<tir::PrimFuncNode>()) calls.emplace_back(kv.first, 1);
  }

  std::vector<TuneTask> tasks;
  std::vector<lower::ModuleKey> keys;
  for (const auto& [name, count] : calls) {
    auto f = lowered->functions.find(name);
    if (f == lowered->functions.end() || !f->second.as<tir::PrimFuncNode>()) continue;  // not a PrimFunc
    tir::PrimFunc func = f->second.cast<tir::PrimFunc>();
    lower::ModuleKey key(lower::TaskModule(func), equality);
    // Missing from the map: main passes it a tuple somewhere, so nothing of it is layout-free.
    auto lf = layout_free.find(name);
    std::set<int> free_here = lf == layout_free.end() ? std::set<int>() : lf->second;
    size_t t = 0;
    while (t < keys.size() && !(keys[t].hash == key.hash && keys[t].Equals(key))) ++t;
    if (t < keys.size()) {
      tasks[t].weight += count;
      std::set<int> both;
      std::set_intersection(tasks[t].layout_free.begin(), tasks[t].layout_free.end(), free_here.begin(),
                            free_here.end(), std::inserter(both, both.end()));
      tasks[t].layout_free = std::move(both);
      continue;
    }
    TuneTask task;
    task.name = name;
    task.weight = count;
    task.func = func;
    task.mod = key.mod;
    task.layout_free = free_here;
    task.flop = tir::EstimateTIRFlops(func->body);
    tasks.push_back(std::move(task));
    keys.push_back(std::move(key));
  }
  return tasks;
}

}  // namespace tuner
}  // namespace tirgen
