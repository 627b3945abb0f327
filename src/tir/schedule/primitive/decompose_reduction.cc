// decompose_reduction: a reduction block with an init becomes an init block (`<name>_init`,
// under copies of the loops below `loop` that its data-parallel bindings use, named `_init`)
// placed right before `loop`, and the update block (`<name>_update`, no init; its written
// regions are now also read).
#include <set>

#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
// The conjuncts of `pred` that use none of the discarded loop vars.
PrimExpr RemakePredicate(const PrimExpr& pred, const std::set<const VarNode*>& discarded) {
  if (pred.kind() == Kind::kAnd) {
    const auto* a = pred.as<BinaryNode>();
    return logical_and(RemakePredicate(a->a, discarded), RemakePredicate(a->b, discarded));
  }
  if (FindVar(pred, [&](const VarNode* v) { return discarded.count(v) > 0; })) return make_const(DataType::Bool(), 1);
  return pred;
}
}  // namespace

BlockRV Schedule::DecomposeReduction(const BlockRV& block_rv, const LoopRV& loop_rv) {
  BlockScope s = GetBlockScope(*state_, block_rv);
  const ForNode* loop = state_->GetLoop(loop_rv);
  const BlockNode* block = s.block;
  const BlockRealizeNode* realize = s.realize;
  StmtTree tree(s.f);
  std::vector<const ForNode*> loops = tree.LoopsAbove(block);
  auto pos = std::find(loops.begin(), loops.end(), loop);
  if (pos == loops.end())
    throw ScheduleError("cannot decompose " + Describe(block) + " at " + Describe(loop) +
                        ": the loop is not an ancestor of the block in its scope");
  if (!block->init || !IsReductionBlock(block))
    throw ScheduleError("cannot decompose " + Describe(block) + ": it is not a reduction block with an init");
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    if (iv->iter_type != IterVarType::kCommReduce) continue;
    for (auto it = loops.begin(); it != pos; ++it) {
      const VarNode* lv = (*it)->loop_var.get();
      if (FindVar(realize->iter_values[i], [&](const VarNode* v) { return v == lv; }))
        throw ScheduleError("cannot decompose " + Describe(block) + " at " + Describe(loop) + ": the outer " +
                            Describe(*it) + " binds the reduction iter var \"" + iv->var->name_hint +
                            "\", so the init would run inside the reduction");
    }
  }
  // The init block over the data-parallel iter vars.
  std::vector<IterVar> iters;
  std::vector<PrimExpr> bindings;
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    if (iv->iter_type != IterVarType::kDataPar) continue;
    Var nv(iv->var->name_hint, iv->var.dtype());
    iters.push_back(IterVar(iv->dom, nv, iv->iter_type, iv->thread_tag));
    bindings.push_back(realize->iter_values[i]);
    vmap.emplace_back(iv->var, nv);
  }
  std::vector<BufferRegion> writes;
  for (const BufferRegion& w : block->writes) {
    std::vector<Range> region;
    for (const Range& r : w->region) region.emplace_back(Substitute(r->min, vmap), Substitute(r->extent, vmap));
    writes.push_back(BufferRegion(w->buffer, region));
  }
  Block init(iters, {}, writes, block->name_hint + "_init", Substitute(*block->init, vmap), std::nullopt, {}, {},
             block->annotations);
  // Loops from the innermost up to `loop` that the init bindings use are copied.
  std::set<const VarNode*> discarded;
  std::vector<const ForNode*> chosen;  // innermost first
  for (auto it = loops.end(); it != pos;) {
    --it;
    const VarNode* lv = (*it)->loop_var.get();
    bool used = false;
    for (const PrimExpr& b : bindings) used = used || FindVar(b, [&](const VarNode* v) { return v == lv; });
    if (used) chosen.push_back(*it);
    else discarded.insert(lv);
  }
  std::vector<std::pair<Var, PrimExpr>> loop_map;
  for (const ForNode* l : chosen) loop_map.emplace_back(l->loop_var, CopyVar(l->loop_var, "_init", l->loop_var.dtype()));
  for (PrimExpr& b : bindings) b = Substitute(b, loop_map);
  // The predicate is over the copied loops too (a tail of an imperfect split).
  Stmt init_stmt = BlockRealize(bindings, Substitute(RemakePredicate(realize->predicate, discarded), loop_map), init);
  for (size_t k = 0; k < chosen.size(); ++k) {
    const ForNode* l = chosen[k];
    init_stmt = For(loop_map[k].second.cast<Var>(), l->min, l->extent, l->kind, init_stmt, l->thread_binding);
  }
  // The update block.
  auto un = CopyNode(*block);
  un->name_hint = block->name_hint + "_update";
  un->init.reset();
  std::vector<BufferRegion> reads;
  for (const BufferRegion& w : block->writes) {
    bool read = false;
    for (const BufferRegion& r : block->reads) read = read || r->buffer.same_as(w->buffer);
    if (!read) reads.push_back(w);
  }
  for (const BufferRegion& r : block->reads) reads.push_back(r);
  un->reads = reads;
  Block update{std::shared_ptr<const Object>(un)};

  class Rewriter : public TrackingMutator {
   public:
    const ForNode* loop;
    const BlockNode* block;
    Block update;
    Stmt init;
    Stmt VisitStmt_(const ForNode* op) override {
      Stmt s = StmtExprMutator::VisitStmt_(op);
      if (op == loop) return SeqStmt::Flatten({init, s});
      return s;
    }
    Stmt VisitStmt_(const BlockNode* op) override {
      if (op == block) {
        rebuilt[op] = update;
        return update;
      }
      return TrackingMutator::VisitStmt_(op);
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
  } rw;
  rw.loop = loop;
  rw.block = block;
  rw.update = update;
  rw.init = init_stmt;
  auto n = CopyNode(*s.scope);
  n->body = rw.VisitStmt(s.scope->body);
  ReplaceScope(*state_, s, Block(std::shared_ptr<const Object>(n)), rw.rebuilt);
  BlockRV out = NewBlockRV(init, s.func);
  trace_.Append(Instruction{"decompose_reduction", {{"block", Value(block_rv)}, {"loop", Value(loop_rv)}}, {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
