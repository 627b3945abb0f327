// ConvertBlocksToOpaque: block iter vars are replaced by the values they are bound to, and
// removed, so every block becomes opaque (no iter vars, empty bindings).
#include <unordered_map>
#include <unordered_set>

#include "tirgen/tir/functor.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {

class OpaqueBlockConverter : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;
  using StmtExprMutator::VisitStmt;

  PrimExpr VisitExpr_(const VarNode* op) override {
    if (forbidden_.count(op)) {
      throw Error("variable " + op->name_hint +
                  " occurs in the predicate or iter_values of a block, but is defined only in "
                  "its body");
    }
    auto it = subst_.find(op);
    return it != subst_.end() ? it->second : GetRef<PrimExpr>(op);
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    TIRGEN_CHECK(!op->init) << "tir.ConvertBlocksToOpaque: block " << op->name_hint
                            << " has an init; run tir.LowerInitBlock first";
    Stmt stmt = StmtExprMutator::VisitStmt_(op);
    if (stmt.as<BlockNode>()->iter_vars.empty()) return stmt;
    auto n = CopyNode(*stmt.as<BlockNode>());
    n->iter_vars.clear();
    return Stmt(std::move(n));
  }

  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    const BlockNode* block = op->block.get();
    // Bindings are evaluated outside the block: its own vars may not appear in them.
    for (const IterVar& iv : block->iter_vars) forbidden_.insert(iv->var.get());
    PrimExpr predicate = VisitExpr(op->predicate);
    std::vector<PrimExpr> values;
    for (const PrimExpr& v : op->iter_values) values.push_back(VisitExpr(v));
    for (const IterVar& iv : block->iter_vars) forbidden_.erase(iv->var.get());

    for (size_t i = 0; i < block->iter_vars.size(); ++i) {
      subst_.emplace(block->iter_vars[i]->var.get(), values[i]);
    }
    Stmt new_block = VisitStmt(op->block);
    for (const IterVar& iv : block->iter_vars) subst_.erase(iv->var.get());

    if (op->iter_values.empty() && predicate.same_as(op->predicate) && new_block.same_as(op->block)) {
      return GetRef<Stmt>(op);
    }
    return BlockRealize({}, predicate, new_block.cast<Block>());
  }

 private:
  std::unordered_map<const VarNode*, PrimExpr> subst_;
  std::unordered_set<const VarNode*> forbidden_;
};

}  // namespace

Pass ConvertBlocksToOpaque() {
  return CreatePrimFuncPass("ConvertBlocksToOpaque", [](const PrimFunc& f) {
    if (IsFromLegacyTESchedule(f)) return f;
    return WithBody(f, OpaqueBlockConverter().VisitStmt(f->body));
  });
}

TIRGEN_REGISTER_PASS(ConvertBlocksToOpaque,
                     [](const std::vector<int64_t>&) { return ConvertBlocksToOpaque(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
