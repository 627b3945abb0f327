// IndexDataTypeNormalizer: every index (buffer shapes, loop and block vars, load/store indices,
// region bounds, integer comparisons in conditions) to one integer type, usually int64.
//
// Two flags steer it, as in TVM: `enabled_` (we are inside an index: integer constants and
// variables met here are converted) and `condition_` (inside an if_then_else / predicate
// condition: integer comparisons there are indices too). Other arithmetic only re-matches the
// operand types of rebuilt nodes, which inserts casts where an index var is used as a value.
#include <unordered_map>

#include "tirgen/tir/transforms/index_dtype_normalizer.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {

namespace {

class IndexNormalizer : public StmtExprMutator {
 public:
  explicit IndexNormalizer(DataType t) : target_(t) {}
  using StmtExprMutator::VisitExpr;
  using StmtExprMutator::VisitStmt;

  // A scope flag setter restoring the previous value.
  struct Flag {
    Flag(bool* f, bool v) : f_(f), old_(*f) { *f = v; }
    ~Flag() { *f_ = old_; }
    bool* f_;
    bool old_;
  };

  Buffer Remap(const Buffer& b) const {
    auto it = buffer_remap_.find(b.get());
    return it == buffer_remap_.end() ? b : it->second;
  }

  Buffer VisitBufferDef(const Buffer& b) {
    Flag f(&enabled_, true);
    std::vector<PrimExpr> shape = b->shape, strides = b->strides;
    bool changed = VisitExprs(b->shape, &shape);
    changed = VisitExprs(b->strides, &strides) || changed;
    // A rank-0 buffer keeps its int32 offset: TVM widens it too, but that is invisible in
    // TVMScript and the parsed text has int32, so round trips stay structurally equal.
    PrimExpr off = b->shape.empty() ? b->elem_offset : VisitExpr(b->elem_offset);
    changed = changed || !off.same_as(b->elem_offset);
    if (!changed) return b;
    auto n = CopyNode(*b.get());
    n->shape = std::move(shape);
    n->strides = std::move(strides);
    n->elem_offset = off;
    Buffer nb(std::shared_ptr<const Object>(std::move(n)));
    buffer_remap_[b.get()] = nb;
    return nb;
  }

  PrimExpr VisitExpr_(const IntImmNode* op) override {
    if (enabled_ && op->dtype.is_int() && op->dtype != target_) return cast(target_, GetRef<PrimExpr>(op));
    return GetRef<PrimExpr>(op);
  }

  PrimExpr VisitExpr_(const VarNode* op) override {
    if (enabled_ && op->dtype.is_int() && op->dtype != target_ && !var_remap_.count(op)) {
      var_remap_[op] = Var(op->name_hint, target_);
    }
    auto it = var_remap_.find(op);
    if (it != var_remap_.end()) return it->second;
    return GetRef<PrimExpr>(op);
  }

  PrimExpr VisitExpr_(const CastNode* op) override {
    if (enabled_ && op->dtype.is_int()) {
      PrimExpr v = VisitExpr(op->value);
      return v.dtype() == target_ ? v : Cast(target_, v);
    }
    PrimExpr v = VisitExpr(op->value);
    if (v.same_as(op->value)) return GetRef<PrimExpr>(op);
    return Cast(op->dtype, v);
  }

  PrimExpr VisitExpr_(const BinaryNode* op) override {
    bool is_cmp = IsCompareKind(op->kind());
    bool enable = enabled_;
    if (is_cmp) enable = condition_ && op->a.dtype().is_int() && op->b.dtype().is_int();
    Flag f(&enabled_, enable);
    PrimExpr a = VisitExpr(op->a);
    PrimExpr b = VisitExpr(op->b);
    if (a.same_as(op->a) && b.same_as(op->b) && a.dtype() == b.dtype()) return GetRef<PrimExpr>(op);
    return MakeBinaryFolded(op->kind(), a, b);
  }

  PrimExpr VisitExpr_(const SelectNode* op) override {
    PrimExpr c = VisitExpr(op->condition);
    PrimExpr t = VisitExpr(op->true_value);
    PrimExpr e = VisitExpr(op->false_value);
    if (c.same_as(op->condition) && t.same_as(op->true_value) && e.same_as(op->false_value) &&
        t.dtype() == e.dtype())
      return GetRef<PrimExpr>(op);
    int bits = std::max(t.dtype().bits(), e.dtype().bits());
    DataType dt(t.dtype().code(), bits, t.dtype().lanes());
    return Select(c, cast(dt, t), cast(dt, e));
  }

  PrimExpr VisitExpr_(const CallNode* op) override {
    if (op->op == "tir.if_then_else" && op->args.size() == 3) {
      PrimExpr c;
      {
        Flag f(&condition_, true);
        c = VisitExpr(op->args[0]);
      }
      PrimExpr t = VisitExpr(op->args[1]);
      PrimExpr e = VisitExpr(op->args[2]);
      if (c.same_as(op->args[0]) && t.same_as(op->args[1]) && e.same_as(op->args[2]))
        return GetRef<PrimExpr>(op);
      return if_then_else(c, t, e);
    }
    return StmtExprMutator::VisitExpr_(op);
  }

  std::vector<PrimExpr> VisitIndices(const std::vector<PrimExpr>& idx, bool* changed) {
    Flag f(&enabled_, true);
    std::vector<PrimExpr> out = idx;
    *changed = VisitExprs(idx, &out);
    return out;
  }

  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    Buffer b = Remap(op->buffer);
    bool changed;
    std::vector<PrimExpr> idx = VisitIndices(op->indices, &changed);
    if (!changed && b.same_as(op->buffer)) return GetRef<PrimExpr>(op);
    return BufferLoad(b, std::move(idx));
  }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Buffer b = Remap(op->buffer);
    PrimExpr v = VisitExpr(op->value);
    if (v.dtype() != b->dtype && v.dtype().lanes() == 1) v = cast(b->dtype, v);
    bool changed;
    std::vector<PrimExpr> idx = VisitIndices(op->indices, &changed);
    if (!changed && b.same_as(op->buffer) && v.same_as(op->value)) return GetRef<Stmt>(op);
    return BufferStore(b, v, std::move(idx));
  }

  Range VisitIndexRange(const Range& r) {
    Flag f(&enabled_, true);
    PrimExpr mn = VisitExpr(r->min), ex = VisitExpr(r->extent);
    if (mn.same_as(r->min) && ex.same_as(r->extent)) return r;
    return Range(mn, ex);
  }

  BufferRegion VisitRegion(const BufferRegion& r) {
    Buffer b = Remap(r->buffer);
    bool changed = !b.same_as(r->buffer);
    std::vector<Range> ranges;
    for (const Range& rg : r->region) {
      Range n = VisitIndexRange(rg);
      changed = changed || !n.same_as(rg);
      ranges.push_back(n);
    }
    if (!changed) return r;
    return BufferRegion(b, std::move(ranges));
  }

  ObjectRef VisitAnnotation(const ObjectRef& v) {
    if (!v.defined()) return v;
    if (v.kind() == Kind::kBuffer) return Remap(v.cast<Buffer>());
    if (const ArrayNode* a = v.as<ArrayNode>()) {
      std::vector<ObjectRef> out;
      bool changed = false;
      for (const ObjectRef& e : a->elements) {
        out.push_back(VisitAnnotation(e));
        changed = changed || !out.back().same_as(e);
      }
      return changed ? ObjectRef(Array(out)) : v;
    }
    return v;
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    auto n = CopyNode(*op);
    for (Buffer& b : n->alloc_buffers) b = VisitBufferDef(b);
    for (BufferRegion& r : n->reads) r = VisitRegion(r);
    for (BufferRegion& r : n->writes) r = VisitRegion(r);
    for (IterVar& iv : n->iter_vars) {
      Flag f(&enabled_, true);
      PrimExpr v = VisitExpr(iv->var);
      Range dom = VisitIndexRange(iv->dom);
      Var nv = v.cast<Var>();
      if (!nv.same_as(iv->var) || !dom.same_as(iv->dom)) {
        if (dom->min.dtype() != nv.dtype() || dom->extent.dtype() != nv.dtype())
          dom = Range(cast(nv.dtype(), dom->min), cast(nv.dtype(), dom->extent));
        iv = IterVar(dom, nv, iv->iter_type, iv->thread_tag);
      }
    }
    if (n->init) n->init = VisitStmt(*n->init);
    for (auto& kv : n->annotations) kv.second = VisitAnnotation(kv.second);
    n->body = VisitStmt(n->body);
    return Stmt(std::shared_ptr<const Object>(std::move(n)));
  }

  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    PrimExpr pred;
    {
      Flag f(&condition_, true);
      pred = VisitExpr(op->predicate);
    }
    std::vector<PrimExpr> values = op->iter_values;
    {
      Flag f(&enabled_, true);
      VisitExprs(op->iter_values, &values);
    }
    Block block = VisitStmt(op->block).cast<Block>();
    for (size_t i = 0; i < values.size(); ++i) {
      DataType t = block->iter_vars[i]->var.dtype();
      if (values[i].dtype() != t) values[i] = cast(t, values[i]);
    }
    return BlockRealize(std::move(values), pred, block);
  }

  Stmt VisitStmt_(const ForNode* op) override {
    Var v;
    PrimExpr mn, ex;
    {
      Flag f(&enabled_, true);
      v = VisitExpr(op->loop_var).cast<Var>();
      mn = VisitExpr(op->min);
      ex = VisitExpr(op->extent);
    }
    Stmt body = VisitStmt(op->body);
    auto n = CopyNode(*op);
    n->loop_var = v;
    n->min = cast(v.dtype(), mn);
    n->extent = cast(v.dtype(), ex);
    n->body = body;
    return Stmt(std::shared_ptr<const Object>(std::move(n)));
  }

  Stmt VisitStmt_(const IfThenElseNode* op) override {
    PrimExpr c;
    {
      Flag f(&condition_, true);
      c = VisitExpr(op->condition);
    }
    Stmt t = VisitStmt(op->then_case);
    Stmt e = op->else_case.defined() ? VisitStmt(op->else_case) : op->else_case;
    return IfThenElse(c, t, e);
  }

  Stmt VisitStmt_(const LetStmtNode* op) override {
    PrimExpr v = VisitExpr(op->value);
    Var var = op->var;
    if (v.dtype() != var.dtype()) {
      var = Var(op->var->name_hint, v.dtype());
      var_remap_[op->var.get()] = var;
    }
    Stmt body = VisitStmt(op->body);
    return LetStmt(var, v, body);
  }

  DataType target_;
  bool enabled_ = false;
  bool condition_ = false;
  std::unordered_map<const Object*, Var> var_remap_;          // identity map, never iterated
  std::unordered_map<const Object*, Buffer> buffer_remap_;    // identity map, never iterated
};

}  // namespace

PrimFunc NormalizeIndexDataType(const PrimFunc& func, DataType index_type) {
  IndexNormalizer n(index_type);
  auto f = CopyNode(*func.get());
  for (auto& kv : f->buffer_map) kv.second = n.VisitBufferDef(kv.second);
  f->body = n.VisitStmt(func->body);
  return PrimFunc(std::shared_ptr<const Object>(std::move(f)));
}

}  // namespace tir
}  // namespace tirgen
