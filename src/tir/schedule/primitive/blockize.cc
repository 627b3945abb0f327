// blockize (see blockize.h).
#include "blockize.h"

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/analysis/interval.h"

namespace tirgen {
namespace tir {

namespace {

// Substitutes vars in a block, simplifying the expressions that changed.
class BlockSubstituter : public StmtExprMutator {
 public:
  BlockSubstituter(const std::vector<std::pair<Var, PrimExpr>>& vmap, const arith::Analyzer& ana) : ana_(ana) {
    for (const auto& kv : vmap) map_[kv.first.get()] = kv.second;
  }
  PrimExpr VisitExpr(const PrimExpr& e) override {
    PrimExpr r = StmtExprMutator::VisitExpr(e);
    if (!r.same_as(e) && r.dtype().is_int()) return ana_.Simplify(r);
    return r;
  }
  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = map_.find(op);
    return it == map_.end() ? GetRef<PrimExpr>(op) : it->second;
  }

 private:
  std::unordered_map<const VarNode*, PrimExpr> map_;
  const arith::Analyzer& ana_;
};

std::vector<BufferRegion> RelaxRegions(const std::vector<BufferRegion>& regions, const VarDomain& dom) {
  std::vector<BufferRegion> out;
  for (const BufferRegion& r : regions) {
    std::vector<Range> ranges;
    for (size_t d = 0; d < r->region.size(); ++d) {
      const Range& rg = r->region[d];
      PrimExpr last = sub(add(rg->min, rg->extent), make_const(rg->extent.dtype(), 1));
      Interval iv{EvalInterval(rg->min, dom).min, EvalInterval(last, dom).max};
      ranges.push_back(CoverRange(iv, Range(make_const(r->buffer->shape[d].dtype(), 0), r->buffer->shape[d])));
    }
    out.push_back(BufferRegion(r->buffer, ranges));
  }
  return out;
}

}  // namespace

BlockizeResult BlockizeLoop(const StmtTree& tree, const ForNode* loop, bool preserve_unit_iters) {
  // The subtree must be loops around exactly one block realize.
  std::vector<const ForNode*> loops;  // innermost first
  Stmt s = GetRef<Stmt>(loop);
  while (const auto* f = s.as<ForNode>()) {
    loops.insert(loops.begin(), f);
    s = f->body;
  }
  const auto* realize = s.as<BlockRealizeNode>();
  if (!realize)
    throw ScheduleError("cannot blockize " + Describe(loop) +
                        ": the loops under it must end in exactly one block (found a " + KindName(s.kind()) + ")");
  const BlockNode* block = realize->block.get();
  IterDomain dom = LoopDomain(tree, loop);
  std::vector<const VarNode*> inner_vars;
  for (auto it = loops.rbegin(); it != loops.rend(); ++it) {
    dom.emplace_back((*it)->loop_var, Range((*it)->min, (*it)->extent));
    inner_vars.push_back((*it)->loop_var.get());
  }
  if (!is_one(realize->predicate))
    throw ScheduleError("cannot blockize " + Describe(loop) + ": " + Describe(block) + " has a predicate");
  auto division = SubspaceDivide(realize->iter_values, dom, inner_vars);
  if (!division)
    throw ScheduleError("cannot blockize " + Describe(loop) + ": the bindings of " + Describe(block) +
                        " cannot be divided into parts over the loops outside and inside it");
  std::vector<IterVar> outer_iters, inner_iters;
  std::vector<PrimExpr> outer_bindings, inner_bindings;
  std::vector<std::pair<Var, PrimExpr>> subst;
  arith::Analyzer ana;
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    const SubspaceDivision& d = (*division)[i];
    DataType t = iv->var.dtype();
    IterVar outer(Range(make_const(t, 0), make_const(t, d.outer_extent)), Var(iv->var->name_hint + "_o", t), iv->iter_type);
    outer_iters.push_back(outer);
    outer_bindings.push_back(d.outer);
    PrimExpr sub_value;
    if (d.inner_extent == 1) {
      sub_value = d.outer_extent == 1 && !preserve_unit_iters ? make_const(t, 0) : PrimExpr(outer->var);
    } else {
      IterVar inner(Range(make_const(t, 0), make_const(t, d.inner_extent)), Var(iv->var->name_hint + "_i", t), iv->iter_type);
      inner_iters.push_back(inner);
      inner_bindings.push_back(d.inner);
      ana.Bind(inner->var, inner->dom);
      sub_value = d.outer_extent == 1 ? PrimExpr(inner->var) : add(mul(outer->var, make_const(t, d.inner_extent)), inner->var);
    }
    subst.emplace_back(iv->var, sub_value);
  }
  BlockSubstituter bs(subst, ana);
  Block block_subst = bs.VisitStmt(GetRef<Stmt>(block)).cast<Block>();
  bool outer_reduction = false;
  if (block_subst->init)
    for (const IterVar& iv : outer_iters) outer_reduction = outer_reduction || iv->iter_type == IterVarType::kCommReduce;
  auto in = CopyNode(*block_subst.get());
  in->iter_vars = inner_iters;
  in->init.reset();
  if (outer_reduction) {
    std::vector<BufferRegion> reads = block_subst->writes;
    reads.insert(reads.end(), block_subst->reads.begin(), block_subst->reads.end());
    in->reads = reads;
  }
  Block inner_block{std::shared_ptr<const Object>(in)};
  BlockRealize inner_realize(inner_bindings, make_const(DataType::Bool(), 1), inner_block);
  VarDomain inner_dom;
  for (const IterVar& iv : inner_iters) inner_dom[iv->var.get()] = iv->dom;
  Stmt body = inner_realize;
  for (const ForNode* f : loops) body = WithBody(f, body);
  std::optional<Stmt> init;
  if (block_subst->init) {
    // The init over the inner data-parallel iter vars it uses, under the inner loops they need.
    std::vector<std::pair<Var, PrimExpr>> init_map;
    std::vector<IterVar> init_iters;
    std::vector<PrimExpr> init_values;
    for (size_t i = 0; i < inner_iters.size(); ++i) {
      const IterVar& iv = inner_iters[i];
      const VarNode* v = iv->var.get();
      bool used = false;
      class Uses : public StmtExprVisitor {
       public:
        const VarNode* v;
        bool found = false;
        void VisitExpr_(const VarNode* op) override { found = found || op == v; }
      } u;
      u.v = v;
      u.VisitStmt(*block_subst->init);
      used = u.found;
      if (iv->iter_type != IterVarType::kDataPar || !used) continue;
      Var nv(iv->var->name_hint + "_init", iv->var.dtype());
      init_map.emplace_back(iv->var, nv);
      init_iters.push_back(IterVar(iv->dom, nv, iv->iter_type, iv->thread_tag));
      init_values.push_back(inner_bindings[i]);
    }
    Stmt init_stmt = BlockRealize(init_values, make_const(DataType::Bool(), 1),
                                  Block(init_iters, {}, inner_block->writes, block->name_hint + "_init", *block_subst->init));
    for (const ForNode* f : loops) {
      bool used = false;
      for (const PrimExpr& b : init_values)
        used = used || FindVar(b, [&](const VarNode* x) { return x == f->loop_var.get(); });
      if (!used) continue;
      Var nv(f->loop_var->name_hint, f->loop_var.dtype());
      auto n = CopyNode(*f);
      n->loop_var = nv;
      n->body = init_stmt;
      init_stmt = For(std::shared_ptr<const Object>(n));
      init_map.emplace_back(f->loop_var, nv);
    }
    init = Substitute(init_stmt, init_map);
  }
  Block outer_block(outer_iters, RelaxRegions(block_subst->reads, inner_dom),
                    RelaxRegions(block_subst->writes, inner_dom), block->name_hint + "_o", body, init);
  BlockizeResult r{BlockRealize(outer_bindings, make_const(DataType::Bool(), 1), outer_block), {}};
  r.reuse[block] = inner_block;
  return r;
}

BlockRV Schedule::Blockize(const LoopRV& loop_rv, bool preserve_unit_iters) {
  std::string func = state_->FuncOf(loop_rv.id);
  const ForNode* loop = state_->GetLoop(loop_rv);
  StmtTree tree(state_->Func(func));
  BlockizeResult r = BlockizeLoop(tree, loop, preserve_unit_iters);
  state_->Replace(func, loop, r.outer, r.reuse);
  BlockRV out = NewBlockRV(r.outer->block, func);
  trace_.Append(Instruction{"blockize",
                            {{"target", Value(loop_rv)}, {"preserve_unit_iters", TraceValue::Bool(preserve_unit_iters)}},
                            {Value(out)},
                            false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
