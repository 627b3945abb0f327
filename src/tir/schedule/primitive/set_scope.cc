// set_scope: a block-allocated buffer moves to another storage scope (a new data var with
// that scope); every use, allocation and view follows.
#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
// The block-allocated buffer `block` writes at `index` (shared with storage_align).
Buffer AllocatedWrite(const BlockScope& s, int index, const char* prim) {
  if (index < 0 || index >= static_cast<int>(s.block->writes.size()))
    throw ScheduleError(std::string("cannot ") + prim + ": buffer_index " + std::to_string(index) +
                        " is out of range, " + Describe(s.block) + " writes " +
                        std::to_string(s.block->writes.size()) + " buffer(s)");
  Buffer buf = s.block->writes[index]->buffer;
  StmtTree tree(s.f);
  for (const BlockNode* b : tree.blocks)
    for (const Buffer& a : b->alloc_buffers)
      if (a.same_as(buf)) return buf;
  throw ScheduleError(std::string("cannot ") + prim + " buffer \"" + buf->name + "\" of " + Describe(s.block) +
                      ": it is not allocated by a block (function parameters and constants keep their storage)");
}
}  // namespace

Buffer BlockAllocatedWrite(const BlockScope& s, int index, const char* prim) { return AllocatedWrite(s, index, prim); }

void Schedule::SetScope(const BlockRV& rv, int buffer_index, const std::string& storage_scope) {
  BlockScope s = GetBlockScope(*state_, rv);
  Buffer buf = AllocatedWrite(s, buffer_index, "set_scope");
  if (storage_scope.empty()) throw ScheduleError("cannot set_scope: the storage scope is empty");
  auto n = CopyNode(*buf.get());
  n->data = Var::Pointer(buf->data->name_hint, buf->dtype, storage_scope);
  Buffer nb{std::shared_ptr<const Object>(n)};
  class Swap : public TrackingMutator {
   public:
    Buffer from, to;
    Buffer VisitBuffer(const Buffer& b) override { return b.same_as(from) ? to : b; }
    Stmt VisitStmt_(const BlockNode* op) override {
      Stmt st = TrackingMutator::VisitStmt_(op);
      const auto* b = st.as<BlockNode>();
      bool has = false;
      for (const Buffer& a : b->alloc_buffers) has = has || a.same_as(from);
      if (!has) return st;
      auto m = CopyNode(*b);
      for (Buffer& a : m->alloc_buffers)
        if (a.same_as(from)) a = to;
      Block nbk{std::shared_ptr<const Object>(m)};
      rebuilt[op] = nbk;
      return nbk;
    }
  } swap;
  swap.from = buf;
  swap.to = nb;
  PrimFunc f = s.f;
  auto fn = CopyNode(*f.get());
  fn->body = swap.VisitStmt(f->body);
  state_->ReplaceFunc(s.func, PrimFunc(std::shared_ptr<const Object>(fn)), swap.rebuilt);
  trace_.Append(Instruction{"set_scope",
                            {{"block", Value(rv)},
                             {"buffer_index", TraceValue::Int(buffer_index)},
                             {"storage_scope", TraceValue::Str(storage_scope)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen
