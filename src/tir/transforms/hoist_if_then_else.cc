// HoistIfThenElse (TVM v0.14 default config: if statements only, no block variables, no let
// bindings). An `if` whose condition does not use a loop's variable moves above that loop when
// nothing sequential stands between the loop and the `if` (the `if` then covers the whole
// body): `for i: if c: A else: B` becomes `if c: for i: A else: for i: B` (the else copy with
// fresh loop variables). It moves as far out as the loops allow, never across an AttrStmt
// bound to a variable (thread/pragma scopes). Conditions that read memory or call opaque
// functions, or use a let variable, stay. TVM hoists by wrapping and lets Simplify remove the
// inner test under the outer one; here the inner `if` is replaced by its branch directly. The
// pass ends with Simplify and RemoveNoOp, as TVM's does.
#include <map>
#include <unordered_set>

#include "tirgen/tir/call_effect.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

class VarUse : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  std::unordered_set<const VarNode*> used;
  void VisitExpr_(const VarNode* op) override { used.insert(op); }
};

// A loop (or variable-bound AttrStmt) being visited, with the ifs hoisted above it.
struct LoopInfo {
  const VarNode* var = nullptr;
  const Object* def = nullptr;
  bool is_block_var = false;
  bool reached_sequential = false;
};

class HoistCollector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  using StmtExprVisitor::VisitStmt_;
  // Loop or attr node -> the ifs to wrap around it, outermost first.
  std::map<const Object*, std::vector<const IfThenElseNode*>> hoisted;
  std::unordered_set<const IfThenElseNode*> moved;

  void VisitStmt_(const ForNode* op) override {
    active_.push_back({op->loop_var.get(), op, false, false});
    StmtExprVisitor::VisitStmt_(op);
    active_.pop_back();
  }
  void VisitStmt_(const AttrStmtNode* op) override {
    const VarNode* var = nullptr;
    if (const IterVarNode* iv = op->node.as<IterVarNode>()) var = iv->var.get();
    else if (const VarNode* v = op->node.as<VarNode>()) var = v;
    if (!var) return StmtExprVisitor::VisitStmt_(op);
    active_.push_back({var, op, true, false});
    StmtExprVisitor::VisitStmt_(op);
    active_.pop_back();
  }
  void VisitStmt_(const LetStmtNode* op) override {
    let_vars_.insert(op->var.get());
    StmtExprVisitor::VisitStmt_(op);
    let_vars_.erase(op->var.get());
  }
  void VisitExpr_(const LetNode* op) override {
    let_vars_.insert(op->var.get());
    StmtExprVisitor::VisitExpr_(op);
    let_vars_.erase(op->var.get());
  }
  void VisitStmt_(const SeqStmtNode* op) override {
    if (!active_.empty()) active_.back().reached_sequential = true;
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const IfThenElseNode* op) override {
    TryHoist(op);
    StmtExprVisitor::VisitStmt_(op);
  }

 private:
  void TryHoist(const IfThenElseNode* op) {
    if (SideEffect(op->condition) > CallEffectKind::kPure) return;
    VarUse vu;
    vu.VisitExpr(op->condition);
    for (const VarNode* v : vu.used)
      if (let_vars_.count(v)) return;  // needs a let binding hoisted too (disabled by default)
    const LoopInfo* dest = nullptr;
    for (auto it = active_.rbegin(); it != active_.rend(); ++it) {
      if (it->reached_sequential || vu.used.count(it->var) || it->is_block_var) {
        if (it == active_.rbegin()) return;
        dest = &*(it - 1);
        break;
      }
    }
    if (active_.empty()) return;
    if (!dest) dest = &active_.front();
    hoisted[dest->def].push_back(op);
    moved.insert(op);
  }

  std::vector<LoopInfo> active_;
  std::unordered_set<const VarNode*> let_vars_;
};

// Fresh loop variables for the else copy of a loop (each binding site defined once).
class RenewLoopVars : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;
  Stmt VisitStmt_(const ForNode* op) override {
    Var v(op->loop_var->name_hint, op->loop_var->dtype);
    Stmt body = Substitute(op->body, {{op->loop_var, v}});
    body = VisitStmt(body);
    return For(v, op->min, op->extent, op->kind, body, op->thread_binding, op->annotations);
  }
};

class ContainsBinding : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitStmt_;
  bool found = false;
  void VisitStmt_(const AllocateNode*) override { found = true; }
  void VisitStmt_(const AllocateConstNode*) override { found = true; }
  void VisitStmt_(const DeclBufferNode*) override { found = true; }
  void VisitStmt_(const LetStmtNode*) override { found = true; }
};

// Rebuilds with each hoisted `if` replaced by one of its branches, and wraps the loops.
class Hoister : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;
  explicit Hoister(const HoistCollector& c) : c_(c) {}

  Stmt VisitStmt_(const IfThenElseNode* op) override {
    auto it = branch_.find(op);
    if (it == branch_.end()) return StmtExprMutator::VisitStmt_(op);
    if (it->second) return VisitStmt(op->then_case);
    return op->else_case.defined() ? VisitStmt(op->else_case) : Evaluate(IntImm(DataType::Int(32), 0));
  }
  Stmt VisitStmt_(const ForNode* op) override { return Wrap(op, [&] { return StmtExprMutator::VisitStmt_(op); }); }
  Stmt VisitStmt_(const AttrStmtNode* op) override {
    return Wrap(op, [&] { return StmtExprMutator::VisitStmt_(op); });
  }

 private:
  // The loop under the branch choices taken so far for the ifs hoisted above it (k onwards).
  template <typename F>
  Stmt Build(const std::vector<const IfThenElseNode*>& ifs, size_t k, F& rebuild, bool renew) {
    if (k == ifs.size()) {
      Stmt s = rebuild();
      return renew ? RenewLoopVars().VisitStmt(s) : s;
    }
    const IfThenElseNode* i = ifs[k];
    branch_[i] = true;
    Stmt then_s = Build(ifs, k + 1, rebuild, renew);
    Stmt else_s;
    if (i->else_case.defined()) {
      branch_[i] = false;
      else_s = Build(ifs, k + 1, rebuild, true);
    }
    branch_.erase(i);
    return IfThenElse(i->condition, then_s, else_s);
  }
  template <typename F>
  Stmt Wrap(const Object* op, F rebuild) {
    auto it = c_.hoisted.find(op);
    if (it == c_.hoisted.end()) return rebuild();
    std::vector<const IfThenElseNode*> ifs;
    for (const IfThenElseNode* i : it->second) {
      // A loop holding allocations or lets is not duplicated (their binding sites would be).
      if (i->else_case.defined()) {
        ContainsBinding cb;
        cb.VisitStmt(GetRef<Stmt>(static_cast<const StmtNode*>(op)));
        if (cb.found) continue;
      }
      ifs.push_back(i);
    }
    return Build(ifs, 0, rebuild, false);
  }

  const HoistCollector& c_;
  std::map<const IfThenElseNode*, bool> branch_;  // hoisted if -> branch taken
};

}  // namespace

Pass HoistIfThenElse() {
  Pass hoist = CreatePrimFuncPass("InsertHoistIfThenElse", [](const PrimFunc& f) {
    HoistCollector c;
    c.VisitStmt(f->body);
    if (c.hoisted.empty()) return f;
    return WithBody(f, Hoister(c).VisitStmt(f->body));
  });
  return Sequential({hoist, Simplify(), RemoveNoOp()}, "HoistIfThenElse");
}

TIRGEN_REGISTER_PASS(HoistIfThenElse, [](const std::vector<int64_t>&) { return HoistIfThenElse(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen
