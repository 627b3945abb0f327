#include "tirgen/tir/functor.h"

#include <unordered_map>


namespace tirgen {
namespace tir {
// ---------------------------------------------------------------------------------------------
// StmtExprVisitor

void StmtExprVisitor::VisitExpr_(const IntImmNode*) {}
void StmtExprVisitor::VisitExpr_(const FloatImmNode*) {}
void StmtExprVisitor::VisitExpr_(const StringImmNode*) {}
void StmtExprVisitor::VisitExpr_(const VarNode*) {}
void StmtExprVisitor::VisitExpr_(const CastNode* op) { VisitExpr(op->value); }
void StmtExprVisitor::VisitExpr_(const BinaryNode* op) {
  VisitExpr(op->a);
  VisitExpr(op->b);
}
void StmtExprVisitor::VisitExpr_(const NotNode* op) { VisitExpr(op->a); }
void StmtExprVisitor::VisitExpr_(const SelectNode* op) {
  VisitExpr(op->condition);
  VisitExpr(op->true_value);
  VisitExpr(op->false_value);
}
void StmtExprVisitor::VisitExpr_(const BufferLoadNode* op) {
  VisitBuffer(op->buffer);
  for (const PrimExpr& i : op->indices) VisitExpr(i);
}
void StmtExprVisitor::VisitExpr_(const ProducerLoadNode* op) {
  for (const PrimExpr& i : op->indices) VisitExpr(i);
}
void StmtExprVisitor::VisitExpr_(const RampNode* op) {
  VisitExpr(op->base);
  VisitExpr(op->stride);
}
void StmtExprVisitor::VisitExpr_(const BroadcastNode* op) { VisitExpr(op->value); }
void StmtExprVisitor::VisitExpr_(const LetNode* op) {
  VisitExpr(op->value);
  VisitExpr(op->body);
}
void StmtExprVisitor::VisitExpr_(const CallNode* op) {
  for (const PrimExpr& a : op->args) VisitExpr(a);
}
void StmtExprVisitor::VisitExpr_(const ReduceNode* op) {
  for (const IterVar& iv : op->axis) VisitRange(iv->dom);
  for (const PrimExpr& s : op->source) VisitExpr(s);
  for (const PrimExpr& s : op->init) VisitExpr(s);
  VisitExpr(op->condition);
}

void StmtExprVisitor::VisitRange(const Range& r) {
  if (!r.defined()) return;
  VisitExpr(r->min);
  VisitExpr(r->extent);
}
void StmtExprVisitor::VisitBufferRegion(const BufferRegion& r) {
  VisitBuffer(r->buffer);
  for (const Range& rg : r->region) VisitRange(rg);
}

void StmtExprVisitor::VisitStmt_(const LetStmtNode* op) {
  VisitExpr(op->value);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const AttrStmtNode* op) {
  if (op->value.defined()) VisitExpr(op->value);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const AssertStmtNode* op) {
  VisitExpr(op->condition);
  VisitExpr(op->message);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const BufferStoreNode* op) {
  VisitBuffer(op->buffer);
  VisitExpr(op->value);
  for (const PrimExpr& i : op->indices) VisitExpr(i);
}
void StmtExprVisitor::VisitStmt_(const AllocateNode* op) {
  for (const PrimExpr& e : op->extents) VisitExpr(e);
  VisitExpr(op->condition);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const AllocateConstNode* op) {
  for (const PrimExpr& e : op->extents) VisitExpr(e);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const DeclBufferNode* op) {
  VisitBuffer(op->buffer);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const SeqStmtNode* op) {
  for (const Stmt& s : op->seq) VisitStmt(s);
}
void StmtExprVisitor::VisitStmt_(const IfThenElseNode* op) {
  VisitExpr(op->condition);
  VisitStmt(op->then_case);
  if (op->else_case.defined()) VisitStmt(op->else_case);
}
void StmtExprVisitor::VisitStmt_(const EvaluateNode* op) { VisitExpr(op->value); }
void StmtExprVisitor::VisitStmt_(const ForNode* op) {
  VisitExpr(op->min);
  VisitExpr(op->extent);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const WhileNode* op) {
  VisitExpr(op->condition);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const BlockNode* op) {
  for (const IterVar& iv : op->iter_vars) VisitRange(iv->dom);
  for (const BufferRegion& r : op->reads) VisitBufferRegion(r);
  for (const BufferRegion& r : op->writes) VisitBufferRegion(r);
  for (const Buffer& b : op->alloc_buffers) VisitBuffer(b);
  for (const MatchBufferRegion& m : op->match_buffers) {
    VisitBuffer(m->buffer);
    VisitBufferRegion(m->source);
  }
  if (op->init) VisitStmt(*op->init);
  VisitStmt(op->body);
}
void StmtExprVisitor::VisitStmt_(const BlockRealizeNode* op) {
  for (const PrimExpr& v : op->iter_values) VisitExpr(v);
  VisitExpr(op->predicate);
  VisitStmt(op->block);
}

// ---------------------------------------------------------------------------------------------
// StmtExprMutator

bool StmtExprMutator::VisitExprs(const std::vector<PrimExpr>& in, std::vector<PrimExpr>* out) {
  bool changed = false;
  std::vector<PrimExpr> res;
  res.reserve(in.size());
  for (const PrimExpr& e : in) {
    PrimExpr n = VisitExpr(e);
    changed = changed || !n.same_as(e);
    res.push_back(std::move(n));
  }
  if (changed) *out = std::move(res);
  return changed;
}

Range StmtExprMutator::VisitRange(const Range& r) {
  if (!r.defined()) return r;
  PrimExpr min = VisitExpr(r->min);
  PrimExpr extent = VisitExpr(r->extent);
  if (min.same_as(r->min) && extent.same_as(r->extent)) return r;
  return Range(min, extent);
}

BufferRegion StmtExprMutator::VisitBufferRegion(const BufferRegion& r) {
  Buffer b = VisitBuffer(r->buffer);
  bool changed = !b.same_as(r->buffer);
  std::vector<Range> region;
  for (const Range& rg : r->region) {
    Range n = VisitRange(rg);
    changed = changed || !n.same_as(rg);
    region.push_back(n);
  }
  if (!changed) return r;
  return BufferRegion(b, std::move(region));
}

PrimExpr StmtExprMutator::VisitExpr_(const IntImmNode* op) { return GetRef<PrimExpr>(op); }
PrimExpr StmtExprMutator::VisitExpr_(const FloatImmNode* op) { return GetRef<PrimExpr>(op); }
PrimExpr StmtExprMutator::VisitExpr_(const StringImmNode* op) { return GetRef<PrimExpr>(op); }
PrimExpr StmtExprMutator::VisitExpr_(const VarNode* op) { return GetRef<PrimExpr>(op); }
PrimExpr StmtExprMutator::VisitExpr_(const CastNode* op) {
  PrimExpr v = VisitExpr(op->value);
  if (v.same_as(op->value)) return GetRef<PrimExpr>(op);
  return Cast(op->dtype, v);
}
PrimExpr StmtExprMutator::VisitExpr_(const BinaryNode* op) {
  PrimExpr a = VisitExpr(op->a);
  PrimExpr b = VisitExpr(op->b);
  if (a.same_as(op->a) && b.same_as(op->b)) return GetRef<PrimExpr>(op);
  return Binary(op->kind(), a, b);
}
PrimExpr StmtExprMutator::VisitExpr_(const NotNode* op) {
  PrimExpr a = VisitExpr(op->a);
  if (a.same_as(op->a)) return GetRef<PrimExpr>(op);
  return Not(a);
}
PrimExpr StmtExprMutator::VisitExpr_(const SelectNode* op) {
  PrimExpr c = VisitExpr(op->condition);
  PrimExpr t = VisitExpr(op->true_value);
  PrimExpr f = VisitExpr(op->false_value);
  if (c.same_as(op->condition) && t.same_as(op->true_value) && f.same_as(op->false_value))
    return GetRef<PrimExpr>(op);
  return Select(c, t, f);
}
PrimExpr StmtExprMutator::VisitExpr_(const BufferLoadNode* op) {
  Buffer b = VisitBuffer(op->buffer);
  std::vector<PrimExpr> idx = op->indices;
  bool changed = VisitExprs(op->indices, &idx);
  if (!changed && b.same_as(op->buffer)) return GetRef<PrimExpr>(op);
  return BufferLoad(b, std::move(idx));
}
PrimExpr StmtExprMutator::VisitExpr_(const ProducerLoadNode* op) {
  std::vector<PrimExpr> idx = op->indices;
  if (!VisitExprs(op->indices, &idx)) return GetRef<PrimExpr>(op);
  return ProducerLoad(op->dtype, op->producer, std::move(idx));
}
PrimExpr StmtExprMutator::VisitExpr_(const RampNode* op) {
  PrimExpr base = VisitExpr(op->base);
  PrimExpr stride = VisitExpr(op->stride);
  if (base.same_as(op->base) && stride.same_as(op->stride)) return GetRef<PrimExpr>(op);
  return Ramp(base, stride, op->lanes);
}
PrimExpr StmtExprMutator::VisitExpr_(const BroadcastNode* op) {
  PrimExpr v = VisitExpr(op->value);
  if (v.same_as(op->value)) return GetRef<PrimExpr>(op);
  return Broadcast(v, op->lanes);
}
PrimExpr StmtExprMutator::VisitExpr_(const LetNode* op) {
  PrimExpr v = VisitExpr(op->value);
  PrimExpr b = VisitExpr(op->body);
  if (v.same_as(op->value) && b.same_as(op->body)) return GetRef<PrimExpr>(op);
  return Let(op->var, v, b);
}
PrimExpr StmtExprMutator::VisitExpr_(const CallNode* op) {
  std::vector<PrimExpr> args = op->args;
  if (!VisitExprs(op->args, &args)) return GetRef<PrimExpr>(op);
  return Call(op->dtype, op->op, std::move(args));
}
PrimExpr StmtExprMutator::VisitExpr_(const ReduceNode* op) {
  std::vector<PrimExpr> source = op->source;
  std::vector<PrimExpr> init = op->init;
  bool changed = VisitExprs(op->source, &source);
  changed = VisitExprs(op->init, &init) || changed;
  PrimExpr cond = VisitExpr(op->condition);
  changed = changed || !cond.same_as(op->condition);
  if (!changed) return GetRef<PrimExpr>(op);
  return Reduce(op->combiner, std::move(source), op->axis, cond, op->value_index, std::move(init));
}

Stmt StmtExprMutator::VisitStmt_(const LetStmtNode* op) {
  PrimExpr v = VisitExpr(op->value);
  Stmt b = VisitStmt(op->body);
  if (v.same_as(op->value) && b.same_as(op->body)) return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->value = v;
  n->body = b;
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const AttrStmtNode* op) {
  PrimExpr v = op->value.defined() ? VisitExpr(op->value) : op->value;
  Stmt b = VisitStmt(op->body);
  if (v.same_as(op->value) && b.same_as(op->body)) return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->value = v;
  n->body = b;
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const AssertStmtNode* op) {
  PrimExpr c = VisitExpr(op->condition);
  PrimExpr m = VisitExpr(op->message);
  Stmt b = VisitStmt(op->body);
  if (c.same_as(op->condition) && m.same_as(op->message) && b.same_as(op->body))
    return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->condition = c;
  n->message = m;
  n->body = b;
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const BufferStoreNode* op) {
  Buffer buf = VisitBuffer(op->buffer);
  PrimExpr v = VisitExpr(op->value);
  std::vector<PrimExpr> idx = op->indices;
  bool changed = VisitExprs(op->indices, &idx);
  if (!changed && v.same_as(op->value) && buf.same_as(op->buffer)) return GetRef<Stmt>(op);
  return BufferStore(buf, v, std::move(idx));
}
Stmt StmtExprMutator::VisitStmt_(const AllocateNode* op) {
  std::vector<PrimExpr> ext = op->extents;
  bool changed = VisitExprs(op->extents, &ext);
  PrimExpr c = VisitExpr(op->condition);
  Stmt b = VisitStmt(op->body);
  if (!changed && c.same_as(op->condition) && b.same_as(op->body)) return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->extents = std::move(ext);
  n->condition = c;
  n->body = b;
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const AllocateConstNode* op) {
  std::vector<PrimExpr> ext = op->extents;
  bool changed = VisitExprs(op->extents, &ext);
  Stmt b = VisitStmt(op->body);
  if (!changed && b.same_as(op->body)) return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->extents = std::move(ext);
  n->body = b;
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const DeclBufferNode* op) {
  Buffer buf = VisitBuffer(op->buffer);
  Stmt b = VisitStmt(op->body);
  if (buf.same_as(op->buffer) && b.same_as(op->body)) return GetRef<Stmt>(op);
  return DeclBuffer(buf, b);
}
Stmt StmtExprMutator::VisitStmt_(const SeqStmtNode* op) {
  bool changed = false;
  std::vector<Stmt> seq;
  seq.reserve(op->seq.size());
  for (const Stmt& s : op->seq) {
    Stmt n = VisitStmt(s);
    changed = changed || !n.same_as(s);
    seq.push_back(std::move(n));
  }
  if (!changed) return GetRef<Stmt>(op);
  return SeqStmt::Flatten(seq);
}
Stmt StmtExprMutator::VisitStmt_(const IfThenElseNode* op) {
  PrimExpr c = VisitExpr(op->condition);
  Stmt t = VisitStmt(op->then_case);
  Stmt e = op->else_case.defined() ? VisitStmt(op->else_case) : op->else_case;
  if (c.same_as(op->condition) && t.same_as(op->then_case) && e.same_as(op->else_case))
    return GetRef<Stmt>(op);
  return IfThenElse(c, t, e);
}
Stmt StmtExprMutator::VisitStmt_(const EvaluateNode* op) {
  PrimExpr v = VisitExpr(op->value);
  if (v.same_as(op->value)) return GetRef<Stmt>(op);
  return Evaluate(v);
}
Stmt StmtExprMutator::VisitStmt_(const ForNode* op) {
  PrimExpr mn = VisitExpr(op->min);
  PrimExpr ex = VisitExpr(op->extent);
  Stmt b = VisitStmt(op->body);
  if (mn.same_as(op->min) && ex.same_as(op->extent) && b.same_as(op->body)) return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->min = mn;
  n->extent = ex;
  n->body = b;
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const WhileNode* op) {
  PrimExpr c = VisitExpr(op->condition);
  Stmt b = VisitStmt(op->body);
  if (c.same_as(op->condition) && b.same_as(op->body)) return GetRef<Stmt>(op);
  return While(c, b);
}
Stmt StmtExprMutator::VisitStmt_(const BlockNode* op) {
  bool changed = false;
  std::vector<IterVar> iter_vars;
  for (const IterVar& iv : op->iter_vars) {
    Range dom = VisitRange(iv->dom);
    if (dom.same_as(iv->dom)) {
      iter_vars.push_back(iv);
    } else {
      changed = true;
      iter_vars.push_back(IterVar(dom, iv->var, iv->iter_type, iv->thread_tag));
    }
  }
  auto regions = [&](const std::vector<BufferRegion>& in) {
    std::vector<BufferRegion> out;
    for (const BufferRegion& r : in) {
      BufferRegion n = VisitBufferRegion(r);
      changed = changed || !n.same_as(r);
      out.push_back(n);
    }
    return out;
  };
  std::vector<BufferRegion> reads = regions(op->reads);
  std::vector<BufferRegion> writes = regions(op->writes);
  std::vector<Buffer> allocs;
  for (const Buffer& b : op->alloc_buffers) {
    Buffer n = VisitBuffer(b);
    changed = changed || !n.same_as(b);
    allocs.push_back(n);
  }
  std::vector<MatchBufferRegion> matches;
  for (const MatchBufferRegion& m : op->match_buffers) {
    BufferRegion src = VisitBufferRegion(m->source);
    if (src.same_as(m->source)) {
      matches.push_back(m);
    } else {
      changed = true;
      matches.push_back(MatchBufferRegion(m->buffer, src));
    }
  }
  std::optional<Stmt> init;
  if (op->init) {
    init = VisitStmt(*op->init);
    changed = changed || !init->same_as(*op->init);
  }
  Stmt body = VisitStmt(op->body);
  changed = changed || !body.same_as(op->body);
  if (!changed) return GetRef<Stmt>(op);
  auto n = CopyNode(*op);
  n->iter_vars = std::move(iter_vars);
  n->reads = std::move(reads);
  n->writes = std::move(writes);
  n->alloc_buffers = std::move(allocs);
  n->match_buffers = std::move(matches);
  n->init = std::move(init);
  n->body = std::move(body);
  return Stmt(std::move(n));
}
Stmt StmtExprMutator::VisitStmt_(const BlockRealizeNode* op) {
  std::vector<PrimExpr> values = op->iter_values;
  bool changed = VisitExprs(op->iter_values, &values);
  PrimExpr pred = VisitExpr(op->predicate);
  Stmt block = VisitStmt(op->block);
  if (!changed && pred.same_as(op->predicate) && block.same_as(op->block)) return GetRef<Stmt>(op);
  return BlockRealize(std::move(values), pred, block.cast<Block>());
}

// ---------------------------------------------------------------------------------------------
// Substitute

namespace {
class Substituter : public StmtExprMutator {
 public:
  explicit Substituter(const std::vector<std::pair<Var, PrimExpr>>& vmap) {
    for (const auto& kv : vmap) map_[kv.first.get()] = kv.second;
  }
  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = map_.find(op);
    if (it != map_.end()) return it->second;
    return GetRef<PrimExpr>(op);
  }

 private:
  std::unordered_map<const Object*, PrimExpr> map_;
};
}  // namespace

PrimExpr Substitute(const PrimExpr& expr, const std::vector<std::pair<Var, PrimExpr>>& vmap) {
  if (vmap.empty()) return expr;
  return Substituter(vmap).VisitExpr(expr);
}
Stmt Substitute(const Stmt& stmt, const std::vector<std::pair<Var, PrimExpr>>& vmap) {
  if (vmap.empty()) return stmt;
  return Substituter(vmap).VisitStmt(stmt);
}

}  // namespace tir
}  // namespace tirgen
