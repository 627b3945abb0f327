// TVM's ModularSetAnalyzer (private to arith/): every value of an integer expression is
// coeff * k + base for some integer k (coeff 0: the constant base). Used by the vector
// division rules to tell when all lanes of a ramp fall in one quotient.
#pragma once

#include <cstdint>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

struct ModularSet {
  int64_t coeff;  ///< >= 0
  int64_t base;   ///< in [0, coeff) when coeff > 0
};

/// The modular set of `expr` (variables: everything, coeff 1). Nonnegativity of a dividend comes
/// from the active VarBoundScope, as TVM's comes from its analyzer.
ModularSet ModularSetOf(const tir::PrimExpr& expr);

}  // namespace arith
}  // namespace tirgen
