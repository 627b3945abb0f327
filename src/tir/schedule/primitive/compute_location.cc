// compute_at / reverse_compute_at (see compute_location.h).
#include "compute_location.h"

#include <set>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/analysis/interval.h"

namespace tirgen {
namespace tir {

namespace {

bool Under(const StmtTree& tree, const StmtNode* s, const StmtNode* ancestor) {
  for (const StmtNode* p = tree.Parent(s); p; p = tree.Parent(p))
    if (p == ancestor) return true;
  return false;
}

bool Touches(const std::vector<BufferRegion>& regions, const Buffer& b) {
  for (const BufferRegion& r : regions)
    if (r->buffer->data.same_as(b->data)) return true;
  return false;
}

// Does `stmt` contain one of `blocks`?
bool Contains(const Stmt& stmt, const std::set<const BlockNode*>& blocks) {
  class Finder : public StmtExprVisitor {
   public:
    const std::set<const BlockNode*>* blocks;
    bool found = false;
    void VisitStmt_(const BlockNode* op) override {
      found = found || blocks->count(op);
      StmtExprVisitor::VisitStmt_(op);
    }
    void VisitExpr(const PrimExpr&) override {}
  } f;
  f.blocks = &blocks;
  f.VisitStmt(stmt);
  return f.found;
}

}  // namespace

void MoveBlockUnderLoop(Schedule::State& st, const BlockRV& block_rv, const LoopRV& loop_rv,
                        bool preserve_unit_loops, int index, bool reverse) {
  const char* prim = reverse ? "reverse_compute_at" : "compute_at";
  BlockScope s = GetBlockScope(st, block_rv);
  const ForNode* loop = st.GetLoop(loop_rv);
  const BlockNode* block = s.block;
  StmtTree tree(s.f);
  auto fail = [&](const std::string& why) {
    throw ScheduleError(std::string("cannot ") + prim + " " + Describe(block) + " at " + Describe(loop) + ": " + why);
  };
  if (Under(tree, block, loop)) fail("the block is already under the loop");
  if (tree.ScopeOf(loop) != s.scope) fail("the loop is not in the block's scope");
  for (const IterVar& iv : block->iter_vars)
    if (reverse && iv->iter_type != IterVarType::kDataPar)
      fail("iter var \"" + iv->var->name_hint + "\" is not data-parallel");
  // The related blocks of the scope: consumers (compute_at) or producers (reverse).
  const std::vector<BufferRegion>& mine = reverse ? block->reads : block->writes;
  std::set<const BlockNode*> related;
  std::vector<Buffer> links;
  for (const BlockNode* b : tree.blocks) {
    if (b == block || b == tree.root || tree.ScopeOf(b) != s.scope) continue;
    const std::vector<BufferRegion>& theirs = reverse ? b->writes : b->reads;
    for (const BufferRegion& r : mine) {
      if (!Touches(theirs, r->buffer)) continue;
      if (!Under(tree, b, loop))
        fail(std::string(reverse ? "its producer " : "its consumer ") + Describe(b) + " is not under the loop");
      related.insert(b);
      bool known = false;
      for (const Buffer& l : links) known = known || l.same_as(r->buffer);
      if (!known) links.push_back(r->buffer);
    }
  }
  if (related.empty()) fail(std::string("no ") + (reverse ? "producer" : "consumer") + " of the block is under the loop");

  // Loops at and above `loop` are fixed; unit ones stand for their min.
  arith::Analyzer ana;
  for (const StmtNode* p = loop; p; p = tree.Parent(p))
    if (p->kind() == Kind::kFor) {
      const auto* f = static_cast<const ForNode*>(p);
      ana.Bind(f->loop_var, Range(f->min, f->extent));
    }
  // Region of each linked buffer the related blocks touch, relaxed over the loops inside `loop`.
  std::vector<std::pair<Buffer, std::vector<Interval>>> regions;
  for (const BlockNode* b : related) {
    const BlockRealizeNode* realize = tree.nodes.at(b).realize;
    std::vector<std::pair<Var, PrimExpr>> vmap;
    for (size_t i = 0; i < b->iter_vars.size(); ++i) vmap.emplace_back(b->iter_vars[i]->var, realize->iter_values[i]);
    VarDomain dom;
    for (const StmtNode* p = tree.Parent(b); p && p != loop; p = tree.Parent(p))
      if (p->kind() == Kind::kFor) {
        const auto* f = static_cast<const ForNode*>(p);
        dom[f->loop_var.get()] = Range(f->min, f->extent);
      }
    for (const BufferRegion& r : reverse ? b->writes : b->reads) {
      auto it = std::find_if(regions.begin(), regions.end(), [&](const auto& e) { return e.first->data.same_as(r->buffer->data); });
      bool linked = false;
      for (const Buffer& l : links) linked = linked || l->data.same_as(r->buffer->data);
      if (!linked) continue;
      std::vector<Interval> ivs;
      for (const Range& rg : r->region) {
        PrimExpr lo = Substitute(rg->min, vmap);
        PrimExpr hi = Substitute(sub(add(rg->min, rg->extent), make_const(rg->extent.dtype(), 1)), vmap);
        ivs.push_back(Interval{EvalInterval(lo, dom).min, EvalInterval(hi, dom).max});
      }
      if (it == regions.end()) regions.emplace_back(r->buffer, ivs);
      else
        for (size_t d = 0; d < ivs.size(); ++d) it->second[d] = UnionInterval(it->second[d], ivs[d]);
    }
  }
  // Each iter var indexing the block's own access of a linked buffer gets that dimension's
  // range; the others keep their whole domain.
  std::vector<Range> iter_range(block->iter_vars.size());
  for (const BufferRegion& r : mine) {
    auto it = std::find_if(regions.begin(), regions.end(), [&](const auto& e) { return e.first->data.same_as(r->buffer->data); });
    if (it == regions.end()) continue;
    for (size_t d = 0; d < r->region.size(); ++d) {
      if (!is_one(r->region[d]->extent)) continue;
      const VarNode* v = r->region[d]->min.as<VarNode>();
      for (size_t i = 0; i < block->iter_vars.size(); ++i) {
        if (block->iter_vars[i]->var.get() != v || iter_range[i].defined()) continue;
        const Interval& iv = it->second[d];
        if (!iv.IsBounded()) fail("the region of \"" + r->buffer->name + "\" it must cover is not bounded");
        PrimExpr mn = ana.Simplify(iv.min);
        PrimExpr ext = ana.Simplify(add(sub(iv.max, iv.min), make_const(iv.min.dtype(), 1)));
        iter_range[i] = Range(mn, ext);
      }
    }
  }
  std::vector<Var> loop_vars;
  std::vector<PrimExpr> extents, bindings;
  // A range wider than the iter var's domain (a producer with a predicated tail) keeps the
  // block inside its domain with a predicate, as TVM does.
  PrimExpr predicate = make_const(DataType::Bool(), 1);
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    const IterVar& iv = block->iter_vars[i];
    Range r = iter_range[i].defined() ? iter_range[i] : iv->dom;
    PrimExpr binding;
    if (is_one(r->extent) && !preserve_unit_loops) {
      binding = r->min;
    } else {
      Var lv("ax" + std::to_string(loop_vars.size()), r->extent.dtype());
      loop_vars.push_back(lv);
      extents.push_back(r->extent);
      binding = ana.Simplify(add(r->min, lv));
    }
    bindings.push_back(binding);
    if (!iter_range[i].defined()) continue;
    if (!ana.CanProve(ge(r->min, iv->dom->min))) predicate = logical_and(predicate, ge(binding, iv->dom->min));
    if (!ana.CanProve(le(add(r->min, r->extent), add(iv->dom->min, iv->dom->extent))))
      predicate = logical_and(predicate, lt(binding, add(iv->dom->min, iv->dom->extent)));
  }
  Stmt moved = BlockRealize(bindings, ana.Simplify(predicate), GetRef<Block>(block));
  for (size_t i = loop_vars.size(); i-- > 0;)
    moved = For(loop_vars[i], make_const(loop_vars[i].dtype(), 0), extents[i], ForKind::kSerial, moved);

