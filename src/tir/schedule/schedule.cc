// Schedule construction, the handle table and the handle queries (get_block, get_loops,
// get_child_blocks, get_producers, get_consumers).
#include "tirgen/tir/schedule/schedule.h"

#include <algorithm>
#include <set>

#include "state.h"
#include "utils.h"

namespace tirgen {
namespace tir {

namespace {
std::string DefaultFunc(const IRModule& mod) {
  if (mod->functions.count("main")) return "main";
  std::vector<std::string> prim;
  for (const auto& kv : mod->functions)
    if (kv.second.as<PrimFuncNode>()) prim.push_back(kv.first);
  if (prim.size() == 1) return prim[0];
  return "";  // chosen later with work_on / func_name
}
}  // namespace

Schedule::Schedule(IRModule mod, int64_t seed) : state_(std::make_shared<State>()), rng_(seed) {
  state_->mod = std::move(mod);
  state_->func_name = DefaultFunc(state_->mod);
}

Schedule::Schedule(const PrimFunc& func, int64_t seed)
    : Schedule(IRModule(std::map<std::string, ObjectRef>{{"main", func}}), seed) {}

Schedule Schedule::Copy() {
  Schedule copy = *this;
  copy.state_ = std::make_shared<State>(*state_);
  copy.rng_.Seed(rng_.ForkSeed());
  return copy;
}

IRModule Schedule::mod() const { return state_->mod; }

void Schedule::WorkOn(const std::string& func_name) {
  state_->Func(func_name);  // must exist
  state_->func_name = func_name;
  trace_.Append(Instruction{"work_on", {{"func_name", TraceValue::Str(func_name)}}, {}, false});
}

void Schedule::EnterPostproc() { trace_.Append(Instruction{"enter_postproc", {}, {}, false}); }

BlockRV Schedule::NewBlockRV(const Block& block, const std::string& func) {
  state_->handles.push_back(State::Handle{func, block});
  return BlockRV{static_cast<int>(state_->handles.size()) - 1};
}

LoopRV Schedule::NewLoopRV(const Var& loop_var, const std::string& func) {
  state_->handles.push_back(State::Handle{func, loop_var});
  return LoopRV{static_cast<int>(state_->handles.size()) - 1};
}

ExprRV Schedule::NewExprRV(int64_t value) {
  State::Handle h;
  h.value = value;
  h.is_expr = true;
  state_->handles.push_back(h);
  return ExprRV{static_cast<int>(state_->handles.size()) - 1};
}

int64_t Schedule::Get(const ExprRV& rv) const {
  TIRGEN_CHECK(rv.id >= 0 && rv.id < static_cast<int>(state_->handles.size()) && state_->handles[rv.id].is_expr)
      << "ScheduleError: not a sampled-value handle of this schedule (id " << rv.id << ")";
  return state_->handles[rv.id].value;
}

TraceValue Schedule::Value(const BlockOrLoopRV& rv) const {
  if (const auto* b = std::get_if<BlockRV>(&rv)) return Value(*b);
  return Value(std::get<LoopRV>(rv));
}

Block Schedule::Get(const BlockRV& rv) const { return GetRef<Block>(state_->GetBlock(rv)); }
For Schedule::Get(const LoopRV& rv) const { return GetRef<For>(state_->GetLoop(rv)); }

BlockRV Schedule::GetBlock(const std::string& name, const std::string& func_name) {
  std::string func = func_name.empty() ? state_->func_name : func_name;
  if (func.empty())
    throw ScheduleError("the module has several functions: name one with func_name or work_on");
  StmtTree tree(state_->Func(func));
  std::vector<const BlockNode*> found;
  for (const BlockNode* b : tree.blocks)
    if (b->name_hint == name) found.push_back(b);
  if (found.size() != 1) {
    std::string names;
    for (const BlockNode* b : tree.blocks)
      if (b != tree.root) names += (names.empty() ? "" : ", ") + b->name_hint;
    throw ScheduleError(std::string(found.empty() ? "no" : "more than one") + " block named \"" +
                        name + "\" in function \"" + func + "\" (blocks: " + names + ")");
  }
  BlockRV rv = NewBlockRV(GetRef<Block>(found[0]), func);
  trace_.Append(Instruction{"get_block",
                            {{"name", TraceValue::Str(name)}, {"func_name", TraceValue::Str(func)}},
                            {Value(rv)},
                            false});
  return rv;
}

std::vector<LoopRV> Schedule::GetLoops(const BlockRV& block_rv) {
  const BlockNode* block = state_->GetBlock(block_rv);
  StmtTree tree(state_->Func(state_->FuncOf(block_rv.id)));
  std::vector<LoopRV> loops;
  std::vector<TraceValue> outs;
  for (const ForNode* loop : tree.LoopsAbove(block)) {
    loops.push_back(NewLoopRV(loop->loop_var, state_->FuncOf(block_rv.id)));
    outs.push_back(Value(loops.back()));
  }
  trace_.Append(Instruction{"get_loops", {{"block", Value(block_rv)}}, outs, true});
  return loops;
}

std::vector<BlockRV> Schedule::GetChildBlocks(const BlockOrLoopRV& parent) {
  int id = std::holds_alternative<BlockRV>(parent) ? std::get<BlockRV>(parent).id
                                                   : std::get<LoopRV>(parent).id;
  const StmtNode* p = std::holds_alternative<BlockRV>(parent)
                          ? static_cast<const StmtNode*>(state_->GetBlock(std::get<BlockRV>(parent)))
                          : state_->GetLoop(std::get<LoopRV>(parent));
  StmtTree tree(state_->Func(state_->FuncOf(id)));
  std::vector<BlockRV> out;
  std::vector<TraceValue> outs;
  for (const BlockNode* b : tree.blocks) {
    if (b == tree.root) continue;
    // A child block: `p` is an ancestor with only loops in between.
    const StmtNode* q = tree.Parent(b);
    while (q && q != p && q->kind() == Kind::kFor) q = tree.Parent(q);
    if (q == p) {
      out.push_back(NewBlockRV(GetRef<Block>(b), state_->FuncOf(id)));
      outs.push_back(Value(out.back()));
    }
  }
  trace_.Append(Instruction{"get_child_blocks", {{"", Value(parent)}}, outs, true});
  return out;
}

namespace {
// Blocks of the same scope related to `block` through buffers: producers write what it reads.
std::vector<const BlockNode*> Related(const StmtTree& tree, const BlockNode* block, bool producers) {
  const BlockNode* scope = tree.ScopeOf(block);
  std::vector<const BlockNode*> out;
  auto uses = [](const std::vector<BufferRegion>& rs, const BufferNode* buf) {
    for (const BufferRegion& r : rs)
      if (r->buffer.get() == buf) return true;
    return false;
  };
  for (const BlockNode* other : tree.blocks) {
    if (other == block || other == tree.root || tree.ScopeOf(other) != scope) continue;
    const auto& mine = producers ? block->reads : block->writes;
    const auto& theirs = producers ? other->writes : other->reads;
    bool related = false;
    for (const BufferRegion& r : mine) related = related || uses(theirs, r->buffer.get());
    if (related) out.push_back(other);
  }
  return out;
}
}  // namespace

std::vector<BlockRV> Schedule::GetProducers(const BlockRV& block_rv) {
  const BlockNode* block = state_->GetBlock(block_rv);
  StmtTree tree(state_->Func(state_->FuncOf(block_rv.id)));
  std::vector<BlockRV> out;
  std::vector<TraceValue> outs;
  for (const BlockNode* b : Related(tree, block, true)) {
    out.push_back(NewBlockRV(GetRef<Block>(b), state_->FuncOf(block_rv.id)));
    outs.push_back(Value(out.back()));
  }
  trace_.Append(Instruction{"get_producers", {{"block", Value(block_rv)}}, outs, true});
  return out;
}

std::vector<BlockRV> Schedule::GetConsumers(const BlockRV& block_rv) {
  const BlockNode* block = state_->GetBlock(block_rv);
  StmtTree tree(state_->Func(state_->FuncOf(block_rv.id)));
  std::vector<BlockRV> out;
  std::vector<TraceValue> outs;
  for (const BlockNode* b : Related(tree, block, false)) {
    out.push_back(NewBlockRV(GetRef<Block>(b), state_->FuncOf(block_rv.id)));
    outs.push_back(Value(out.back()));
  }
  trace_.Append(Instruction{"get_consumers", {{"block", Value(block_rv)}}, outs, true});
  return out;
}

}  // namespace tir
}  // namespace tirgen
