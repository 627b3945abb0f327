// The Executor's execution plan: main's dataflow walked once into a flat list of calls of
// compiled functions over numbered tensor slots. A Relay If becomes a conditional jump over its
// then-steps, each branch ending in copies of its value into the If's result slots (the only
// values that outlive a branch), so control flow needs no second interpreter. A call of a
// let-bound recursive function (relay.loops.while_loop) is a loop over its body's steps: a tail
// call copies the next state into the parameters' slots and jumps back to the body's first
// step; any other result is copied into the call's result slots. A slot is an input of main, a constant (its
// NDArray's bytes), or a 64-byte aligned region of one arena that holds every intermediate
// tensor (tensors never alive at the same step share a region: storage_plan.h); shapes are
// static, so the arena is allocated once and reused by every run. Inputs and constants are read
// where they are (no copies).
//
//   ExecutionPlan plan(main, module);          // tirgen::Error for what cannot run
//   plan.Execute({x.data(), y.data()});        // inputs checked by the caller
//   NDArray out = plan.Output(0);              // a copy: the arena is reused by the next run
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tirgen/relay/expr.h"
#include "tirgen/runtime/module.h"

namespace tirgen {
namespace runtime {

class ExecutionPlan {
 public:
  /// Every byte offset in the arena is a multiple of this.
  static constexpr size_t kAlignment = 64;

  /// Walks main's body (dataflow order, shared nodes once); tirgen::Error for a free variable,
  /// a Relay operator call or any other expression the executor cannot run (a local function
  /// calling itself other than as a tail call), and for calls whose arguments do not match the
  /// compiled function's buffers.
  ExecutionPlan(const relay::Function& main, const Module& module);
  ExecutionPlan(const ExecutionPlan&) = delete;
  ExecutionPlan& operator=(const ExecutionPlan&) = delete;

  /// main's parameter types: the shape and dtype each input must have.
  const std::vector<relay::TensorType>& input_types() const { return input_types_; }
  /// The flattened result's types (a tuple result depth first).
  const std::vector<relay::TensorType>& output_types() const { return output_types_; }

  /// Runs every call; `inputs` holds one pointer per parameter, to data of its type, alive
  /// until the outputs are read. Not thread safe: callers serialize runs.
  void Execute(const std::vector<const void*>& inputs);
  /// Execute, timing each call: seconds[i] += the wall time of step i (copies included) and
  /// calls[i] += 1, for the steps this run took (a branch not taken is skipped).
  void ExecuteTimed(const std::vector<const void*>& inputs, std::vector<double>* seconds, std::vector<int>* calls);
  /// The compiled function each step calls, in program order; "" for a step that only copies or
  /// jumps.
  std::vector<std::string> StepNames() const;
  /// The bytes of output `k` of the last Execute (valid until the next one).
  const void* OutputData(size_t k) const;
  /// Byte size of output `k`.
  size_t OutputBytes(size_t k) const { return slots_[outputs_.at(k)].nbytes; }
  /// Output `k` of the last Execute as an NDArray: a fresh copy (a constant as it is).
  NDArray Output(size_t k) const;

 private:
  struct Slot {
    enum Source { kInput, kConstant, kArena } source = kArena;
    size_t index = 0;          ///< input index (kInput), or byte offset in the arena (kArena)
    size_t nbytes = 0;
    size_t first = 0;          ///< kArena: the step that writes it
    NDArray constant;          ///< kConstant
    std::vector<int64_t> shape;
    DataType dtype;
  };
  struct Step {
    /// kCall: copies, then the call. kCopy: copies only (a branch's value into its If's result).
    /// kJumpUnless: to `target` when the bool at slot `cond` is false. kJump: to `target`.
    enum Kind { kCall, kCopy, kJumpUnless, kJump } kind = kCall;
    size_t cond = 0, target = 0;
    std::string name;
    Module::EntryPoint fn = nullptr;
    Module::FaultMessage fault_message = nullptr;         ///< the library's bound-fault message
    std::vector<size_t> args;                             ///< slot of each parameter
    std::vector<std::pair<size_t, size_t>> copies;        ///< (from, to) before the call
  };
  class Builder;

  void* SlotData(size_t slot) const;
  /// Calls the step's function on argv_ and checks its status.
  void Call(const Step& step);
  /// Runs step i (its copies, then its call) and returns the next step's index.
  size_t Run(size_t i);
  /// Places the arena slots (sharing storage where lifetimes allow) and allocates the arena.
  void AllocateArena();

  std::vector<Slot> slots_;
  std::vector<Step> steps_;
  std::vector<std::pair<size_t, size_t>> loops_;  ///< each loop's steps: [head, end)
  std::vector<size_t> outputs_;
  std::vector<relay::TensorType> input_types_, output_types_;
  std::shared_ptr<uint8_t> arena_;
  size_t arena_bytes_ = 0;
  std::vector<const void*> inputs_;  ///< the last Execute's inputs
  std::vector<void*> argv_;          ///< reused argument array of one call
};

}  // namespace runtime
}  // namespace tirgen