  // Remove the block's old nest, then insert the new one into the loop body.
  Stmt body = RemoveBlockSubtree(s.scope->body, block);
  if (!body.defined()) fail("the block is the only statement of its scope");
  class Insert : public TrackingMutator {
   public:
    const ForNode* loop;
    Stmt moved;
    int index;
    bool reverse;
    const std::set<const BlockNode*>* related;
    Stmt VisitStmt_(const ForNode* op) override {
      if (op->loop_var.get() != loop->loop_var.get()) return TrackingMutator::VisitStmt_(op);
      std::vector<Stmt> children = ScopeChildren(op->body);
      int pos = index;
      if (pos < 0) {
        pos = reverse ? 0 : static_cast<int>(children.size());
        for (size_t i = 0; i < children.size(); ++i) {
          if (!Contains(children[i], *related)) continue;
          if (reverse) pos = static_cast<int>(i) + 1;
          else if (pos == static_cast<int>(children.size())) pos = static_cast<int>(i);
        }
      }
      if (pos > static_cast<int>(children.size())) pos = static_cast<int>(children.size());
      children.insert(children.begin() + pos, moved);
      return WithBody(op, WithScopeChildren(op->body, children));
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
  } ins;
  ins.loop = loop;
  ins.moved = moved;
  ins.index = index;
  ins.reverse = reverse;
  ins.related = &related;
  auto n = CopyNode(*s.scope);
  n->body = ins.VisitStmt(body);
  ReplaceScope(st, s, Block(std::shared_ptr<const Object>(n)), ins.rebuilt);
}

namespace {
// compute_at / reverse_compute_at at a location sample_compute_location returned: the root
// location leaves the block where it is, the inline one inlines it.
void MoveBlock(Schedule::State& st, const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops, int index,
               bool reverse) {
  switch (st.LocationOf(loop)) {
    case Schedule::State::Location::kRoot: st.GetBlock(block); break;
    case Schedule::State::Location::kInline: reverse ? ReverseInlineBlock(st, block) : InlineBlock(st, block); break;
    case Schedule::State::Location::kLoop: MoveBlockUnderLoop(st, block, loop, preserve_unit_loops, index, reverse);
  }
}
}  // namespace

void Schedule::ComputeAt(const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops, int index) {
  MoveBlock(*state_, block, loop, preserve_unit_loops, index, false);
  trace_.Append(Instruction{"compute_at",
                            {{"block", Value(block)},
                             {"loop", Value(loop)},
                             {"preserve_unit_loops", TraceValue::Bool(preserve_unit_loops)},
                             {"index", TraceValue::Int(index)}},
                            {},
                            false});
}

void Schedule::ReverseComputeAt(const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops, int index) {
  MoveBlock(*state_, block, loop, preserve_unit_loops, index, true);
  trace_.Append(Instruction{"reverse_compute_at",
                            {{"block", Value(block)},
                             {"loop", Value(loop)},
                             {"preserve_unit_loops", TraceValue::Bool(preserve_unit_loops)},
                             {"index", TraceValue::Int(index)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen
