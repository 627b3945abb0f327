// Shared by cache_read and cache_write: where the copy stage goes (TVM's CacheLocDetector
// rule: right before the first related block that follows the writer, in the innermost
// sequence holding both), the copy block itself, and inserting it.
#pragma once

#include <set>

#include "../utils.h"

namespace tirgen {
namespace tir {

struct CacheLocation {
  const StmtNode* loc = nullptr;  ///< the scope block or a For whose body receives the stage
  int pos = 0;                    ///< index among that body's (peeled) children
};

/// `writer` (may be null: the buffer is an input of the scope) and the `related` blocks.
CacheLocation FindCacheLocation(const BlockNode* scope, const BlockNode* writer,
                                const std::set<const BlockNode*>& related);

/// The region of `buffer` accessed by `block` (its `regions` relaxed over the loops between
/// `loc` and the block), or the whole buffer when `block` is null.
BufferRegion RelaxedRegion(const StmtTree& tree, const BlockNode* block,
                           const std::vector<BufferRegion>& regions, const Buffer& buffer,
                           const StmtNode* loc);

/// Loops ax0.. over `region` around a block `name` with iter vars v0.. doing dst[v] = src[v].
Stmt MakeCopyStage(const std::string& name, const BufferRegion& region, const Buffer& src,
                   const Buffer& dst, Block* block_out);

/// `stmt` (the scope block or a For) with `stage` inserted at `pos` of its body.
Stmt InsertAt(const StmtNode* stmt, int pos, const Stmt& stage);

}  // namespace tir
}  // namespace tirgen

namespace tirgen {
namespace tir {

/// Inside the blocks in `targets` (and blocks nested in them), every access to a buffer with
/// `from`'s data var goes to `to` instead (loads, stores, regions, match_buffer sources).
class BufferRedirector : public TrackingMutator {
 public:
  BufferRedirector(const Buffer& from, const Buffer& to, std::set<const BlockNode*> targets)
      : from_(from), to_(to), targets_(std::move(targets)) {}
  Buffer VisitBuffer(const Buffer& b) override {
    return active_ > 0 && b->data.same_as(from_->data) ? to_ : b;
  }
  Stmt VisitStmt_(const BlockNode* op) override {
    bool target = targets_.count(op) > 0;
    active_ += target;
    Stmt s = TrackingMutator::VisitStmt_(op);
    active_ -= target;
    return s;
  }

 private:
  Buffer from_, to_;
  std::set<const BlockNode*> targets_;
  int active_ = 0;
};

}  // namespace tir
}  // namespace tirgen
