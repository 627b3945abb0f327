// IRModule: the unit every layer passes around (TIR PrimFuncs, Relay Functions, call_lowered
// modules), so it lives in ir/ rather than beside either function kind.
#pragma once

#include <map>
#include <string>

#include "tirgen/ir/object.h"

namespace tirgen {

/// A module of named functions (PrimFuncs now; relay Functions later). Names are sorted.
class IRModuleNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kIRModule)
  IRModuleNode() : Object(kKind) {}
  std::map<std::string, ObjectRef> functions;  ///< global name -> function
  AttrMap attrs;                               ///< module attributes
};
class IRModule : public ObjectRef {
  TIRGEN_DEFINE_REF(IRModule, ObjectRef, IRModuleNode)
  explicit IRModule(std::map<std::string, ObjectRef> functions, AttrMap attrs = {});
  /// The function named `name` (tirgen::Error naming the available ones when absent).
  ObjectRef Lookup(const std::string& name) const;
};

}  // namespace tirgen
