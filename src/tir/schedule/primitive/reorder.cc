// reorder: permute loops of one chain; the given loops take, in the given order, the positions
// the set occupied, other loops stay where they are.
#include <algorithm>
#include <set>

#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
// Every block under `root` must have data-parallel/reduction iters and affine bindings.
void CheckBlocksUnder(const StmtTree& tree, const Stmt& root) {
  class Checker : public StmtExprVisitor {
   public:
    explicit Checker(const StmtTree& t) : tree(t) {}
    void VisitStmt_(const BlockRealizeNode* op) override {
      const BlockNode* b = op->block.get();
      for (const IterVar& iv : b->iter_vars)
        if (iv->iter_type != IterVarType::kDataPar && iv->iter_type != IterVarType::kCommReduce)
          throw ScheduleError("cannot reorder: " + Describe(b) +
                              " under the loops has an iter var that is neither data-parallel nor reduction");
      if (!IsAffineBinding(op->iter_values, LoopDomain(tree, b)))
        throw ScheduleError("cannot reorder: the bindings of " + Describe(b) +
                            " under the loops are not affine in the loop variables");
    }
    void VisitExpr(const PrimExpr&) override {}
    const StmtTree& tree;
  } c(tree);
  c.VisitStmt(root);
}
}  // namespace

void Schedule::Reorder(const std::vector<LoopRV>& loop_rvs) {
  std::vector<std::pair<std::string, TraceValue>> args;
  for (const LoopRV& rv : loop_rvs) args.emplace_back("", Value(rv));
  if (loop_rvs.size() <= 1) {
    trace_.Append(Instruction{"reorder", args, {}, false});
    return;
  }
  std::string func = state_->FuncOf(loop_rvs[0].id);
  StmtTree tree(state_->Func(func));
  std::vector<const ForNode*> ordered;
  std::set<const ForNode*> in_set;
  for (const LoopRV& rv : loop_rvs) {
    const ForNode* l = state_->GetLoop(rv);
    if (!in_set.insert(l).second)
      throw ScheduleError("cannot reorder: " + Describe(l) + " appears more than once");
    ordered.push_back(l);
  }
  // The bottom loop is the one every other given loop encloses.
  const ForNode* bottom = nullptr;
  for (const ForNode* cand : ordered) {
    size_t above = 0;
    for (const StmtNode* p = tree.Parent(cand); p && p->kind() == Kind::kFor; p = tree.Parent(p))
      above += in_set.count(static_cast<const ForNode*>(p));
    if (above == ordered.size() - 1) bottom = cand;
  }
  if (!bottom)
    throw ScheduleError("cannot reorder: the loops are not in one chain under the same block scope");
  // Walk up to the outermost given loop; every step must be a single-child loop.
  std::vector<const ForNode*> chain{bottom};  // innermost first
  size_t seen = 1;
  while (seen < ordered.size()) {
    const ForNode* inner = chain.back();
    const StmtNode* p = tree.Parent(inner);
    const ForNode* outer = static_cast<const ForNode*>(p);
    if (outer->body.get() != inner)
      throw ScheduleError("cannot reorder: the loops are not in a chain, " + Describe(outer) +
                          " has a body that is not just " + Describe(inner));
    chain.push_back(outer);
    seen += in_set.count(outer);
  }
  CheckBlocksUnder(tree, GetRef<Stmt>(bottom));
  // Rebuild from the innermost position outwards.
  int index = static_cast<int>(ordered.size()) - 1;
  std::set<const VarNode*> inner_vars;
  Stmt body = bottom->body;
  for (const ForNode* pos : chain) {
    const ForNode* copy = in_set.count(pos) ? ordered[index--] : pos;
    auto in = [&](const VarNode* v) { return inner_vars.count(v) > 0; };
    if (const VarNode* v = FindVar(copy->min, in) ? FindVar(copy->min, in) : FindVar(copy->extent, in))
      throw ScheduleError("cannot reorder: the min or extent of the outer " + Describe(copy) +
                          " would depend on the inner loop \"" + v->name_hint + "\"");
    inner_vars.insert(copy->loop_var.get());
    body = WithBody(copy, body);
  }
  state_->Replace(func, chain.back(), body);
  trace_.Append(Instruction{"reorder", args, {}, false});
}

}  // namespace tir
}  // namespace tirgen
