// The schedule state: handle resolution, the parent tree, and Replace.
#include "state.h"

#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {

namespace {

class TreeBuilder : public StmtExprVisitor {
 public:
  explicit TreeBuilder(StmtTree* tree) : tree_(tree) {}
  void VisitStmt_(const ForNode* op) override {
    tree_->nodes[op] = StmtTree::Node{parent_, nullptr};
    tree_->loop_of_var[op->loop_var.get()] = op;
    const StmtNode* saved = parent_;
    parent_ = op;
    VisitStmt(op->body);
    parent_ = saved;
  }
  void VisitStmt_(const BlockRealizeNode* op) override {
    realize_ = op;
    VisitStmt(op->block);
  }
  void VisitStmt_(const BlockNode* op) override {
    tree_->nodes[op] = StmtTree::Node{parent_, realize_};
    tree_->blocks.push_back(op);
    realize_ = nullptr;
    const StmtNode* saved = parent_;
    parent_ = op;
    if (op->init) VisitStmt(*op->init);
    VisitStmt(op->body);
    parent_ = saved;
  }
  // Expressions hold no statements: skip them.
  void VisitExpr(const PrimExpr&) override {}

 private:
  StmtTree* tree_;
  const StmtNode* parent_ = nullptr;
  const BlockRealizeNode* realize_ = nullptr;
};

// Rebuilds the path to `src`, recording every block rebuilt on the way.
class Replacer : public StmtExprMutator {
 public:
  Replacer(const StmtNode* src, Stmt tgt) : src_(src), tgt_(std::move(tgt)) {}
  Stmt VisitStmt(const Stmt& s) override {
    if (s.get() == src_) {
      found_ = true;
      return tgt_;
    }
    return StmtExprMutator::VisitStmt(s);
  }
  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    if (op->block.get() == src_ && tgt_.as<BlockRealizeNode>()) {
      // A realize replaces a realize when its block was named.
      found_ = true;
      return tgt_;
    }
    return StmtExprMutator::VisitStmt_(op);
  }
  Stmt VisitStmt_(const BlockNode* op) override {
    Stmt r = StmtExprMutator::VisitStmt_(op);
    if (!r.same_as(GetRef<Stmt>(op)) && r.as<BlockNode>()) rebuilt_[op] = r.cast<Block>();
    return r;
  }
  // Expressions hold no statements.
  PrimExpr VisitExpr(const PrimExpr& e) override { return e; }

  bool found_ = false;
  std::map<const BlockNode*, Block> rebuilt_;

 private:
  const StmtNode* src_;
  Stmt tgt_;
};

}  // namespace

StmtTree::StmtTree(const PrimFunc& func) {
  TreeBuilder b(this);
  b.VisitStmt(func->body);
  if (const auto* realize = func->body.as<BlockRealizeNode>()) root = realize->block.get();
  else if (const auto* block = func->body.as<BlockNode>()) root = block;
}

const BlockNode* StmtTree::ScopeOf(const StmtNode* s) const {
  for (const StmtNode* p = Parent(s); p; p = Parent(p))
    if (p->kind() == Kind::kBlock) return static_cast<const BlockNode*>(p);
  return nullptr;
}

std::vector<const ForNode*> StmtTree::LoopsAbove(const StmtNode* s) const {
  std::vector<const ForNode*> loops;
  for (const StmtNode* p = Parent(s); p && p->kind() == Kind::kFor; p = Parent(p))
    loops.insert(loops.begin(), static_cast<const ForNode*>(p));
  return loops;
}

PrimFunc Schedule::State::Func(const std::string& name) const {
  auto it = mod->functions.find(name);
  if (it == mod->functions.end() || !it->second.as<PrimFuncNode>())
    throw ScheduleError("the module has no PrimFunc named \"" + name + "\"");
  return it->second.cast<PrimFunc>();
}

const BlockNode* Schedule::State::GetBlock(const BlockRV& rv) const {
  TIRGEN_CHECK(rv.id >= 0 && rv.id < static_cast<int>(handles.size()) &&
               handles[rv.id].obj.as<BlockNode>())
      << "ScheduleError: not a block handle of this schedule (id " << rv.id << ")";
  const Handle& h = handles[rv.id];
  const BlockNode* block = h.obj.as<BlockNode>();
  StmtTree tree(Func(h.func));
  if (!tree.Contains(block))
    throw ScheduleError("the block \"" + block->name_hint +
                        "\" this handle refers to no longer exists (an earlier primitive replaced "
                        "it); get a fresh handle with get_block");
  return block;
}

Schedule::State::Location Schedule::State::LocationOf(const LoopRV& rv) const {
  TIRGEN_CHECK(rv.id >= 0 && rv.id < static_cast<int>(handles.size()) && !handles[rv.id].is_expr)
      << "ScheduleError: not a loop handle of this schedule (id " << rv.id << ")";
  return handles[rv.id].location;
}

const ForNode* Schedule::State::GetLoop(const LoopRV& rv) const {
  if (LocationOf(rv) != Location::kLoop)
    throw ScheduleError(std::string("this loop handle is the ") +
                        (LocationOf(rv) == Location::kRoot ? "root" : "inline") +
                        " location sample_compute_location chose, not a loop: only compute_at and "
                        "reverse_compute_at take it");
  TIRGEN_CHECK(rv.id >= 0 && rv.id < static_cast<int>(handles.size()) &&
               handles[rv.id].obj.as<VarNode>())
      << "ScheduleError: not a loop handle of this schedule (id " << rv.id << ")";
  const Handle& h = handles[rv.id];
  StmtTree tree(Func(h.func));
  auto it = tree.loop_of_var.find(h.obj.as<VarNode>());
  if (it == tree.loop_of_var.end())
    throw ScheduleError("the loop \"" + h.obj.as<VarNode>()->name_hint +
                        "\" this handle refers to no longer exists (an earlier primitive replaced "
                        "it); get fresh handles with get_loops");
  return it->second;
}

void Schedule::State::Replace(const std::string& func, const StmtNode* src, const Stmt& tgt,
                              const std::map<const BlockNode*, Block>& block_reuse) {
  PrimFunc f = Func(func);
  Replacer r(src, tgt);
  Stmt body = r.VisitStmt(f->body);
  TIRGEN_ICHECK(r.found_) << "Replace: the statement to replace is not in function " << func;
  auto n = CopyNode(*f.get());
  n->body = body;
  std::map<const BlockNode*, Block> reuse = r.rebuilt_;
  for (const auto& kv : block_reuse) reuse[kv.first] = kv.second;
  ReplaceFunc(func, PrimFunc(std::shared_ptr<const Object>(n)), reuse);
}

void Schedule::State::ReplaceFunc(const std::string& func, const PrimFunc& f,
                                  const std::map<const BlockNode*, Block>& block_reuse) {
  auto functions = mod->functions;
  functions[func] = f;
  mod = IRModule(functions, mod->attrs);
  for (Handle& h : handles) {
    if (h.func != func) continue;
    if (const auto* b = h.obj.as<BlockNode>()) {
      // Follow chains: a block may be rebuilt more than once in one replacement.
      for (auto it = block_reuse.find(b); it != block_reuse.end(); it = block_reuse.find(b)) {
        h.obj = it->second;
        if (it->second.get() == b) break;
        b = it->second.get();
      }
    }
  }
}

std::string Describe(const BlockNode* block) { return "block \"" + block->name_hint + "\""; }
std::string Describe(const ForNode* loop) { return "loop \"" + loop->loop_var->name_hint + "\""; }

}  // namespace tir
}  // namespace tirgen
