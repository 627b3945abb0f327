// An index map (TVM's tir.IndexMap without an inverse): variables -> index expressions, written
// in traces and Python as a lambda, `lambda n, c, h, w: (n, h, w, c,)`.
#pragma once

#include <string>
#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

struct IndexMap {
  std::vector<Var> initial_indices;
  std::vector<PrimExpr> final_indices;

  /// Parses `lambda a, b: (b, a // 4)` (a tuple or one expression over integer literals, the
  /// parameters, + - * // % and parentheses); variables and literals get `dtype` (TVM's from_func
  /// makes int32 ones). tirgen::Error naming the column on anything else.
  static IndexMap FromPython(const std::string& text, DataType dtype = DataType::Int(32));
  /// TVM's repr: `lambda a, b: (b, a // 4,)`.
  std::string ToPython() const;
  /// The same map over variables and literals of `dtype` (TVM's LegalizeIndexMapDType).
  IndexMap WithDType(DataType dtype) const;
  /// final_indices with the initial indices replaced by `indices`.
  std::vector<PrimExpr> MapIndices(const std::vector<PrimExpr>& indices) const;
};

}  // namespace tir
}  // namespace tirgen
