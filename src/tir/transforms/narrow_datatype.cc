// NarrowDataType(bits): integer index arithmetic (loop vars, loop bounds, allocation extents,
// buffer indices) is narrowed to `bits` where the value provably fits, as TVM does.
//  1. A visitor gives every integer expression a width: `bits` when its bounds (under the loop
//     ranges) fit, else its own width; loop vars, integer constants and casts take the widest
//     width of the expressions enclosing them.
//  2. A rewriter retypes loop vars everywhere; constants and integer casts are retyped only in
//     index positions, or where an operation's operands came out with different types (then
//     the operation is rebuilt with TVM's type-matching, folding builders).
#include <unordered_map>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

class WidthVisitor : public StmtExprVisitor {
 public:
  explicit WidthVisitor(int bits) : bits_(bits), target_(bits) {}
  using StmtExprVisitor::VisitStmt_;

  void VisitExpr(const PrimExpr& e) override {
    if (!e.dtype().is_int()) return StmtExprVisitor::VisitExpr(e);
    int bits = Fits(e) ? target_ : 64;
    int saved = bits_;
    bits_ = std::max(bits, bits_);
    StmtExprVisitor::VisitExpr(e);
    bits_ = saved;
  }

  void VisitStmt_(const ForNode* op) override {
    analyzer_.Bind(op->loop_var, Range(op->min, op->extent));
    extent_bits_[op->loop_var.get()] = op->extent.dtype().bits();
    StmtExprVisitor::VisitStmt_(op);
    // The rewriter casts min and extent to the loop var's new type: a loop var whose every use
    // fits (i < 2^31) but whose extent does not (2^31) keeps its width. TVM v0.14 narrows it
    // and then fails building the out-of-range int32 extent (narrow_datatype.cc's For rewrite
    // is cast(new_loop_var.dtype(), extent), an IntImm constructor check).
    if (op->loop_var.dtype().is_int() && op->loop_var.dtype().bits() > target_ &&
        (!Fits(op->min) || !Fits(op->extent)))
      Record(op->loop_var.get(), op->loop_var.dtype(), op->loop_var.dtype().bits());
  }

