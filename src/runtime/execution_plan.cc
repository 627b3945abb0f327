#include "execution_plan.h"

#include "tirgen/runtime/call_record.h"

#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/runtime/storage_plan.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "tirgen/support/checked_size.h"
#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace runtime {
namespace {

using relay::Expr;

// Checked: an output of a terabyte (or an overflowing shape) is an error naming it, before the
// arena is sized.
size_t ByteSize(const std::vector<int64_t>& shape, DataType dtype) {
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

void Flatten(const PlanValue& v, std::vector<size_t>* out) {
  if (!v.is_tuple) {
    out->push_back(v.slot);
    return;
  }
  for (const PlanValue& f : v.fields) Flatten(f, out);
}

}  // namespace

// Walks main's body in dataflow order, every shared node once (the graph is a DAG), appending
// slots and steps to the plan.
class ExecutionPlan::Builder {
 public:
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

  // A value a loop's body reads that does not depend on the loop's parameters and that code
  // outside the loop also uses is planned before the loop: planned inside, it would be computed
  // in every iteration and again after the loop.
  void PlanLoopInvariants(const relay::FunctionNode* fn, const relay::VarNode* self) {
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
    TIRGEN_CHECK(tt) << "executor: an If's value must be tensors or tuples of them";
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

  // A let binds a value, or names a local function (planned where it is called).
  void BindLet(const relay::LetNode* n) {
    const auto* fn = n->value.as<relay::FunctionNode>();
    if (fn && !fn->IsPrimitive()) {
      local_functions_[n->var.get()] = fn;
      return;
    }
    PlanValue value = Plan(n->value);
    Remember(n->var.get(), value);
  }

  // The local function `callee` evaluates to (a function literal, a let-bound variable, or a
  // let whose body is one), or nullptr; `self` is the variable it is bound to.
  const relay::FunctionNode* LocalFunction(const Expr& callee, const relay::VarNode** self) {
    Expr e = callee;
    while (const auto* l = e.as<relay::LetNode>()) {
      BindLet(l);
      e = l->body;
    }
    if (const auto* f = e.as<relay::FunctionNode>()) return f->IsPrimitive() ? nullptr : f;
    const auto* v = e.as<relay::VarNode>();
    auto it = v ? local_functions_.find(v) : local_functions_.end();
    if (it == local_functions_.end()) return nullptr;
    for (const LoopContext* open : open_loops_)
      TIRGEN_CHECK(open->self != v) << "executor: %" << v->name_hint
                                    << " calls itself other than as its last action; only a tail call "
                                       "(a loop, as relay.loops.while_loop builds) can run";
    *self = v;
    return it->second;
  }

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

  PlanValue Loop(const relay::CallNode* call, const relay::FunctionNode* fn, const relay::VarNode* self) {
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
  void Tail(const Expr& e, LoopContext* ctx) {
    support::CheckStack("executor plan");
    if (const auto* l = e.as<relay::LetNode>()) {
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

  Step CopyStep(const std::vector<size_t>& from, const std::vector<size_t>& to) {
    Step copy;
    copy.kind = Step::kCopy;
    for (size_t k = 0; k < from.size(); ++k)
      if (from[k] != to[k]) copy.copies.emplace_back(from[k], to[k]);
    return copy;
  }

  // `leaves` (depth first) shaped as `type`.
  static PlanValue Unflatten(const relay::Type& type, const std::vector<size_t>& leaves) {
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
  std::vector<const LoopContext*> open_loops_;  ///< the loops whose bodies are being planned
};

ExecutionPlan::ExecutionPlan(const relay::Function& main, const Module& module) {
  Builder builder(this, module, main->body);
  for (size_t i = 0; i < main->params.size(); ++i) {
    const relay::Var& p = main->params[i];
    relay::Type t = p->checked_type.defined() ? p->checked_type : p->type_annotation;
    TIRGEN_CHECK(t.defined() && t.as<relay::TensorTypeNode>())
        << "executor: main's parameter %" << p->name_hint << " has no tensor type";
    input_types_.push_back(t.cast<relay::TensorType>());
    builder.BindInput(p, i, input_types_.back());
  }
  PlanValue result = builder.Plan(main->body);
  Flatten(result, &outputs_);
  for (size_t s : outputs_) output_types_.push_back(relay::TensorType(slots_[s].shape, slots_[s].dtype));
  AllocateArena();
  size_t widest = 0;
  for (const Step& s : steps_) widest = std::max(widest, s.args.size());
  argv_.resize(widest);
}

void ExecutionPlan::AllocateArena() {
  std::vector<Lifetime> lives;
  std::vector<size_t> arena_slots, life_of(slots_.size());
  for (size_t k = 0; k < slots_.size(); ++k) {
    if (slots_[k].source != Slot::kArena) continue;
    life_of[k] = lives.size();
    arena_slots.push_back(k);
    lives.push_back(Lifetime{slots_[k].nbytes, slots_[k].first, slots_[k].first});
  }
  auto read = [&](size_t slot, size_t step) {
    if (slots_[slot].source == Slot::kArena) lives[life_of[slot]].last = std::max(lives[life_of[slot]].last, step);
  };
  // A loop's steps run again after its last one: a tensor written before the loop and read in
  // it (a parameter, a value from outside) lives to the loop's end, as the next iteration reads
  // it again. A tensor the body writes before it reads it is per iteration.
  auto extend_over_loops = [&] {
    for (const auto& [head, end] : loops_)
      for (Lifetime& life : lives)
        if (life.first < head && life.last >= head) life.last = std::max(life.last, end);
  };
  // Lifetimes in program order are safe across jumps: a branch's values are read only inside it,
  // and the If's result slots are alive from its jump to their last read after it.
  for (size_t i = 0; i < steps_.size(); ++i) {
    for (size_t a : steps_[i].args) read(a, i);
    for (const auto& copy : steps_[i].copies) read(copy.first, i);
    if (steps_[i].kind == Step::kJumpUnless) read(steps_[i].cond, i);
  }
  for (size_t o : outputs_) read(o, steps_.size());  // read after the last step
  extend_over_loops();
  std::vector<size_t> offsets;
  arena_bytes_ = PlanStorage(lives, kAlignment, &offsets);
  for (size_t j = 0; j < arena_slots.size(); ++j) slots_[arena_slots[j]].index = offsets[j];
  size_t bytes = arena_bytes_;
  void* arena = bytes ? std::aligned_alloc(kAlignment, bytes) : nullptr;
  TIRGEN_CHECK(arena || !bytes) << "executor: cannot allocate " << bytes << " bytes for the intermediate tensors";
  if (arena) std::memset(arena, 0, bytes);
  arena_ = std::shared_ptr<uint8_t>(static_cast<uint8_t*>(arena), [](uint8_t* p) { std::free(p); });
}

void* ExecutionPlan::SlotData(size_t slot) const {
  const Slot& s = slots_[slot];
  switch (s.source) {
    case Slot::kInput: return const_cast<void*>(inputs_[s.index]);
    case Slot::kConstant: return const_cast<uint8_t*>(s.constant.data());  // read-only by the function
    case Slot::kArena: return arena_.get() + s.index;
  }
  return nullptr;
}

void ExecutionPlan::Call(const Step& step) {
  int32_t rc;
  {
    RunningFunction running(step.name);
    rc = step.fn(argv_.data());
  }
  Module::CheckStatus(step.name, rc, rc == -4 && step.fault_message ? step.fault_message() : nullptr);
}

size_t ExecutionPlan::Run(size_t i) {
  const Step& step = steps_[i];
  switch (step.kind) {
    case Step::kJump: return step.target;
    case Step::kJumpUnless: return *static_cast<const uint8_t*>(SlotData(step.cond)) ? i + 1 : step.target;
    default: break;
  }
  for (const auto& [from, to] : step.copies) std::memcpy(SlotData(to), SlotData(from), slots_[to].nbytes);
  if (step.kind == Step::kCall) {
    for (size_t k = 0; k < step.args.size(); ++k) argv_[k] = SlotData(step.args[k]);
    Call(step);
  }
  return i + 1;
}

void ExecutionPlan::Execute(const std::vector<const void*>& inputs) {
  TIRGEN_ICHECK(inputs.size() == input_types_.size()) << "executor: " << inputs.size() << " inputs for "
                                                      << input_types_.size() << " parameters";
  inputs_ = inputs;
  for (size_t i = 0; i < steps_.size();) i = Run(i);
}

void ExecutionPlan::ExecuteTimed(const std::vector<const void*>& inputs, std::vector<double>* seconds,
                                 std::vector<int>* calls) {
  TIRGEN_ICHECK(inputs.size() == input_types_.size() && seconds->size() == steps_.size() &&
                calls->size() == steps_.size())
      << "executor: timed run with wrong input or step counts";
  inputs_ = inputs;
  for (size_t i = 0; i < steps_.size();) {
    auto start = std::chrono::steady_clock::now();
    size_t next = Run(i);
    (*seconds)[i] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    (*calls)[i] += 1;
    i = next;
  }
}

std::vector<std::string> ExecutionPlan::StepNames() const {
  std::vector<std::string> names;
  for (const Step& s : steps_) names.push_back(s.kind == Step::kCall ? s.name : "");
  return names;
}

const void* ExecutionPlan::OutputData(size_t k) const { return SlotData(outputs_.at(k)); }

NDArray ExecutionPlan::Output(size_t k) const {
  const Slot& s = slots_[outputs_.at(k)];
  if (s.source == Slot::kConstant) return s.constant;
  const auto* p = static_cast<const uint8_t*>(OutputData(k));
  return NDArray(s.shape, s.dtype, std::vector<uint8_t>(p, p + s.nbytes));
}

}  // namespace runtime
}  // namespace tirgen
