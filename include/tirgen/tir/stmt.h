// TIR statements (TVM vocabulary): LetStmt, AttrStmt, AssertStmt, BufferStore, Allocate,
// AllocateConst, DeclBuffer, SeqStmt, IfThenElse, Evaluate, For, While, Block, BlockRealize,
// BufferRealize.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

class StmtNode : public Object {
 public:
  static bool IsKind(Kind k) { return IsStmtKind(k); }
  explicit StmtNode(Kind k) : Object(k) {}
};
class Stmt : public ObjectRef {
  TIRGEN_DEFINE_REF(Stmt, ObjectRef, StmtNode)
};

class LetStmtNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kLetStmt)
  LetStmtNode() : StmtNode(kKind) {}
  Var var;         ///< binding site
  PrimExpr value;  ///< bound value
  Stmt body;       ///< scope of var
};
class LetStmt : public Stmt {
  TIRGEN_DEFINE_REF(LetStmt, Stmt, LetStmtNode)
  LetStmt(Var var, PrimExpr value, Stmt body);
};

class AttrStmtNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kAttrStmt)
  AttrStmtNode() : StmtNode(kKind) {}
  ObjectRef node;         ///< what the attribute is about (a Var, IterVar, Buffer, String ...)
  std::string attr_key;   ///< e.g. "pragma_auto_unroll_max_step", "thread_extent"
  PrimExpr value;         ///< attribute value
  Stmt body;
};
class AttrStmt : public Stmt {
  TIRGEN_DEFINE_REF(AttrStmt, Stmt, AttrStmtNode)
  AttrStmt(ObjectRef node, std::string attr_key, PrimExpr value, Stmt body);
};

class AssertStmtNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kAssertStmt)
  AssertStmtNode() : StmtNode(kKind) {}
  PrimExpr condition;  ///< must hold
  PrimExpr message;    ///< StringImm
  Stmt body;
};
class AssertStmt : public Stmt {
  TIRGEN_DEFINE_REF(AssertStmt, Stmt, AssertStmtNode)
  AssertStmt(PrimExpr condition, PrimExpr message, Stmt body);
};

class BufferStoreNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kBufferStore)
  BufferStoreNode() : StmtNode(kKind) {}
  Buffer buffer;                  ///< written buffer
  PrimExpr value;                 ///< stored value
  std::vector<PrimExpr> indices;  ///< one per dimension
};
class BufferStore : public Stmt {
  TIRGEN_DEFINE_REF(BufferStore, Stmt, BufferStoreNode)
  BufferStore(Buffer buffer, PrimExpr value, std::vector<PrimExpr> indices);
};

class AllocateNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kAllocate)
  AllocateNode() : StmtNode(kKind) {}
  Var buffer_var;                 ///< handle var (binding site), PointerType(dtype, scope)
  DataType dtype;                 ///< element type
  std::vector<PrimExpr> extents;  ///< allocation extents
  PrimExpr condition;             ///< allocate only when true (usually true)
  Stmt body;
  AttrMap annotations;
};
class Allocate : public Stmt {
  TIRGEN_DEFINE_REF(Allocate, Stmt, AllocateNode)
  Allocate(Var buffer_var, DataType dtype, std::vector<PrimExpr> extents, PrimExpr condition,
           Stmt body, AttrMap annotations = {});
};

/// A constant allocation: the data lives in the program (link-params weights).
class AllocateConstNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kAllocateConst)
  AllocateConstNode() : StmtNode(kKind) {}
  Var buffer_var;                      ///< handle var (binding site)
  DataType dtype;                      ///< element type
  std::vector<PrimExpr> extents;       ///< int32 extents, as TVM makes them
  NDArray data;                        ///< the values; undefined when irmod_storage_idx is set
  std::optional<int64_t> irmod_storage_idx;  ///< index into the module's "Constants" attr
  Stmt body;
  AttrMap annotations;
};
class AllocateConst : public Stmt {
  TIRGEN_DEFINE_REF(AllocateConst, Stmt, AllocateConstNode)
  /// With data (checked against dtype and extents).
  AllocateConst(Var buffer_var, DataType dtype, std::vector<PrimExpr> extents, NDArray data,
                Stmt body, AttrMap annotations = {});
  /// With an index into module-level constant storage.
  static AllocateConst WithStorageIndex(Var buffer_var, DataType dtype,
                                        std::vector<PrimExpr> extents, int64_t index, Stmt body,
                                        AttrMap annotations = {});
};

class DeclBufferNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kDeclBuffer)
  DeclBufferNode() : StmtNode(kKind) {}
  Buffer buffer;  ///< declared buffer (binding site)
  Stmt body;
};
class DeclBuffer : public Stmt {
  TIRGEN_DEFINE_REF(DeclBuffer, Stmt, DeclBufferNode)
  DeclBuffer(Buffer buffer, Stmt body);
};

class SeqStmtNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kSeqStmt)
  SeqStmtNode() : StmtNode(kKind) {}
  std::vector<Stmt> seq;  ///< statements in order (never empty, never nested SeqStmt when built by Flatten)
};
class SeqStmt : public Stmt {
  TIRGEN_DEFINE_REF(SeqStmt, Stmt, SeqStmtNode)
  explicit SeqStmt(std::vector<Stmt> seq);
  /// Flattens nested sequences; returns the single statement for one, a no-op Evaluate(0) for none.
  static Stmt Flatten(const std::vector<Stmt>& stmts);
};

class IfThenElseNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kIfThenElse)
  IfThenElseNode() : StmtNode(kKind) {}
  PrimExpr condition;
  Stmt then_case;
  Stmt else_case;  ///< may be undefined
};
class IfThenElse : public Stmt {
  TIRGEN_DEFINE_REF(IfThenElse, Stmt, IfThenElseNode)
  IfThenElse(PrimExpr condition, Stmt then_case, Stmt else_case = Stmt());
};

class EvaluateNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kEvaluate)
  EvaluateNode() : StmtNode(kKind) {}
  PrimExpr value;  ///< evaluated for its side effect
};
class Evaluate : public Stmt {
  TIRGEN_DEFINE_REF(Evaluate, Stmt, EvaluateNode)
  explicit Evaluate(PrimExpr value);
};

enum class ForKind : int { kSerial = 0, kParallel = 1, kVectorized = 2, kUnrolled = 3, kThreadBinding = 4 };
/// "serial", "parallel", "vectorized", "unroll", "thread_binding" (TVMScript spelling).
const char* ForKindName(ForKind kind);

class ForNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kFor)
  ForNode() : StmtNode(kKind) {}
  Var loop_var;                         ///< binding site
  PrimExpr min;
  PrimExpr extent;
  ForKind kind = ForKind::kSerial;
  Stmt body;
  std::optional<IterVar> thread_binding;  ///< kThreadBinding only
  AttrMap annotations;
};
class For : public Stmt {
  TIRGEN_DEFINE_REF(For, Stmt, ForNode)
  For(Var loop_var, PrimExpr min, PrimExpr extent, ForKind kind, Stmt body,
      std::optional<IterVar> thread_binding = std::nullopt, AttrMap annotations = {});
};

class WhileNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kWhile)
  WhileNode() : StmtNode(kKind) {}
  PrimExpr condition;
  Stmt body;
};
class While : public Stmt {
  TIRGEN_DEFINE_REF(While, Stmt, WhileNode)
  While(PrimExpr condition, Stmt body);
};

class BlockNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kBlock)
  BlockNode() : StmtNode(kKind) {}
  std::vector<IterVar> iter_vars;                  ///< binding sites
  std::vector<BufferRegion> reads;                 ///< read regions
  std::vector<BufferRegion> writes;                ///< written regions
  std::string name_hint;                           ///< block name ("root" for the root block)
  std::vector<Buffer> alloc_buffers;               ///< binding sites
  std::vector<MatchBufferRegion> match_buffers;    ///< binding sites
  AttrMap annotations;                             ///< block_attr
  std::optional<Stmt> init;                        ///< reduction init
  Stmt body;
};
class Block : public Stmt {
  TIRGEN_DEFINE_REF(Block, Stmt, BlockNode)
  Block(std::vector<IterVar> iter_vars, std::vector<BufferRegion> reads,
        std::vector<BufferRegion> writes, std::string name_hint, Stmt body,
        std::optional<Stmt> init = std::nullopt, std::vector<Buffer> alloc_buffers = {},
        std::vector<MatchBufferRegion> match_buffers = {}, AttrMap annotations = {});
};

class BlockRealizeNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kBlockRealize)
  BlockRealizeNode() : StmtNode(kKind) {}
  std::vector<PrimExpr> iter_values;  ///< one binding per block iter var
  PrimExpr predicate;                 ///< bool
  Block block;
};
class BlockRealize : public Stmt {
  TIRGEN_DEFINE_REF(BlockRealize, Stmt, BlockRealizeNode)
  BlockRealize(std::vector<PrimExpr> iter_values, PrimExpr predicate, Block block);
};

/// TVM's BufferRealize (T.realize): the region of a buffer the body uses, before storage
/// flattening. Produced by TE schedules in TVM; here only read and printed (the lowering passes
/// refuse it, as TVM's TIR-schedule pipeline has no use for it).
class BufferRealizeNode : public StmtNode {
 public:
  TIRGEN_NODE_KIND(Kind::kBufferRealize)
  BufferRealizeNode() : StmtNode(kKind) {}
  Buffer buffer;
  std::vector<Range> bounds;
  PrimExpr condition;  ///< bool
  Stmt body;
};
class BufferRealize : public Stmt {
  TIRGEN_DEFINE_REF(BufferRealize, Stmt, BufferRealizeNode)
  BufferRealize(Buffer buffer, std::vector<Range> bounds, PrimExpr condition, Stmt body);
};

}  // namespace tir
}  // namespace tirgen
