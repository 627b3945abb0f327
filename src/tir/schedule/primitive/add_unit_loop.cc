// add_unit_loop (TVM v0.14 loop_transformation.cc): a new serial loop `u` (int32, extent 1)
// directly above a loop or a block's realize. Above the root block there is no place for it.
#include "../utils.h"

namespace tirgen {
namespace tir {

LoopRV Schedule::AddUnitLoop(const BlockOrLoopRV& target) {
  std::string func;
  const StmtNode* wrapped = nullptr;
  if (const auto* b = std::get_if<BlockRV>(&target)) {
    const BlockNode* block = state_->GetBlock(*b);
    func = state_->FuncOf(b->id);
    StmtTree tree(state_->Func(func));
    if (!tree.Parent(block))
      throw ScheduleError("cannot add_unit_loop above " + Describe(block) + ": it is the root block");
    wrapped = tree.nodes.at(block).realize;
  } else {
    const LoopRV& l = std::get<LoopRV>(target);
    wrapped = state_->GetLoop(l);
    func = state_->FuncOf(l.id);
  }
  Var u("u", DataType::Int(32));
  Stmt body = GetRef<Stmt>(wrapped);
  state_->Replace(func, wrapped, For(u, make_const(DataType::Int(32), 0), make_const(DataType::Int(32), 1), ForKind::kSerial, body));
  LoopRV out = NewLoopRV(u, func);
  trace_.Append(Instruction{"add_unit_loop", {{"block_or_loop", Value(target)}}, {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
