// Loops in the execution plan: a call of a let-bound recursive function (TVM's
// relay.loops.while_loop form) is a loop over its body's steps (see execution_plan_builder.h).
#include <algorithm>
#include <functional>

#include "execution_plan_builder.h"

namespace tirgen {
namespace runtime {

using relay::Expr;

// A value a loop's body reads that does not depend on the loop's parameters and that code
// outside the loop also uses is planned before the loop: planned inside, it would be computed
// in every iteration and again after the loop.
void ExecutionPlan::Builder::PlanLoopInvariants(const relay::FunctionNode* fn, const relay::VarNode* self) {
  std::unordered_set<const Object*> varying{self};
  for (const relay::Var& p : fn->params) varying.insert(p.get());
  auto unplanned = [&](const Expr& x) { return !memo_.count(x.get()); };
  // A variable the body binds lives inside it (its value may vary): whatever reads it too.
  relay::PostOrderVisit(
      fn->body,
      [&](const Expr& x) {
        if (const auto* l = x.as<relay::LetNode>()) varying.insert(l->var.get());
      },
      unplanned);
  relay::PostOrderVisit(
      fn->body,
      [&](const Expr& x) {
        bool depends = false;
        relay::ForEachChild(x, true, [&](const Expr& c) { depends = depends || varying.count(c.get()); });
        if (depends) varying.insert(x.get());
      },
      unplanned);
  PlanValuesUsedOutside({fn->body}, varying);
}

// A let binds a value, or names a local function (planned where it is called), or gives a
// local function another name (`let %g = %f`: calls of %g are calls of %f).
void ExecutionPlan::Builder::BindLet(const relay::LetNode* n) {
  const auto* fn = n->value.as<relay::FunctionNode>();
  if (fn && !fn->IsPrimitive()) {
    local_functions_[n->var.get()] = fn;
    local_self_[n->var.get()] = n->var.get();
    return;
  }
  if (auto it = local_self_.find(n->value.get()); it != local_self_.end()) {
    local_functions_[n->var.get()] = local_functions_.at(it->second);
    local_self_[n->var.get()] = it->second;
    return;
  }
  PlanValue value = Plan(n->value);
  Remember(n->var.get(), value);
}

// The local function `callee` evaluates to (a function literal, a let-bound variable, or a
// let whose body is one), or nullptr; `self` is the variable it is bound to.
const relay::FunctionNode* ExecutionPlan::Builder::LocalFunction(const Expr& callee, const relay::VarNode** self) {
  Expr e = callee;
  while (const auto* l = e.as<relay::LetNode>()) {
    BindLet(l);
    e = l->body;
  }
  if (const auto* f = e.as<relay::FunctionNode>()) return f->IsPrimitive() ? nullptr : f;
  const auto* v = e.as<relay::VarNode>();
  auto it = v ? local_self_.find(v) : local_self_.end();
  if (it == local_self_.end()) return nullptr;
  for (const LoopContext* open : open_loops_)
    TIRGEN_CHECK(open->self != it->second) << "executor: %" << it->second->name_hint
                                           << " calls itself other than as its last action; only a tail call "
                                              "(a loop, as relay.loops.while_loop builds) can run";
  *self = it->second;
  return local_functions_.at(v);
}

PlanValue ExecutionPlan::Builder::Loop(const relay::CallNode* call, const relay::FunctionNode* fn, const relay::VarNode* self) {
  TIRGEN_CHECK(call->checked_type.defined()) << "executor: a call of a local function without a type (run InferType first)";
  std::vector<size_t> init;
  for (const Expr& a : call->args) Flatten(Plan(a), &init);
  PlanLoopInvariants(fn, self);
  LoopContext ctx;
  ctx.self = self;
  branch_scopes_.emplace_back();  // the parameters and the body's values live inside the loop
  std::vector<PlanValue> params;
  for (const relay::Var& p : fn->params) {
    relay::Type t = p->checked_type.defined() ? p->checked_type : p->type_annotation;
    TIRGEN_CHECK(t.defined()) << "executor: parameter %" << p->name_hint << " of a local function has no type";
    params.push_back(ResultSlots(t));
    Flatten(params.back(), &ctx.params);
  }
  TIRGEN_CHECK(init.size() == ctx.params.size())
      << "executor: a local function takes " << ctx.params.size() << " tensors, called with " << init.size();
  plan_->steps_.push_back(CopyStep(init, ctx.params));
  for (size_t i = 0; i < params.size(); ++i) Remember(fn->params[i].get(), params[i]);
  Flatten(ResultSlots(call->checked_type), &ctx.result);
  PlanValue result = Unflatten(call->checked_type, ctx.result);
  ctx.head = plan_->steps_.size();
  open_loops_.push_back(&ctx);
  Tail(fn->body, &ctx);
  open_loops_.pop_back();
  for (size_t j : ctx.exits) plan_->steps_[j].target = plan_->steps_.size();
  plan_->loops_.emplace_back(ctx.head, plan_->steps_.size());
  for (const Object* key : branch_scopes_.back()) memo_.erase(key);
  branch_scopes_.pop_back();
  return result;
}

// Plans `e`, the value of a loop's body: every path ends in a jump (back to the head for a
// tail call, else past the loop after copying the value into the result).
void ExecutionPlan::Builder::Tail(const Expr& e, LoopContext* ctx) {
  support::CheckStack("executor plan");
  if (const auto* l = e.as<relay::LetNode>()) {
    // `let %r = %f(...); %r` is the call itself
    if (l->body.same_as(l->var) && !l->value.as<relay::FunctionNode>()) return Tail(l->value, ctx);
    BindLet(l);
    return Tail(l->body, ctx);
  }
  if (const auto* n = e.as<relay::IfNode>()) {
    size_t cond = Condition(n);
    PlanSharedValues(n);
    size_t jump_unless = plan_->steps_.size();
    Step test;
    test.kind = Step::kJumpUnless;
    test.cond = cond;
    plan_->steps_.push_back(std::move(test));
    for (int b = 0; b < 2; ++b) {
      if (b == 1) plan_->steps_[jump_unless].target = plan_->steps_.size();
      branch_scopes_.emplace_back();
      Tail(b == 0 ? n->true_branch : n->false_branch, ctx);
      for (const Object* key : branch_scopes_.back()) memo_.erase(key);
      branch_scopes_.pop_back();
    }
    return;
  }
  const auto* call = e.as<relay::CallNode>();
  const auto* var = call ? call->op.as<relay::VarNode>() : nullptr;
  if (auto it = var ? local_self_.find(var) : local_self_.end(); it != local_self_.end()) var = it->second;
  Step jump;
  jump.kind = Step::kJump;
  if (var && var == ctx->self) {  // the next iteration
    std::vector<size_t> next;
    for (const Expr& a : call->args) Flatten(Plan(a), &next);
    TIRGEN_CHECK(next.size() == ctx->params.size())
        << "executor: %" << var->name_hint << " called with " << next.size() << " tensors, it takes " << ctx->params.size();
    // Parallel assignment: an argument that is another parameter is saved first.
    std::vector<size_t> from = next;
    Step save;
    save.kind = Step::kCopy;
    for (size_t k = 0; k < from.size(); ++k) {
      auto p = std::find(ctx->params.begin(), ctx->params.end(), from[k]);
      if (p == ctx->params.end() || *p == ctx->params[k]) continue;
      const Slot& s = plan_->slots_[from[k]];
      size_t temp = ArenaSlot(s.shape, s.dtype);
      save.copies.emplace_back(from[k], temp);
      from[k] = temp;
    }
    if (!save.copies.empty()) plan_->steps_.push_back(std::move(save));
    plan_->steps_.push_back(CopyStep(from, ctx->params));
    jump.target = ctx->head;
    plan_->steps_.push_back(std::move(jump));
    return;
  }
  std::vector<size_t> value;
  Flatten(Plan(e), &value);
  TIRGEN_CHECK(value.size() == ctx->result.size())
      << "executor: a loop gives " << value.size() << " tensors where its type has " << ctx->result.size();
  plan_->steps_.push_back(CopyStep(value, ctx->result));
  ctx->exits.push_back(plan_->steps_.size());
  plan_->steps_.push_back(std::move(jump));
}

ExecutionPlan::Step ExecutionPlan::Builder::CopyStep(const std::vector<size_t>& from, const std::vector<size_t>& to) {
  Step copy;
  copy.kind = Step::kCopy;
  for (size_t k = 0; k < from.size(); ++k)
    if (from[k] != to[k]) copy.copies.emplace_back(from[k], to[k]);
  return copy;
}

// `leaves` (depth first) shaped as `type`.
PlanValue ExecutionPlan::Builder::Unflatten(const relay::Type& type, const std::vector<size_t>& leaves) {
  size_t next = 0;
  std::function<PlanValue(const relay::Type&)> build = [&](const relay::Type& t) {
    PlanValue v;
    if (const auto* tuple = t.as<relay::TupleTypeNode>()) {
      v.is_tuple = true;
      for (const relay::Type& f : tuple->fields) v.fields.push_back(build(f));
    } else {
      v.slot = leaves.at(next++);
    }
    return v;
  };
  return build(type);
}

}  // namespace runtime
}  // namespace tirgen
