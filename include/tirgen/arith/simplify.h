// A small expression simplifier: TVM's Analyzer::Simplify restricted to what lowering TE
// programs needs (no variable ranges are known, exactly as in CreatePrimFunc):
//  - constant folding and neutral elements (via tir/op.h builders),
//  - integer constants gathered and moved right: (x + 1) + 2 -> x + 3, 2 + x -> x + 2,
//    x + -1 -> x - 1,
//  - comparisons written with < and <=: a >= b -> b <= a, a > b -> b < a,
//  - float division by a constant -> multiplication by its reciprocal.
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace arith {

tir::PrimExpr Simplify(const tir::PrimExpr& expr);

}  // namespace arith
}  // namespace tirgen
