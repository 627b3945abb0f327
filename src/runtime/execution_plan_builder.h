// The Executor's plan builder (ExecutionPlan::Builder): main's body walked once into slots and
// steps. Loops (calls of let-bound recursive functions) are planned in execution_plan_loop.cc.
// Internal to src/runtime.
#pragma once

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "execution_plan.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/support/checked_size.h"
#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace runtime {

// Checked: an output of a terabyte (or an overflowing shape) is an error naming it, before the
// arena is sized.
inline size_t ByteSize(const std::vector<int64_t>& shape, DataType dtype) {
  int64_t per = dtype.is_bool() ? 1 : dtype.bytes() * dtype.lanes();
  int64_t n = support::CheckedNumElements(shape, per, "executor: a " + dtype.str() + " tensor");
  return static_cast<size_t>(n) * per;
}

// A planned value: a slot, or a tuple of planned values.
struct PlanValue {
  size_t slot = 0;
  std::vector<PlanValue> fields;
  bool is_tuple = false;
};

inline void Flatten(const PlanValue& v, std::vector<size_t>* out) {
  if (!v.is_tuple) {
    out->push_back(v.slot);
    return;
  }
  for (const PlanValue& f : v.fields) Flatten(f, out);
}

// Walks main's body in dataflow order, every shared node once (the graph is a DAG), appending
// slots and steps to the plan.
class ExecutionPlan::Builder {
 public:
  using Expr = relay::Expr;

  Builder(ExecutionPlan* plan, const Module& module, const Expr& body) : plan_(plan), module_(module) {
    users_ = relay::CountUsers(body, true);  // uses inside a loop's body count too
  }

  void BindInput(const relay::Var& v, size_t index, const relay::TensorType& type) {
    Slot s;
    s.source = Slot::kInput;
    s.index = index;
    s.shape = type->ConstShape();
    s.dtype = type->dtype;
    s.nbytes = ByteSize(s.shape, s.dtype);
    PlanValue value;
    value.slot = AddSlot(std::move(s));
    memo_[v.get()] = value;
  }

  const PlanValue& Plan(const Expr& e) {
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    support::CheckStack("executor plan");
    PlanValue v = Compute(e);
    return Remember(e.get(), std::move(v));
  }

 private:
  // Values planned inside a branch exist only when it runs: they are forgotten when it ends, so
  // a use after the If (or in the other branch) plans its own computation.
  const PlanValue& Remember(const Object* key, PlanValue v) {
    auto [it, inserted] = memo_.insert_or_assign(key, std::move(v));
    if (inserted && !branch_scopes_.empty()) branch_scopes_.back().push_back(key);
    return it->second;
  }

  // One branch of an If: its steps, then copies of its value into the If's result slots.
  void Branch(const Expr& branch, const std::vector<size_t>& result) {
    branch_scopes_.emplace_back();
    PlanValue value = Plan(branch);  // a copy: the memo entry is erased below
    std::vector<size_t> leaves;
    Flatten(value, &leaves);
    TIRGEN_CHECK(leaves.size() == result.size())
        << "executor: an If branch gives " << leaves.size() << " tensors where its type has " << result.size();
    Step copy;
    copy.kind = Step::kCopy;
    for (size_t k = 0; k < leaves.size(); ++k) copy.copies.emplace_back(leaves[k], result[k]);
    plan_->steps_.push_back(std::move(copy));
    for (const Object* key : branch_scopes_.back()) memo_.erase(key);
    branch_scopes_.pop_back();
  }

  // if (c) A else B:  jump-unless c -> ELSE; A; copy A -> R; jump -> END; ELSE: B; copy B -> R; END.
  // The slot of an If's condition, checked to be one bool.
  size_t Condition(const relay::IfNode* n) {
    PlanValue cond = Plan(n->cond);
    TIRGEN_CHECK(!cond.is_tuple) << "executor: an If condition must be one bool, got a tuple";
    const Slot& c = plan_->slots_[cond.slot];
    TIRGEN_CHECK(c.dtype.is_bool() && c.nbytes == 1)
        << "executor: an If condition must be one bool, got a " << c.dtype.str() << " tensor";
    return cond.slot;
  }

  PlanValue If(const relay::IfNode* n) {
    PlanValue cond;
    cond.slot = Condition(n);
    TIRGEN_CHECK(n->checked_type.defined()) << "executor: an If without a type (run InferType first)";
    PlanSharedValues(n);
    PlanValue result = ResultSlots(n->checked_type);  // written by both branches: alive from here
    std::vector<size_t> leaves;
    Flatten(result, &leaves);
    size_t jump_unless = plan_->steps_.size();
    Step test;
    test.kind = Step::kJumpUnless;
    test.cond = cond.slot;
    plan_->steps_.push_back(std::move(test));
    Branch(n->true_branch, leaves);
    size_t jump = plan_->steps_.size();
    Step skip;
    skip.kind = Step::kJump;
    plan_->steps_.push_back(std::move(skip));
    plan_->steps_[jump_unless].target = plan_->steps_.size();
    Branch(n->false_branch, leaves);
    plan_->steps_[jump].target = plan_->steps_.size();
    return result;
  }

  // A value a branch computes that code outside the If also uses is planned before the jump:
  // planned inside the branch, it would be forgotten when the branch ends and computed again
  // after it. A value only the branches use stays in them (only one branch runs).
  void PlanSharedValues(const relay::IfNode* n) { PlanValuesUsedOutside({n->true_branch, n->false_branch}, {}); }

  // Plans each unplanned node reachable from `roots` (not `skip`) that a node outside them uses.
  void PlanValuesUsedOutside(const std::vector<Expr>& roots, const std::unordered_set<const Object*>& skip) {
    std::unordered_map<const Object*, int> inside;  // uses from the roots' unplanned nodes
    std::unordered_set<const Object*> seen;
    std::vector<Expr> order, stack;  // the roots' unplanned nodes, first seen first
    auto use = [&](const Expr& child) {
      if (!child.defined() || memo_.count(child.get())) return;  // planned already: in scope
      inside[child.get()]++;
      if (seen.insert(child.get()).second) stack.push_back(child);
    };
    for (const Expr& r : roots) use(r);
    while (!stack.empty()) {
      Expr e = stack.back();
      stack.pop_back();
      order.push_back(e);
      relay::ForEachChild(e, false, use);
    }
    for (const Expr& e : order) {
      Kind k = e.kind();
      if (k == Kind::kRelayVar || k == Kind::kConstant || k == Kind::kGlobalVar || k == Kind::kOp) continue;
      if (k == Kind::kFunction || skip.count(e.get())) continue;
      if (memo_.count(e.get()) || users_[e.get()] <= inside[e.get()]) continue;
      Plan(e);
    }
  }

  PlanValue ResultSlots(const relay::Type& type) {
    PlanValue v;
    if (const auto* tuple = type.as<relay::TupleTypeNode>()) {
      v.is_tuple = true;
      for (const relay::Type& f : tuple->fields) v.fields.push_back(ResultSlots(f));
      return v;
    }
    const auto* tt = type.as<relay::TensorTypeNode>();
    TIRGEN_CHECK(tt) << "executor: an If's value, a loop's state and a loop's result must be tensors or tuples of them";
    v.slot = ArenaSlot(tt->ConstShape(), tt->dtype);
    return v;
  }

  size_t AddSlot(Slot s) {
    plan_->slots_.push_back(std::move(s));
    return plan_->slots_.size() - 1;
  }

  size_t ArenaSlot(const std::vector<int64_t>& shape, DataType dtype) {
    Slot s;
    s.shape = shape;
    s.dtype = dtype;
    s.nbytes = ByteSize(shape, dtype);
    s.first = plan_->steps_.size();  // the step being built
    return AddSlot(std::move(s));
  }

  PlanValue Compute(const Expr& e) {
    switch (e.kind()) {
      case Kind::kRelayVar:
        TIRGEN_CHECK(!local_functions_.count(e.get()))
            << "executor: the local function %" << e.as<relay::VarNode>()->name_hint
            << " is used as a value (returned, passed or stored); the executor runs only calls of it";
        TIRGEN_CHECK(false) << "executor: free variable %" << e.as<relay::VarNode>()->name_hint << " in main";
        break;
      case Kind::kConstant: {
        const auto* c = e.as<relay::ConstantNode>();
        TIRGEN_CHECK(c->data.defined()) << "executor: constant " << c->unresolved_ref << " has no data (metadata missing)";
        Slot s;
        s.source = Slot::kConstant;
        s.constant = c->data;
        s.shape = c->data->shape;
        s.dtype = c->data->dtype;
        s.nbytes = c->data.nbytes();
        PlanValue v;
        v.slot = AddSlot(std::move(s));
        return v;
      }
      case Kind::kTuple: {
        PlanValue v;
        v.is_tuple = true;
        for (const Expr& f : e.as<relay::TupleNode>()->fields) v.fields.push_back(Plan(f));
        return v;
      }
      case Kind::kTupleGetItem: {
        const auto* n = e.as<relay::TupleGetItemNode>();
        const PlanValue& t = Plan(n->tuple);
        TIRGEN_CHECK(t.is_tuple && n->index >= 0 && static_cast<size_t>(n->index) < t.fields.size())
            << "executor: TupleGetItem index " << n->index << " out of range";
        return t.fields[n->index];
      }
      case Kind::kRelayLet: {
        const auto* n = e.as<relay::LetNode>();
        BindLet(n);
        return Plan(n->body);
      }
      case Kind::kRelayCall: {
        const auto* call = e.as<relay::CallNode>();
        const relay::VarNode* self = nullptr;
        if (const relay::FunctionNode* fn = LocalFunction(call->op, &self)) return Loop(call, fn, self);
        return Call(call);
      }
      case Kind::kIf: return If(e.as<relay::IfNode>());
      default: break;
    }
    TIRGEN_CHECK(false) << "executor: unsupported expression " << KindName(e.kind())
                        << " in main (run LowerTE first: only calls of lowered functions can run)";
    return PlanValue();
  }

