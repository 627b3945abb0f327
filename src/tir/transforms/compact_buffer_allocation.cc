// CompactBufferAllocation: each buffer allocated by a block (or by a non-aliased Allocate) only
// needs the region accessed under its allocation point. Loops inside that point are relaxed to
// their ranges, loops outside stay symbolic; the union of all accesses, clipped to the original
// shape, becomes the new shape, and every index is rebased by the region's min.
// Parameters and constant (AllocateConst) buffers are never reallocated.
#include <array>
#include <unordered_map>
#include <unordered_set>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/analysis/interval.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"
#include "storage_align_annotation.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {

using VarBuffers = std::unordered_map<const VarNode*, std::vector<Buffer>>;

// Every buffer object using a data var: an Allocate is compacted only when it has one.
class Var2BufferCollector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;
  VarBuffers var2buffer;
  void Add(const Buffer& b) {
    auto& v = var2buffer[b->data.get()];
    for (const Buffer& x : v)
      if (x.same_as(b)) return;
    v.push_back(b);
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    Add(op->buffer);
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const BufferLoadNode* op) override {
    Add(op->buffer);
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BlockNode* op) override {
    for (const Buffer& b : op->alloc_buffers) Add(b);
    for (const MatchBufferRegion& m : op->match_buffers) {
      Add(m->buffer);
      Add(m->source->buffer);
    }
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const DeclBufferNode* op) override {
    Add(op->buffer);
    StmtExprVisitor::VisitStmt_(op);
  }
};

struct Loop {
  Var var;
  Range dom;
  std::string thread_tag;  ///< for thread bindings
};

// Storage ranks (global 0 < shared 1 < warp 2 < local 3) and thread ranks (blockIdx 0;
// threadIdx, vthread 1): a buffer is shared by the threads of every rank at or below its own,
// so those thread loops are relaxed too. Warp memory relaxes threadIdx.x only.
bool NeedRelaxThread(const Loop& loop, const std::string& scope) {
  const std::string& tag = loop.thread_tag;
  if (tag.empty()) return false;
  int thread_rank = -1;
  bool is_threadidx_x = false;
  if (tag.rfind("blockIdx", 0) == 0) {
    thread_rank = 0;
  } else if (tag.rfind("threadIdx", 0) == 0) {
    thread_rank = 1;
    is_threadidx_x = tag == "threadIdx.x";
  } else if (tag.rfind("vthread", 0) == 0 || tag == "cthread") {
    thread_rank = 1;
  }
  if (thread_rank < 0) return false;
  int storage_rank = scope.empty() || scope.rfind("global", 0) == 0 ? 0
                     : scope.rfind("shared", 0) == 0                 ? 1
                     : scope.rfind("warp", 0) == 0                   ? 2
                                                                     : 3;
  if (storage_rank == 2) return is_threadidx_x;
  return storage_rank <= thread_rank;
}

class AccessRegionCollector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;

  AccessRegionCollector(VarBuffers var2buffer, bool strict)
      : var2buffer_(std::move(var2buffer)), strict_(strict) {}

  /// Data var -> the compacted region of the buffer allocated with it.
  std::unordered_map<const VarNode*, std::pair<Buffer, std::vector<Range>>> result;

  void VisitStmt_(const BufferStoreNode* op) override {
    VisitAccess(op->buffer, PointRegion(op->indices));
    VisitExpr(op->value);
  }
  void VisitExpr_(const BufferLoadNode* op) override {
    VisitAccess(op->buffer, PointRegion(op->indices));
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const VarNode* op) override {
    auto it = var2buffer_.find(op);
    if (it == var2buffer_.end()) return;
    // Opaque use of a data pointer: the block's annotated regions, else the whole buffer.
    for (const Buffer& b : it->second) {
      auto ann = annotations_.find(b.get());
      if (ann != annotations_.end() && !ann->second.empty()) {
        for (const BufferRegion& r : ann->second) VisitAccess(b, r->region);
      } else {
        VisitAccess(b, BufferRegion::Full(b)->region);
      }
    }
  }
  void VisitStmt_(const ForNode* op) override {
    std::string tag;
    if (op->kind == ForKind::kThreadBinding && op->thread_binding) tag = (*op->thread_binding)->thread_tag;
    PushLoop(Loop{op->loop_var, Range(op->min, op->extent), tag});
    StmtExprVisitor::VisitStmt_(op);
    PopLoop();
  }
  // Inside a branch, the condition narrows the loop ranges (padding: `if 2 <= i and i < 18`).
  void VisitStmt_(const IfThenElseNode* op) override {
    VisitExpr(op->condition);
    WithCondition(op->condition, [&] { VisitStmt(op->then_case); });
    if (op->else_case.defined()) WithCondition(logical_not(op->condition), [&] { VisitStmt(op->else_case); });
  }
  void VisitExpr_(const CallNode* op) override {
    if (op->op != "tir.if_then_else" || op->args.size() != 3) return StmtExprVisitor::VisitExpr_(op);
    VisitExpr(op->args[0]);
    WithCondition(op->args[0], [&] { VisitExpr(op->args[1]); });
    WithCondition(logical_not(op->args[0]), [&] { VisitExpr(op->args[2]); });
  }
  void VisitStmt_(const BlockRealizeNode* op) override {
    WithCondition(op->predicate, [&] { StmtExprVisitor::VisitStmt_(op); });
  }

  // An index-typed let var stands for its value when accesses are relaxed.
  void VisitStmt_(const LetStmtNode* op) override {
    VisitExpr(op->value);
    bool bind = BindLet(op->var, op->value);
    VisitStmt(op->body);
    if (bind) lets_.pop_back();
  }
  void VisitExpr_(const LetNode* op) override {
    VisitExpr(op->value);
    bool bind = BindLet(op->var, op->value);
    VisitExpr(op->body);
    if (bind) lets_.pop_back();
  }
  void VisitStmt_(const AttrStmtNode* op) override {
    const IterVarNode* iv = op->node.as<IterVarNode>();
    if (iv && (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread")) {
      Range dom = iv->dom.defined() ? iv->dom : Range(make_const(op->value.dtype(), 0), op->value);
      PushLoop(Loop{iv->var, dom, iv->thread_tag});
      StmtExprVisitor::VisitStmt_(op);
      PopLoop();
      return;
    }
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const BlockNode* op) override {
    // Pass-order preconditions (TVM checks them too); a user's `tirgen opt` can break them.
    TIRGEN_CHECK(!op->init) << "tir.CompactBufferAllocation: block " << op->name_hint
                            << " has an init; run tir.LowerInitBlock first";
    TIRGEN_CHECK(op->iter_vars.empty()) << "tir.CompactBufferAllocation: block " << op->name_hint
                                        << " has block variables; run tir.ConvertBlocksToOpaque first";
    // This block's reads/writes describe its opaque accesses, until the block ends.
    std::unordered_map<const BufferNode*, std::vector<BufferRegion>> saved;
    for (const auto* list : {&op->reads, &op->writes}) {
      for (const BufferRegion& r : *list) saved[r->buffer.get()];
    }
    for (auto& kv : saved) kv.second = annotations_[kv.first];
    for (const auto* list : {&op->reads, &op->writes}) {
      for (const BufferRegion& r : *list) annotations_[r->buffer.get()].clear();
    }
    for (const auto* list : {&op->reads, &op->writes}) {
      for (const BufferRegion& r : *list) annotations_[r->buffer.get()].push_back(r);
    }
    for (const Buffer& b : op->alloc_buffers) DefineAt(b);
    for (const MatchBufferRegion& m : op->match_buffers) VisitAccess(m->source->buffer, m->source->region);
    StmtExprVisitor::VisitStmt_(op);
    for (auto& kv : saved) {
      if (kv.second.empty()) annotations_.erase(kv.first);
      else annotations_[kv.first] = kv.second;
    }
    for (const Buffer& b : op->alloc_buffers) Narrow(b);
  }
  void VisitStmt_(const AllocateNode* op) override {
    auto it = var2buffer_.find(op->buffer_var.get());
    if (it == var2buffer_.end() || it->second.size() != 1 || it->second[0]->dtype != op->dtype) {
      StmtExprVisitor::VisitStmt_(op);
      return;
    }
    DefineAt(it->second[0]);
    VisitStmt(op->body);
    Narrow(it->second[0]);
  }

 private:
  // One access's region. A vector index covers its lanes: a Ramp spans stride * lanes from its
  // base (TVM's BufferRegion::FromPoint), a Broadcast the one scalar element it repeats.
  static std::vector<Range> PointRegion(const std::vector<PrimExpr>& indices) {
    std::vector<Range> out;
    for (const PrimExpr& i : indices) {
      if (const auto* ramp = i.as<RampNode>()) {
        out.emplace_back(ramp->base, ramp->stride * make_const(ramp->base.dtype(), ramp->lanes));
      } else if (const auto* bc = i.as<BroadcastNode>()) {
        out.emplace_back(bc->value, make_const(bc->value.dtype(), 1));
      } else {
        out.emplace_back(i, make_const(i.dtype(), 1));
      }
    }
    return out;
  }
  void PushLoop(const Loop& l) {
    loops_.push_back(l);
    all_loops_[l.var.get()] = l.dom;
  }
  void PopLoop() {
    all_loops_.erase(loops_.back().var.get());
    loops_.pop_back();
  }
  template <class F>
  void WithCondition(const PrimExpr& cond, F visit) {
    VarDomain saved = all_loops_;
    all_loops_ = NarrowDomain(cond, all_loops_);
    visit();
    all_loops_ = std::move(saved);
  }
  bool BindLet(const Var& var, const PrimExpr& value) {
    if (!(value.dtype().is_int() || value.dtype().is_uint())) return false;
    lets_.emplace_back(var, lets_.empty() ? value : Substitute(value, lets_));
    return true;
  }
  void DefineAt(const Buffer& b) {
    TIRGEN_ICHECK(!depth_.count(b->data.get())) << "buffer " << b->name << " is defined twice";
    depth_[b->data.get()] = loops_.size();
  }

  // Relax the loops inside the buffer's definition point (and thread loops sharing it).
  void VisitAccess(const Buffer& buffer, const std::vector<Range>& region) {
    auto it = depth_.find(buffer->data.get());
    if (it == depth_.end()) return;
    VarDomain relax;
    for (size_t i = 0; i < loops_.size(); ++i) {
      if (i >= it->second || NeedRelaxThread(loops_[i], buffer->scope())) {
        relax[loops_[i].var.get()] = all_loops_.at(loops_[i].var.get());
      }
    }
    std::vector<Interval> ivs;
    for (Range r : region) {
      if (!lets_.empty()) r = Range(Substitute(r->min, lets_), Substitute(r->extent, lets_));
      Interval lo = EvalInterval(r->min, relax);
      if (is_one(r->extent)) {
        ivs.push_back(lo);
      } else {
        PrimExpr last = arith::Simplify(sub(add(r->min, r->extent), make_const(r->extent.dtype(), 1)));
        ivs.push_back(Interval{lo.min, EvalInterval(last, relax).max});
      }
    }
    auto acc = accesses_.find(buffer.get());
    if (acc == accesses_.end()) {
      accesses_.emplace(buffer.get(), std::move(ivs));
    } else {
      for (size_t d = 0; d < ivs.size(); ++d) acc->second[d] = UnionInterval(acc->second[d], ivs[d]);
    }
  }

  // The accessed region clipped to [0, shape); loop-dependent extents become constant bounds.
  void Narrow(const Buffer& buffer) {
    auto acc = accesses_.find(buffer.get());
    // Allocated and never accessed (PlanAndUpdateBufferAllocationLocation drops such buffers,
    // but this pass may run alone): nothing to shrink it to, so it stays as it is. TVM v0.14
    // stops with an internal check here (compact_buffer_region.cc, "is allocated but not
    // accessed within block scope"); the input is valid TIR, so tirgen does not.
    if (acc == accesses_.end()) return;
    std::vector<Range> region;
    for (size_t d = 0; d < buffer->shape.size(); ++d) {
      const PrimExpr& shape = buffer->shape[d];
      Range original(make_const(shape.dtype(), 0), shape);
      Interval iv = acc->second[d];
      if (iv.IsBounded() && !iv.IsPoint()) {
        iv = Interval{SimplifyWithBounds(iv.min, all_loops_), SimplifyWithBounds(iv.max, all_loops_)};
      }
      Range r = CoverRange(iv, original);
      int64_t lo, hi;
      PrimExpr min = r->min;
      PrimExpr extent = r->extent;
      if (strict_) {
        if (!(ConstBounds(min, all_loops_, &lo, &hi) && lo >= 0)) {
          min = SimplifyWithBounds(max(make_const(min.dtype(), 0), min), all_loops_);
        }
        const int64_t* s = as_const_int(shape);
        if (!(s && ConstBounds(extent, all_loops_, &lo, &hi) && hi <= *s) && !ExprDeepEqual(extent, shape)) {
          extent = SimplifyWithBounds(tir::min(shape, extent), all_loops_);
        }
      } else {
        min = SimplifyWithBounds(min, all_loops_);
        extent = SimplifyWithBounds(extent, all_loops_);
      }
      if (UsesVarIn(extent, all_loops_)) {
        if (ConstBounds(extent, all_loops_, &lo, &hi)) {
          extent = make_const(extent.dtype(), hi);
        } else {
          region.push_back(original);
          continue;
        }
      }
      region.emplace_back(min, extent);
    }
    result[buffer->data.get()] = {buffer, std::move(region)};
  }

  VarBuffers var2buffer_;
  bool strict_;  ///< clip regions to the original shape
  std::vector<std::pair<Var, PrimExpr>> lets_;  ///< enclosing index lets, values substituted
  std::vector<Loop> loops_;
  VarDomain all_loops_;
  std::unordered_map<const VarNode*, size_t> depth_;
  std::unordered_map<const BufferNode*, std::vector<Interval>> accesses_;
  std::unordered_map<const BufferNode*, std::vector<BufferRegion>> annotations_;
};

