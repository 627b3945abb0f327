// StorageRewrite (TVM v0.14's memory planner for flat allocations). The body is linearised
// into scope entries (loops, ifs, lets, asserts, whiles, outermost thread_extent,
// virtual_thread/extern_scope attrs) and leaf statements that touch allocated buffers; each
// allocation is "generated" at the first entry touching it and "killed" at the last, both at
// the scope level of its Allocate. Walking that sequence, an allocation takes the storage of
// a killed one when
//   - in place: its first statement only writes it from loads of the killed buffer at the
//     same indices (dst[i] = f(src[i])), same scope, element type and size; or
//   - from the free list: same scope and attach point, size within a factor 16 (bigger ones
//     first, smaller ones only of the same element type).
// Small arrays (<= 32 bits), handles, warp/local memory and multi-dimensional allocations are
// never shared. All allocations are then re-emitted at their attach point: the top of the
// function for global memory, the body of the enclosing parallel loop / thread scope
// otherwise, in order of first use. AllocateConst is not an allocation here (never reused).
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

// TVM's storage scope: rank (global < shared < warp < local < others) and ".tag" suffix.
struct Scope {
  int rank = 0;
  std::string tag;
  bool operator==(const Scope& o) const { return rank == o.rank && tag == o.tag; }
  bool operator!=(const Scope& o) const { return !(*this == o); }
};
constexpr int kWarpRank = 2;

Scope ParseScope(const std::string& s) {
  std::string base = s.substr(0, s.find('.'));
  Scope out;
  out.tag = s.find('.') == std::string::npos ? "" : s.substr(s.find('.'));
  if (base.empty() || base == "global") out.rank = 0;
  else if (base == "shared") out.rank = 1;
  else if (base == "warp") out.rank = 2;
  else if (base == "local") out.rank = 3;
  else out.rank = 4;  // wmma / mma / texture ...: never shared
  return out;
}

bool IsPragmaKey(const std::string& k) { return k.rfind("pragma_", 0) == 0; }

// Total elements of a constant-extent allocation, 0 when an extent is symbolic.
uint64_t ConstantSize(const AllocateNode* op) {
  uint64_t n = 1;
  for (const PrimExpr& e : op->extents) {
    const IntImmNode* imm = e.as<IntImmNode>();
    if (!imm) return 0;
    n *= static_cast<uint64_t>(imm->value);
  }
  return n;
}

struct StmtEntry {
  const Object* stmt = nullptr;
  int64_t scope_pair_offset = 0;  // >0: scope begin (end at +offset); <0: scope end
  std::vector<const VarNode*> touched;
};
struct AllocEntry {
  size_t level = 0;
  const AllocateNode* alloc = nullptr;
};