  // ---- loops (execution_plan_loop.cc) ----
  // A call of a local function is a loop: its parameters get slots (alive through the loop), the
  // arguments are copied in and the body runs; a tail call of the function itself copies its
  // arguments into the parameters and jumps back to the body's first step, and any other result
  // is copied into the call's result slots and jumps past the loop. So a million iterations use
  // no C++ stack and the same slots.
  struct LoopContext {
    const relay::VarNode* self = nullptr;
    std::vector<size_t> params, result;
    size_t head = 0;
    std::vector<size_t> exits;  ///< jumps to patch to the loop's end
  };
  void PlanLoopInvariants(const relay::FunctionNode* fn, const relay::VarNode* self);
  void BindLet(const relay::LetNode* n);
  const relay::FunctionNode* LocalFunction(const Expr& callee, const relay::VarNode** self);
  PlanValue Loop(const relay::CallNode* call, const relay::FunctionNode* fn, const relay::VarNode* self);
  void Tail(const Expr& e, LoopContext* ctx);
  Step CopyStep(const std::vector<size_t>& from, const std::vector<size_t>& to);
  static PlanValue Unflatten(const relay::Type& type, const std::vector<size_t>& leaves);

  PlanValue Call(const relay::CallNode* call) {
    std::vector<Expr> args;
    const relay::GlobalVarNode* gv = lower::LoweredCallee(call, &args);
    TIRGEN_CHECK(gv) << "executor: call of " << (call->op_name().empty() ? KindName(call->op.kind()) : call->op_name())
                     << " in main; only lowered functions can run (run LowerTE first)";
    std::vector<size_t> in;
    for (const Expr& a : args) Flatten(Plan(a), &in);
    std::vector<size_t> outs = AddStep(gv->name_hint, in);
    bool tuple = call->checked_type.defined() ? call->checked_type.as<relay::TupleTypeNode>() != nullptr : outs.size() != 1;
    PlanValue v;
    if (!tuple) {
      TIRGEN_ICHECK(outs.size() == 1) << "executor: @" << gv->name_hint << " returned " << outs.size() << " tensors";
      v.slot = outs[0];
      return v;
    }
    v.is_tuple = true;
    for (size_t o : outs) {
      PlanValue f;
      f.slot = o;
      v.fields.push_back(f);
    }
    return v;
  }

  // A call of compiled function `name` on slots `args` (its first parameters); the remaining
  // parameters (its outputs) get arena slots, returned. Checks as Module::Call does.
  std::vector<size_t> AddStep(const std::string& name, const std::vector<size_t>& args) {
    Step step;
    step.name = name;
    step.fn = module_.EntryOf(name);
    step.fault_message = module_.fault_message();
    Module::CheckArgCount(name, args.size(), module_.Function(name)->params.size());
    std::vector<Module::Param> params = module_.Params(name);
    std::vector<size_t> outs;
    for (size_t i = 0; i < params.size(); ++i) {
      const Module::Param& p = params[i];
      if (i >= args.size()) {
        step.args.push_back(ArenaSlot(p.shape, p.dtype));
        outs.push_back(step.args.back());
        continue;
      }
      Module::CheckArgument(name, i, p, plan_->slots_[args[i]].shape, plan_->slots_[args[i]].dtype);
      if (!p.written) {
        step.args.push_back(args[i]);
        continue;
      }
      size_t copy = ArenaSlot(p.shape, p.dtype);  // the function writes its input: it gets a copy
      step.copies.emplace_back(args[i], copy);
      step.args.push_back(copy);
    }
    plan_->steps_.push_back(std::move(step));
    return outs;
  }

  ExecutionPlan* plan_;
  const Module& module_;
  std::unordered_map<const Object*, PlanValue> memo_;
  std::unordered_map<const Object*, int> users_;
  std::vector<std::vector<const Object*>> branch_scopes_;  ///< memo keys added in each open branch
  std::unordered_map<const Object*, const relay::FunctionNode*> local_functions_;  ///< let var -> function
  std::unordered_map<const Object*, const relay::VarNode*> local_self_;  ///< let var -> the function's own var
  std::vector<const LoopContext*> open_loops_;  ///< the loops whose bodies are being planned
};

}  // namespace runtime
}  // namespace tirgen
