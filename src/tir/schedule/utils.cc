// Helpers shared by the schedule primitives.
#include "utils.h"

namespace tirgen {
namespace tir {

For WithBody(const ForNode* loop, Stmt body) {
  auto n = CopyNode(*loop);
  n->body = std::move(body);
  return For(std::shared_ptr<const Object>(n));
}

IterDomain LoopDomain(const StmtTree& tree, const StmtNode* s) {
  IterDomain dom;
  for (const ForNode* loop : tree.LoopsAbove(s)) dom.emplace_back(loop->loop_var, Range(loop->min, loop->extent));
  return dom;
}

namespace {
class BindingSimplifier : public StmtExprMutator {
 public:
  BindingSimplifier(IterDomain dom, bool preserve) : dom_(std::move(dom)), preserve_(preserve) {}
  Stmt VisitStmt_(const ForNode* op) override {
    dom_.emplace_back(op->loop_var, Range(op->min, op->extent));
    Stmt s = StmtExprMutator::VisitStmt_(op);
    dom_.pop_back();
    return s;
  }
  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    if (op->iter_values.empty()) return StmtExprMutator::VisitStmt_(op);
    std::vector<PrimExpr> v = IterMapSimplify(op->iter_values, dom_, !preserve_);
    bool same = true;
    for (size_t i = 0; i < v.size(); ++i) same = same && v[i].same_as(op->iter_values[i]);
    if (same) return GetRef<Stmt>(op);
    return BlockRealize(std::move(v), op->predicate, op->block);
  }

 private:
  IterDomain dom_;
  bool preserve_;
};

// Finds whether a var is bound by an AllocateConst.
class ConstVarFinder : public StmtExprVisitor {
 public:
  explicit ConstVarFinder(const VarNode* v) : v_(v) {}
  bool found = false;
  void VisitStmt_(const AllocateConstNode* op) override {
    found = found || op->buffer_var.get() == v_;
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitExpr(const PrimExpr&) override {}

 private:
  const VarNode* v_;
};
}  // namespace

Stmt SimplifyBindings(const Stmt& stmt, const IterDomain& outer, bool preserve_unit_iters) {
  return BindingSimplifier(outer, preserve_unit_iters).VisitStmt(stmt);
}

void CheckLoopStartsWithZero(const ForNode* loop) {
  if (!is_zero(loop->min))
    throw ScheduleError("the " + Describe(loop) + " does not start with 0 (min must be 0)");
}

bool IsReductionBlock(const BlockNode* block) {
  for (const IterVar& iv : block->iter_vars)
    if (iv->iter_type == IterVarType::kCommReduce) return true;
  return false;
}

namespace {
bool IsWrapper(const Stmt& s) {
  Kind k = s.kind();
  return k == Kind::kAllocate || k == Kind::kAllocateConst || k == Kind::kDeclBuffer ||
         k == Kind::kLetStmt;
}
Stmt WrapperBody(const Stmt& s) {
  switch (s.kind()) {
    case Kind::kAllocate: return s.as<AllocateNode>()->body;
    case Kind::kAllocateConst: return s.as<AllocateConstNode>()->body;
    case Kind::kDeclBuffer: return s.as<DeclBufferNode>()->body;
    default: return s.as<LetStmtNode>()->body;
  }
}
Stmt WithWrapperBody(const Stmt& s, Stmt body) {
  switch (s.kind()) {
    case Kind::kAllocate: {
      auto n = CopyNode(*s.as<AllocateNode>());
      n->body = std::move(body);
      return Stmt(std::shared_ptr<const Object>(n));
    }
    case Kind::kAllocateConst: {
      auto n = CopyNode(*s.as<AllocateConstNode>());
      n->body = std::move(body);
      return Stmt(std::shared_ptr<const Object>(n));
    }
    case Kind::kDeclBuffer: {
      auto n = CopyNode(*s.as<DeclBufferNode>());
      n->body = std::move(body);
      return Stmt(std::shared_ptr<const Object>(n));
    }
    default: {
      auto n = CopyNode(*s.as<LetStmtNode>());
      n->body = std::move(body);
      return Stmt(std::shared_ptr<const Object>(n));
    }
  }
}
}  // namespace

std::vector<Stmt> ScopeChildren(const Stmt& body) {
  Stmt s = body;
  while (IsWrapper(s)) s = WrapperBody(s);
  if (const auto* seq = s.as<SeqStmtNode>()) return seq->seq;
  return {s};
}

Stmt WithScopeChildren(const Stmt& body, const std::vector<Stmt>& children) {
  if (IsWrapper(body)) return WithWrapperBody(body, WithScopeChildren(WrapperBody(body), children));
  return SeqStmt::Flatten(children);
}

bool IsConstantBuffer(const PrimFunc& func, const Buffer& buffer) {
  ConstVarFinder f(buffer->data.get());
  f.VisitStmt(func->body);
  return f.found;
}

void AddSignatureBuffers(const BlockNode* block, BufferVarMap* buffers) {
  for (const BufferRegion& r : block->reads) (*buffers)[r->buffer->data.get()] = r->buffer;
  for (const BufferRegion& r : block->writes) (*buffers)[r->buffer->data.get()] = r->buffer;
  for (const Buffer& b : block->alloc_buffers) (*buffers)[b->data.get()] = b;
}

bool SignatureNames(const BlockNode* block, const Buffer& buffer) {
  for (const BufferRegion& r : block->reads)
    if (r->buffer.same_as(buffer)) return true;
  for (const BufferRegion& r : block->writes)
    if (r->buffer.same_as(buffer)) return true;
  return false;
}

Block WithReadWriteRegions(const Block& block, const BufferVarMap& buffers) {
  BlockAccessRegion r = GetBlockReadWriteRegion(block, buffers);
  auto n = CopyNode(*block.get());
  n->reads = r.reads;
  n->writes = r.writes;
  return Block(std::shared_ptr<const Object>(n));
}

Block WithName(const Block& block, const std::string& name) {
  auto n = CopyNode(*block.get());
  n->name_hint = name;
  return Block(std::shared_ptr<const Object>(n));
}

const VarNode* FindVar(const PrimExpr& e, const std::function<bool(const VarNode*)>& pred) {
  class Finder : public StmtExprVisitor {
   public:
    explicit Finder(const std::function<bool(const VarNode*)>& p) : pred(p) {}
    void VisitExpr_(const VarNode* op) override {
      if (!found && pred(op)) found = op;
    }
    const std::function<bool(const VarNode*)>& pred;
    const VarNode* found = nullptr;
  } f(pred);
  f.VisitExpr(e);
  return f.found;
}

Var CopyVar(const Var& v, const std::string& suffix, DataType dtype) {
  return Var(v->name_hint + suffix, dtype);
}

}  // namespace tir
}  // namespace tirgen