// Builds the linear access sequence (see the file comment).
class AccessFinder : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  using StmtExprVisitor::VisitStmt_;
  std::vector<StmtEntry> seq;
  std::unordered_map<const VarNode*, AllocEntry> alloc_info;
  std::unordered_set<const BufferNode*> buffers_accessed;

  void VisitStmt_(const AllocateNode* op) override {
    alloc_info[op->buffer_var.get()] = AllocEntry{scope_.size(), op};
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    scope_.emplace_back();
    StmtExprVisitor::VisitStmt_(op);
    buffers_accessed.insert(op->buffer.get());
    Touch(op->buffer->data.get(), "store");
    Leaf(op);
  }
  void VisitExpr_(const BufferLoadNode* op) override {
    StmtExprVisitor::VisitExpr_(op);
    buffers_accessed.insert(op->buffer.get());
    Touch(op->buffer->data.get(), "load");
  }
  void VisitStmt_(const EvaluateNode* op) override {
    scope_.emplace_back();
    StmtExprVisitor::VisitStmt_(op);
    Leaf(op);
  }
  void VisitExpr_(const VarNode* op) override { Touch(op, "reference"); }

  void VisitStmt_(const AttrStmtNode* op) override {
    if (op->attr_key == "thread_extent" && !in_thread_env_) {
      in_thread_env_ = true;
      NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); });
      in_thread_env_ = false;
    } else if (op->attr_key == "extern_scope" || op->attr_key == "virtual_thread") {
      NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); });
    } else {
      StmtExprVisitor::VisitStmt_(op);
    }
  }
  void VisitStmt_(const IfThenElseNode* op) override { NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const ForNode* op) override { NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const WhileNode* op) override { NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const AssertStmtNode* op) override { NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const LetStmtNode* op) override { NewScope(op, [&] { StmtExprVisitor::VisitStmt_(op); }); }

 private:
  void Touch(const VarNode* var, const char* what) {
    auto it = alloc_info.find(var);
    if (it == alloc_info.end()) return;
    if (it->second.level >= scope_.size())
      throw InternalError(std::string("internal error: StorageRewrite: ") + what + " of " +
                          var->name_hint + " outside any statement");
    scope_[it->second.level].touched.push_back(var);
  }
  void Leaf(const Object* op) {
    StmtEntry e = std::move(scope_.back());
    scope_.pop_back();
    if (!e.touched.empty()) {
      e.stmt = op;
      seq.push_back(std::move(e));
    }
  }
  template <typename F>
  void NewScope(const Object* op, F visit_children) {
    scope_.emplace_back();
    StmtEntry e;
    e.stmt = op;
    int64_t begin = static_cast<int64_t>(seq.size());
    seq.push_back(e);
    visit_children();
    e.touched = std::move(scope_.back().touched);
    scope_.pop_back();
    int64_t end = static_cast<int64_t>(seq.size());
    e.scope_pair_offset = begin - end;
    seq.push_back(std::move(e));
    seq[begin].scope_pair_offset = end - begin;
  }

  bool in_thread_env_ = false;
  std::vector<StmtEntry> scope_;
};

// Whether `stmt` may write `dst` in place of `src`: every store to dst takes loads of src only
// at the store's own indices, no load of dst, no indirect loads, no opaque use of either.
class InplaceVerifier : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  using StmtExprVisitor::VisitStmt_;
  bool Check(const Object* stmt, const VarNode* dst, const VarNode* src) {
    dst_ = dst;
    src_ = src;
    ok_ = true;
    switch (stmt->kind()) {
      case Kind::kAttrStmt: VisitStmt_(static_cast<const AttrStmtNode*>(stmt)); break;
      case Kind::kFor: VisitStmt_(static_cast<const ForNode*>(stmt)); break;
      case Kind::kIfThenElse: VisitStmt_(static_cast<const IfThenElseNode*>(stmt)); break;
      case Kind::kWhile: VisitStmt_(static_cast<const WhileNode*>(stmt)); break;
      case Kind::kBufferStore: VisitStmt_(static_cast<const BufferStoreNode*>(stmt)); break;
      default: return false;
    }
    return ok_;
  }
  void VisitStmt(const Stmt& s) override {
    if (ok_) StmtExprVisitor::VisitStmt(s);
  }
  void VisitExpr(const PrimExpr& e) override {
    if (ok_) StmtExprVisitor::VisitExpr(e);
  }
  void VisitExpr_(const VarNode* op) override {
    if (op == dst_ || op == src_) ok_ = false;
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    ++mem_nest_;
    for (const PrimExpr& i : op->indices) VisitExpr(i);
    --mem_nest_;
    if (op->buffer->data.get() == dst_) store_ = op;
    VisitExpr(op->value);
    store_ = nullptr;
  }
  void VisitStmt_(const AttrStmtNode* op) override {
    if (op->attr_key == "extern_scope" || op->attr_key == "volatile_scope") {
      ok_ = false;
      return;
    }
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const BufferLoadNode* op) override {
    const VarNode* buf = op->buffer->data.get();
    if (buf == dst_ || mem_nest_ != 0) {
      ok_ = false;
      return;
    }
    if (buf == src_) {
      if (!store_ || store_->value.dtype() != op->dtype || store_->indices.size() != op->indices.size()) {
        ok_ = false;
        return;
      }
      for (size_t i = 0; i < op->indices.size(); ++i) {
        if (!ExprDeepEqual(store_->indices[i], op->indices[i])) {
          ok_ = false;
          return;
        }
      }
    }
    ++mem_nest_;
    StmtExprVisitor::VisitExpr_(op);
    --mem_nest_;
  }

 private:
  bool ok_ = true;
  const VarNode* dst_ = nullptr;
  const VarNode* src_ = nullptr;
  int mem_nest_ = 0;
  const BufferStoreNode* store_ = nullptr;
};