// Strides padding each aligned dimension so that stride % factor == offset (TVM's rule).
std::vector<PrimExpr> AlignedStrides(const std::vector<PrimExpr>& shape,
                                     const std::vector<std::array<int64_t, 3>>& aligns) {
  if (aligns.empty() || shape.empty()) return {};
  std::vector<std::pair<int64_t, int64_t>> per_dim(shape.size(), {0, 0});
  for (const auto& a : aligns) {
    if (a[0] < 0 || a[0] >= static_cast<int64_t>(shape.size())) throw Error("buffer_dim_align dimension out of range");
    per_dim[a[0]] = {a[1], a[2]};
  }
  std::vector<PrimExpr> strides(shape.size());
  PrimExpr stride = make_const(shape[0].dtype(), 1);
  for (size_t d = shape.size(); d-- > 0;) {
    if (per_dim[d].first != 0) {
      PrimExpr factor = make_const(stride.dtype(), per_dim[d].first);
      PrimExpr offset = make_const(stride.dtype(), per_dim[d].second);
      stride = add(stride, floormod(sub(add(factor, offset), floormod(stride, factor)), factor));
    }
    strides[d] = stride;
    stride = mul(stride, shape[d]);
  }
  return strides;
}

struct AllocInfo {
  std::vector<Range> region;
  Buffer new_buffer;
};

