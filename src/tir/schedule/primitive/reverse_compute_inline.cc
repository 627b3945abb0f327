// reverse_compute_inline: a consumer block `C[h(v)] = g(B[v...])` disappears into the only
// producer of B: the producer's store `B[p...] = f` becomes `C[h(p)] = g(f)`. B and the
// consumer's loop nest go away; the regions of the blocks whose signature named B are recomputed
// over the signature buffers (TVM's rule, see AddSignatureBuffers).
#include "compute_location.h"

namespace tirgen {
namespace tir {

namespace {
// Collects the loads of one buffer.
class LoadCollector : public StmtExprVisitor {
 public:
  explicit LoadCollector(const BufferNode* b) : buf(b) {}
  void VisitExpr_(const BufferLoadNode* op) override {
    if (op->buffer.get() == buf) loads.push_back(op);
    StmtExprVisitor::VisitExpr_(op);
  }
  const BufferNode* buf;
  std::vector<const BufferLoadNode*> loads;
};

class LoadReplacer : public StmtExprMutator {
 public:
  LoadReplacer(const BufferNode* b, PrimExpr v) : buf_(b), value_(std::move(v)) {}
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    if (op->buffer.get() == buf_) return value_;
    return StmtExprMutator::VisitExpr_(op);
  }

 private:
  const BufferNode* buf_;
  PrimExpr value_;
};
}  // namespace

void ReverseInlineBlock(Schedule::State& st, const BlockRV& rv) {
  BlockScope s = GetBlockScope(st, rv);
  const BlockNode* consumer = s.block;
  auto fail = [&](const std::string& why) {
    throw ScheduleError("cannot reverse-inline " + Describe(consumer) + ": " + why);
  };
  const auto* cstore = consumer->body.as<BufferStoreNode>();
  if (!cstore || consumer->init) fail("its body must be a single BufferStore (and no init)");
  for (const IterVar& iv : consumer->iter_vars)
    if (iv->iter_type != IterVarType::kDataPar) fail("iter var \"" + iv->var->name_hint + "\" is not data-parallel");
  // The one buffer it reads that a block of the scope produces.
  StmtTree tree(s.f);
  const BlockNode* producer = nullptr;
  Buffer inlined;
  for (const BufferRegion& r : consumer->reads) {
    for (const BlockNode* b : tree.blocks) {
      if (b == consumer || b == tree.root || tree.ScopeOf(b) != s.scope) continue;
      for (const BufferRegion& w : b->writes) {
        if (!w->buffer.same_as(r->buffer)) continue;
        if (producer && producer != b) fail("buffer \"" + r->buffer->name + "\" has more than one producer");
        if (inlined.defined() && !inlined.same_as(r->buffer)) fail("it reads more than one produced buffer");
        producer = b;
        inlined = r->buffer;
      }
    }
  }
  if (!producer) fail("no block of its scope produces a buffer it reads");
  for (const BlockNode* b : tree.blocks) {
    if (b == consumer || b == producer) continue;
    for (const BufferRegion& r : b->reads)
      if (r->buffer.same_as(inlined)) fail(Describe(b) + " also reads \"" + inlined->name + "\"");
  }
  const auto* pstore = producer->body.as<BufferStoreNode>();
  if (!pstore || producer->init || !pstore->buffer.same_as(inlined))
    fail("its producer " + Describe(producer) + " must have a single BufferStore body and no init");
  LoadCollector lc(inlined.get());
  lc.VisitExpr(cstore->value);
  for (const PrimExpr& i : cstore->indices) lc.VisitExpr(i);
  if (lc.loads.empty()) fail("it does not load \"" + inlined->name + "\" in its store");
  // The load indices must be distinct iter vars covering every iter var: then each iter var
  // is the producer's index at its position.
  std::vector<std::pair<Var, PrimExpr>> vmap;
  const BufferLoadNode* load = lc.loads[0];
  for (size_t k = 0; k < load->indices.size(); ++k) {
    const VarNode* v = load->indices[k].as<VarNode>();
    bool iter = false;
    for (const IterVar& iv : consumer->iter_vars) iter = iter || (v && iv->var.get() == v);
    for (const auto& kv : vmap) iter = iter && kv.first.get() != v;
    if (!iter) fail("its loads of \"" + inlined->name + "\" must be indexed by distinct block iter vars");
    vmap.emplace_back(GetRef<Var>(v), pstore->indices[k]);
  }
  if (vmap.size() != consumer->iter_vars.size()) fail("every block iter var must index its load of \"" + inlined->name + "\"");
  for (const BufferLoadNode* l : lc.loads)
    for (size_t k = 0; k < l->indices.size(); ++k)
      if (!l->indices[k].same_as(load->indices[k])) fail("all its loads of \"" + inlined->name + "\" must use the same indices");
  // The new producer store.
  PrimExpr value = Substitute(LoadReplacer(inlined.get(), pstore->value).VisitExpr(cstore->value), vmap);
  std::vector<PrimExpr> indices;
  for (const PrimExpr& i : cstore->indices) indices.push_back(Substitute(i, vmap));
  // A consumer that reads only part of B (a crop: C[i] = B[i] for i < 16 of 21) must not store
  // for the rest of the producer's domain: those producer iterations get a predicate keeping
  // each index inside the consumer iter var's range (TVM adds the same T.where).
  PrimExpr extra;
  for (size_t k = 0; k < vmap.size(); ++k) {
    const IterVar* civ = nullptr;
    for (const IterVar& iv : consumer->iter_vars)
      if (iv->var.same_as(vmap[k].first)) civ = &iv;
    const PrimExpr& idx = vmap[k].second;
    const auto* min = (*civ)->dom->min.as<IntImmNode>();
    const auto* ext = (*civ)->dom->extent.as<IntImmNode>();
    const auto* dim = inlined->shape[k].as<IntImmNode>();
    bool covers = min && ext && dim && min->value == 0 && ext->value >= dim->value;
    if (covers) continue;
    PrimExpr in_range = idx < (*civ)->dom->min + (*civ)->dom->extent;
    if (!(min && min->value == 0)) in_range = ((*civ)->dom->min <= idx) && in_range;
    extra = extra.defined() ? (extra && in_range) : in_range;
  }
  auto pn = CopyNode(*producer);
  pn->body = BufferStore(cstore->buffer, value, indices);
  Block new_store{std::shared_ptr<const Object>(pn)};

  Stmt body = RemoveBlockSubtree(s.scope->body, consumer);
  // Swaps the new producer in. Regions are recomputed as TVM's inliner does: over the buffers
  // named by the signatures of the consumer, the scope root and every block visited so far
  // (pre-order), for the blocks whose signature named the inlined buffer.
  class Swap : public TrackingMutator {
   public:
    const BlockNode* from;
    Buffer inlined;
    Block new_store;  // the producer with its new store, regions not yet recomputed
    Block to;
    PrimExpr extra;  // over the producer's iter vars; undefined: no predicate to add
    std::vector<IterVar> iter_vars;
    BufferVarMap buffers;
    void ReachProducer() {
      AddSignatureBuffers(from, &buffers);
      to = WithReadWriteRegions(new_store, buffers);
    }
    Stmt VisitStmt_(const BlockRealizeNode* op) override {
      if (op->block.get() != from || !extra.defined()) return TrackingMutator::VisitStmt_(op);
      ReachProducer();
      std::vector<std::pair<Var, PrimExpr>> bind;
      for (size_t i = 0; i < iter_vars.size(); ++i) bind.emplace_back(iter_vars[i]->var, op->iter_values[i]);
      PrimExpr cond = Substitute(extra, bind);
      PrimExpr pred = is_one(op->predicate) ? cond : (op->predicate && cond);
      rebuilt[from] = to;
      return BlockRealize(op->iter_values, pred, to);
    }
    Stmt VisitStmt_(const BlockNode* op) override {
      if (op == from) {
        ReachProducer();
        rebuilt[op] = to;
        return to;
      }
      AddSignatureBuffers(op, &buffers);
      return TrackingMutator::VisitStmt_(op);
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }

   protected:
    Block Finish(const BlockNode* old, Block b) override {
      return SignatureNames(old, inlined) ? WithReadWriteRegions(b, buffers) : b;
    }
  } swap;
  swap.from = producer;
  swap.inlined = inlined;
  swap.new_store = new_store;
  AddSignatureBuffers(consumer, &swap.buffers);
  AddSignatureBuffers(s.scope, &swap.buffers);
  swap.extra = extra;
  swap.iter_vars = producer->iter_vars;
  auto n = CopyNode(*s.scope);
  n->body = swap.VisitStmt(body);
  std::vector<Buffer> allocs;
  for (const Buffer& a : n->alloc_buffers)
    if (!a.same_as(inlined)) allocs.push_back(a);
  n->alloc_buffers = allocs;
  ReplaceScope(st, s, Block(std::shared_ptr<const Object>(n)), swap.rebuilt);
}

void Schedule::ReverseComputeInline(const BlockRV& rv) {
  ReverseInlineBlock(*state_, rv);
  trace_.Append(Instruction{"reverse_compute_inline", {{"block", Value(rv)}}, {}, false});
}

}  // namespace tir
}  // namespace tirgen
