// BindParams: constant params become AllocateConst statements (TVM's tir.BindParams).
#include <map>

#include "create_primfunc_passes.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace te {

using namespace tir;  // NOLINT

namespace {
// Buffers of loads in body order; read regions do not count.
class FirstLoadCollector : public StmtExprVisitor {
 public:
  std::vector<Buffer> order;
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;
  void VisitExpr_(const BufferLoadNode* op) override {
    bool seen = false;
    for (const Buffer& b : order) seen = seen || b.same_as(op->buffer);
    if (!seen) order.push_back(op->buffer);
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BlockNode* op) override {
    if (op->init) VisitStmt(*op->init);
    VisitStmt(op->body);
  }
};
}  // namespace

PrimFunc BindParams(const PrimFunc& func, const std::vector<NDArray>& constants) {
  if (constants.empty()) return func;
  size_t n_params = func->params.size();
  TIRGEN_ICHECK(constants.size() <= n_params) << "more constants than params";
  size_t first = n_params - constants.size();
  // constant buffer -> its data
  std::vector<std::pair<Buffer, NDArray>> const_buffers;
  for (size_t i = first; i < n_params; ++i) {
    const Buffer* b = func->BufferOf(func->params[i]);
    TIRGEN_ICHECK(b) << "constant param without buffer";
    const_buffers.emplace_back(*b, constants[i - first]);
  }
  FirstLoadCollector c;
  c.VisitStmt(func->body);

  const BlockRealizeNode* root_realize = func->body.as<BlockRealizeNode>();
  Stmt body = root_realize ? root_realize->block->body : func->body;
  for (const Buffer& used : c.order) {
    for (const auto& [buf, data] : const_buffers) {
      if (!buf.same_as(used)) continue;
      std::vector<PrimExpr> extents;
      for (int64_t d : data->shape) extents.push_back(IntImm(DataType::Int(32), d));
      body = AllocateConst(buf->data, buf->dtype, std::move(extents), data, body);
    }
  }
  Stmt new_body = body;
  if (root_realize) {
    auto block = CopyNode(*root_realize->block.get());
    block->body = body;
    new_body = BlockRealize(root_realize->iter_values, root_realize->predicate,
                            Block(std::shared_ptr<const Object>(std::move(block))));
  }
  auto n = CopyNode(*func.get());
  n->params.resize(first);
  n->buffer_map.resize(first);
  n->body = new_body;
  return PrimFunc(std::shared_ptr<const Object>(std::move(n)));
}

}  // namespace te
}  // namespace tirgen
