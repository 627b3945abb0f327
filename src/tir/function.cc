#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

const Buffer* PrimFuncNode::BufferOf(const Var& param) const {
  for (const auto& kv : buffer_map)
    if (kv.first.same_as(param)) return &kv.second;
  return nullptr;
}

PrimFunc::PrimFunc(std::vector<Var> params, Stmt body, std::vector<std::pair<Var, Buffer>> buffer_map,
                   AttrMap attrs, DataType ret_type) {
  TIRGEN_ICHECK(body.defined()) << "PrimFunc without body";
  for (const auto& kv : buffer_map) {
    bool found = false;
    for (const Var& p : params) found = found || p.same_as(kv.first);
    TIRGEN_ICHECK(found) << "buffer_map key for buffer " << kv.second->name << " is not a param";
  }
  auto n = std::make_shared<PrimFuncNode>();
  n->params = std::move(params);
  n->body = std::move(body);
  n->buffer_map = std::move(buffer_map);
  n->attrs = std::move(attrs);
  n->ret_type = ret_type;
  data_ = std::move(n);
}

}  // namespace tir
}  // namespace tirgen
