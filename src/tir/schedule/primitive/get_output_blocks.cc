// get_output_blocks (TVM v0.14 get_block_loop.cc / analysis.cc GetOutputBlocks): the blocks
// nested anywhere under a scope block, in program order, that write a buffer their own scope
// block does not allocate.
#include "../utils.h"

namespace tirgen {
namespace tir {

std::vector<BlockRV> Schedule::GetOutputBlocks(const BlockRV& scope_block) {
  const BlockNode* scope = state_->GetBlock(scope_block);
  std::string func = state_->FuncOf(scope_block.id);
  StmtTree tree(state_->Func(func));
  std::vector<BlockRV> out;
  for (const BlockNode* b : tree.blocks) {
    const BlockNode* own = tree.ScopeOf(b);
    bool under = false;
    for (const BlockNode* p = own; p && !under; p = tree.ScopeOf(p)) under = p == scope;
    if (!under) continue;
    bool output = false;
    for (const BufferRegion& w : b->writes) {
      bool allocated = false;
      for (const Buffer& a : own->alloc_buffers) allocated = allocated || a.same_as(w->buffer);
      output = output || !allocated;
    }
    if (output) out.push_back(NewBlockRV(GetRef<Block>(b), func));
  }
  std::vector<TraceValue> outs;
  for (const BlockRV& rv : out) outs.push_back(Value(rv));
  trace_.Append(Instruction{"get_output_blocks", {{"block", Value(scope_block)}}, outs, true});
  return out;
}

}  // namespace tir
}  // namespace tirgen
