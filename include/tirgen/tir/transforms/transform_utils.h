// Small helpers shared by the TIR passes (public: the tuner's feature extraction uses them too).
#pragma once

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
