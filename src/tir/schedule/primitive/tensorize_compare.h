// Matches a scheduled computation (lhs: a block realize whose block body holds the loops and
// block to replace) against a tensor intrinsic's description (rhs: its root block realize):
// structurally equal up to a mapping of the description's loop/iter vars to the schedule's and
// of its buffers to the schedule's buffers. For each mapped buffer it records the base index
// of the accessed region and which schedule dimension each description dimension runs along.
// TVM aligns description dimensions with the trailing ones; when that would leave an inner
// variable in the base, tirgen aligns each dimension with the one its variables index
// (a strided region), which TVM rejects.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "../utils.h"

namespace tirgen {
namespace tir {

class TensorizeComparator {
 public:
  struct Access {
    Buffer lhs;
    std::vector<PrimExpr> base;  ///< region min per schedule dimension
    std::vector<int> dims;       ///< schedule dimension of each description dimension
  };

  /// True when they match; otherwise `error()` says where they differ.
  bool Match(const BlockRealize& lhs, const BlockRealize& rhs);
  const std::string& error() const { return error_; }
  /// The schedule buffer and access of a description buffer (after a successful Match).
  const Access* AccessOf(const Buffer& desc_buffer) const;

 private:
  bool Stmt_(const Stmt& l, const Stmt& r);
  bool Expr_(const PrimExpr& l, const PrimExpr& r);
  bool Access_(const Buffer& lb, const std::vector<PrimExpr>& li, const Buffer& rb, const std::vector<PrimExpr>& ri);
  bool Fail(const std::string& why);
  PrimExpr MapRhs(const PrimExpr& e) const;
  bool UsesInner(const PrimExpr& e) const;

  std::unordered_map<const VarNode*, PrimExpr> var_map_;  // description var -> schedule expr
  std::vector<const VarNode*> inner_;                     // schedule vars images of description vars
  std::unordered_map<const BufferNode*, Access> buffers_;   // description buffer -> access
  std::string error_;
};

}  // namespace tir
}  // namespace tirgen
