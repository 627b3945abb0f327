#include "execution_plan.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "execution_plan_builder.h"
#include "tirgen/runtime/call_record.h"
#include "tirgen/runtime/storage_plan.h"

namespace tirgen {
namespace runtime {

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
