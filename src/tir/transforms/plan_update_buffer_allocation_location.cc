// PlanAndUpdateBufferAllocationLocation: allocate each block-level buffer at the lowest common
// ancestor of its accesses (a block's alloc_buffers, or an opaque block injected under a loop),
// and drop buffers that are no longer visible from block reads/writes.
//
// Constant buffers (AllocateConst) and Allocate'd buffers are "unmanaged": they are never moved,
// but every buffer viewing their data (e.g. only through a tensorized block's match_buffers and
// reads) must still be known, or the views would look undefined (TVM PR #13605).
#include <unordered_map>
#include <unordered_set>

#include "tirgen/tir/analysis/block_read_write_region.h"
#include "tirgen/tir/analysis/buffer_access_lca.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {

// Data vars of Allocate/AllocateConst nodes: those buffers are allocated outside any block.
class UnmanagedCollector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitStmt;
  void VisitStmt_(const AllocateNode* op) override {
    vars.insert(op->buffer_var.get());
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const AllocateConstNode* op) override {
    vars.insert(op->buffer_var.get());
    StmtExprVisitor::VisitStmt_(op);
  }
  std::unordered_set<const VarNode*> vars;
};

// The order allocations are emitted in: parameters, block alloc_buffers, match_buffer sources
// (constant buffers may appear only there), then buffers first seen in loads/stores.
class AllocOrderCollector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;
  std::vector<Buffer> order;

  void Add(const Buffer& b) {
    if (seen_.insert(b.get()).second) order.push_back(b);
  }
  void VisitStmt_(const BlockNode* op) override {
    for (const Buffer& b : op->alloc_buffers) Add(b);
    for (const MatchBufferRegion& m : op->match_buffers) Add(m->source->buffer);
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const BufferLoadNode* op) override {
    Add(op->buffer);
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    Add(op->buffer);
    StmtExprVisitor::VisitStmt_(op);
  }

 private:
  std::unordered_set<const BufferNode*> seen_;
};

class AllocationLocator : public StmtExprMutator {
 public:
  explicit AllocationLocator(const PrimFunc& func) {
    std::unordered_map<const BufferNode*, const StmtNode*> lca;
    for (const BufferLCA& e : DetectBufferAccessLCA(func)) lca.emplace(e.buffer.get(), e.lca);
    AllocOrderCollector order;
    for (const auto& kv : func->buffer_map) order.Add(kv.second);
    order.VisitStmt(func->body);
    UnmanagedCollector unmanaged;
    unmanaged.VisitStmt(func->body);
    unmanaged_ = std::move(unmanaged.vars);
    for (const Var& p : func->params) {
      if (p->has_pointer_type()) unmanaged_.insert(p.get());
    }
    std::unordered_set<const VarNode*> arg_vars;
    for (const auto& kv : func->buffer_map) {
      arg_vars.insert(kv.second->data.get());
      visible_[kv.second->data.get()] = kv.second;
    }
    for (const Buffer& b : order.order) {
      auto it = lca.find(b.get());
      if (it == lca.end()) continue;  // never accessed: TVM drops the allocation
      if (arg_vars.count(b->data.get())) continue;
      if (!unmanaged_.count(b->data.get())) alloc_at_[it->second].push_back(b);
      visible_[b->data.get()] = b;
    }
  }

  using StmtExprMutator::VisitStmt;

  Stmt VisitStmt_(const ForNode* op) override {
    auto it = alloc_at_.find(op);
    if (it == alloc_at_.end()) return StmtExprMutator::VisitStmt_(op);
    for (const Buffer& b : it->second) visible_[b->data.get()] = b;
    Stmt stmt = StmtExprMutator::VisitStmt_(op);
    for (const Buffer& b : it->second) visible_.erase(b->data.get());
    auto n = CopyNode(*stmt.as<ForNode>());
    n->body = InjectOpaqueBlock(n->body, it->second);
    return Stmt(std::move(n));
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    TIRGEN_CHECK(!op->init) << "tir.PlanAndUpdateBufferAllocationLocation: block " << op->name_hint
                            << " has an init; run tir.LowerInitBlock first";
    std::vector<Buffer> allocs;
    auto it = alloc_at_.find(op);
    if (it != alloc_at_.end()) allocs = it->second;
    for (const Buffer& b : allocs) visible_[b->data.get()] = b;
    for (const MatchBufferRegion& m : op->match_buffers) {
      TIRGEN_ICHECK(visible_.count(m->source->buffer->data.get()))
          << "match_buffer " << m->buffer->name << " of block " << op->name_hint
          << " views unknown buffer " << m->source->buffer->name;
      visible_[m->buffer->data.get()] = m->buffer;
    }
    Stmt stmt = StmtExprMutator::VisitStmt_(op);
    const BlockNode* block = stmt.as<BlockNode>();
    for (const MatchBufferRegion& m : block->match_buffers) visible_.erase(m->buffer->data.get());
    for (const Buffer& b : allocs) visible_.erase(b->data.get());

    auto n = CopyNode(*block);
    n->alloc_buffers = std::move(allocs);
    n->reads = Visible(n->reads);
    n->writes = Visible(n->writes);
    return Stmt(std::move(n));
  }

 private:
  // A new opaque block owning `allocs`, with reads/writes computed from `body`.
  Stmt InjectOpaqueBlock(const Stmt& body, const std::vector<Buffer>& allocs) {
    Block block({}, {}, {}, "", body, std::nullopt, allocs);
    BlockAccessRegion access = GetBlockReadWriteRegion(block, visible_);
    auto n = CopyNode(*block.get());
    n->reads = std::move(access.reads);
    n->writes = std::move(access.writes);
    return BlockRealize({}, IntImm(DataType::Bool(), 1), Block(std::shared_ptr<const Object>(std::move(n))));
  }

  std::vector<BufferRegion> Visible(const std::vector<BufferRegion>& regions) const {
    std::vector<BufferRegion> out;
    for (const BufferRegion& r : regions) {
      if (visible_.count(r->buffer->data.get())) out.push_back(r);
    }
    return out;
  }

  std::unordered_map<const StmtNode*, std::vector<Buffer>> alloc_at_;
  BufferVarMap visible_;  ///< buffers allocated (or known) at the current point
  std::unordered_set<const VarNode*> unmanaged_;
};

}  // namespace

Pass PlanAndUpdateBufferAllocationLocation() {
  return CreatePrimFuncPass("PlanAndUpdateBufferAllocationLocation", [](const PrimFunc& f) {
    if (IsFromLegacyTESchedule(f)) return f;
    return WithBody(f, AllocationLocator(f).VisitStmt(f->body));
  });
}

TIRGEN_REGISTER_PASS(PlanAndUpdateBufferAllocationLocation,
                     [](const std::vector<int64_t>&) { return PlanAndUpdateBufferAllocationLocation(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
