// Block access region detection (see block_access_region.h).
#include "tirgen/tir/analysis/block_access_region.h"

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {

namespace {

// An integer interval [min, max] (inclusive); a point when min and max are the same expression.
struct Interval {
  PrimExpr min, max;
  bool full = false;  ///< unknown: the whole dimension
  bool IsPoint() const { return !full && ExprDeepEqual(min, max); }
};

Interval Union(const Interval& a, const Interval& b) {
  if (a.full || b.full) return Interval{PrimExpr(), PrimExpr(), true};
  if (a.IsPoint() && b.IsPoint() && ExprDeepEqual(a.min, b.min)) return a;
  // Constant offsets of one another: keep the bounding interval.
  PrimExpr dmin = arith::Simplify(sub(b.min, a.min));
  PrimExpr dmax = arith::Simplify(sub(b.max, a.max));
  const int64_t* lo = as_const_int(dmin);
  const int64_t* hi = as_const_int(dmax);
  if (lo && hi) {
    return Interval{*lo < 0 ? b.min : a.min, *hi > 0 ? b.max : a.max, false};
  }
  return Interval{PrimExpr(), PrimExpr(), true};
}

struct Access {
  Buffer buffer;
  std::vector<Interval> region;
};

class Detector : public StmtExprVisitor {
 public:
  explicit Detector(const std::function<bool(const Buffer&)>& visible) : visible_(visible) {}
  std::vector<Access> reads, writes;

  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;

  void VisitExpr_(const BufferLoadNode* op) override {
    Update(&reads, op->buffer, op->indices);
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    Update(&writes, op->buffer, op->indices);
    StmtExprVisitor::VisitStmt_(op);
  }
  // Nested blocks are not entered: their own regions describe them.
  void VisitStmt_(const BlockRealizeNode* op) override {}

 private:
  void Update(std::vector<Access>* list, const Buffer& buffer, const std::vector<PrimExpr>& idx) {
    if (!visible_(buffer)) return;
    std::vector<Interval> region;
    for (const PrimExpr& i : idx) region.push_back(Interval{i, i, false});
    for (Access& a : *list) {
      if (a.buffer.same_as(buffer)) {
        for (size_t d = 0; d < region.size(); ++d) a.region[d] = Union(a.region[d], region[d]);
        return;
      }
    }
    list->push_back(Access{buffer, std::move(region)});
  }
  const std::function<bool(const Buffer&)>& visible_;
};

BufferRegion ToRegion(const Access& a) {
  std::vector<Range> ranges;
  for (size_t d = 0; d < a.region.size(); ++d) {
    const Interval& iv = a.region[d];
    const PrimExpr& extent = a.buffer->shape[d];
    if (iv.full) {
      ranges.emplace_back(make_const(extent.dtype(), 0), extent);
    } else if (iv.IsPoint()) {
      ranges.emplace_back(iv.min, make_const(iv.min.dtype(), 1));
    } else {
      ranges.emplace_back(iv.min, arith::Simplify(add(sub(iv.max, iv.min), 1)));
    }
  }
  return BufferRegion(a.buffer, std::move(ranges));
}

}  // namespace

BlockAccessRegion GetBlockAccessRegion(const Block& block,
                                       const std::function<bool(const Buffer&)>& is_visible) {
  Detector d(is_visible);
  if (block->init) d.VisitStmt(*block->init);
  d.VisitStmt(block->body);
  BlockAccessRegion out;
  for (const Access& w : d.writes) out.writes.push_back(ToRegion(w));
  for (const Access& r : d.reads) {
    bool written = false;
    if (block->init) {
      for (const Access& w : d.writes) written = written || w.buffer.same_as(r.buffer);
    }
    if (!written) out.reads.push_back(ToRegion(r));
  }
  return out;
}

}  // namespace tir
}  // namespace tirgen
