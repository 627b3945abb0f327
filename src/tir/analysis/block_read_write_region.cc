// Block read/write regions from the body, loops relaxed (see block_read_write_region.h).
#include "tirgen/tir/analysis/block_read_write_region.h"

#include <unordered_set>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/analysis/interval.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {

namespace {

struct Access {
  Buffer buffer;
  std::vector<Interval> region;
};

class ReadWriteDetector : public StmtExprVisitor {
 public:
  explicit ReadWriteDetector(const BufferVarMap& visible) : visible_(visible) {}
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;

  std::vector<Access> reads, writes, opaques;

  void Run(const Block& block) {
    for (const MatchBufferRegion& m : block->match_buffers) {
      if (visible_.count(m->source->buffer->data.get())) {
        matches_.emplace(m->buffer->data.get(), m);
        visible_.emplace(m->buffer->data.get(), m->buffer);
      }
    }
    // The block itself is entered; nested blocks are summarised by their signature.
    StmtExprVisitor::VisitStmt_(block.get());
  }

  void VisitExpr_(const BufferLoadNode* op) override {
    Update(&reads, op->buffer, Points(op->indices));
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    Update(&writes, op->buffer, Points(op->indices));
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ForNode* op) override {
    dom_[op->loop_var.get()] = Range(op->min, op->extent);
    StmtExprVisitor::VisitStmt_(op);
    dom_.erase(op->loop_var.get());
  }
  void VisitStmt_(const BlockRealizeNode* op) override {
    std::vector<std::pair<Var, PrimExpr>> vmap;
    for (size_t i = 0; i < op->block->iter_vars.size(); ++i) {
      vmap.emplace_back(op->block->iter_vars[i]->var, op->iter_values[i]);
    }
    auto relax = [&](const BufferRegion& r) {
      std::vector<Interval> region;
      for (const Range& rg : r->region) {
        region.push_back(RelaxRange(Range(Substitute(rg->min, vmap), Substitute(rg->extent, vmap))));
      }
      return region;
    };
    for (const BufferRegion& r : op->block->reads) Update(&reads, r->buffer, relax(r));
    for (const BufferRegion& r : op->block->writes) Update(&writes, r->buffer, relax(r));
  }
  // Branch conditions narrow the loop ranges seen by the accesses inside.
  void VisitStmt_(const IfThenElseNode* op) override {
    VisitExpr(op->condition);
    WithCondition(op->condition, [&] { VisitStmt(op->then_case); });
    if (op->else_case.defined()) WithCondition(logical_not(op->condition), [&] { VisitStmt(op->else_case); });
  }
  void VisitExpr_(const CallNode* op) override {
    if (op->op == "tir.if_then_else" && op->args.size() == 3) {
      VisitExpr(op->args[0]);
      WithCondition(op->args[0], [&] { VisitExpr(op->args[1]); });
      WithCondition(logical_not(op->args[0]), [&] { VisitExpr(op->args[2]); });
      return;
    }
    if (op->op == "tir.tvm_access_ptr" && op->args.size() == 5) {
      const VarNode* var = op->args[1].as<VarNode>();
      const int64_t* mask = as_const_int(op->args[4]);
      if (var && mask) {
        auto it = visible_.find(var);
        if (it != visible_.end()) {
          std::vector<Interval> full = Full(it->second);
          if ((*mask & 1) && (*mask & 2)) Update(&opaques, it->second, full);
          else if (*mask & 1) Update(&reads, it->second, full);
          else if (*mask & 2) Update(&writes, it->second, full);
        }
        return;
      }
    }
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const VarNode* op) override {
    auto it = visible_.find(op);
    if (it != visible_.end()) Update(&opaques, it->second, Full(it->second));
  }

