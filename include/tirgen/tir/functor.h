// Functors over TIR: one switch on the node kind dispatches to VisitExpr_/VisitStmt_ overloads.
// Visitors walk every child; mutators rebuild a node only when a child changed (copy on write).
// All binary operations (Add ... Or) share the BinaryNode handler; use op->kind() to tell them apart.
// Both dispatch points check the stack (DESIGN.md §5), so every recursion through them, in any
// subclass, turns input deeper than the stack holds into an Error instead of a SIGSEGV.
#pragma once

#include <vector>

#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace tir {

template <class R>
class ExprFunctor {
 public:
  virtual ~ExprFunctor() = default;
  R operator()(const PrimExpr& e) { return VisitExpr(e); }
  virtual R VisitExpr(const PrimExpr& e) {
    support::CheckStack("TIR expression or statement");
    const Object* p = e.get();
    switch (e.kind()) {
      case Kind::kIntImm: return VisitExpr_(static_cast<const IntImmNode*>(p));
      case Kind::kFloatImm: return VisitExpr_(static_cast<const FloatImmNode*>(p));
      case Kind::kStringImm: return VisitExpr_(static_cast<const StringImmNode*>(p));
      case Kind::kVar:
      case Kind::kSizeVar: return VisitExpr_(static_cast<const VarNode*>(p));
      case Kind::kCast: return VisitExpr_(static_cast<const CastNode*>(p));
      case Kind::kNot: return VisitExpr_(static_cast<const NotNode*>(p));
      case Kind::kSelect: return VisitExpr_(static_cast<const SelectNode*>(p));
      case Kind::kBufferLoad: return VisitExpr_(static_cast<const BufferLoadNode*>(p));
      case Kind::kProducerLoad: return VisitExpr_(static_cast<const ProducerLoadNode*>(p));
      case Kind::kRamp: return VisitExpr_(static_cast<const RampNode*>(p));
      case Kind::kBroadcast: return VisitExpr_(static_cast<const BroadcastNode*>(p));
      case Kind::kLet: return VisitExpr_(static_cast<const LetNode*>(p));
      case Kind::kCall: return VisitExpr_(static_cast<const CallNode*>(p));
      case Kind::kReduce: return VisitExpr_(static_cast<const ReduceNode*>(p));
      default:
        if (IsBinaryKind(e.kind())) return VisitExpr_(static_cast<const BinaryNode*>(p));
        TIRGEN_UNREACHABLE() << "not an expression: " << KindName(e.kind());
    }
  }
  virtual R VisitExpr_(const IntImmNode* op) = 0;
  virtual R VisitExpr_(const FloatImmNode* op) = 0;
  virtual R VisitExpr_(const StringImmNode* op) = 0;
  virtual R VisitExpr_(const VarNode* op) = 0;
  virtual R VisitExpr_(const CastNode* op) = 0;
  virtual R VisitExpr_(const BinaryNode* op) = 0;
  virtual R VisitExpr_(const NotNode* op) = 0;
  virtual R VisitExpr_(const SelectNode* op) = 0;
  virtual R VisitExpr_(const BufferLoadNode* op) = 0;
  virtual R VisitExpr_(const ProducerLoadNode* op) = 0;
  virtual R VisitExpr_(const RampNode* op) = 0;
  virtual R VisitExpr_(const BroadcastNode* op) = 0;
  virtual R VisitExpr_(const LetNode* op) = 0;
  virtual R VisitExpr_(const CallNode* op) = 0;
  virtual R VisitExpr_(const ReduceNode* op) = 0;
};