class BufferCompactor : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;
  using StmtExprMutator::VisitStmt;
  explicit BufferCompactor(std::unordered_map<const VarNode*, AllocInfo> info) : info_(std::move(info)) {}

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const BufferStoreNode* store = s.as<BufferStoreNode>();
    auto it = info_.find(store->buffer->data.get());
    if (it == info_.end()) return s;
    return BufferStore(it->second.new_buffer, store->value, Rebase(it->second, store->indices));
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    PrimExpr e = StmtExprMutator::VisitExpr_(op);
    const BufferLoadNode* load = e.as<BufferLoadNode>();
    auto it = info_.find(load->buffer->data.get());
    if (it == info_.end()) return e;
    return BufferLoad(it->second.new_buffer, Rebase(it->second, load->indices));
  }
  Stmt VisitStmt_(const BlockNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    auto n = CopyNode(*s.as<BlockNode>());
    for (Buffer& b : n->alloc_buffers) b = NewBuffer(b);
    for (BufferRegion& r : n->reads) r = RebaseRegion(r);
    for (BufferRegion& r : n->writes) r = RebaseRegion(r);
    for (MatchBufferRegion& m : n->match_buffers) m = MatchBufferRegion(m->buffer, RebaseRegion(m->source));
    return Stmt(std::move(n));
  }
  Stmt VisitStmt_(const DeclBufferNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    auto n = CopyNode(*s.as<DeclBufferNode>());
    n->buffer = NewBuffer(n->buffer);
    return Stmt(std::move(n));
  }
  Stmt VisitStmt_(const AllocateNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    auto it = info_.find(op->buffer_var.get());
    if (it == info_.end() || it->second.new_buffer->dtype != op->dtype) return s;
    auto n = CopyNode(*s.as<AllocateNode>());
    n->extents = it->second.new_buffer->shape;
    return Stmt(std::move(n));
  }

 private:
  Buffer NewBuffer(const Buffer& b) const {
    auto it = info_.find(b->data.get());
    return it == info_.end() ? b : it->second.new_buffer;
  }
  // index - min, folded only when trivially constant (TVM leaves `i - i` to Simplify).
  static std::vector<PrimExpr> Rebase(const AllocInfo& info, const std::vector<PrimExpr>& indices) {
    std::vector<PrimExpr> out;
    for (size_t i = 0; i < indices.size(); ++i) out.push_back(sub(indices[i], info.region[i]->min));
    return out;
  }
  BufferRegion RebaseRegion(const BufferRegion& r) const {
    auto it = info_.find(r->buffer->data.get());
    if (it == info_.end()) return r;
    std::vector<Range> ranges;
    for (size_t i = 0; i < r->region.size(); ++i) {
      ranges.emplace_back(sub(r->region[i]->min, it->second.region[i]->min), r->region[i]->extent);
    }
    return BufferRegion(it->second.new_buffer, std::move(ranges));
  }

  std::unordered_map<const VarNode*, AllocInfo> info_;
};