class StoragePlanRewriter : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  Stmt Rewrite(const Stmt& body) {
    AccessFinder finder;
    finder.VisitStmt(body);
    LivenessAnalysis(finder.seq);
    PlanMemory(finder.seq, finder.alloc_info);
    buffers_accessed_ = std::move(finder.buffers_accessed);
    PrepareNewAlloc();
    Stmt out = VisitStmt(body);
    auto it = attach_map_.find(nullptr);
    return it == attach_map_.end() ? out : MakeAttach(it->second, out);
  }

  Buffer VisitBuffer(const Buffer& buf) override {
    auto it = alloc_map_.find(buf->data.get());
    if (it == alloc_map_.end()) return buf;
    return RemapBuffer(buf, it->second->alloc_var);
  }
  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = alloc_map_.find(op);
    return it == alloc_map_.end() ? GetRef<PrimExpr>(op) : PrimExpr(it->second->alloc_var);
  }
  Stmt VisitStmt_(const AttrStmtNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    bool scope_key = op->attr_key == "thread_extent" || op->attr_key == "virtual_thread" || IsPragmaKey(op->attr_key);
    auto it = attach_map_.find(op);
    if (!scope_key || it == attach_map_.end()) return s;
    const AttrStmtNode* n = s.as<AttrStmtNode>();
    return AttrStmt(n->node, n->attr_key, n->value, MakeAttach(it->second, n->body));
  }
  Stmt VisitStmt_(const ForNode* op) override {
    // A pass-order precondition (TVM ICHECKs it: "VectorizeLoop before LiftStorageAlloc"); a
    // user's `tirgen opt` can break it, so it is the user's error.
    TIRGEN_CHECK(op->kind != ForKind::kVectorized)
        << "tir.StorageRewrite: loop " << op->loop_var->name_hint
        << " is still vectorized; run tir.VectorizeLoop first";
    Stmt s = StmtExprMutator::VisitStmt_(op);
    auto it = attach_map_.find(op);
    if (it == attach_map_.end()) return s;
    const ForNode* n = s.as<ForNode>();
    return For(n->loop_var, n->min, n->extent, n->kind, MakeAttach(it->second, n->body), n->thread_binding,
               n->annotations);
  }
  // Allocations are re-emitted at their attach point.
  Stmt VisitStmt_(const AllocateNode* op) override { return VisitStmt(op->body); }
  Stmt VisitStmt_(const DeclBufferNode* op) override {
    if (hoisted_decls_.count(op->buffer.get()) || !buffers_accessed_.count(op->buffer.get()))
      return VisitStmt(op->body);
    Stmt body = VisitStmt(op->body);
    Buffer buf = VisitBuffer(op->buffer);
    if (body.same_as(op->body) && buf.same_as(op->buffer)) return GetRef<Stmt>(op);
    return DeclBuffer(buf, body);
  }

 private:
  struct StorageEntry {
    const Object* attach_scope = nullptr;  // nullptr: top of the function
    uint64_t const_nbits = 0;              // 0 when symbolic
    Scope scope;
    std::vector<const AllocateNode*> allocs;  // the allocations sharing this storage
    std::vector<Stmt> alloc_nest;             // the new Allocate (+ its DeclBuffer)
    Var alloc_var;
    DataType elem_type;
  };
  struct EventEntry {
    std::vector<const VarNode*> gen, kill;
  };

  Buffer RemapBuffer(const Buffer& buf, const Var& data) {
    auto it = buffer_remap_.find(buf.get());
    if (it != buffer_remap_.end()) return it->second;
    if (buf->data.same_as(data) && buf->name == data->name_hint) return buffer_remap_[buf.get()] = buf;
    Buffer out = Buffer::Make(data, buf->dtype, buf->shape, buf->strides, buf->elem_offset, data->name_hint,
                              buf->data_alignment, buf->offset_factor, buf->buffer_type, buf->axis_separators);
    return buffer_remap_[buf.get()] = out;
  }

  static Stmt MakeAttach(const std::vector<StorageEntry*>& svec, Stmt body) {
    for (auto it = svec.rbegin(); it != svec.rend(); ++it) {
      const std::vector<Stmt>& nest = (*it)->alloc_nest;
      for (auto s = nest.rbegin(); s != nest.rend(); ++s) {
        if (const AllocateNode* a = s->as<AllocateNode>()) {
          body = Allocate(a->buffer_var, a->dtype, a->extents, a->condition, body);
        } else {
          body = DeclBuffer(s->as<DeclBufferNode>()->buffer, body);
        }
      }
    }
    return body;
  }

  void LivenessAnalysis(const std::vector<StmtEntry>& seq) {
    std::unordered_set<const VarNode*> touched;
    for (size_t i = seq.size(); i != 0; --i) {
      for (const VarNode* v : seq[i - 1].touched)
        if (touched.insert(v).second) event_map_[seq[i - 1].stmt].kill.push_back(v);
    }
    touched.clear();
    for (size_t i = 0; i < seq.size(); ++i) {
      int64_t offset = seq[i].scope_pair_offset;
      if (offset < 0) continue;
      const StmtEntry& s = seq[i + offset];
      for (const VarNode* v : s.touched)
        if (touched.insert(v).second) event_map_[s.stmt].gen.push_back(v);
    }
  }

  void PlanNewScope(const Object* op) {
    if (thread_scope_ == nullptr) {
      thread_scope_ = op;
      return;
    }
    if (thread_scope_ != op) throw InternalError("internal error: StorageRewrite: unbalanced thread scope");
    for (auto it = const_free_map_.begin(); it != const_free_map_.end();)
      it = it->second->attach_scope == op ? const_free_map_.erase(it) : std::next(it);
    for (auto it = sym_free_list_.begin(); it != sym_free_list_.end();)
      it = (*it)->attach_scope == op ? sym_free_list_.erase(it) : std::next(it);
    thread_scope_ = nullptr;
  }

  void PlanMemory(const std::vector<StmtEntry>& seq, const std::unordered_map<const VarNode*, AllocEntry>& alloc_info) {
    std::unordered_set<const VarNode*> inplace_flag;
    for (const StmtEntry& s : seq) {
      auto it = event_map_.find(s.stmt);
      if (it != event_map_.end() && s.scope_pair_offset >= 0) {
        bool detect_inplace = it->second.gen.size() <= 2;
        for (const VarNode* var : it->second.gen) {
          const AllocateNode* alloc = alloc_info.at(var).alloc;
          Scope scope = ParseScope(var->storage_scope);
          StorageEntry* dst = nullptr;
          if (detect_inplace) {
            for (const VarNode* src : it->second.kill) {
              if (dst || inplace_flag.count(src) || !alloc_map_.count(src)) continue;
              StorageEntry* se = alloc_map_.at(src);
              uint64_t nbits = ConstantSize(alloc) * alloc->dtype.bits() * alloc->dtype.lanes();
              if (se->scope == scope && se->attach_scope == thread_scope_ &&
                  se->elem_type == alloc->dtype.element_of() && InplaceVerifier().Check(s.stmt, var, src) &&
                  se->const_nbits == nbits) {
                dst = se;
                inplace_flag.insert(src);
              }
            }
          }
          if (!dst) dst = FindAlloc(alloc, scope);
          dst->allocs.push_back(alloc);
          alloc_map_[var] = dst;
        }
      }
      if (s.stmt->kind() == Kind::kAttrStmt) {
        const auto* op = static_cast<const AttrStmtNode*>(s.stmt);
        if (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread" || IsPragmaKey(op->attr_key))
          PlanNewScope(op);
      } else if (s.stmt->kind() == Kind::kFor) {
        const auto* op = static_cast<const ForNode*>(s.stmt);
        if (op->kind == ForKind::kParallel && (thread_scope_ == nullptr || thread_scope_ == op)) PlanNewScope(op);
      }
      if (it != event_map_.end() && s.scope_pair_offset <= 0) {
        for (const VarNode* var : it->second.kill)
          if (!inplace_flag.count(var)) Free(var);
      }
    }
  }

  StorageEntry* NewAlloc(const AllocateNode* op, const Scope& scope, uint64_t const_nbits) {
    auto e = std::make_unique<StorageEntry>();
    e->attach_scope = thread_scope_;
    e->scope = scope;
    e->elem_type = op->dtype.element_of();
    e->const_nbits = const_nbits;
    alloc_vec_.push_back(std::move(e));
    return alloc_vec_.back().get();
  }

  StorageEntry* FindAlloc(const AllocateNode* op, const Scope& scope) {
    const uint64_t match_range = 16;
    uint64_t elem_bits = op->dtype.bits() * op->dtype.lanes();
    uint64_t const_nbits = ConstantSize(op) * elem_bits;
    bool small = scope.tag.empty() && (scope.rank >= kWarpRank || op->dtype.is_handle() ||
                                       (const_nbits != 0 && const_nbits <= 32));
    if (small || op->extents.size() != 1) return NewAlloc(op, scope, const_nbits);
    if (const_nbits != 0) {
      auto begin = const_free_map_.lower_bound(const_nbits / match_range);
      auto mid = const_free_map_.lower_bound(const_nbits);
      auto end = const_free_map_.upper_bound(const_nbits * match_range);
      // Bigger (or equal) free storage first, then smaller of the same element type.
      for (auto it = mid; it != end; ++it) {
        StorageEntry* e = it->second;
        if (e->attach_scope != thread_scope_ || e->scope != scope) continue;
        e->const_nbits = std::max(const_nbits, e->const_nbits);
        const_free_map_.erase(it);
        return e;
      }
      for (auto it = mid; it != begin;) {
        --it;
        StorageEntry* e = it->second;
        if (e->attach_scope != thread_scope_ || e->scope != scope || e->elem_type != op->dtype.element_of()) continue;
        e->const_nbits = std::max(const_nbits, e->const_nbits);
        const_free_map_.erase(it);
        return e;
      }
    } else {
      for (auto it = sym_free_list_.begin(); it != sym_free_list_.end(); ++it) {
        StorageEntry* e = *it;
        if (e->attach_scope != thread_scope_ || e->scope != scope || e->elem_type != op->dtype.element_of()) continue;
        sym_free_list_.erase(it);
        return e;
      }
    }
    return NewAlloc(op, scope, const_nbits);
  }

  void Free(const VarNode* var) {
    StorageEntry* e = alloc_map_.at(var);
    if (e->scope.tag.empty()) {
      if (e->scope.rank >= kWarpRank || e->allocs[0]->dtype.is_handle()) return;
      if (e->const_nbits > 0 && e->const_nbits <= 32) return;
    }
    if (e->const_nbits != 0) {
      const_free_map_.insert({e->const_nbits, e});
    } else {
      sym_free_list_.push_back(e);
    }
  }

  static bool SameShape(const AllocateNode* a, const AllocateNode* b) {
    if (a->dtype != b->dtype || a->extents.size() != b->extents.size()) return false;
    for (size_t i = 0; i < a->extents.size(); ++i)
      if (!ExprDeepEqual(a->extents[i], b->extents[i])) return false;
    return true;
  }

  // One Allocate per storage entry, named after its first allocation; shared storage of
  // different shapes takes the largest size in bits.
  void PrepareNewAlloc() {
    Stmt nop = Evaluate(IntImm(DataType::Int(32), 0));
    for (auto& owned : alloc_vec_) {
      StorageEntry* e = owned.get();
      attach_map_[e->attach_scope].push_back(e);
      const AllocateNode* first = e->allocs[0];
      e->alloc_var = first->buffer_var;
      DataType alloc_type = first->dtype;
      for (const AllocateNode* op : e->allocs)
        if (op->dtype.lanes() > alloc_type.lanes()) alloc_type = op->dtype;
      bool identical = true;
      for (const AllocateNode* op : e->allocs) identical = identical && SameShape(op, first);
      if (identical) {
        e->alloc_nest.push_back(Allocate(e->alloc_var, alloc_type, first->extents, first->condition, nop));
        if (const DeclBufferNode* d = first->body.as<DeclBufferNode>()) {
          e->alloc_nest.push_back(DeclBuffer(RemapBuffer(d->buffer, e->alloc_var), nop));
          hoisted_decls_.insert(d->buffer.get());
        }
        continue;
      }
      PrimExpr combo;
      for (const AllocateNode* op : e->allocs) {
        if (op->extents.size() != 1)
          throw InternalError("internal error: StorageRewrite: shared allocation " + op->buffer_var->name_hint +
                              " is not flat");
        PrimExpr sz = op->extents[0];
        int64_t nbits = op->dtype.bits() * op->dtype.lanes();
        if (const IntImmNode* imm = sz.as<IntImmNode>())
          if (imm->value > std::numeric_limits<int32_t>::max() / nbits) sz = IntImm(DataType::Int(64), imm->value);
        PrimExpr bits = mul(sz, IntImm(sz.dtype(), nbits));
        combo = combo.defined() ? max(combo, bits) : bits;
      }
      int64_t type_bits = alloc_type.bits() * alloc_type.lanes();
      bool divided = analyzer_.CanProve(eq(floormod(combo, IntImm(combo.dtype(), type_bits)), IntImm(combo.dtype(), 0)));
      combo = floordiv(combo, IntImm(combo.dtype(), type_bits));
      if (!divided) combo = add(combo, IntImm(DataType::Int(32), 1));
      combo = analyzer_.Simplify(combo);
      e->alloc_nest.push_back(Allocate(e->alloc_var, alloc_type, {combo}, IntImm(DataType::Bool(), 1), nop));
    }
  }

  const Object* thread_scope_ = nullptr;
  std::unordered_map<const Object*, EventEntry> event_map_;
  std::multimap<uint64_t, StorageEntry*> const_free_map_;
  std::list<StorageEntry*> sym_free_list_;
  std::unordered_map<const Object*, std::vector<StorageEntry*>> attach_map_;
  std::unordered_map<const VarNode*, StorageEntry*> alloc_map_;
  std::vector<std::unique_ptr<StorageEntry>> alloc_vec_;
  std::unordered_map<const BufferNode*, Buffer> buffer_remap_;
  std::unordered_set<const BufferNode*> hoisted_decls_;
  std::unordered_set<const BufferNode*> buffers_accessed_;
  arith::Analyzer analyzer_;
};

}  // namespace

Pass StorageRewrite() {
  return CreatePrimFuncPass("StorageRewrite", [](const PrimFunc& f) {
    return WithBody(f, StoragePlanRewriter().Rewrite(f->body));
  });
}

TIRGEN_REGISTER_PASS(StorageRewrite, [](const std::vector<int64_t>&) { return StorageRewrite(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
