#include "tirgen/ir/module.h"

#include <utility>

namespace tirgen {

IRModule::IRModule(std::map<std::string, ObjectRef> functions, AttrMap attrs) {
  auto n = std::make_shared<IRModuleNode>();
  n->functions = std::move(functions);
  n->attrs = std::move(attrs);
  data_ = std::move(n);
}

ObjectRef IRModule::Lookup(const std::string& name) const {
  auto it = get()->functions.find(name);
  if (it != get()->functions.end()) return it->second;
  std::string names;
  for (const auto& kv : get()->functions) names += (names.empty() ? "" : ", ") + kv.first;
  throw Error("module has no function named \"" + name + "\" (it has: " + names + ")");
}

}  // namespace tirgen
