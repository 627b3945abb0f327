// compute_inline: a producer block `B[v...] = f(v...)` disappears; every load `B[e...]` in its
// scope becomes f(e...). The producer's buffer and loop nest go away; the regions of the blocks
// whose signature named it are recomputed over the signature buffers (TVM's rule).
#include "compute_location.h"

namespace tirgen {
namespace tir {

namespace {
class Inliner : public TrackingMutator {
 public:
  Inliner(const BlockNode* producer, const BlockNode* scope_root) : store_(producer->body.as<BufferStoreNode>()) {
    AddSignatureBuffers(producer, &buffers_);
    AddSignatureBuffers(scope_root, &buffers_);
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    AddSignatureBuffers(op, &buffers_);
    return TrackingMutator::VisitStmt_(op);
  }

  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    if (!op->buffer.same_as(store_->buffer)) return StmtExprMutator::VisitExpr_(op);
    std::vector<std::pair<Var, PrimExpr>> vmap;
    for (size_t i = 0; i < op->indices.size(); ++i)
      vmap.emplace_back(GetRef<Var>(store_->indices[i].as<VarNode>()), VisitExpr(op->indices[i]));
    return Substitute(store_->value, vmap);
  }

 protected:
  Block Finish(const BlockNode* old, Block b) override {
    return SignatureNames(old, store_->buffer) ? WithReadWriteRegions(b, buffers_) : b;
  }

 private:
  const BufferStoreNode* store_;
  BufferVarMap buffers_;
};

}  // namespace

void InlineBlock(Schedule::State& st, const BlockRV& rv) {
  BlockScope s = GetBlockScope(st, rv);
  const BufferStoreNode* store = AsSimpleStore(s.block);
  if (!store)
    throw ScheduleError("cannot inline " + Describe(s.block) +
                        ": its body must be a single BufferStore indexed by distinct block iter vars (and no init)");
  for (const IterVar& iv : s.block->iter_vars)
    if (iv->iter_type != IterVarType::kDataPar)
      throw ScheduleError("cannot inline " + Describe(s.block) + ": iter var \"" + iv->var->name_hint +
                          "\" is not data-parallel");
  for (const auto& kv : s.f->buffer_map)
    if (kv.second.same_as(store->buffer) || kv.second->data.same_as(store->buffer->data))
      throw ScheduleError("cannot inline " + Describe(s.block) + ": it writes the function output \"" +
                          store->buffer->name + "\"");
  // The producer must not read its own buffer.
  class SelfRead : public StmtExprVisitor {
   public:
    const BufferNode* buf;
    bool found = false;
    void VisitExpr_(const BufferLoadNode* op) override {
      found = found || op->buffer.get() == buf;
      StmtExprVisitor::VisitExpr_(op);
    }
  } self;
  self.buf = store->buffer.get();
  self.VisitExpr(store->value);
  if (self.found) throw ScheduleError("cannot inline " + Describe(s.block) + ": it reads the buffer it writes");
  Stmt body = RemoveBlockSubtree(s.scope->body, s.block);
  if (!body.defined())
    throw ScheduleError("cannot inline " + Describe(s.block) + ": it is the only statement of its scope");
  Inliner inl(s.block, s.scope);
  auto n = CopyNode(*s.scope);
  n->body = inl.VisitStmt(body);
  std::vector<Buffer> allocs;
  for (const Buffer& a : n->alloc_buffers)
    if (!a.same_as(store->buffer)) allocs.push_back(a);
  n->alloc_buffers = allocs;
  ReplaceScope(st, s, Block(std::shared_ptr<const Object>(n)), inl.rebuilt);
}

void Schedule::ComputeInline(const BlockRV& rv) {
  InlineBlock(*state_, rv);
  trace_.Append(Instruction{"compute_inline", {{"block", Value(rv)}}, {}, false});
}

}  // namespace tir
}  // namespace tirgen
