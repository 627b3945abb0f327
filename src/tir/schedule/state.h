// Internal: the schedule's state (module, function worked on, handle table) and the tree
// queries every primitive needs (parents of loops/blocks, enclosing realizes), plus Replace,
// which swaps one statement for another and keeps handles pointing at the rebuilt statements.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {

/// Parent links of every For and Block of one function (TVM's sref tree, recomputed on demand).
struct StmtTree {
  struct Node {
    const StmtNode* parent = nullptr;         ///< enclosing For or Block (null for the root)
    const BlockRealizeNode* realize = nullptr;  ///< blocks: their realize (null for the root)
  };
  std::unordered_map<const StmtNode*, Node> nodes;
  std::unordered_map<const VarNode*, const ForNode*> loop_of_var;
  std::vector<const BlockNode*> blocks;  ///< program order
  const BlockNode* root = nullptr;

  explicit StmtTree(const PrimFunc& func);
  bool Contains(const StmtNode* s) const { return nodes.count(s) != 0; }
  const StmtNode* Parent(const StmtNode* s) const { return nodes.at(s).parent; }
  /// The nearest enclosing block (the scope) of a For or Block.
  const BlockNode* ScopeOf(const StmtNode* s) const;
  /// Loops between `s` and its scope block, outermost first.
  std::vector<const ForNode*> LoopsAbove(const StmtNode* s) const;
};

struct Schedule::State {
  IRModule mod;
  std::string func_name;  ///< the function worked on
  /// What a loop handle from sample_compute_location stands for besides a loop.
  enum class Location { kLoop, kRoot, kInline };
  struct Handle {
    std::string func;  ///< function the handle lives in
    ObjectRef obj;     ///< Block (block handles), the loop Var (loop handles), null otherwise
    Location location = Location::kLoop;  ///< loop handles: kRoot / kInline have no loop
    int64_t value = 0;                    ///< sampled integers (ExprRV)
    bool is_expr = false;                 ///< an ExprRV handle
  };
  std::vector<Handle> handles;

  PrimFunc Func(const std::string& name) const;
  PrimFunc Func() const { return Func(func_name); }

  /// The current statements of handles; ScheduleError when the statement no longer exists.
  const BlockNode* GetBlock(const BlockRV& rv) const;
  const ForNode* GetLoop(const LoopRV& rv) const;
  /// kRoot / kInline for the locations sample_compute_location returns, else kLoop.
  Location LocationOf(const LoopRV& rv) const;
  /// Function of a handle.
  std::string FuncOf(int id) const { return handles.at(id).func; }

  /// Replaces `src` (a For, Block or BlockRealize of function `func`) by `tgt`; blocks in
  /// `block_reuse` (old -> new) and every rebuilt ancestor block keep their handles.
  void Replace(const std::string& func, const StmtNode* src, const Stmt& tgt,
               const std::map<const BlockNode*, Block>& block_reuse = {});
  /// Replaces the whole function.
  void ReplaceFunc(const std::string& func, const PrimFunc& f,
                   const std::map<const BlockNode*, Block>& block_reuse = {});
};

/// "block \"name\"" / "loop \"i\"" for messages.
std::string Describe(const BlockNode* block);
std::string Describe(const ForNode* loop);

}  // namespace tir
}  // namespace tirgen
