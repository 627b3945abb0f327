// TVM's expression-building operators as TVMScript's parser applies them: operand type
// matching (int32 literal next to int64 -> int64, int next to float -> float), TVM's constant
// folding (x + 0 -> x, 2 * 3 -> 6) and casts that fold constants. Private to src/script.
// Failures throw tirgen::Error without a span; the parser adds the location.
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace script {

/// tvm::cast: folds constants, no-op for equal types, broadcasts scalars to vectors.
tir::PrimExpr CastTo(DataType t, const tir::PrimExpr& v);
/// BinaryOpMatchTypes: make both operands one type.
void MatchTypes(tir::PrimExpr* a, tir::PrimExpr* b);
/// tvm::add / sub / mul / div (truncating) / truncmod / floordiv / floormod / min / max with
/// type matching and TVM's TryConstFold; `kind` is one of Kind::kAdd..kMax.
tir::PrimExpr Arith(Kind kind, tir::PrimExpr a, tir::PrimExpr b);
/// The node constructor (T.Add(a, b), comparisons, and/or): no folding; types must agree.
tir::PrimExpr MakeBinary(Kind kind, const tir::PrimExpr& a, const tir::PrimExpr& b);
/// Deep equality of expressions (vars by identity), for the small simplifications below.
bool ExprEqual(const tir::PrimExpr& a, const tir::PrimExpr& b);
/// `stop - start` simplified as TVM's analyzer would for the shapes printers produce:
/// `(s + e) - s` -> `e`, linear forms whose difference is a constant -> that constant.
tir::PrimExpr SimplifyExtent(const tir::PrimExpr& stop, const tir::PrimExpr& start);
/// A call to a builtin, `tir.<name>`, of the given type.
tir::PrimExpr MakeCall(DataType t, const std::string& op, std::vector<tir::PrimExpr> args);

}  // namespace script
}  // namespace tirgen