 private:
  template <class F>
  void WithCondition(const PrimExpr& cond, F visit) {
    VarDomain saved = dom_;
    dom_ = NarrowDomain(cond, dom_);
    visit();
    dom_ = std::move(saved);
  }
  std::vector<Interval> Points(const std::vector<PrimExpr>& indices) {
    std::vector<Interval> out;
    for (const PrimExpr& i : indices) out.push_back(EvalInterval(i, dom_));
    return out;
  }
  Interval RelaxRange(const Range& r) {
    Interval lo = EvalInterval(r->min, dom_);
    if (is_one(r->extent)) return lo;
    PrimExpr last = arith::Simplify(sub(add(r->min, r->extent), make_const(r->extent.dtype(), 1)));
    Interval hi = EvalInterval(last, dom_);
    return Interval{lo.min, hi.max};
  }
  std::vector<Interval> Full(const Buffer& b) {
    std::vector<Interval> out;
    for (const PrimExpr& s : b->shape) out.push_back(RelaxRange(Range(make_const(s.dtype(), 0), s)));
    return out;
  }
  void Update(std::vector<Access>* list, Buffer buffer, std::vector<Interval> region) {
    if (!visible_.count(buffer->data.get())) return;
    auto m = matches_.find(buffer->data.get());
    if (m != matches_.end()) {
      // A view: report the region of its source buffer.
      const MatchBufferRegion& match = m->second;
      const BufferRegion& src = match->source;
      size_t offset = src->region.size() - region.size();
      std::vector<Interval> conv;
      for (size_t i = 0; i < offset; ++i) conv.push_back(Interval::Point(src->region[i]->min));
      for (size_t i = 0; i < region.size(); ++i) {
        Range r = CoverRange(region[i], Range(make_const(buffer->shape[i].dtype(), 0), buffer->shape[i]));
        conv.push_back(RelaxRange(Range(add(src->region[i + offset]->min, r->min), r->extent)));
      }
      buffer = src->buffer;
      region = std::move(conv);
    }
    for (Access& a : *list) {
      if (a.buffer.same_as(buffer)) {
        for (size_t d = 0; d < region.size(); ++d) a.region[d] = UnionInterval(a.region[d], region[d]);
        return;
      }
    }
    list->push_back(Access{buffer, std::move(region)});
  }

  BufferVarMap visible_;
  std::unordered_map<const VarNode*, MatchBufferRegion> matches_;
  VarDomain dom_;
};

std::vector<BufferRegion> Collect(const std::vector<Access>& list,
                                  const std::unordered_set<const BufferNode*>& excluded) {
  std::vector<BufferRegion> out;
  for (const Access& a : list) {
    if (excluded.count(a.buffer.get())) continue;
    std::vector<Range> ranges;
    for (size_t d = 0; d < a.region.size(); ++d) {
      const Interval& iv = a.region[d];
      const PrimExpr& extent = a.buffer->shape[d];
      bool point = iv.IsPoint() ||
                   (iv.IsBounded() && is_zero(arith::Simplify(sub(iv.max, iv.min))));
      if (point) ranges.emplace_back(iv.min, make_const(iv.min.dtype(), 1));
      else ranges.push_back(CoverRange(iv, Range(make_const(extent.dtype(), 0), extent)));
    }
    out.push_back(BufferRegion(a.buffer, std::move(ranges)));
  }
  return out;
}

}  // namespace

BlockAccessRegion GetBlockReadWriteRegion(const Block& block, const BufferVarMap& visible) {
  ReadWriteDetector d(visible);
  d.Run(block);
  std::unordered_set<const BufferNode*> excluded;
  std::vector<BufferRegion> opaques = Collect(d.opaques, excluded);
  for (const BufferRegion& r : opaques) excluded.insert(r->buffer.get());
  BlockAccessRegion out;
  out.writes = Collect(d.writes, excluded);
  if (block->init) {
    for (const BufferRegion& r : out.writes) excluded.insert(r->buffer.get());
  }
  out.reads = Collect(d.reads, excluded);
  for (const BufferRegion& r : opaques) {
    out.reads.push_back(r);
    out.writes.push_back(r);
  }
  return out;
}

}  // namespace tir
}  // namespace tirgen
