// Internal helpers shared by the schedule primitives.
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "state.h"
#include "tirgen/arith/iter_map.h"
#include "tirgen/tir/analysis/block_read_write_region.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {

// Iterator maps live in arith/; the primitives use them unqualified.
using arith::IsAffineBinding;
using arith::IterDomain;
using arith::IterMapSimplify;
using arith::SubspaceDivide;
using arith::SubspaceDivision;

/// A copy of `loop` with another body (and optionally kind / annotations).
For WithBody(const ForNode* loop, Stmt body);

/// The (var, range) of each loop above `s` in its scope, outermost first.
IterDomain LoopDomain(const StmtTree& tree, const StmtNode* s);

/// Simplifies the bindings of every block realize in `stmt` (TVM's IterMapSimplifyBlockBinding):
/// `outer` holds the loops enclosing `stmt`; loops inside are added as they are met.
Stmt SimplifyBindings(const Stmt& stmt, const IterDomain& outer, bool preserve_unit_iters);

/// True when the loop's min is the constant 0.
void CheckLoopStartsWithZero(const ForNode* loop);

/// The iter vars of a block that are reduction iter vars.
bool IsReductionBlock(const BlockNode* block);

/// A statement's body after peeling Allocate/AllocateConst/DeclBuffer/LetStmt wrappers: where
/// new sibling statements of a scope's children go (a scope body need not start with SeqStmt).
std::vector<Stmt> ScopeChildren(const Stmt& body);
/// Rebuilds `body` with its (peeled) children replaced by `children`.
Stmt WithScopeChildren(const Stmt& body, const std::vector<Stmt>& children);

/// Buffers whose data var is bound by an AllocateConst anywhere in `func` (and their views).
bool IsConstantBuffer(const PrimFunc& func, const Buffer& buffer);

// TVM's inliners recompute a block's regions over the buffers named in block signatures only
// (reads, writes, alloc_buffers of the inlined block, the scope root and every block visited
// before): a buffer bound elsewhere (an allocate_const, a decl_buffer) stays out of T.reads, as in
// the parser's completion. A later signature for the same data var wins, as TVM's Map::Set.
void AddSignatureBuffers(const BlockNode* block, BufferVarMap* buffers);
// Whether the block's reads or writes name the buffer (TVM recomputes only those blocks).
bool SignatureNames(const BlockNode* block, const Buffer& buffer);
/// Recomputes reads/writes of `block` from its body (TVM's GetBlockReadWriteRegion).
Block WithReadWriteRegions(const Block& block, const BufferVarMap& buffers);

/// Block with a new name.
Block WithName(const Block& block, const std::string& name);

/// The first variable in `e` satisfying `pred`, or nullptr.
const VarNode* FindVar(const PrimExpr& e, const std::function<bool(const VarNode*)>& pred);

/// A fresh var named like `v` (name + suffix) with the given dtype.
Var CopyVar(const Var& v, const std::string& suffix, DataType dtype);

}  // namespace tir
}  // namespace tirgen

namespace tirgen {
namespace tir {

/// Removes the realize of `block` from `stmt`, together with every loop left empty; a
/// sequence left with one statement becomes that statement. Undefined when nothing remains.
Stmt RemoveBlockSubtree(const Stmt& stmt, const BlockNode* block);

/// The scope block of `block` and its function, with checks shared by the inliners.
struct BlockScope {
  std::string func;
  PrimFunc f;
  const BlockNode* block = nullptr;
  const BlockNode* scope = nullptr;
  const BlockRealizeNode* realize = nullptr;
};
BlockScope GetBlockScope(Schedule::State& st, const BlockRV& rv);

/// A block whose body is one BufferStore `buf[v0, v1, ...] = value` with distinct iter vars
/// as indices (what compute_inline needs from a producer): the store, or nullptr.
const BufferStoreNode* AsSimpleStore(const BlockNode* block);

/// Replaces the scope block by `new_scope`, keeping handles of the block (and `reuse`).
void ReplaceScope(Schedule::State& st, const BlockScope& s, const Block& new_scope,
                  std::map<const BlockNode*, Block> reuse = {});

}  // namespace tir
}  // namespace tirgen

namespace tirgen {
namespace tir {

/// A mutator that remembers which blocks it rebuilt (old -> new), so handles follow them.
/// `Finish` lets a subclass adjust a rebuilt block (e.g. recompute its regions).
class TrackingMutator : public StmtExprMutator {
 public:
  std::map<const BlockNode*, Block> rebuilt;
  using StmtExprMutator::VisitStmt_;
  Stmt VisitStmt_(const BlockNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    if (s.same_as(GetRef<Stmt>(op)) || !s.as<BlockNode>()) return s;
    Block b = Finish(op, s.cast<Block>());
    rebuilt[op] = b;
    return b;
  }

 protected:
  virtual Block Finish(const BlockNode* old, Block rebuilt_block) { return rebuilt_block; }
};

}  // namespace tir
}  // namespace tirgen
