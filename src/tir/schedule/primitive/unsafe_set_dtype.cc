// unsafe_set_dtype (TVM v0.14 block_annotate.cc): a block-allocated buffer `block` writes takes
// another element type. Stores cast the stored value to the new type, loads cast back to the
// old one, so the program computes the same values, rounded through the new type (hence
// "unsafe"). The same dtype changes nothing (the call is still recorded).
#include <map>

#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
Buffer WithDType(const Buffer& b, DataType t) {
  auto n = CopyNode(*b.get());
  n->dtype = t;
  n->data = Var::Pointer(b->data->name_hint, t, b->scope());
  return Buffer(std::shared_ptr<const Object>(n));
}

class DTypeMutator : public TrackingMutator {
 public:
  DTypeMutator(const Buffer& from, DataType t) : src_(from->dtype), tgt_(t) { map_[from->data.get()] = WithDType(from, t); }
  Buffer VisitBuffer(const Buffer& b) override {
    auto it = map_.find(b->data.get());
    return it != map_.end() ? it->second : b;
  }
  Stmt VisitStmt_(const BlockNode* op) override {
    // A view of the buffer takes the new type too.
    for (const MatchBufferRegion& m : op->match_buffers)
      if (map_.count(m->source->buffer->data.get())) map_[m->buffer->data.get()] = WithDType(m->buffer, tgt_);
    Stmt s = TrackingMutator::VisitStmt_(op);
    const auto* b = s.as<BlockNode>();
    bool fix = false;
    for (const MatchBufferRegion& m : b->match_buffers) fix = fix || map_.count(m->buffer->data.get());
    if (!fix) return s;
    auto n = CopyNode(*b);
    for (MatchBufferRegion& m : n->match_buffers)
      if (map_.count(m->buffer->data.get())) m = MatchBufferRegion(map_.at(m->buffer->data.get()), m->source);
    Block nb{std::shared_ptr<const Object>(n)};
    rebuilt[op] = nb;
    return nb;
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = TrackingMutator::VisitStmt_(op);
    const auto* st = s.as<BufferStoreNode>();
    if (!map_.count(op->buffer->data.get())) return s;
    return BufferStore(st->buffer, Cast(tgt_, st->value), st->indices);
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    PrimExpr e = TrackingMutator::VisitExpr_(op);
    if (!map_.count(op->buffer->data.get())) return e;
    return Cast(src_, e);
  }

 private:
  DataType src_, tgt_;
  std::map<const VarNode*, Buffer> map_;
};
}  // namespace

void Schedule::UnsafeSetDType(const BlockRV& rv, int buffer_index, const std::string& dtype) {
  BlockScope s = GetBlockScope(*state_, rv);
  if (buffer_index < 0 || buffer_index >= static_cast<int>(s.block->writes.size()))
    throw ScheduleError("cannot unsafe_set_dtype: buffer_index " + std::to_string(buffer_index) +
                        " is out of range, " + Describe(s.block) + " writes " +
                        std::to_string(s.block->writes.size()) + " buffer(s)");
  DataType t = DataType::FromString(dtype);
  Buffer buf = s.block->writes[buffer_index]->buffer;
  if (buf->dtype != t) {
    StmtTree tree(s.f);
    const BlockNode* site = nullptr;
    for (const BlockNode* b : tree.blocks)
      for (const Buffer& a : b->alloc_buffers)
        if (a.same_as(buf)) site = b;
    if (!site)
      throw ScheduleError("cannot unsafe_set_dtype buffer \"" + buf->name + "\" of " + Describe(s.block) +
                          ": it is not allocated by a block (function parameters keep their type)");
    DTypeMutator m(buf, t);
    Stmt nb = m.VisitStmt(GetRef<Stmt>(site));
    std::map<const BlockNode*, Block> reuse = m.rebuilt;
    state_->Replace(s.func, site, nb, reuse);
  }
  trace_.Append(Instruction{"unsafe_set_dtype",
                            {{"block", Value(rv)},
                             {"buffer_index", TraceValue::Int(buffer_index)},
                             {"dtype", TraceValue::Str(dtype)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen
