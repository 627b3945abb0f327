// TIR well-formedness (TVM's VerifyWellFormed, broader): variables defined before use and never
// rebound inside their own scope, buffers used only where they are in scope, block bindings and regions consistent,
// AllocateConst data the size of its extents, dtypes that agree. Every problem is collected, so
// one run lists them all.
#pragma once

#include <string>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

/// One problem: where it is and what is wrong.
struct WellFormedProblem {
  std::string function;  ///< the PrimFunc's global name
  std::string where;     ///< enclosing blocks/loops, outermost first, then the node, briefly
  std::string message;   ///< what is wrong
  /// "function: where: message".
  std::string str() const;
};

/// Problems of one PrimFunc named `name` (empty when well formed).
std::vector<WellFormedProblem> WellFormedProblems(const PrimFunc& func, const std::string& name);
/// Problems of every PrimFunc of `mod`, in function-name order.
std::vector<WellFormedProblem> WellFormedProblems(const IRModule& mod);

/// The problems one per line, at most `limit` of them (then "... and N more").
std::string FormatWellFormedProblems(const std::vector<WellFormedProblem>& problems,
                                     size_t limit = 20);

/// Throws InternalError (a pass produced bad IR: a compiler bug) listing every problem of `mod`;
/// `after` says what produced it ("after pass FlattenBuffer").
void VerifyWellFormed(const IRModule& mod, const std::string& after);

}  // namespace tir
}  // namespace tirgen
