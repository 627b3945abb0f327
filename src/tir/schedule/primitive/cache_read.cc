// cache_read: a new block copies the buffer a block reads into a `<buffer>_<scope>` buffer,
// and the consumers read the copy. The copy goes right after the buffer's producer (before
// its first consumer), or first in the scope when the buffer is an input (parameter or
// constant: constants stay one AllocateConst, the copy is placed inside it).
#include "cache_stage.h"

namespace tirgen {
namespace tir {

BlockRV Schedule::CacheRead(const BlockRV& rv, int read_buffer_index, const std::string& storage_scope,
                            const std::vector<BlockRV>& consumer_blocks) {
  BlockScope s = GetBlockScope(*state_, rv);
  if (read_buffer_index < 0 || read_buffer_index >= static_cast<int>(s.block->reads.size()))
    throw ScheduleError("cannot cache_read: read_buffer_index " + std::to_string(read_buffer_index) +
                        " is out of range, " + Describe(s.block) + " reads " +
                        std::to_string(s.block->reads.size()) + " buffer(s)");
  if (storage_scope.empty()) throw ScheduleError("cannot cache_read: the storage scope is empty");
  Buffer buf = s.block->reads[read_buffer_index]->buffer;
  StmtTree tree(s.f);
  const BlockNode* writer = nullptr;
  std::set<const BlockNode*> consumers;
  for (const BlockNode* b : tree.blocks) {
    if (b == tree.root || tree.ScopeOf(b) != s.scope) continue;
    for (const BufferRegion& w : b->writes) {
      if (!w->buffer->data.same_as(buf->data)) continue;
      if (writer && writer != b)
        throw ScheduleError("cannot cache_read \"" + buf->name + "\": more than one block of the scope writes it");
      writer = b;
    }
  }
  if (!consumer_blocks.empty()) {
    for (const BlockRV& c : consumer_blocks) consumers.insert(state_->GetBlock(c));
  } else {
    for (const BlockNode* b : tree.blocks) {
      if (b == tree.root || b == writer || tree.ScopeOf(b) != s.scope) continue;
      for (const BufferRegion& r : b->reads)
        if (r->buffer->data.same_as(buf->data)) consumers.insert(b);
    }
  }
  // A view of an AllocateConst is named after the constant (TVM's lowering names them alike;
  // a printed-and-parsed view carries the printer's disambiguated name instead).
  std::string base = IsConstantBuffer(s.f, buf) ? buf->data->name_hint : buf->name;
  Buffer cache = Buffer::Decl(buf->shape, buf->dtype, base + "_" + storage_scope, storage_scope);
  CacheLocation loc = writer ? FindCacheLocation(s.scope, writer, consumers) : CacheLocation{s.scope, 0};
  BufferRegion region = RelaxedRegion(tree, writer, writer ? writer->writes : std::vector<BufferRegion>{}, buf, loc.loc);
  if (loc.loc == s.scope) region = BufferRegion::Full(buf);
  Block cache_block;
  Stmt stage = MakeCopyStage(cache->name, region, buf, cache, &cache_block);
  // Insert the stage, then redirect the consumers, in one rebuilt scope.
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
  BufferRedirector redirect(buf, cache, consumers);
  auto n = CopyNode(*scope.get());
  n->body = redirect.VisitStmt(scope->body);
  n->alloc_buffers.push_back(cache);
  for (const auto& kv : redirect.rebuilt) reuse[kv.first] = kv.second;
  ReplaceScope(*state_, s, Block(std::shared_ptr<const Object>(n)), reuse);
  BlockRV out = NewBlockRV(cache_block, s.func);
  std::vector<std::pair<std::string, TraceValue>> args = {
      {"block", Value(rv)},
      {"read_buffer_index", TraceValue::Int(read_buffer_index)},
      {"storage_scope", TraceValue::Str(storage_scope)}};
  if (!consumer_blocks.empty()) {
    std::vector<TraceValue> cs;
    for (const BlockRV& c : consumer_blocks) cs.push_back(Value(c));
    args.emplace_back("consumer_blocks", TraceValue::List(cs));
  }
  trace_.Append(Instruction{"cache_read", args, {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen
