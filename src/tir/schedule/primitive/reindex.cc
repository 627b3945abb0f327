// reindex (TVM v0.14 cache_read_write.cc ReIndex): the buffer a leaf block reads or writes at
// `buffer_index` is accessed through a new buffer `<buffer>_reindex` indexed by the block's iter
// vars that the access uses (in iter var order, shape dom.min + dom.extent). A copy stage over
// those iter vars (`v0..`, loops `ax0..`, named `<written buffer>_reindex`) goes right before
// (read) or after (write) the block's loop nest in the scope.
#include <set>

#include "../utils.h"
#include "cache_stage.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace tir {

namespace {

BufferRegion FromPoint(const Buffer& b, const std::vector<PrimExpr>& indices) {
  std::vector<Range> r;
  for (const PrimExpr& i : indices) r.emplace_back(i, make_const(i.dtype(), 1));
  return BufferRegion(b, r);
}

// The one index tuple the block uses for `buffer` (TVM's ReIndexCollector).
std::vector<PrimExpr> CollectIndices(const BlockNode* block, const Buffer& buffer) {
  class Collector : public StmtExprVisitor {
   public:
    const BlockNode* block;
    Buffer buffer;
    std::optional<std::vector<PrimExpr>> indices;
    [[noreturn]] void Fail(const std::string& why) {
      throw ScheduleError("cannot reindex buffer \"" + buffer->name + "\" of " + Describe(block) +
                          ": it must be accessed by BufferLoad / BufferStore with the same indices everywhere; " + why);
    }
    void Check(const std::vector<PrimExpr>& idx) {
      if (!indices) {
        indices = idx;
        return;
      }
      bool same = idx.size() == indices->size();
      for (size_t i = 0; same && i < idx.size(); ++i) same = ExprDeepEqual(idx[i], (*indices)[i]);
      if (!same) Fail("the accesses have different indices");
    }
    void VisitExpr_(const BufferLoadNode* op) override {
      StmtExprVisitor::VisitExpr_(op);
      if (op->buffer.same_as(buffer)) Check(op->indices);
    }
    void VisitStmt_(const BufferStoreNode* op) override {
      StmtExprVisitor::VisitStmt_(op);
      if (op->buffer.same_as(buffer)) Check(op->indices);
    }
    void VisitStmt_(const BlockNode*) override {
      throw ScheduleError("cannot reindex " + Describe(block) + ": it is not a leaf block (it holds other blocks)");
    }
    void VisitExpr_(const VarNode* op) override {
      if (op == buffer->data.get()) Fail("it is accessed opaquely through its data pointer");
    }
  } c;
  c.block = block;
  c.buffer = buffer;
  c.VisitStmt(block->body);
  if (!c.indices) c.Fail("the block body does not access it");
  return *c.indices;
}

}  // namespace

