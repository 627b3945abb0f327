// merge (TVM v0.14 loop_transformation.cc Merge): loops of sibling nests with the same depth
// below their lowest common ancestor and the same extents become one nest of new loops
// `<first nest's var>_m` whose innermost body runs the given loops' bodies in order. The merged
// nest takes the place of the last nest; the other nests are removed. Like TVM, it does not check
// dependences between the bodies: merging is the caller's promise that they may interleave.
#include <set>

#include "../utils.h"
#include "tirgen/arith/analyzer.h"

namespace tirgen {
namespace tir {

LoopRV Schedule::Merge(const std::vector<LoopRV>& loop_rvs) {
  if (loop_rvs.size() < 2) throw ScheduleError("cannot merge: give at least two loops");
  std::string func = state_->FuncOf(loop_rvs[0].id);
  std::vector<const ForNode*> given;
  for (const LoopRV& rv : loop_rvs) {
    given.push_back(state_->GetLoop(rv));
    if (state_->FuncOf(rv.id) != func) throw ScheduleError("cannot merge: the loops are in different functions");
  }
  PrimFunc f = state_->Func(func);
  StmtTree tree(f);
  // The lowest common ancestor of the loops.
  auto ancestors = [&](const StmtNode* s) {
    std::vector<const StmtNode*> out;
    for (; s; s = tree.Parent(s)) out.insert(out.begin(), s);
    return out;
  };
  std::vector<const StmtNode*> common = ancestors(given[0]);
  for (const ForNode* l : given) {
    std::vector<const StmtNode*> a = ancestors(l);
    size_t n = 0;
    while (n < a.size() && n < common.size() && a[n] == common[n]) ++n;
    common.resize(n);
  }
  const StmtNode* lca = common.back();
  // Each nest: the given loop up to (not including) the common ancestor, innermost first.
  arith::Analyzer ana;
  std::vector<std::vector<const ForNode*>> nests;
  const BlockNode* scope = nullptr;
  for (const ForNode* l : given) {
    std::vector<const ForNode*> nest;
    for (const StmtNode* p = l; p != lca; p = tree.Parent(p)) {
      if (p->kind() != Kind::kFor)
        throw ScheduleError("cannot merge " + Describe(l) + ": a block lies between it and the other loops' common ancestor");
      const auto* loop = static_cast<const ForNode*>(p);
      if (!loop->annotations.empty() || loop->thread_binding || loop->kind != ForKind::kSerial)
        throw ScheduleError("cannot merge: " + Describe(loop) + " has annotations, a thread binding or a non-serial kind");
      CheckLoopStartsWithZero(loop);
      if (!nest.empty() && loop->body.get() != nest.back())
        throw ScheduleError("cannot merge: " + Describe(nest.back()) + " is not the only child of " + Describe(loop));
      nest.push_back(loop);
    }
    if (nest.empty()) throw ScheduleError("cannot merge " + Describe(l) + ": it encloses another of the loops");
    const BlockNode* s = tree.ScopeOf(l);
    if (scope && s != scope) throw ScheduleError("cannot merge: the loops are not under the same block scope");
    scope = s;
    if (!nests.empty()) {
      if (nest.size() != nests[0].size())
        throw ScheduleError("cannot merge: " + Describe(l) + " is " + std::to_string(nest.size()) +
                            " loop(s) below the common ancestor, " + Describe(given[0]) + " " + std::to_string(nests[0].size()));
      for (size_t j = 0; j < nest.size(); ++j)
        if (!ana.CanProve(eq(nest[j]->extent, nests[0][j]->extent)))
          throw ScheduleError("cannot merge: " + Describe(nest[j]) + " and " + Describe(nests[0][j]) + " have different extents");
    }
    nests.push_back(nest);
  }
  // The merged nest: the bodies of the given loops over the new loop vars.
  class Subst : public TrackingMutator {
   public:
    std::map<const VarNode*, PrimExpr> vmap;
    PrimExpr VisitExpr_(const VarNode* op) override {
      auto it = vmap.find(op);
      return it != vmap.end() ? it->second : TrackingMutator::VisitExpr_(op);
    }
  } subst;
  std::vector<Var> vars;
  std::vector<Stmt> bodies;
  for (const ForNode* l : nests[0]) vars.push_back(Var(l->loop_var->name_hint + "_m", l->loop_var.dtype()));
  for (const auto& nest : nests) {
    subst.vmap.clear();
    for (size_t j = 0; j < nest.size(); ++j) subst.vmap[nest[j]->loop_var.get()] = vars[j];
    bodies.push_back(subst.VisitStmt(nest[0]->body));
  }
  Stmt merged = SeqStmt::Flatten(bodies);
  for (size_t j = 0; j < vars.size(); ++j)
    merged = For(vars[j], make_const(vars[j].dtype(), 0), nests[0][j]->extent, ForKind::kSerial, merged);
  // The last nest's outermost loop becomes the merged nest; the others' outermost loops go.
  class Rebuild : public TrackingMutator {
   public:
    const ForNode* replace;
    std::set<const ForNode*> remove;
    Stmt merged;
    Stmt VisitStmt_(const ForNode* op) override {
      if (op == replace) return merged;
      return TrackingMutator::VisitStmt_(op);
    }
    Stmt VisitStmt_(const SeqStmtNode* op) override {
      std::vector<Stmt> kept;
      bool changed = false;
      for (const Stmt& s : op->seq) {
        if (s.kind() == Kind::kFor && remove.count(static_cast<const ForNode*>(s.get()))) {
          changed = true;
          continue;
        }
        Stmt n = VisitStmt(s);
        changed = changed || !n.same_as(s);
        kept.push_back(n);
      }
      return changed ? SeqStmt::Flatten(kept) : GetRef<Stmt>(op);
    }
    PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
  } rebuild;
  rebuild.replace = nests.back().back();
  for (size_t i = 0; i + 1 < nests.size(); ++i) rebuild.remove.insert(nests[i].back());
  rebuild.merged = merged;
  auto sn = CopyNode(*scope);
  sn->body = rebuild.VisitStmt(scope->body);
  std::map<const BlockNode*, Block> reuse = subst.rebuilt;
  for (const auto& kv : rebuild.rebuilt) reuse[kv.first] = kv.second;
  reuse[scope] = Block(std::shared_ptr<const Object>(sn));
  state_->Replace(func, scope, reuse[scope], reuse);
  LoopRV out = NewLoopRV(vars[0], func);
  std::vector<std::pair<std::string, TraceValue>> args;
  for (const LoopRV& rv : loop_rvs) args.emplace_back("", Value(rv));
  trace_.Append(Instruction{"merge", args, {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