PrimFunc Compact(const PrimFunc& f, bool strict) {
  Var2BufferCollector aliases;
  aliases.VisitStmt(f->body);
  AccessRegionCollector collector(std::move(aliases.var2buffer), strict);
  collector.VisitStmt(f->body);
  DimAligns aligns = CollectStorageAlign(f->body);
  std::unordered_map<const VarNode*, AllocInfo> info;
  for (const auto& kv : collector.result) {
    const Buffer& old = kv.second.first;
    auto n = CopyNode(*old.get());
    n->shape.clear();
    for (const Range& r : kv.second.second) n->shape.push_back(r->extent);
    // Accesses in int64 can widen an int32 shape (TVM does the same). A zero elem_offset follows
    // the new shape's type, as a parsed buffer's would: the text cannot tell them apart, and the
    // printed program must parse back to this one.
    if (!n->shape.empty() && is_zero(n->elem_offset) && n->elem_offset.dtype() != n->shape[0].dtype()) {
      n->elem_offset = make_const(n->shape[0].dtype(), 0);
    }
    auto a = aligns.find(kv.first);
    n->strides = a == aligns.end() ? std::vector<PrimExpr>{} : AlignedStrides(n->shape, a->second);
    info[kv.first] = AllocInfo{kv.second.second, Buffer(std::shared_ptr<const Object>(std::move(n)))};
  }
  return WithBody(f, BufferCompactor(std::move(info)).VisitStmt(f->body));
}

}  // namespace

Pass CompactBufferAllocation(bool is_strict) {
  return CreatePrimFuncPass("CompactBufferAllocation", [is_strict](const PrimFunc& f) {
    if (IsFromLegacyTESchedule(f)) return f;
    return Compact(f, is_strict);
  });
}

// CompactBufferAllocation() or CompactBufferAllocation(is_strict) with 0/1.
TIRGEN_REGISTER_PASS_WITH_ARGS(
    CompactBufferAllocation, [](const std::vector<int64_t>& args) { return CompactBufferAllocation(args[0] != 0); },
    {"is_strict", 1});

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