BlockRV Schedule::ReIndex(const BlockRV& rv, bool is_write, int buffer_index) {
  BlockScope s = GetBlockScope(*state_, rv);
  const BlockNode* block = s.block;
  const std::vector<BufferRegion>& regions = is_write ? block->writes : block->reads;
  if (buffer_index < 0 || buffer_index >= static_cast<int>(regions.size()))
    throw ScheduleError(std::string("cannot reindex: buffer index ") + std::to_string(buffer_index) + " is out of range, " +
                        Describe(block) + (is_write ? " writes " : " reads ") + std::to_string(regions.size()) + " buffer(s)");
  Buffer buffer = regions[buffer_index]->buffer;
  std::vector<PrimExpr> indices = CollectIndices(block, buffer);
  // Simplified under the iter var domains, unless that leaves a constant (TVM's SimplifyNonTrivialExpr).
  arith::Analyzer ana;
  for (const IterVar& iv : block->iter_vars) ana.Bind(iv->var, iv->dom);
  for (PrimExpr& e : indices) {
    PrimExpr simplified = ana.Simplify(e);
    if (simplified.kind() != Kind::kIntImm) e = simplified;
  }
  std::set<const VarNode*> covered;
  for (const PrimExpr& e : indices)
    for (const IterVar& iv : block->iter_vars)
      if (FindVar(e, [&](const VarNode* v) { return v == iv->var.get(); })) covered.insert(iv->var.get());
  // The reindex buffer, the stage's iter vars and loops.
  std::vector<PrimExpr> shape;
  std::vector<IterVar> iters;
  std::vector<Var> loop_vars;
  std::vector<PrimExpr> reindex_indices;
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (const IterVar& iv : block->iter_vars) {
    Var v("v" + std::to_string(iters.size()), iv->var.dtype());
    vmap.emplace_back(iv->var, v);
    if (!covered.count(iv->var.get())) continue;
    shape.push_back(add(iv->dom->min, iv->dom->extent));
    iters.push_back(IterVar(iv->dom, v, IterVarType::kDataPar));
    loop_vars.push_back(Var("ax" + std::to_string(loop_vars.size()), iv->var.dtype()));
    reindex_indices.push_back(v);
  }
  auto bn = CopyNode(*buffer.get());
  bn->shape = shape;
  bn->strides.clear();
  // A constant zero offset follows the new shape's index type (a view of a constant has int32 ones).
  if (!shape.empty() && is_zero(buffer->elem_offset)) bn->elem_offset = make_const(shape[0].dtype(), 0);
  // A view of an AllocateConst is named after the constant, as in cache_read.
  bn->name = (IsConstantBuffer(s.f, buffer) ? buffer->data->name_hint : buffer->name) + "_reindex";
  bn->data = Var::Pointer(buffer->data->name_hint + "_reindex", buffer->dtype, buffer->scope());
  Buffer reindex{std::shared_ptr<const Object>(bn)};
  std::vector<PrimExpr> target_indices;
  for (const PrimExpr& e : indices) target_indices.push_back(Substitute(e, vmap));
  const Buffer& src = is_write ? reindex : buffer;
  const Buffer& dst = is_write ? buffer : reindex;
  const std::vector<PrimExpr>& src_idx = is_write ? reindex_indices : target_indices;
  const std::vector<PrimExpr>& dst_idx = is_write ? target_indices : reindex_indices;
  Block stage_block(iters, {FromPoint(src, src_idx)}, {FromPoint(dst, dst_idx)}, dst->name + "_reindex",
                    BufferStore(dst, BufferLoad(src, src_idx), dst_idx));
  std::vector<PrimExpr> bindings(loop_vars.begin(), loop_vars.end());
  Stmt stage = BlockRealize(bindings, make_const(DataType::Bool(), 1), stage_block);
  for (size_t i = iters.size(); i-- > 0;)
    stage = For(loop_vars[i], iters[i]->dom->min, iters[i]->dom->extent, ForKind::kSerial, stage);

  // The block's loops must form a chain up to the scope; the stage goes beside its outermost one.
  StmtTree tree(s.f);
  const StmtNode* top = s.realize;
  for (const StmtNode* p = tree.Parent(block); p != s.scope; p = tree.Parent(p)) {
    const auto* f = static_cast<const ForNode*>(p);
    if (f->body.get() != top)
      throw ScheduleError("cannot reindex " + Describe(block) + ": " + Describe(f) +
                          " holds more than the block's loop nest (the loops must form a chain)");
    top = f;
  }
  std::vector<Stmt> children = ScopeChildren(s.scope->body);
  int pos = 0;
  for (size_t i = 0; i < children.size(); ++i)
    if (children[i].get() == top) pos = static_cast<int>(i);
  if (is_write) ++pos;

  // The block accesses the reindex buffer at its iter vars.
  std::vector<PrimExpr> new_indices;
  std::vector<Range> new_region;
  for (const IterVar& iv : block->iter_vars)
    if (covered.count(iv->var.get())) {
      new_indices.push_back(iv->var);
      new_region.emplace_back(iv->var, make_const(iv->var.dtype(), 1));
    }
  class Rewriter : public StmtExprMutator {
   public:
    Buffer from, to;
    std::vector<PrimExpr> indices;
    Stmt VisitStmt_(const BufferStoreNode* op) override {
      Stmt st = StmtExprMutator::VisitStmt_(op);
      const auto* n = st.as<BufferStoreNode>();
      return n->buffer.same_as(from) ? BufferStore(to, n->value, indices) : st;
    }
    PrimExpr VisitExpr_(const BufferLoadNode* op) override {
      PrimExpr e = StmtExprMutator::VisitExpr_(op);
      const auto* n = e.as<BufferLoadNode>();
      return n->buffer.same_as(from) ? BufferLoad(to, indices) : e;
    }
  } rw;
  rw.from = buffer;
  rw.to = reindex;
  rw.indices = new_indices;
  auto replace_regions = [&](std::vector<BufferRegion> rs) {
    for (BufferRegion& r : rs)
      if (r->buffer.same_as(buffer)) r = BufferRegion(reindex, new_region);
    return rs;
  };
  auto nb = CopyNode(*block);
  nb->body = rw.VisitStmt(block->body);
  if (block->init) nb->init = rw.VisitStmt(*block->init);
  nb->reads = replace_regions(block->reads);
  nb->writes = replace_regions(block->writes);
  for (MatchBufferRegion& m : nb->match_buffers)
    if (m->source->buffer.same_as(buffer)) m = MatchBufferRegion(m->buffer, BufferRegion(reindex, new_region));
  Block new_block{std::shared_ptr<const Object>(nb)};

  class Swap : public TrackingMutator {
   public:
    const BlockNode* from;
    Block to;
    Stmt VisitStmt_(const BlockNode* op) override {
      if (op != from) return TrackingMutator::VisitStmt_(op);
      rebuilt[op] = to;
      return to;
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
  } swap;
  swap.from = block;
  swap.to = new_block;
  Stmt body = swap.VisitStmt(s.scope->body);
  children = ScopeChildren(body);
  children.insert(children.begin() + std::min<size_t>(pos, children.size()), stage);
  auto sn = CopyNode(*s.scope);
  sn->body = WithScopeChildren(body, children);
  sn->alloc_buffers.push_back(reindex);
  ReplaceScope(*state_, s, Block(std::shared_ptr<const Object>(sn)), swap.rebuilt);
  BlockRV out = NewBlockRV(stage_block, s.func);
  trace_.Append(Instruction{"reindex",
                            {{"block", Value(rv)},
                             {"buffer", TraceValue::List({TraceValue::Str(is_write ? "write" : "read"), TraceValue::Int(buffer_index)},
                                                         TraceValue::kTuple)}},
                            {Value(out)},
                            false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
