// An index map (TVM's tir.IndexMap): variables -> index expressions, written
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
  /// TVM's IndexMap::Inverse: the map from the outputs (`axis0`, `axis1`, ... of the outputs'
  /// dtypes) back to the inputs, for a bijective affine map over `ranges` (one per input; a
  /// unit range the map does not use gives its min). tirgen::Error saying why otherwise.
  IndexMap Inverse(const std::vector<Range>& ranges) const;
  /// The extent of each output over `ranges` (the map must be bijective affine there).
  std::vector<int64_t> OutputExtents(const std::vector<Range>& ranges) const;
};

/// An index map compiled for evaluation at many integer points (buffers enumerated point by
/// point: bijection checks, packing constants): each output a postfix program over the
/// inputs' slots, so a point costs no lookups.
class IndexMapEvaluator {
 public:
  explicit IndexMapEvaluator(const IndexMap& map);
  /// The first output that is not integer arithmetic (+ - * // % min max) of the inputs and
  /// literals, or -1 when every output is (only then may Map be called).
  int unsupported_output() const { return unsupported_; }
  /// `out` (resized) = the map's outputs at `point`. Returns -1, or the first output that
  /// divides by zero there.
  int Map(const std::vector<int64_t>& point, std::vector<int64_t>* out);

 private:
  struct Op {
    Kind kind;      // kIntImm, kVar or the binary operation
    int64_t value;  // the literal, or the input's slot
  };
  bool Compile(const PrimExpr& e, std::vector<Op>* program) const;
  std::vector<const Object*> inputs_;
  std::vector<std::vector<Op>> programs_;
  std::vector<int64_t> stack_;
  int unsupported_ = -1;
};

}  // namespace tir
}  // namespace tirgen
