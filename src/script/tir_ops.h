// TVM's expression-building operators as TVMScript's parser applies them. The rules are
// tir/op's (one BinaryOpMatchTypes, one tvm::cast, one constant folder); these wrappers add
// the parser's user errors (void or handle operands, mismatched vector widths). Private to
// src/script. Failures throw tirgen::Error without a span; the parser adds the location.
#pragma once

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace script {

/// tir::cast after checking the vector widths (a user error here, not a compiler bug).
tir::PrimExpr CastTo(DataType t, const tir::PrimExpr& v);
/// tir::MatchTypes after the parser's checks.
void MatchTypes(tir::PrimExpr* a, tir::PrimExpr* b);
/// tvm::add / sub / mul / div (truncating) / truncmod / floordiv / floormod / min / max with
/// type matching and TVM's TryConstFold; `kind` is one of Kind::kAdd..kMax.
tir::PrimExpr Arith(Kind kind, tir::PrimExpr a, tir::PrimExpr b);
/// The node constructor (T.Add(a, b), comparisons, and/or): no folding; types must agree.
tir::PrimExpr MakeBinary(Kind kind, const tir::PrimExpr& a, const tir::PrimExpr& b);
/// `stop - start` simplified as TVM's analyzer would for the shapes printers produce:
/// `(s + e) - s` -> `e`, linear forms whose difference is a constant -> that constant.
tir::PrimExpr SimplifyExtent(const tir::PrimExpr& stop, const tir::PrimExpr& start);
/// A call to a builtin, `tir.<name>`, of the given type.
tir::PrimExpr MakeCall(DataType t, const std::string& op, std::vector<tir::PrimExpr> args);

}  // namespace script
}  // namespace tirgen