namespace tirgen {
namespace tir {

namespace {
class SubtreeRemover : public StmtExprMutator {
 public:
  explicit SubtreeRemover(const BlockNode* b) : block_(b) {}
  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    if (op->block.get() == block_) return Stmt();
    return StmtExprMutator::VisitStmt_(op);
  }
  Stmt VisitStmt_(const ForNode* op) override {
    Stmt body = VisitStmt(op->body);
    if (!body.defined()) return Stmt();
    if (body.same_as(op->body)) return GetRef<Stmt>(op);
    return WithBody(op, body);
  }
  Stmt VisitStmt_(const SeqStmtNode* op) override {
    std::vector<Stmt> kept;
    bool changed = false;
    for (const Stmt& s : op->seq) {
      Stmt n = VisitStmt(s);
      changed = changed || !n.same_as(s);
      if (n.defined()) kept.push_back(n);
    }
    if (!changed) return GetRef<Stmt>(op);
    if (kept.empty()) return Stmt();
    return SeqStmt::Flatten(kept);
  }
  PrimExpr VisitExpr(const PrimExpr& e) override { return e; }

 private:
  const BlockNode* block_;
};
}  // namespace

Stmt RemoveBlockSubtree(const Stmt& stmt, const BlockNode* block) {
  return SubtreeRemover(block).VisitStmt(stmt);
}

BlockScope GetBlockScope(Schedule::State& st, const BlockRV& rv) {
  BlockScope s;
  s.block = st.GetBlock(rv);
  s.func = st.FuncOf(rv.id);
  s.f = st.Func(s.func);
  StmtTree tree(s.f);
  s.scope = tree.ScopeOf(s.block);
  s.realize = tree.nodes.at(s.block).realize;
  if (!s.scope) throw ScheduleError("the root block has no scope to work in");
  return s;
}

const BufferStoreNode* AsSimpleStore(const BlockNode* block) {
  const auto* store = block->body.as<BufferStoreNode>();
  if (!store || block->init) return nullptr;
  std::vector<const VarNode*> seen;
  for (const PrimExpr& i : store->indices) {
    const VarNode* v = i.as<VarNode>();
    if (!v || std::find(seen.begin(), seen.end(), v) != seen.end()) return nullptr;
    bool is_iter = false;
    for (const IterVar& iv : block->iter_vars) is_iter = is_iter || iv->var.get() == v;
    if (!is_iter) return nullptr;
    seen.push_back(v);
  }
  return store;
}

void ReplaceScope(Schedule::State& st, const BlockScope& s, const Block& new_scope,
                  std::map<const BlockNode*, Block> reuse) {
  reuse[s.scope] = new_scope;
  st.Replace(s.func, s.scope, new_scope, reuse);
}

}  // namespace tir
}  // namespace tirgen
