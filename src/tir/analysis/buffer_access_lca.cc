// Buffer access LCA detection (see buffer_access_lca.h).
#include "tirgen/tir/analysis/buffer_access_lca.h"

#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {

namespace {

// A For or Block on the path from the root; the root sentinel has stmt == nullptr.
struct Scope {
  const Scope* parent;
  const StmtNode* stmt;
  int depth;
};

bool IsBlockIdx(const std::string& tag) { return tag.rfind("blockIdx", 0) == 0; }

class LCADetector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;

  std::vector<BufferLCA> Run(const PrimFunc& func) {
    for (const auto& kv : func->buffer_map) buffer_var_map_.emplace(kv.second->data.get(), kv.second);
    arena_.push_back(Scope{nullptr, nullptr, 0});
    ancestors_.push_back(&arena_.back());
    VisitStmt(func->body);
    // Global buffers must be allocated above every blockIdx launch.
    std::vector<BufferLCA> out;
    for (const Buffer& b : order_) {
      const Scope* lca = lca_.at(b.get());
      if (b->scope().rfind("global", 0) == 0) {
        for (const Scope* s : blockidx_scopes_) lca = LCA(lca, s);
      }
      out.push_back(BufferLCA{b, lca ? lca->stmt : nullptr});
    }
    return out;
  }

  void VisitStmt_(const ForNode* op) override {
    const Scope* cur = Push(op);
    if (op->thread_binding && IsBlockIdx((*op->thread_binding)->thread_tag)) {
      blockidx_scopes_.push_back(cur);
    }
    loop_scope_[op->loop_var.get()] = cur;
    StmtExprVisitor::VisitStmt_(op);
    ancestors_.pop_back();
    loop_scope_.erase(op->loop_var.get());
  }

  void VisitStmt_(const BlockRealizeNode* op) override {
    const BlockNode* block = op->block.get();
    for (const Buffer& b : block->alloc_buffers) buffer_var_map_.emplace(b->data.get(), b);
    Push(block);
    UpdateDominateScopeOfOpaqueIter(op);
    for (const MatchBufferRegion& m : block->match_buffers) {
      Update(m->source->buffer, ancestors_.back());
      match_buffers_.insert(m->buffer.get());
    }
    StmtExprVisitor::VisitStmt_(op);
    ancestors_.pop_back();
  }

  void VisitStmt_(const AttrStmtNode* op) override {
    if (op->attr_key == "thread_extent") {
      const IterVarNode* iv = op->node.as<IterVarNode>();
      if (iv && IsBlockIdx(iv->thread_tag)) blockidx_scopes_.push_back(ancestors_.back());
    }
    StmtExprVisitor::VisitStmt_(op);
  }

  void VisitExpr_(const BufferLoadNode* op) override {
    Update(op->buffer, ancestors_.back());
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    Update(op->buffer, ancestors_.back());
    StmtExprVisitor::VisitStmt_(op);
  }
  // Opaque uses of a buffer's data pointer count as accesses.
  void VisitExpr_(const VarNode* op) override {
    auto it = buffer_var_map_.find(op);
    if (it != buffer_var_map_.end()) Update(it->second, ancestors_.back());
  }

 private:
  const Scope* Push(const StmtNode* stmt) {
    arena_.push_back(Scope{ancestors_.back(), stmt, static_cast<int>(ancestors_.size())});
    ancestors_.push_back(&arena_.back());
    return &arena_.back();
  }

  // Accesses indexed by opaque/ordered block vars must stay above the loops those vars bind.
  void UpdateDominateScopeOfOpaqueIter(const BlockRealizeNode* realize) {
    const BlockNode* block = realize->block.get();
    std::unordered_map<const VarNode*, const Scope*> dom_scope;
    for (size_t i = 0; i < realize->iter_values.size(); ++i) {
      const IterVar& iv = block->iter_vars[i];
      if (iv->iter_type == IterVarType::kDataPar || iv->iter_type == IterVarType::kCommReduce) continue;
      ForEachVar(realize->iter_values[i], [&](const VarNode* v) {
        auto it = loop_scope_.find(v);
        if (it == loop_scope_.end()) return;
        const Scope* s = it->second->parent;
        auto d = dom_scope.find(iv->var.get());
        if (d == dom_scope.end()) dom_scope[iv->var.get()] = s;
        else if (s->depth < d->second->depth) d->second = s;
      });
    }
    if (dom_scope.empty()) return;
    auto update = [&](const BufferRegion& region) {
      const Scope* scope = ancestors_.back();
      auto lift = [&](const VarNode* v) {
        auto d = dom_scope.find(v);
        if (d != dom_scope.end() && d->second->depth < scope->depth) scope = d->second;
      };
      for (const Range& r : region->region) {
        ForEachVar(r->min, lift);
        ForEachVar(r->extent, lift);
      }
      Update(region->buffer, scope);
    };
    for (const BufferRegion& r : block->reads) update(r);
    for (const BufferRegion& r : block->writes) update(r);
  }

  template <class F>
  static void ForEachVar(const PrimExpr& e, F f) {
    struct V : StmtExprVisitor {
      F* f;
      using StmtExprVisitor::VisitExpr;
      void VisitExpr_(const VarNode* op) override { (*f)(op); }
    } v;
    v.f = &f;
    v.VisitExpr(e);
  }

  void Update(const Buffer& buffer, const Scope* scope) {
    buffer_var_map_.emplace(buffer->data.get(), buffer);
    if (match_buffers_.count(buffer.get())) return;  // views, not allocations
    auto it = lca_.find(buffer.get());
    if (it == lca_.end()) {
      lca_.emplace(buffer.get(), scope);
      order_.push_back(buffer);
    } else {
      it->second = LCA(it->second, scope);
    }
  }

  static const Scope* LCA(const Scope* a, const Scope* b) {
    if (!a) return b;
    if (!b) return a;
    while (a->parent && b->parent && a != b) {
      if (a->depth == b->depth) {
        a = a->parent;
        b = b->parent;
      } else if (a->depth < b->depth) {
        b = b->parent;
      } else {
        a = a->parent;
      }
    }
    if (!a->parent) return a;
    if (!b->parent) return b;
    return a;
  }

  std::deque<Scope> arena_;
  std::vector<const Scope*> ancestors_;
  std::unordered_map<const BufferNode*, const Scope*> lca_;
  std::vector<Buffer> order_;
  std::unordered_map<const VarNode*, Buffer> buffer_var_map_;
  std::unordered_set<const BufferNode*> match_buffers_;
  std::vector<const Scope*> blockidx_scopes_;
  std::unordered_map<const VarNode*, const Scope*> loop_scope_;
};

}  // namespace

std::vector<BufferLCA> DetectBufferAccessLCA(const PrimFunc& func) { return LCADetector().Run(func); }

}  // namespace tir
}  // namespace tirgen