template <class R>
class StmtFunctor {
 public:
  virtual ~StmtFunctor() = default;
  R operator()(const Stmt& s) { return VisitStmt(s); }
  virtual R VisitStmt(const Stmt& s) {
    support::CheckStack("TIR expression or statement");
    const Object* p = s.get();
    switch (s.kind()) {
      case Kind::kLetStmt: return VisitStmt_(static_cast<const LetStmtNode*>(p));
      case Kind::kAttrStmt: return VisitStmt_(static_cast<const AttrStmtNode*>(p));
      case Kind::kAssertStmt: return VisitStmt_(static_cast<const AssertStmtNode*>(p));
      case Kind::kBufferStore: return VisitStmt_(static_cast<const BufferStoreNode*>(p));
      case Kind::kAllocate: return VisitStmt_(static_cast<const AllocateNode*>(p));
      case Kind::kAllocateConst: return VisitStmt_(static_cast<const AllocateConstNode*>(p));
      case Kind::kDeclBuffer: return VisitStmt_(static_cast<const DeclBufferNode*>(p));
      case Kind::kSeqStmt: return VisitStmt_(static_cast<const SeqStmtNode*>(p));
      case Kind::kIfThenElse: return VisitStmt_(static_cast<const IfThenElseNode*>(p));
      case Kind::kEvaluate: return VisitStmt_(static_cast<const EvaluateNode*>(p));
      case Kind::kFor: return VisitStmt_(static_cast<const ForNode*>(p));
      case Kind::kWhile: return VisitStmt_(static_cast<const WhileNode*>(p));
      case Kind::kBlock: return VisitStmt_(static_cast<const BlockNode*>(p));
      case Kind::kBlockRealize: return VisitStmt_(static_cast<const BlockRealizeNode*>(p));
      default:
        TIRGEN_UNREACHABLE() << "not a statement: " << KindName(s.kind());
    }
  }
  virtual R VisitStmt_(const LetStmtNode* op) = 0;
  virtual R VisitStmt_(const AttrStmtNode* op) = 0;
  virtual R VisitStmt_(const AssertStmtNode* op) = 0;
  virtual R VisitStmt_(const BufferStoreNode* op) = 0;
  virtual R VisitStmt_(const AllocateNode* op) = 0;
  virtual R VisitStmt_(const AllocateConstNode* op) = 0;
  virtual R VisitStmt_(const DeclBufferNode* op) = 0;
  virtual R VisitStmt_(const SeqStmtNode* op) = 0;
  virtual R VisitStmt_(const IfThenElseNode* op) = 0;
  virtual R VisitStmt_(const EvaluateNode* op) = 0;
  virtual R VisitStmt_(const ForNode* op) = 0;
  virtual R VisitStmt_(const WhileNode* op) = 0;
  virtual R VisitStmt_(const BlockNode* op) = 0;
  virtual R VisitStmt_(const BlockRealizeNode* op) = 0;
};

/// Walks every expression and statement. Buffers met in loads/stores/regions are reported to
/// VisitBuffer (default: visits shape, strides, elem_offset); override what you need.
class StmtExprVisitor : public ExprFunctor<void>, public StmtFunctor<void> {
 public:
  using ExprFunctor<void>::VisitExpr;
  using StmtFunctor<void>::VisitStmt;
  void VisitExpr_(const IntImmNode* op) override;
  void VisitExpr_(const FloatImmNode* op) override;
  void VisitExpr_(const StringImmNode* op) override;
  void VisitExpr_(const VarNode* op) override;
  void VisitExpr_(const CastNode* op) override;
  void VisitExpr_(const BinaryNode* op) override;
  void VisitExpr_(const NotNode* op) override;
  void VisitExpr_(const SelectNode* op) override;
  void VisitExpr_(const BufferLoadNode* op) override;
  void VisitExpr_(const ProducerLoadNode* op) override;
  void VisitExpr_(const RampNode* op) override;
  void VisitExpr_(const BroadcastNode* op) override;
  void VisitExpr_(const LetNode* op) override;
  void VisitExpr_(const CallNode* op) override;
  void VisitExpr_(const ReduceNode* op) override;

