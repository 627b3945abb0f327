// Internal: the TIR -> doc translator ("docsifier") shared by printer_*.cc.
//
// It mirrors how TVM's printer decides names and placements, because both show in the text:
//  - Frames: each scope-opening statement (function, loop, block, let, allocate, ...) pushes a
//    frame collecting its body's statements; names defined in a frame are freed when it ends.
//  - Names: a defined object gets its sanitised name hint, or `_1`, `_2`... if that name is in
//    use by a live definition.
//  - Undeclared objects (a buffer used but never allocated/declared, a free var) are defined
//    on first use, in the deepest live frame whose statement encloses *all* uses; the
//    "common prefix" of use paths, computed once per function, answers that.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "printer_doc.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/ir/module.h"
#include "tirgen/ir/object.h"
#include "tirgen/tir/expr.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace script {
namespace printer {

/// A scope being printed.
struct Frame {
  const Object* tir = nullptr;   ///< the statement (or function) that opened it; null = fallback
  bool is_tir = true;            ///< false for the module-level frame
  bool allow_concise = false;    ///< may a scoped statement print flat ("x = T.allocate(...)")?
  std::vector<StmtP> stmts;      ///< printed statements, in order
  std::vector<const Object*> defined;  ///< objects defined here (freed on exit)
};

class Docsifier;

/// RAII: pushes a frame on construction, frees its definitions and pops it on destruction.
class FrameScope {
 public:
  FrameScope(Docsifier* d, const Object* tir, bool is_tir = true);
  ~FrameScope();
  FrameScope(const FrameScope&) = delete;
  FrameScope& operator=(const FrameScope&) = delete;
  Frame* operator->() { return frame_.get(); }
  Frame* get() { return frame_.get(); }

 private:
  Docsifier* d_;
  std::unique_ptr<Frame> frame_;
};

/// Which variables a buffer definition defines along with the buffer (as TVM distinguishes).
enum class BufferVarDef { kNone = 0, kDataPointer = 1, kMatchBuffer = 2 };

class Docsifier {
 public:
  // ---- names and definitions ----
  /// Defines `obj` in `frame` with a fresh name derived from `hint`; returns its IdDoc.
  ExprP Define(const Object* obj, Frame* frame, const std::string& hint);
  /// Defines `obj` to print as whatever `creator` returns (e.g. `A.data`), without a name.
  void DefineWithCreator(const Object* obj, Frame* frame, std::function<ExprP()> creator);
  bool IsDefined(const Object* obj) const { return info_.count(obj) > 0; }
  /// The doc of a defined object, or null.
  ExprP GetDoc(const Object* obj) const;
  void Remove(const Object* obj);
  ExprP DefineVar(const tir::Var& var, Frame* frame);
  ExprP DefineBuffer(const tir::Buffer& buffer, Frame* frame);

  // ---- frames ----
  std::vector<Frame*> frames;
  Frame* Top() { return frames.back(); }
  bool AllowConcise() { return Top()->allow_concise; }
  /// The deepest live frame whose statement encloses all uses of `obj` (or the fallback).
  Frame* FindLowestVarDef(const Object* obj);
  bool IsAncestorOfAllUses(const Object* stmt, const Object* obj) const;

  /// Computes, for every Var and Buffer under `root`, the common prefix of its use paths.
  void SetCommonPrefix(const ObjectRef& root);

  // ---- translation ----
  ExprP Expr(const tir::PrimExpr& e);
  std::vector<ExprP> Exprs(const std::vector<tir::PrimExpr>& es);
  /// Any attribute value: String, Array, Map, PrimExpr, Buffer, IterVar, Range...
  ExprP Any(const ObjectRef& obj);
  ExprP BufferRef(const tir::Buffer& buffer);
  ExprP BufferRegionDoc(const tir::BufferRegion& region);
  /// The statements a statement prints as (several for flat-scoped ones).
  std::vector<StmtP> Stmt(const tir::Stmt& s);
  /// Prints `body` into `frame`, flattening a SeqStmt (its last element may be concise).
  void AsDocBody(const tir::Stmt& body, Frame* frame);
  StmtP PrimFunc(const tir::PrimFunc& f, const std::string& binding_name);
  std::vector<StmtP> Module(const IRModule& mod);

  // ---- helpers ----
  ExprP T(const std::string& attr);  ///< `T.attr` (records that the tir prefix is used)
  ExprP I(const std::string& attr);  ///< `I.attr`
  ExprP VarCreation(const tir::Var& var);  ///< `T.int32()`, `T.handle("float32", "global")`
  ExprP TypeAnnotation(const tir::Var& var);  ///< `T.int64`, `T.handle`, `T.handle("f32")`
  ExprP BufferDecl(const tir::Buffer& buffer, const std::string& method,
                   std::vector<ExprP> args, Frame* frame, BufferVarDef defs);
  ExprP BufferAnnotation(const tir::Buffer& buffer, Frame* frame);
  std::vector<ExprP> BufferIndices(const std::vector<tir::PrimExpr>& indices);

  std::set<std::string> ir_usage;  ///< "ir" / "tir": which header imports are needed

 private:
  struct Info {
    std::function<ExprP()> creator;
    std::string name;
    bool named = false;
  };
  // Prints a var, defining it first (at its lowest common frame) if it is free.
  ExprP PrintVar(const tir::Var& var);
  std::unordered_map<const Object*, Info> info_;
  std::unordered_set<std::string> defined_names_;
  std::unordered_map<const Object*, std::vector<const void*>> common_prefix_;
};

// Translators for statement kinds live in printer_stmt.cc; expressions in printer_expr.cc.
std::vector<StmtP> PrintBlockRealize(Docsifier* d, const tir::BlockRealizeNode* realize);
std::vector<StmtP> PrintBlockNoRealize(Docsifier* d, const tir::BlockNode* block);
std::vector<StmtP> PrintFor(Docsifier* d, const tir::ForNode* loop);

/// Folding rules TVM's arithmetic helpers apply (the printer shows `T.Add(a, b)` instead of
/// `a + b` exactly when `a + b` would fold). Returns true when `kind(a, b)` folds.
bool WouldFold(Kind kind, const tir::PrimExpr& a, const tir::PrimExpr& b);
/// True when `e` mentions any Var (TVM's `!UndefinedVars(e).empty()` for let-free exprs).
bool HasVar(const tir::PrimExpr& e);
/// True when `e` mentions a var in `vars`.
bool UsesAnyVar(const tir::PrimExpr& e, const std::unordered_set<const Object*>& vars);
/// Counts every occurrence of each Var under `e`.
void CountVarUses(const tir::PrimExpr& e, std::unordered_map<const Object*, int>* counts);

}  // namespace printer
}  // namespace script
}  // namespace tirgen
