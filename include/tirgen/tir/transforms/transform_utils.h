// Small helpers shared by the TIR passes (public: the tuner's feature extraction uses them too).
#pragma once

#include <set>
#include <string>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {
namespace transform {

/// TVM skips its TensorIR passes for functions made by the legacy TE schedule path.
inline bool IsFromLegacyTESchedule(const PrimFunc& f) {
  auto it = f->attrs.find("from_legacy_te_schedule");
  if (it == f->attrs.end()) return false;
  const PrimExprNode* e = it->second.as<PrimExprNode>();
  return e && e->kind() == Kind::kIntImm && static_cast<const IntImmNode*>(e)->value != 0;
}

/// Calls that read memory or have effects (TVM's non-pure call effect kinds); the math,
/// bitwise, likely, if_then_else and reinterpret intrinsics are pure.
inline bool IsOpaqueCall(const std::string& op) {
  static const std::set<std::string> opaque = {"tir.call_extern", "tir.call_packed", "tir.tvm_access_ptr",
                                               "tir.address_of", "tir.call_llvm_intrin"};
  return opaque.count(op) > 0 || op.rfind("tir.", 0) != 0;
}

/// `f` with a new body (f itself when the body is unchanged).
inline PrimFunc WithBody(const PrimFunc& f, const Stmt& body) {
  if (body.same_as(f->body)) return f;
  auto n = CopyNode(*f.get());
  n->body = body;
  return PrimFunc(std::shared_ptr<const Object>(std::move(n)));
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
