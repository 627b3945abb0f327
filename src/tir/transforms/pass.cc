#include "tirgen/tir/transform.h"

namespace tirgen {
namespace tir {
namespace transform {

Pass CreatePrimFuncPass(std::string name, std::function<PrimFunc(const PrimFunc&)> fn) {
  return Pass(std::move(name), [fn](const IRModule& mod) {
    std::map<std::string, ObjectRef> functions;
    bool changed = false;
    for (const auto& kv : mod->functions) {
      if (const PrimFuncNode* f = kv.second.as<PrimFuncNode>()) {
        PrimFunc out = fn(GetRef<PrimFunc>(f));
        changed = changed || !out.same_as(kv.second);
        functions.emplace(kv.first, out);
      } else {
        functions.emplace(kv.first, kv.second);
      }
    }
    if (!changed) return mod;
    return IRModule(std::move(functions), mod->attrs);
  });
}

Pass Sequential(std::vector<Pass> passes, std::string name) {
  return Pass(std::move(name), [passes](const IRModule& mod) {
    IRModule cur = mod;
    for (const Pass& p : passes) cur = p(cur);
    return cur;
  });
}

namespace {
// Function-local static: registration order across translation units is unspecified.
std::map<std::string, PassFactory>& Registry() {
  static std::map<std::string, PassFactory> registry;
  return registry;
}
}  // namespace

bool RegisterPass(const std::string& name, PassFactory factory) {
  TIRGEN_ICHECK(Registry().emplace(name, std::move(factory)).second)
      << "pass " << name << " registered twice";
  return true;
}

const PassFactory& GetPassFactory(const std::string& name) {
  auto it = Registry().find(name);
  if (it != Registry().end()) return it->second;
  std::string names;
  for (const auto& kv : Registry()) names += (names.empty() ? "" : ", ") + kv.first;
  throw Error("unknown TIR pass \"" + name + "\" (known: " + names + ")");
}

std::vector<std::string> ListPasses() {
  std::vector<std::string> names;
  for (const auto& kv : Registry()) names.push_back(kv.first);
  return names;
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
