// Cache stage location, construction and insertion (see cache_stage.h).
#include "cache_stage.h"

#include "tirgen/tir/analysis/interval.h"

namespace tirgen {
namespace tir {

namespace {
class LocDetector {
 public:
  LocDetector(const BlockNode* scope, const BlockNode* writer, const std::set<const BlockNode*>& related)
      : scope_(scope), writer_(writer), related_(related) {}

  void Visit(const Stmt& s) {
    switch (s.kind()) {
      case Kind::kSeqStmt: {
        bool prev = visited_block_;
        visited_block_ = false;
        const auto& seq = s.as<SeqStmtNode>()->seq;
        for (size_t i = 0; i < seq.size(); ++i) {
          if (pos_ != -1) break;
          Visit(seq[i]);
          if (visited_block_ && visited_related_ && pos_ == -1) {
            pos_ = static_cast<int>(i);
            break;
          }
          if (visited_related_) break;
        }
        visited_block_ = visited_block_ || prev;
        return;
      }
      case Kind::kBlockRealize: Visit(s.as<BlockRealizeNode>()->block); return;
      case Kind::kBlock: {
        const auto* b = s.as<BlockNode>();
        if (b == scope_) {
          Visit(b->body);
          if (visited_related_ && !loc_) {
            loc_ = b;
            if (!visited_block_ && pos_ == -1) pos_ = 0;
          }
          return;
        }
        if (b == writer_) visited_block_ = true;
        else if (related_.count(b)) visited_related_ = true;
        return;
      }
      case Kind::kFor: {
        const auto* f = s.as<ForNode>();
        Visit(f->body);
        if (visited_block_ && visited_related_ && !loc_ && pos_ != -1) loc_ = f;
        return;
      }
      case Kind::kAllocate: Visit(s.as<AllocateNode>()->body); return;
      case Kind::kAllocateConst: Visit(s.as<AllocateConstNode>()->body); return;
      case Kind::kDeclBuffer: Visit(s.as<DeclBufferNode>()->body); return;
      case Kind::kLetStmt: Visit(s.as<LetStmtNode>()->body); return;
      case Kind::kIfThenElse: {
        const auto* i = s.as<IfThenElseNode>();
        Visit(i->then_case);
        if (i->else_case.defined()) Visit(i->else_case);
        return;
      }
      default: return;
    }
  }
  const StmtNode* loc_ = nullptr;
  int pos_ = -1;

 private:
  const BlockNode* scope_;
  const BlockNode* writer_;
  const std::set<const BlockNode*>& related_;
  bool visited_block_ = false;
  bool visited_related_ = false;
};
}  // namespace

CacheLocation FindCacheLocation(const BlockNode* scope, const BlockNode* writer,
                                const std::set<const BlockNode*>& related) {
  if (related.empty()) return CacheLocation{scope, static_cast<int>(ScopeChildren(scope->body).size())};
  LocDetector d(scope, writer, related);
  d.Visit(GetRef<Stmt>(scope));
  if (!d.loc_ || d.pos_ < 0) return CacheLocation{scope, 0};
  return CacheLocation{d.loc_, d.pos_};
}

BufferRegion RelaxedRegion(const StmtTree& tree, const BlockNode* block,
                           const std::vector<BufferRegion>& regions, const Buffer& buffer,
                           const StmtNode* loc) {
  if (!block) return BufferRegion::Full(buffer);
  const BlockRealizeNode* realize = tree.nodes.at(block).realize;
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (size_t i = 0; i < block->iter_vars.size(); ++i) vmap.emplace_back(block->iter_vars[i]->var, realize->iter_values[i]);
  VarDomain dom;
  for (const StmtNode* p = tree.Parent(block); p && p != loc; p = tree.Parent(p))
    if (p->kind() == Kind::kFor) {
      const auto* f = static_cast<const ForNode*>(p);
      dom[f->loop_var.get()] = Range(f->min, f->extent);
    }
  std::vector<Interval> acc;
  for (const BufferRegion& r : regions) {
    if (!r->buffer.same_as(buffer)) continue;
    for (size_t d = 0; d < r->region.size(); ++d) {
      PrimExpr lo = Substitute(r->region[d]->min, vmap);
      PrimExpr hi = Substitute(sub(add(r->region[d]->min, r->region[d]->extent), make_const(r->region[d]->extent.dtype(), 1)), vmap);
      Interval iv{EvalInterval(lo, dom).min, EvalInterval(hi, dom).max};
      if (acc.size() <= d) acc.push_back(iv);
      else acc[d] = UnionInterval(acc[d], iv);
    }
  }
  if (acc.empty()) return BufferRegion::Full(buffer);
  std::vector<Range> out;
  for (size_t d = 0; d < acc.size(); ++d)
    out.push_back(CoverRange(acc[d], Range(make_const(buffer->shape[d].dtype(), 0), buffer->shape[d])));
  return BufferRegion(buffer, out);
}

Stmt MakeCopyStage(const std::string& name, const BufferRegion& region, const Buffer& src,
                   const Buffer& dst, Block* block_out) {
  std::vector<Var> loop_vars;
  std::vector<IterVar> iters;
  std::vector<PrimExpr> bindings, indices;
  std::vector<Range> point;
  for (size_t i = 0; i < region->region.size(); ++i) {
    const Range& r = region->region[i];
    DataType t = r->extent.dtype();
    loop_vars.push_back(Var("ax" + std::to_string(i), t));
    Var v("v" + std::to_string(i), t);
    iters.push_back(IterVar(Range(make_const(t, 0), dst->shape[i]), v, IterVarType::kDataPar));
    bindings.push_back(add(r->min, loop_vars.back()));
    indices.push_back(v);
    point.emplace_back(v, make_const(t, 1));
  }
  Block block(iters, {BufferRegion(src, point)}, {BufferRegion(dst, point)}, name,
              BufferStore(dst, BufferLoad(src, indices), indices));
  *block_out = block;
  Stmt s = BlockRealize(bindings, make_const(DataType::Bool(), 1), block);
  for (size_t i = loop_vars.size(); i-- > 0;)
    s = For(loop_vars[i], make_const(loop_vars[i].dtype(), 0), region->region[i]->extent, ForKind::kSerial, s);
  return s;
}

Stmt InsertAt(const StmtNode* stmt, int pos, const Stmt& stage) {
  if (stmt->kind() == Kind::kBlock) {
    const auto* b = static_cast<const BlockNode*>(stmt);
    std::vector<Stmt> children = ScopeChildren(b->body);
    children.insert(children.begin() + std::min<size_t>(pos, children.size()), stage);
    auto n = CopyNode(*b);
    n->body = WithScopeChildren(b->body, children);
    return Block(std::shared_ptr<const Object>(n));
  }
  const auto* f = static_cast<const ForNode*>(stmt);
  std::vector<Stmt> children = ScopeChildren(f->body);
  children.insert(children.begin() + std::min<size_t>(pos, children.size()), stage);
  return WithBody(f, WithScopeChildren(f->body, children));
}

}  // namespace tir
}  // namespace tirgen
