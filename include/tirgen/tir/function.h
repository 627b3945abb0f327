// PrimFunc (IRModule is in ir/module.h).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace tir {

class PrimFuncNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kPrimFunc)
  PrimFuncNode() : Object(kKind) {}
  std::vector<Var> params;                              ///< binding sites (handles or scalars)
  std::vector<std::pair<Var, Buffer>> buffer_map;       ///< param -> buffer, in param order
  Stmt body;
  DataType ret_type = DataType::Void();                 ///< void for lowered functions
  AttrMap attrs;                                        ///< func_attr (sorted keys)

  /// The buffer bound to a param, or nullptr.
  const Buffer* BufferOf(const Var& param) const;
};
class PrimFunc : public ObjectRef {
  TIRGEN_DEFINE_REF(PrimFunc, ObjectRef, PrimFuncNode)
  PrimFunc(std::vector<Var> params, Stmt body, std::vector<std::pair<Var, Buffer>> buffer_map = {},
           AttrMap attrs = {}, DataType ret_type = DataType::Void());
};

}  // namespace tir
}  // namespace tirgen
