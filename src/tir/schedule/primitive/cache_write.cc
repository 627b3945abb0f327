// cache_write: a block writes a `<buffer>_<scope>` buffer instead, and a new block copies it
// into the original buffer right after the writer (before the buffer's first consumer).
#include "cache_stage.h"

namespace tirgen {
namespace tir {

BlockRV Schedule::CacheWrite(const BlockRV& rv, int write_buffer_index, const std::string& storage_scope,
                             const std::vector<BlockRV>& consumer_blocks) {
  BlockScope s = GetBlockScope(*state_, rv);
  if (write_buffer_index < 0 || write_buffer_index >= static_cast<int>(s.block->writes.size()))
    throw ScheduleError("cannot cache_write: write_buffer_index " + std::to_string(write_buffer_index) +
                        " is out of range, " + Describe(s.block) + " writes " +
                        std::to_string(s.block->writes.size()) + " buffer(s)");
  if (storage_scope.empty()) throw ScheduleError("cannot cache_write: the storage scope is empty");
  Buffer buf = s.block->writes[write_buffer_index]->buffer;
  StmtTree tree(s.f);
  std::set<const BlockNode*> listed, related;
  for (const BlockRV& c : consumer_blocks) listed.insert(state_->GetBlock(c));
  for (const BlockNode* b : tree.blocks) {
    if (b == tree.root || b == s.block || tree.ScopeOf(b) != s.scope || listed.count(b)) continue;
    for (const BufferRegion& r : b->reads)
      if (r->buffer->data.same_as(buf->data)) related.insert(b);
  }
  Buffer cache = Buffer::Decl(buf->shape, buf->dtype, buf->name + "_" + storage_scope, storage_scope);
  CacheLocation loc = FindCacheLocation(s.scope, s.block, related);
  BufferRegion region = RelaxedRegion(tree, s.block, s.block->writes, buf, loc.loc);
  Block copy_block;
  Stmt stage = MakeCopyStage(cache->name, region, cache, buf, &copy_block);
  Stmt inserted = InsertAt(loc.loc, loc.pos, stage);
  Block scope;
  std::map<const BlockNode*, Block> reuse;
  if (loc.loc == s.scope) {
    scope = inserted.cast<Block>();
  } else {
    class Swap : public TrackingMutator {
     public:
      const StmtNode* from;
      Stmt to;
      Stmt VisitStmt(const Stmt& st) override { return st.get() == from ? to : TrackingMutator::VisitStmt(st); }
      PrimExpr VisitExpr(const PrimExpr& e) override { return e; }
    } swap;
    swap.from = loc.loc;
    swap.to = inserted;
    auto n = CopyNode(*s.scope);
    n->body = swap.VisitStmt(s.scope->body);
    scope = Block(std::shared_ptr<const Object>(n));
    reuse = swap.rebuilt;
  }
  std::set<const BlockNode*> targets = listed;
  targets.insert(s.block);
  BufferRedirector redirect(buf, cache, targets);
  auto n = CopyNode(*scope.get());
  n->body = redirect.VisitStmt(scope->body);
  n->alloc_buffers.push_back(cache);
  for (const auto& kv : redirect.rebuilt) reuse[kv.first] = kv.second;
  ReplaceScope(*state_, s, Block(std::shared_ptr<const Object>(n)), reuse);
  BlockRV out = NewBlockRV(copy_block, s.func);
  std::vector<std::pair<std::string, TraceValue>> args = {
      {"block", Value(rv)},
      {"write_buffer_index", TraceValue::Int(write_buffer_index)},
      {"storage_scope", TraceValue::Str(storage_scope)}};
  if (!consumer_blocks.empty()) {
    std::vector<TraceValue> cs;
    for (const BlockRV& c : consumer_blocks) cs.push_back(Value(c));
    args.emplace_back("consumer_blocks", TraceValue::List(cs));
  }
  trace_.Append(Instruction{"cache_write", args, {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