  void VisitStmt_(const AttrStmtNode* op) override {
    // Thread and virtual-thread extents bind their IterVar's var, as loops do (TVM's
    // DataTypeVisitor: [0, value), the value's width).
    const auto* iv = op->node.as<IterVarNode>();
    if (iv && (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread")) {
      // (A parsed T.launch_thread var may be int32 with an int64 extent.)
      DataType t = iv->var.dtype();
      analyzer_.Bind(iv->var, Range(make_const(t, 0), op->value.dtype() == t ? op->value : cast(t, op->value)));
      extent_bits_[iv->var.get()] = op->value.dtype().bits();
    }
    StmtExprVisitor::VisitStmt_(op);
  }

  void VisitStmt_(const BlockNode* op) override {
    for (const IterVar& iv : op->iter_vars) {
      analyzer_.Bind(iv->var, iv->dom);
      extent_bits_[iv->var.get()] = iv->dom->extent.dtype().bits();
    }
    StmtExprVisitor::VisitStmt_(op);
  }

  void VisitExpr_(const VarNode* op) override {
    auto it = extent_bits_.find(op);
    if (it != extent_bits_.end()) Record(op, op->dtype, std::min(it->second, bits_));
  }
  void VisitExpr_(const IntImmNode* op) override {
    if (op->dtype.is_int()) Record(op, op->dtype, std::min(op->dtype.bits(), bits_));
  }
  void VisitExpr_(const CastNode* op) override {
    if (op->dtype.is_int()) Record(op, op->dtype, std::min(op->dtype.bits(), bits_));
    StmtExprVisitor::VisitExpr_(op);
  }

  /// Narrowed type of each var / constant / cast (only those that change).
  std::unordered_map<const Object*, DataType> narrowed;

 private:
  void Record(const Object* node, DataType t, int bits) {
    auto it = width_.find(node);
    if (it == width_.end()) width_[node] = bits;
    else it->second = std::max(it->second, bits);
    int w = width_[node];
    if (w != t.bits()) narrowed[node] = DataType(t.code(), w, t.lanes());
    else narrowed.erase(node);
  }

  // Whether the integer `e` is at most target bits wide or provably in the target range.
  bool Fits(const PrimExpr& e) {
    if (e.dtype().bits() <= target_) return true;
    arith::ConstBound b = analyzer_.Bound(e);
    int64_t hi = (int64_t{1} << (target_ - 1)) - 1, lo = -hi - 1;
    return b.max <= hi && b.min >= lo;
  }

  int bits_;
  int target_;
  arith::Analyzer analyzer_;
  std::unordered_map<const Object*, int> extent_bits_;
  std::unordered_map<const Object*, int> width_;
};

class NarrowRewriter : public StmtExprMutator {
 public:
  explicit NarrowRewriter(const std::unordered_map<const Object*, DataType>& n) : narrowed_(n) {}
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  PrimExpr VisitExpr_(const VarNode* op) override {
    auto r = remap_.find(op);
    if (r != remap_.end()) return r->second;
    auto it = narrowed_.find(op);
    if (it == narrowed_.end()) return GetRef<PrimExpr>(op);
    Var v(op->name_hint, it->second);
    remap_.emplace(op, v);
    return v;
  }
  PrimExpr VisitExpr_(const IntImmNode* op) override {
    auto it = narrowed_.find(op);
    if (enabled_ && it != narrowed_.end()) return IntImm(it->second, op->value);
    return GetRef<PrimExpr>(op);
  }
  PrimExpr VisitExpr_(const CastNode* op) override {
    auto it = narrowed_.find(op);
    if (enabled_ && it != narrowed_.end()) return Cast(it->second, VisitExpr(op->value));
    return StmtExprMutator::VisitExpr_(op);
  }
  PrimExpr VisitExpr_(const BinaryNode* op) override {
    PrimExpr a = VisitExpr(op->a), b = VisitExpr(op->b);
    bool logic = op->kind() == Kind::kAnd || op->kind() == Kind::kOr;
    if (a.same_as(op->a) && b.same_as(op->b) && a.dtype() == b.dtype()) return GetRef<PrimExpr>(op);
    if (logic) return Binary(op->kind(), a, b);
    if (a.dtype() != b.dtype()) {
      bool saved = enabled_;
      enabled_ = true;
      a = VisitExpr(op->a);
      b = VisitExpr(op->b);
      enabled_ = saved;
    }
    return MakeBinaryFolded(op->kind(), a, b);
  }
  PrimExpr VisitExpr_(const SelectNode* op) override {
    PrimExpr c = VisitExpr(op->condition);
    PrimExpr t = VisitExpr(op->true_value), f = VisitExpr(op->false_value);
    if (c.same_as(op->condition) && t.same_as(op->true_value) && f.same_as(op->false_value) &&
        t.dtype() == f.dtype())
      return GetRef<PrimExpr>(op);
    int bits = std::max(t.dtype().bits(), f.dtype().bits());
    DataType dt = DataType(t.dtype().code(), bits, t.dtype().lanes());
    if (t.dtype() != dt) t = cast(dt, t);
    if (f.dtype() != dt) f = cast(dt, f);
    return Select(c, t, f);
  }
  PrimExpr VisitExpr_(const RampNode* op) override {
    PrimExpr base = VisitExpr(op->base), stride = VisitExpr(op->stride);
    if (base.same_as(op->base) && stride.same_as(op->stride) && base.dtype() == stride.dtype())
      return GetRef<PrimExpr>(op);
    int bits = std::max(base.dtype().bits(), stride.dtype().bits());
    DataType dt = DataType(base.dtype().code(), bits);
    if (base.dtype() != dt) base = cast(dt, base);
    if (stride.dtype() != dt) stride = cast(dt, stride);
    return Ramp(base, stride, op->lanes);
  }
  PrimExpr VisitExpr_(const CallNode* op) override {
    if (op->op == "tir.if_then_else" && op->args.size() == 3) {
      PrimExpr c = VisitExpr(op->args[0]);
      return if_then_else(c, VisitExpr(op->args[1]), VisitExpr(op->args[2]));
    }
    return StmtExprMutator::VisitExpr_(op);
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    std::vector<PrimExpr> idx = Indices(op->indices);
    return BufferLoad(op->buffer, idx);
  }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    if (value.dtype() != op->buffer->dtype && value.dtype().lanes() == 1)
      value = cast(op->buffer->dtype, value);
    return BufferStore(op->buffer, value, Indices(op->indices));
  }
  Stmt VisitStmt_(const ForNode* op) override {
    bool saved = enabled_;
    enabled_ = true;
    PrimExpr v = VisitExpr(op->loop_var);
    PrimExpr mn = VisitExpr(op->min), ex = VisitExpr(op->extent);
    enabled_ = saved;
    Stmt body = VisitStmt(op->body);
    auto n = CopyNode(*op);
    n->loop_var = v.cast<Var>();
    n->min = cast(v.dtype(), mn);
    n->extent = cast(v.dtype(), ex);
    n->body = body;
    return Stmt(std::move(n));
  }
  Stmt VisitStmt_(const AllocateNode* op) override {
    bool saved = enabled_;
    enabled_ = true;
    std::vector<PrimExpr> ext = op->extents;
    VisitExprs(op->extents, &ext);
    PrimExpr c = VisitExpr(op->condition);
    enabled_ = saved;
    Stmt body = VisitStmt(op->body);
    auto n = CopyNode(*op);
    n->extents = ext;
    n->condition = c;
    n->body = body;
    return Stmt(std::move(n));
  }
  // Block form (TVM v0.14 IndexDataTypeRewriter::VisitStmt_(BlockRealizeNode / BlockNode)):
  // bindings, iter var domains and access regions are index positions; block iter vars are
  // narrowed like loop vars (the visitor bound them), their domains cast to the new type.
  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    bool saved = enabled_;
    enabled_ = true;
    std::vector<PrimExpr> values = op->iter_values;
    VisitExprs(op->iter_values, &values);
    // A block var that keeps 64 bits (a use needs them) may be bound to a loop var that did
    // not: the binding is cast to the block var's type, so the IR stays well formed (TVM
    // leaves the int32 value bound to the int64 var).
    for (size_t i = 0; i < values.size() && i < op->block->iter_vars.size(); ++i) {
      DataType t = VisitExpr(op->block->iter_vars[i]->var).dtype();
      if (values[i].dtype() != t) values[i] = cast(t, values[i]);
    }
    enabled_ = saved;
    PrimExpr pred = VisitExpr(op->predicate);
    Stmt block = VisitStmt(op->block);
    return BlockRealize(std::move(values), pred, block.cast<Block>());
  }
  Stmt VisitStmt_(const BlockNode* op) override {
    bool saved = enabled_;
    enabled_ = true;
    auto n = CopyNode(*op);
    n->iter_vars.clear();
    for (const IterVar& iv : op->iter_vars) {
      Var v = VisitExpr(iv->var).cast<Var>();
      Range dom(cast(v.dtype(), VisitExpr(iv->dom->min)), cast(v.dtype(), VisitExpr(iv->dom->extent)));
      n->iter_vars.push_back(IterVar(dom, v, iv->iter_type, iv->thread_tag));
    }
    auto region = [&](const BufferRegion& r) {
      std::vector<Range> ranges;
      for (const Range& x : r->region) ranges.emplace_back(VisitExpr(x->min), VisitExpr(x->extent));
      return BufferRegion(r->buffer, std::move(ranges));
    };
    for (BufferRegion& r : n->reads) r = region(r);
    for (BufferRegion& r : n->writes) r = region(r);
    for (MatchBufferRegion& m : n->match_buffers) m = MatchBufferRegion(m->buffer, region(m->source));
    enabled_ = saved;
    if (op->init) n->init = VisitStmt(*op->init);
    n->body = VisitStmt(op->body);
    return Stmt(std::move(n));
  }

  // A thread extent's IterVar takes its var's new type, and so do its domain and the extent
  // (TVM v0.14 DataTypeLegalizer::VisitStmt_(AttrStmtNode), one new IterVar per old one).
  Stmt VisitStmt_(const AttrStmtNode* op) override {
    const auto* iv = op->node.as<IterVarNode>();
    if (!iv || (op->attr_key != "thread_extent" && op->attr_key != "virtual_thread"))
      return StmtExprMutator::VisitStmt_(op);
    PrimExpr value = VisitExpr(op->value);
    Stmt body = VisitStmt(op->body);
    Var var = VisitExpr(iv->var).cast<Var>();
    auto it = iter_vars_.find(iv);
    if (it == iter_vars_.end()) {
      Range dom = iv->dom;
      if (dom.defined() && dom->extent.dtype() != var.dtype())
        dom = Range(cast(var.dtype(), dom->min), cast(var.dtype(), dom->extent));
      it = iter_vars_.emplace(iv, IterVar(dom, var, iv->iter_type, iv->thread_tag)).first;
    }
    return AttrStmt(it->second, op->attr_key, cast(var.dtype(), value), body);
  }

  Stmt VisitStmt_(const LetStmtNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    Var var = op->var;
    if (value.dtype() != var.dtype()) {
      var = Var(op->var->name_hint, value.dtype());
      remap_[op->var.get()] = var;
    }
    Stmt body = VisitStmt(op->body);
    if (value.same_as(op->value) && body.same_as(op->body) && var.same_as(op->var))
      return GetRef<Stmt>(op);
    return LetStmt(var, value, body);
  }

 private:
  std::vector<PrimExpr> Indices(const std::vector<PrimExpr>& in) {
    bool saved = enabled_;
    enabled_ = true;
    std::vector<PrimExpr> out = in;
    VisitExprs(in, &out);
    enabled_ = saved;
    return out;
  }

  const std::unordered_map<const Object*, DataType>& narrowed_;
  std::unordered_map<const Object*, PrimExpr> remap_;
  std::unordered_map<const IterVarNode*, IterVar> iter_vars_;
  bool enabled_ = false;
};

}  // namespace

Pass NarrowDataType(int target_bits) {
  return CreatePrimFuncPass("NarrowDataType", [target_bits](const PrimFunc& f) {
    WidthVisitor widths(target_bits);
    widths.VisitStmt(f->body);
    Stmt body = NarrowRewriter(widths.narrowed).VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS_WITH_ARGS(
    NarrowDataType,
    [](const std::vector<int64_t>& args) { return NarrowDataType(static_cast<int>(args[0])); },
    {"target_bits", std::nullopt});

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