  void VisitStmt_(const LetStmtNode* op) override;
  void VisitStmt_(const AttrStmtNode* op) override;
  void VisitStmt_(const AssertStmtNode* op) override;
  void VisitStmt_(const BufferStoreNode* op) override;
  void VisitStmt_(const AllocateNode* op) override;
  void VisitStmt_(const AllocateConstNode* op) override;
  void VisitStmt_(const DeclBufferNode* op) override;
  void VisitStmt_(const SeqStmtNode* op) override;
  void VisitStmt_(const IfThenElseNode* op) override;
  void VisitStmt_(const EvaluateNode* op) override;
  void VisitStmt_(const ForNode* op) override;
  void VisitStmt_(const WhileNode* op) override;
  void VisitStmt_(const BlockNode* op) override;
  void VisitStmt_(const BlockRealizeNode* op) override;

  /// Called for each buffer reference (loads, stores, regions, allocs, decls); default: nothing.
  virtual void VisitBuffer(const Buffer& buffer) {}
  void VisitRange(const Range& r);
  void VisitBufferRegion(const BufferRegion& r);
};

/// Rebuilds expressions and statements bottom-up; unchanged subtrees are returned as they are.
class StmtExprMutator : public ExprFunctor<PrimExpr>, public StmtFunctor<Stmt> {
 public:
  using ExprFunctor<PrimExpr>::VisitExpr;
  using StmtFunctor<Stmt>::VisitStmt;
  PrimExpr VisitExpr_(const IntImmNode* op) override;
  PrimExpr VisitExpr_(const FloatImmNode* op) override;
  PrimExpr VisitExpr_(const StringImmNode* op) override;
  PrimExpr VisitExpr_(const VarNode* op) override;
  PrimExpr VisitExpr_(const CastNode* op) override;
  PrimExpr VisitExpr_(const BinaryNode* op) override;
  PrimExpr VisitExpr_(const NotNode* op) override;
  PrimExpr VisitExpr_(const SelectNode* op) override;
  PrimExpr VisitExpr_(const BufferLoadNode* op) override;
  PrimExpr VisitExpr_(const ProducerLoadNode* op) override;
  PrimExpr VisitExpr_(const RampNode* op) override;
  PrimExpr VisitExpr_(const BroadcastNode* op) override;
  PrimExpr VisitExpr_(const LetNode* op) override;
  PrimExpr VisitExpr_(const CallNode* op) override;
  PrimExpr VisitExpr_(const ReduceNode* op) override;

  Stmt VisitStmt_(const LetStmtNode* op) override;
  Stmt VisitStmt_(const AttrStmtNode* op) override;
  Stmt VisitStmt_(const AssertStmtNode* op) override;
  Stmt VisitStmt_(const BufferStoreNode* op) override;
  Stmt VisitStmt_(const AllocateNode* op) override;
  Stmt VisitStmt_(const AllocateConstNode* op) override;
  Stmt VisitStmt_(const DeclBufferNode* op) override;
  Stmt VisitStmt_(const SeqStmtNode* op) override;
  Stmt VisitStmt_(const IfThenElseNode* op) override;
  Stmt VisitStmt_(const EvaluateNode* op) override;
  Stmt VisitStmt_(const ForNode* op) override;
  Stmt VisitStmt_(const WhileNode* op) override;
  Stmt VisitStmt_(const BlockNode* op) override;
  Stmt VisitStmt_(const BlockRealizeNode* op) override;

  /// Maps a buffer referenced by loads/stores/regions; default: unchanged.
  virtual Buffer VisitBuffer(const Buffer& buffer) { return buffer; }

 protected:
  /// Visits each element; returns true (and fills *out) only if one changed.
  bool VisitExprs(const std::vector<PrimExpr>& in, std::vector<PrimExpr>* out);
  Range VisitRange(const Range& r);
  BufferRegion VisitBufferRegion(const BufferRegion& r);
};

/// Replaces variables: every Var found in `vmap` (by identity) becomes the mapped expression.
PrimExpr Substitute(const PrimExpr& expr, const std::vector<std::pair<Var, PrimExpr>>& vmap);
Stmt Substitute(const Stmt& stmt, const std::vector<std::pair<Var, PrimExpr>>& vmap);

}  // namespace tir
}  // namespace tirgen
