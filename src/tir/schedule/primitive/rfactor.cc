// rfactor (TVM's RFactor): the reduction under `loop` is split in two. The rfactor block
// (`<block>_rf`) reduces into a new buffer (`<buffer>.rf`, printed `<buffer>_rf`) that has the
// loop as an extra data-parallel dimension at `factor_axis`, under copies of all the block's
// loops; the write-back block (the old name, keeping its handle) reduces that buffer over the
// loop into the original buffer, under the original loops minus the reduction loops other than
// `loop`. The rf buffer is allocated in the scope block.
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "reducer.h"

namespace tirgen {
namespace tir {

namespace {

// Block realizes directly under `s` (through loops and other statements, not into blocks).
void ChildRealizes(const Stmt& s, std::vector<const BlockRealizeNode*>* out) {
  struct V : StmtExprVisitor {
    std::vector<const BlockRealizeNode*>* out;
    void VisitStmt_(const BlockRealizeNode* op) override { out->push_back(op); }
    void VisitExpr(const PrimExpr&) override {}
  } v;
  v.out = out;
  v.VisitStmt(s);
}

// Vars in `e` in order of first use (left to right).
std::vector<Var> VarsInOrder(const PrimExpr& e) {
  struct V : StmtExprVisitor {
    std::vector<Var> out;
    void VisitExpr_(const VarNode* op) override {
      for (const Var& o : out)
        if (o.get() == op) return;
      out.push_back(GetRef<Var>(op));
    }
  } v;
  v.VisitExpr(e);
  return v.out;
}

bool Uses(const PrimExpr& e, const VarNode* v) {
  return FindVar(e, [&](const VarNode* x) { return x == v; }) != nullptr;
}

std::vector<Range> SubstRegion(std::vector<Range> region, const std::vector<std::pair<Var, PrimExpr>>& vmap) {
  for (Range& r : region) r = Range(Substitute(r->min, vmap), Substitute(r->extent, vmap));
  return region;
}

Stmt StoreAll(const std::vector<Buffer>& bufs, const std::vector<PrimExpr>& values,
              const std::vector<std::vector<PrimExpr>>& indices) {
  std::vector<Stmt> stores;
  for (size_t i = 0; i < bufs.size(); ++i) stores.push_back(BufferStore(bufs[i], values[i], indices[i]));
  return stores.size() == 1 ? stores[0] : Stmt(SeqStmt(stores));
}

// The combined update of several buffers goes through lets, so every value reads the old ones.
Stmt CombinedBody(const Reducer& reducer, const std::vector<Buffer>& bufs,
                  const std::vector<std::vector<PrimExpr>>& indices, const std::vector<PrimExpr>& lhs,
                  const std::vector<PrimExpr>& rhs) {
  std::vector<PrimExpr> values = reducer(lhs, rhs);
  if (bufs.size() == 1) return BufferStore(bufs[0], values[0], indices[0]);
  std::vector<Var> lets;
  std::vector<Stmt> stores;
  for (size_t i = 0; i < bufs.size(); ++i) {
    lets.push_back(Var("v_" + bufs[i]->name, values[i].dtype()));
    stores.push_back(BufferStore(bufs[i], lets.back(), indices[i]));
  }
  Stmt body = SeqStmt(stores);
  for (size_t i = bufs.size(); i-- > 0;) body = LetStmt(lets[i], values[i], body);
  return body;
}

}  // namespace

BlockRV Schedule::RFactor(const LoopRV& loop_rv, int factor_axis) {
  const int factor_axis_arg = factor_axis;
  State& st = *state_;
  const ForNode* rf_loop = st.GetLoop(loop_rv);
  std::string func = st.FuncOf(loop_rv.id);
  PrimFunc f = st.Func(func);
  StmtTree tree(f);
  std::vector<const BlockRealizeNode*> under;
  ChildRealizes(rf_loop->body, &under);
  if (under.size() != 1)
    throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": it must contain exactly one block, found " +
                        std::to_string(under.size()));
  const BlockRealizeNode* realize = under[0];
  const BlockNode* block = realize->block.get();
  const BlockNode* scope = tree.ScopeOf(block);
  // The block must be a reduction block with affine bindings whose reduction iters do not index
  // what it writes.
  for (const IterVar& iv : block->iter_vars)
    if (iv->iter_type != IterVarType::kDataPar && iv->iter_type != IterVarType::kCommReduce)
      throw ScheduleError("cannot rfactor " + Describe(block) + ": iter var \"" + iv->var->name_hint +
                          "\" is neither data-parallel nor a reduction");
  if (!IsReductionBlock(block) || !block->init)
    throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": " + Describe(block) +
                        " is not a reduction block (it needs reduction iter vars and an init)");
  if (!IsAffineBinding(realize->iter_values, LoopDomain(tree, block)))
    throw ScheduleError("cannot rfactor " + Describe(block) + ": its bindings are not affine maps of its loops");
  ReductionParts parts = GetReductionParts(block);
  for (const BufferStore& u : parts.updates)
    for (const PrimExpr& i : u->indices)
      for (const IterVar& iv : block->iter_vars)
        if (iv->iter_type == IterVarType::kCommReduce && Uses(i, iv->var.get()))
          throw ScheduleError("cannot rfactor " + Describe(block) + ": reduction iter var \"" + iv->var->name_hint +
                              "\" indexes the output buffer \"" + u->buffer->name + "\"");
  if (rf_loop->kind != ForKind::kSerial)
    throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": the loop must be serial");

  // Loops touched by data-parallel / reduction iters.
  std::unordered_set<const VarNode*> dp_vars, red_vars;
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    auto& set = block->iter_vars[i]->iter_type == IterVarType::kDataPar ? dp_vars : red_vars;
    for (const Var& v : VarsInOrder(realize->iter_values[i])) set.insert(v.get());
  }
  std::vector<const ForNode*> loops = tree.LoopsAbove(block);
  std::unordered_map<const VarNode*, const ForNode*> loop_of;
  for (const ForNode* l : loops) loop_of[l->loop_var.get()] = l;
  {
    std::vector<const BlockRealizeNode*> first;
    ChildRealizes(loops[0]->body, &first);
    if (first.empty() || first[0] != realize)
      throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": " + Describe(block) +
                          " must be the first block under the outermost loop " + Describe(loops[0]));
    bool met_reduction = false;
    for (const ForNode* l : loops) {
      bool dp = dp_vars.count(l->loop_var.get()), red = red_vars.count(l->loop_var.get());
      if (dp && red)
        throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": " + Describe(l) +
                            " is used by both data-parallel and reduction iter vars of " + Describe(block));
      if (dp && l == rf_loop)
        throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": it is not a reduction loop, a data-parallel iter var of " +
                            Describe(block) + " uses it");
      if (red && !met_reduction) {
        std::vector<const BlockRealizeNode*> inner;
        ChildRealizes(l->body, &inner);
        if (inner.size() != 1)
          throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": the outermost reduction loop " + Describe(l) +
                              " must contain only " + Describe(block));
        met_reduction = true;
      } else if (!dp && !red && met_reduction && !is_one(l->extent)) {
        throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": " + Describe(l) +
                            " under a reduction loop is used by no iter var of " + Describe(block));
      }
    }
    if (!dp_vars.count(rf_loop->loop_var.get()) && !red_vars.count(rf_loop->loop_var.get()))
      throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": no reduction iter var of " + Describe(block) + " uses it");
  }
  MatchedReducer m = MatchReducer(block, parts);
  const size_t n = parts.updates.size();
  int ndim = static_cast<int>(parts.updates[0]->buffer->shape.size());
  if (factor_axis < -(ndim + 1) || factor_axis > ndim)
    throw ScheduleError("cannot rfactor " + Describe(rf_loop) + ": factor_axis " + std::to_string(factor_axis) +
                        " is out of range [" + std::to_string(-(ndim + 1)) + ", " + std::to_string(ndim) + "] for buffer \"" +
                        parts.updates[0]->buffer->name + "\" of " + std::to_string(ndim) + " dimension(s)");
  if (factor_axis < 0) factor_axis += ndim + 1;

  // The rf buffers: the loop's extent inserted at factor_axis.
  std::vector<Buffer> rf_bufs;
  for (const BufferStore& u : parts.updates) {
    auto b = CopyNode(*u->buffer.get());
    b->shape.insert(b->shape.begin() + factor_axis, rf_loop->extent);
    b->name = u->buffer->name + ".rf";
    auto dv = CopyNode(*u->buffer->data.get());
    dv->name_hint = u->buffer->data->name_hint + ".rf";
    b->data = Var(std::shared_ptr<const Object>(dv));
    rf_bufs.push_back(Buffer(std::shared_ptr<const Object>(b)));
  }

  // ---- the rfactor block ----
  auto from_loop = [](const ForNode* l, IterVarType t) {
    return IterVar(Range(l->min, l->extent), Var("v" + l->loop_var->name_hint, l->loop_var.dtype()), t);
  };
  IterVar rf_iter = from_loop(rf_loop, IterVarType::kDataPar);
  std::vector<IterVar> rf_iters{rf_iter};
  std::vector<PrimExpr> rf_bindings{rf_loop->loop_var};
  std::vector<std::pair<Var, PrimExpr>> loop_to_iter{{rf_loop->loop_var, rf_iter->var}};
  std::vector<std::pair<Var, PrimExpr>> rf_map;  // old iter var -> expression of new iters
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    const PrimExpr& binding = realize->iter_values[i];
    if (iv->iter_type == IterVarType::kDataPar || !Uses(binding, rf_loop->loop_var.get())) {
      rf_iters.push_back(iv);
      rf_bindings.push_back(binding);
      continue;
    }
    for (const Var& v : VarsInOrder(binding)) {
      auto it = loop_of.find(v.get());
      if (it == loop_of.end()) continue;
      bool done = false;
      for (const auto& kv : loop_to_iter) done = done || kv.first.get() == v.get();
      if (done) continue;
      IterVar ni = from_loop(it->second, IterVarType::kCommReduce);
      loop_to_iter.emplace_back(v, ni->var);
      rf_iters.push_back(ni);
      rf_bindings.push_back(v);
    }
    rf_map.emplace_back(iv->var, Substitute(binding, loop_to_iter));
  }
  std::vector<PrimExpr> rf_indices = parts.updates[0]->indices;
  rf_indices.insert(rf_indices.begin() + factor_axis, rf_iter->var);
  std::vector<std::vector<PrimExpr>> rf_idx(n, rf_indices);
  std::vector<PrimExpr> rf_lhs;
  for (size_t i = 0; i < n; ++i) rf_lhs.push_back(BufferLoad(rf_bufs[i], rf_indices));
  Stmt rf_body = Substitute(CombinedBody(m.reducer, rf_bufs, rf_idx, rf_lhs, m.rhs), rf_map);
  Stmt rf_init = Substitute(StoreAll(rf_bufs, m.reducer.identity, rf_idx), rf_map);
  std::vector<BufferRegion> rf_reads, rf_writes;
  for (const BufferRegion& r : block->reads) rf_reads.push_back(BufferRegion(r->buffer, SubstRegion(r->region, rf_map)));
  for (const BufferRegion& w : block->writes) {
    std::vector<Range> region = w->region;
    region.insert(region.begin() + factor_axis, Range(rf_iter->var, make_const(rf_iter->var.dtype(), 1)));
    Buffer target = w->buffer;
    for (size_t i = 0; i < n; ++i)
      if (parts.updates[i]->buffer.same_as(w->buffer)) target = rf_bufs[i];
    rf_writes.push_back(BufferRegion(target, SubstRegion(region, rf_map)));
  }
  Block rf_block(rf_iters, rf_reads, rf_writes, block->name_hint + "_rf", rf_body, rf_init, {}, {}, block->annotations);
  // Under copies of all the block's loops (fresh vars of the same names).
  std::vector<std::pair<Var, PrimExpr>> new_loop_vars;
  for (const ForNode* l : loops) new_loop_vars.emplace_back(l->loop_var, CopyVar(l->loop_var, "", l->loop_var.dtype()));
  for (PrimExpr& b : rf_bindings) b = Substitute(b, new_loop_vars);
  Stmt rf_stmt = BlockRealize(rf_bindings, Substitute(realize->predicate, new_loop_vars), rf_block);
  for (size_t k = loops.size(); k-- > 0;) {
    auto nl = CopyNode(*loops[k]);
    nl->loop_var = new_loop_vars[k].second.cast<Var>();
    nl->body = rf_stmt;
    rf_stmt = For(std::shared_ptr<const Object>(nl));
  }

  // ---- the write-back block ----
  IterVar wb_iter = from_loop(rf_loop, IterVarType::kCommReduce);
  std::vector<IterVar> wb_iters{wb_iter};
  std::vector<PrimExpr> wb_bindings{rf_loop->loop_var};
  std::vector<std::pair<Var, PrimExpr>> wb_map{{rf_iter->var, wb_iter->var}};
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    if (iv->iter_type != IterVarType::kDataPar) continue;
    Var nv = CopyVar(iv->var, "", iv->var.dtype());
    wb_iters.push_back(IterVar(iv->dom, nv, IterVarType::kDataPar));
    wb_bindings.push_back(realize->iter_values[i]);
    wb_map.emplace_back(iv->var, nv);
  }
  std::vector<Buffer> out_bufs;
  std::vector<std::vector<PrimExpr>> out_idx;
  std::vector<PrimExpr> wb_lhs, wb_rhs;
  std::vector<BufferRegion> wb_reads, wb_writes;
  auto point_region = [](const BufferLoad& load) {
    std::vector<Range> region;
    for (const PrimExpr& i : load->indices) region.emplace_back(i, make_const(i.dtype(), 1));
    return BufferRegion(load->buffer, region);
  };
  for (size_t i = 0; i < n; ++i) {
    out_bufs.push_back(parts.updates[i]->buffer);
    out_idx.push_back(parts.updates[i]->indices);
    wb_lhs.push_back(Substitute(m.lhs[i], wb_map));
    wb_rhs.push_back(Substitute(BufferLoad(rf_bufs[i], rf_indices), wb_map));
    wb_reads.push_back(point_region(wb_rhs.back().cast<BufferLoad>()));
  }
  for (const PrimExpr& l : wb_lhs) wb_writes.push_back(point_region(l.cast<BufferLoad>()));
  Stmt wb_body = Substitute(CombinedBody(m.reducer, out_bufs, out_idx, wb_lhs, wb_rhs), wb_map);
  Stmt wb_init = Substitute(StoreAll(out_bufs, m.reducer.identity, out_idx), wb_map);
  Block wb_block(wb_iters, wb_reads, wb_writes, block->name_hint, wb_body, wb_init, {}, {}, block->annotations);
  Stmt wb_realize = BlockRealize(wb_bindings, make_const(DataType::Bool(), 1), wb_block);

  // ---- the new scope ----
  class Replacer : public StmtExprMutator {
   public:
    std::unordered_map<const VarNode*, const ForNode*>* loop_of;
    std::unordered_set<const VarNode*>* red_vars;
    const ForNode *rf_loop, *outermost;
    const BlockRealizeNode* realize;
    Stmt rf_stmt, wb_realize;
    Stmt VisitStmt_(const ForNode* op) override {
      if (!loop_of->count(op->loop_var.get())) return GetRef<Stmt>(op);
      Stmt body = VisitStmt(op->body);
      if (op == rf_loop || !red_vars->count(op->loop_var.get())) body = WithBody(op, body);
      return op == outermost ? SeqStmt::Flatten({rf_stmt, body}) : body;
    }
    Stmt VisitStmt_(const BlockRealizeNode* op) override {
      return op == realize ? wb_realize : GetRef<Stmt>(op);
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
  } rep;
  rep.loop_of = &loop_of;
  rep.red_vars = &red_vars;
  rep.rf_loop = rf_loop;
  rep.outermost = loops[0];
  rep.realize = realize;
  rep.rf_stmt = rf_stmt;
  rep.wb_realize = wb_realize;
  auto ns = CopyNode(*scope);
  ns->body = rep.VisitStmt(scope->body);
  for (const Buffer& b : rf_bufs) ns->alloc_buffers.push_back(b);
  Block new_scope{std::shared_ptr<const Object>(ns)};
  st.Replace(func, scope, new_scope, {{scope, new_scope}, {block, wb_block}});
  BlockRV out = NewBlockRV(rf_block, func);
  trace_.Append(Instruction{"rfactor", {{"loop", Value(loop_rv)}, {"factor_axis", TraceValue::Int(factor_axis_arg)}},
                            {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
