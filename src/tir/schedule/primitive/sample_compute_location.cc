// sample_compute_location: the places a block can be computed at, in TVM's order and encoding
// (-2 inline, -1 root, k the k-th loop above the first consumer), one drawn or the given one
// checked. Whether compute_inline / compute_at applies is decided by trying it on a copy.
#include <algorithm>
#include <functional>

#include "compute_location.h"

namespace tirgen {
namespace tir {

namespace {

// TVM's GetLoopIterType: how the blocks directly under the loop use its variable.
IterVarType LoopIterType(const ForNode* loop) {
  class Counter : public StmtExprVisitor {
   public:
    const VarNode* var = nullptr;
    int spatial = 0, reduce = 0, other = 0;
    void VisitStmt_(const BlockRealizeNode* op) override {
      const BlockNode* block = op->block.get();
      for (size_t i = 0; i < op->iter_values.size(); ++i) {
        if (!FindVar(op->iter_values[i], [&](const VarNode* v) { return v == var; })) continue;
        IterVarType t = block->iter_vars[i]->iter_type;
        ++(t == IterVarType::kDataPar ? spatial : t == IterVarType::kCommReduce ? reduce : other);
      }
    }
    void VisitExpr(const PrimExpr&) override {}
  } c;
  c.var = loop->loop_var.get();
  c.VisitStmt(loop->body);
  if (c.other || (c.spatial && c.reduce)) return IterVarType::kOpaque;
  return c.reduce ? IterVarType::kCommReduce : IterVarType::kDataPar;
}

// The nearest For or Block enclosing all of `nodes`.
const StmtNode* LowestCommonAncestor(const StmtTree& tree, const std::vector<const BlockNode*>& nodes) {
  std::vector<const StmtNode*> path;  // ancestors of the first, nearest first
  for (const StmtNode* p = tree.Parent(nodes[0]); p; p = tree.Parent(p)) path.push_back(p);
  size_t best = 0;
  for (const BlockNode* n : nodes) {
    size_t k = path.size();
    for (const StmtNode* p = tree.Parent(n); p && k == path.size(); p = tree.Parent(p))
      k = std::find(path.begin(), path.end(), p) - path.begin();
    best = std::max(best, k);
  }
  return best < path.size() ? path[best] : nullptr;
}

}  // namespace

LoopRV Schedule::SampleComputeLocation(const BlockRV& block_rv, const std::optional<int64_t>& decision) {
  const BlockNode* block = state_->GetBlock(block_rv);
  const std::string func = state_->FuncOf(block_rv.id);
  // Does `attempt` succeed on a throwaway copy of this schedule (random state untouched)?
  auto applies = [&](const std::function<void(Schedule&)>& attempt) {
    Schedule probe = *this;
    probe.state_ = std::make_shared<State>(*state_);
    try {
      attempt(probe);
      return true;
    } catch (const ScheduleError&) {
      return false;
    }
  };
  std::vector<int64_t> indices;         // TVM's decision encoding
  std::vector<const ForNode*> targets;  // the loop of each index >= 0
  if (applies([&](Schedule& s) { s.ComputeInline(block_rv); })) indices.push_back(-2);
  indices.push_back(-1);

  StmtTree tree(state_->Func(func));
  std::vector<const BlockNode*> consumers;
  {
    Schedule probe = *this;
    probe.state_ = std::make_shared<State>(*state_);
    for (const BlockRV& c : probe.GetConsumers(block_rv)) consumers.push_back(probe.state_->GetBlock(c));
  }
  const StmtNode* boundary = consumers.empty() ? nullptr : LowestCommonAncestor(tree, consumers);
  if (boundary && boundary->kind() == Kind::kFor) {
    std::vector<const ForNode*> loops = tree.LoopsAbove(consumers[0]);
    size_t n_candidates = std::find(loops.begin(), loops.end(), boundary) - loops.begin() + 1;
    n_candidates = std::min(n_candidates, loops.size());
    std::vector<IterVarType> types;
    int last_data_par = -1;
    for (size_t i = 0; i < n_candidates; ++i) {
      types.push_back(LoopIterType(loops[i]));
      if (types.back() == IterVarType::kDataPar) last_data_par = static_cast<int>(i);
    }
    // Unit loops are skipped; no data-parallel loop after a reduction one, no trailing reductions.
    bool seen_reduce = false;
    for (size_t i = 0; i < n_candidates; ++i) {
      const int64_t* extent = as_const_int(loops[i]->extent);
      if (extent && *extent == 1) continue;
      if (types[i] == IterVarType::kDataPar) {
        if (seen_reduce) break;
      } else {
        seen_reduce = true;
        if (static_cast<int>(i) > last_data_par) break;
      }
      const Var& var = loops[i]->loop_var;
      if (applies([&](Schedule& s) { s.ComputeAt(block_rv, s.NewLoopRV(var, func), true); })) {
        indices.push_back(static_cast<int64_t>(i));
        targets.push_back(loops[i]);
      }
    }
  }

  size_t pick;
  if (decision) {
    pick = std::find(indices.begin(), indices.end(), *decision) - indices.begin();
    if (pick == indices.size()) {
      std::string valid;
      for (int64_t i : indices) valid += (valid.empty() ? "" : ", ") + std::to_string(i);
      throw ScheduleError("sample_compute_location of " + Describe(block) + ": decision " +
                          std::to_string(*decision) + " is not one of its locations [" + valid +
                          "] (-2 inline, -1 root, k: k-th loop above its first consumer)");
    }
  } else {
    pick = static_cast<size_t>(rng_.SampleInt(0, static_cast<int32_t>(indices.size())));
  }
  int64_t chosen = indices[pick];
  LoopRV out;
  if (chosen >= 0) {
    out = NewLoopRV(targets[pick - (indices.size() - targets.size())]->loop_var, func);
  } else {
    state_->handles.push_back(State::Handle{func, ObjectRef(),
                                            chosen == -1 ? State::Location::kRoot : State::Location::kInline});
    out = LoopRV{static_cast<int>(state_->handles.size()) - 1};
  }
  trace_.Append(Instruction{"sample_compute_location",
                            {{"block", Value(block_rv)}, {"decision", TraceValue::Int(chosen)}},
                            {Value(out)},
                            false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
