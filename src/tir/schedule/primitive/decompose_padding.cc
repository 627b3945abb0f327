// decompose_padding (TVM v0.14 decompose_padding.cc): a padding block
// `A[...] = T.if_then_else(pred, value, pad)` becomes two blocks: `<name>_pad_const`, which fills
// the whole buffer with the constant `pad` under copies of the loops from `loop` inward, placed
// right before `loop`; and the original block (keeping its handle), which writes `value` on the
// in-bound region only. Loops whose variable is the binding of an iter var shrink to the
// in-bound extent; other bindings are shifted and keep the remaining condition as a predicate.
#include "../utils.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/call_effect.h"

namespace tirgen {
namespace tir {

namespace {

[[noreturn]] void PatternError(const BlockNode* block, const std::string& msg) {
  throw ScheduleError("decompose_padding expects " + Describe(block) + " to match the padding pattern: " + msg);
}

struct PaddingInfo {
  std::vector<Range> in_bound_region;  ///< per block iter var, over its binding's values
  PrimExpr in_bound_value;             ///< over the block's iter vars
  PrimExpr in_bound_predicate;         ///< over the loop vars
  PrimExpr pad_value;
};

// `pred` as a left-leaning chain of conjuncts with likely() hints dropped, simplified.
PrimExpr RewritePredicate(const PrimExpr& pred, const arith::Analyzer& ana) {
  PrimExpr res = make_const(DataType::Bool(), 1);
  std::function<void(const PrimExpr&)> update = [&](const PrimExpr& e) {
    if (e.kind() == Kind::kAnd) {
      update(e.as<BinaryNode>()->a);
      update(e.as<BinaryNode>()->b);
      return;
    }
    const auto* call = e.as<CallNode>();
    res = logical_and(res, call && call->op == "tir.likely" ? call->args[0] : e);
  };
  update(pred);
  return ana.Simplify(res);
}

void Conjuncts(const PrimExpr& e, std::vector<PrimExpr>* out) {
  if (e.kind() == Kind::kAnd) {
    Conjuncts(e.as<BinaryNode>()->a, out);
    Conjuncts(e.as<BinaryNode>()->b, out);
  } else if (!is_one(e)) {
    out->push_back(e);
  }
}

int64_t Gcd(int64_t a, int64_t b) { return b == 0 ? (a < 0 ? -a : a) : Gcd(b, a % b); }

// The values each binding takes where `pred` holds (TVM asks DetectIterMap for the surjective
// map under the predicate): each conjunct must bound one binding from one side (binding + k
// compared with 0, either way round); a binding with a stride other than 1 is refused.
std::vector<Range> InBoundRegion(const BlockNode* block, const std::vector<PrimExpr>& bindings,
                                 const PrimExpr& pred, const arith::Analyzer& ana,
                                 const std::vector<const ForNode*>& loops) {
  std::vector<int64_t> lo(bindings.size()), hi(bindings.size());
  for (size_t i = 0; i < bindings.size(); ++i) {
    arith::ConstBound b = ana.Bound(bindings[i]);
    if (b.min == std::numeric_limits<int64_t>::min() || b.max == std::numeric_limits<int64_t>::max())
      PatternError(block, "the binding of iter var \"" + block->iter_vars[i]->var->name_hint + "\" is unbounded");
    lo[i] = b.min;
    hi[i] = b.max;
    // Coefficients of the loop variables: a common factor above 1 is a strided iteration.
    int64_t g = 0;
    for (const ForNode* l : loops) {
      const int64_t* ext = as_const_int(l->extent);
      if (ext && *ext == 1) continue;
      if (!FindVar(bindings[i], [&](const VarNode* v) { return v == l->loop_var.get(); })) continue;
      PrimExpr zero = make_const(l->loop_var.dtype(), 0), one = make_const(l->loop_var.dtype(), 1);
      PrimExpr c = ana.Simplify(sub(Substitute(bindings[i], {{l->loop_var, one}}), Substitute(bindings[i], {{l->loop_var, zero}})));
      const int64_t* k = as_const_int(c);
      g = Gcd(g, k ? *k : 1);
    }
    if (g > 1) PatternError(block, "strided iteration is not supported");
  }
  std::vector<PrimExpr> conj;
  Conjuncts(pred, &conj);
  for (const PrimExpr& c : conj) {
    bool matched = false;
    if (IsCompareKind(c.kind()) && c.kind() != Kind::kNE) {
      const auto* cmp = c.as<BinaryNode>();
      PrimExpr d = ana.Simplify(sub(cmp->a, cmp->b));
      for (size_t i = 0; i < bindings.size() && !matched; ++i) {
        if (as_const_int(bindings[i]) || bindings[i].dtype() != d.dtype()) continue;
        // d == binding + k (sign 1) or d == k - binding (sign -1); the conjunct is `d op 0`.
        for (int sign : {1, -1}) {
          PrimExpr r = ana.Simplify(sign > 0 ? sub(d, bindings[i]) : add(d, bindings[i]));
          const int64_t* k = as_const_int(r);
          if (!k) continue;
          Kind op = c.kind();
          if (sign < 0) op = op == Kind::kLT ? Kind::kGT : op == Kind::kLE ? Kind::kGE : op == Kind::kGT ? Kind::kLT : op == Kind::kGE ? Kind::kLE : op;
          // binding `op` t, with t = -k (sign 1) or k (sign -1).
          int64_t t = sign > 0 ? -*k : *k;
          if (op == Kind::kLT) hi[i] = std::min(hi[i], t - 1);
          if (op == Kind::kLE || op == Kind::kEQ) hi[i] = std::min(hi[i], t);
          if (op == Kind::kGT) lo[i] = std::max(lo[i], t + 1);
          if (op == Kind::kGE || op == Kind::kEQ) lo[i] = std::max(lo[i], t);
          matched = true;
          break;
        }
      }
    }
    if (!matched) PatternError(block, "the block iters are not independent with respect to the padding condition");
  }
  std::vector<Range> region;
  for (size_t i = 0; i < bindings.size(); ++i) {
    if (hi[i] < lo[i]) PatternError(block, "the in-bound region of iter var \"" + block->iter_vars[i]->var->name_hint + "\" is empty");
    DataType t = bindings[i].dtype();
    region.emplace_back(make_const(t, lo[i]), make_const(t, hi[i] - lo[i] + 1));
  }
  return region;
}

PaddingInfo MatchPadding(const BlockNode* block, const BlockRealizeNode* realize, const arith::Analyzer& ana,
                         const std::vector<const ForNode*>& loops) {
  std::vector<std::pair<Var, PrimExpr>> iter_values;
  for (size_t i = 0; i < block->iter_vars.size(); ++i) iter_values.emplace_back(block->iter_vars[i]->var, realize->iter_values[i]);
  const auto* store = block->body.as<BufferStoreNode>();
  if (!store) PatternError(block, "its body must be one BufferStore to the written buffer");
  const auto* ite = store->value.as<CallNode>();
  if (!ite || ite->op != "tir.if_then_else")
    PatternError(block, "the stored value must be T.if_then_else(in-bound condition, value, pad value)");
  const PrimExpr& pad = ite->args[2];
  if (pad.kind() != Kind::kIntImm && pad.kind() != Kind::kFloatImm) PatternError(block, "the pad value must be a constant");
  if (SideEffect(ite->args[1]) > CallEffectKind::kReadState) PatternError(block, "the in-bound value must have no side effect");
  PaddingInfo info;
  info.in_bound_predicate = RewritePredicate(logical_and(Substitute(ite->args[0], iter_values), realize->predicate), ana);
  if (ana.CanProve(info.in_bound_predicate)) PatternError(block, "the in-bound condition is always true");
  info.in_bound_region = InBoundRegion(block, realize->iter_values, info.in_bound_predicate, ana, loops);
  info.in_bound_value = ite->args[1];
  info.pad_value = pad;
  return info;
}

std::vector<Range> MapRegion(const std::vector<Range>& region, const std::function<PrimExpr(const PrimExpr&)>& f) {
  std::vector<Range> out;
  for (const Range& r : region) out.emplace_back(f(r->min), f(r->extent));
  return out;
}

}  // namespace

BlockRV Schedule::DecomposePadding(const BlockRV& block_rv, const LoopRV& loop_rv) {
  BlockScope s = GetBlockScope(*state_, block_rv);
  const ForNode* loop = state_->GetLoop(loop_rv);
  const BlockNode* block = s.block;
  const BlockRealizeNode* realize = s.realize;
  StmtTree tree(s.f);
  // A complete block: data parallel, the only writer of what it writes, reading none of it.
  for (const IterVar& iv : block->iter_vars)
    if (iv->iter_type != IterVarType::kDataPar)
      throw ScheduleError("cannot decompose_padding " + Describe(block) + ": it is not a complete block (iter var \"" +
                          iv->var->name_hint + "\" is not data parallel)");
  if (block->writes.size() != 1)
    throw ScheduleError("cannot decompose_padding " + Describe(block) + ": it must write exactly one buffer");
  const Buffer& out = block->writes[0]->buffer;
  for (const BufferRegion& r : block->reads)
    if (r->buffer.same_as(out))
      throw ScheduleError("cannot decompose_padding " + Describe(block) + ": it is not a complete block (it reads \"" +
                          out->name + "\", which it writes)");
  for (const BlockNode* b : tree.blocks)
    if (b != block && b != tree.root && tree.ScopeOf(b) == s.scope)
      for (const BufferRegion& w : b->writes)
        if (w->buffer.same_as(out))
          throw ScheduleError("cannot decompose_padding " + Describe(block) + ": it is not a complete block (" +
                              Describe(b) + " also writes \"" + out->name + "\")");
  // Loops innermost first, up to the scope; the in-bound part replaces the chain of single-child
  // loops from the block up to at most `loop`.
  std::vector<const ForNode*> outer_first = tree.LoopsAbove(block);
  std::vector<const ForNode*> loops(outer_first.rbegin(), outer_first.rend());
  arith::Analyzer ana;
  for (const ForNode* l : loops) ana.Bind(l->loop_var, Range(l->min, l->extent));
  size_t const_pos = loops.size(), in_bound_pos = loops.size();
  bool in_bound_found = false;
  for (size_t k = 0; k < loops.size(); ++k) {
    if (loops[k] == loop) {
      const_pos = k;
      if (!in_bound_found) in_bound_pos = k;
      break;
    }
    if (!in_bound_found) {
      Kind body = loops[k]->body.kind();
      if (body != Kind::kFor && body != Kind::kBlockRealize) in_bound_found = true;
      else in_bound_pos = k;
    }
  }
  if (const_pos == loops.size())
    throw ScheduleError("cannot decompose_padding " + Describe(block) + " at " + Describe(loop) +
                        ": the loop is not an ancestor of the block in its scope");
  if (in_bound_pos == loops.size())
    throw ScheduleError("cannot decompose_padding " + Describe(block) + ": its innermost " + Describe(loops[0]) +
                        " holds other statements besides the block (TVM requires a loop holding only the block)");
  PaddingInfo info = MatchPadding(block, realize, ana, loops);

  // The constant block: fresh iter vars and copies of the loops up to `loop`.
  std::vector<std::pair<Var, PrimExpr>> repl;
  std::vector<IterVar> const_iters;
  for (const IterVar& iv : block->iter_vars) {
    Var nv(iv->var->name_hint, iv->var.dtype());
    const_iters.push_back(IterVar(iv->dom, nv, IterVarType::kDataPar));
    repl.emplace_back(iv->var, nv);
  }
  auto rewrite = [&](const PrimExpr& e, const arith::Analyzer& a) { return a.Simplify(Substitute(e, repl)); };
  auto const_rw = [&](const PrimExpr& e) { return rewrite(e, ana); };
  std::vector<PrimExpr> const_indices;
  for (const PrimExpr& i : block->body.as<BufferStoreNode>()->indices) const_indices.push_back(const_rw(i));
  BufferRegion const_write(out, MapRegion(block->writes[0]->region, const_rw));
  Block const_block(const_iters, {}, {const_write}, block->name_hint + "_pad_const",
                    BufferStore(out, info.pad_value, const_indices));
  std::vector<Var> const_loop_vars;
  for (size_t k = 0; k <= const_pos; ++k) {
    Var nv(loops[k]->loop_var->name_hint, loops[k]->loop_var.dtype());
    const_loop_vars.push_back(nv);
    repl.emplace_back(loops[k]->loop_var, nv);
  }
  std::vector<PrimExpr> const_bindings;
  for (const PrimExpr& v : realize->iter_values) const_bindings.push_back(const_rw(v));
  Stmt const_nest = BlockRealize(const_bindings, const_rw(realize->predicate), const_block);
  for (size_t k = 0; k < const_loop_vars.size(); ++k)
    const_nest = For(const_loop_vars[k], loops[k]->min, loops[k]->extent, ForKind::kSerial, const_nest);

  // The in-bound block: iter vars over the in-bound extents, shifted by the region's start.
  repl.clear();
  std::map<const VarNode*, Range> loop_ranges;
  for (size_t k = 0; k <= in_bound_pos; ++k) loop_ranges[loops[k]->loop_var.get()] = Range(loops[k]->min, loops[k]->extent);
  std::vector<IterVar> in_iters;
  std::vector<bool> shifted_loop(block->iter_vars.size(), false);
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    Var nv(iv->var->name_hint, iv->var.dtype());
    Range r(make_const(nv.dtype(), 0), info.in_bound_region[i]->extent);
    in_iters.push_back(IterVar(r, nv, IterVarType::kDataPar));
    repl.emplace_back(iv->var, add(nv, info.in_bound_region[i]->min));
    const auto* lv = realize->iter_values[i].as<VarNode>();
    if (lv && loop_ranges.count(lv)) {
      // The loop itself shrinks rather than the block getting a predicate.
      loop_ranges[lv] = r;
      repl.emplace_back(realize->iter_values[i].cast<Var>(), add(realize->iter_values[i], info.in_bound_region[i]->min));
      shifted_loop[i] = true;
    }
  }
  arith::Analyzer in_ana;
  for (const ForNode* l : loops) {
    auto it = loop_ranges.find(l->loop_var.get());
    in_ana.Bind(l->loop_var, it != loop_ranges.end() ? it->second : Range(l->min, l->extent));
  }
  auto in_rw = [&](const PrimExpr& e) { return rewrite(e, in_ana); };
  std::vector<PrimExpr> in_bindings;
  for (size_t i = 0; i < block->iter_vars.size(); ++i)
    in_bindings.push_back(shifted_loop[i] ? realize->iter_values[i]
                                          : in_ana.Simplify(sub(realize->iter_values[i], info.in_bound_region[i]->min)));
  std::vector<BufferRegion> reads, writes;
  for (const BufferRegion& r : block->reads) reads.push_back(BufferRegion(r->buffer, MapRegion(r->region, in_rw)));
  for (const BufferRegion& w : block->writes) writes.push_back(BufferRegion(w->buffer, MapRegion(w->region, in_rw)));
  std::vector<PrimExpr> in_indices;
  for (const PrimExpr& i : block->body.as<BufferStoreNode>()->indices) in_indices.push_back(in_rw(i));
  Block in_block(in_iters, reads, writes, block->name_hint, BufferStore(out, in_rw(info.in_bound_value), in_indices));
  Stmt in_nest = BlockRealize(in_bindings, in_rw(info.in_bound_predicate), in_block);
  for (size_t k = 0; k <= in_bound_pos; ++k) {
    const ForNode* l = loops[k];
    const Range& r = loop_ranges.at(l->loop_var.get());
    in_nest = For(l->loop_var, r->min, r->extent, l->kind, in_nest, l->thread_binding, l->annotations);
  }

  class Replacer : public TrackingMutator {
   public:
    const ForNode* const_at;
    const ForNode* in_bound_at;
    Stmt const_nest, in_nest;
    Stmt VisitStmt_(const ForNode* op) override {
      Stmt s = op == in_bound_at ? in_nest : StmtExprMutator::VisitStmt_(op);
      return op == const_at ? SeqStmt::Flatten({const_nest, s}) : s;
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
  } rep;
  rep.const_at = loops[const_pos];
  rep.in_bound_at = loops[in_bound_pos];
  rep.const_nest = const_nest;
  rep.in_nest = in_nest;
  auto n = CopyNode(*s.scope);
  n->body = rep.VisitStmt(s.scope->body);
  std::map<const BlockNode*, Block> reuse = rep.rebuilt;
  reuse[block] = in_block;
  ReplaceScope(*state_, s, Block(std::shared_ptr<const Object>(n)), reuse);
  BlockRV result = NewBlockRV(const_block, s.func);
  trace_.Append(Instruction{"decompose_padding", {{"block", Value(block_rv)}, {"loop", Value(loop_rv)}}, {Value(result)}, false});
  return result;
}

}  // namespace tir
}  // namespace tirgen
