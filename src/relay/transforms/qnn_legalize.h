// Pieces shared by QnnLegalize's canonicalizations (qnn_legalize.cc: quantize, dequantize,
// requantize; qnn_canonicalize_nn.cc: conv2d, dense): TVM's qnn/utils.h and pattern_utils.h
// helpers as this pass needs them. Internal.
#pragma once

#include <string>
#include <vector>

#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {
namespace qnn {

/// A call of a registered op (attributes at their defaults are dropped, as TVM prints them).
Expr Op(const std::string& name, std::vector<Expr> args, const AttrFields& attrs = {});
Expr Cast(const Expr& x, DataType dt);
Expr Reshape(const Expr& x, const std::vector<int64_t>& newshape);
/// Integer constants of `dtype` (int32 / int64): a scalar when `shape` is empty.
Expr IntConstant(DataType dtype, const std::vector<int64_t>& shape, const std::vector<int64_t>& values);
Expr IntScalar(DataType dtype, int64_t value);

/// A rank-0 Constant (TVM's IsConstScalar).
bool IsConstScalar(const Expr& e);
/// The value of a constant scale or zero point; a user error naming `op`/`what` otherwise
/// (TVM's GetScalarFromConstant / GetFloatVectorFromConstant need constants too).
double ScalarOf(const Expr& e, const std::string& op, const std::string& what);
std::vector<double> ValuesOf(const Expr& e, const std::string& op, const std::string& what);

/// The canonical forms; `call` has the rewritten arguments, `typed` the original (typed) call.
Expr CanonicalizeConv2D(const CallNode* call, const CallNode* typed);
Expr CanonicalizeDense(const CallNode* call, const CallNode* typed);
Expr CanonicalizeBatchMatmul(const CallNode* call, const CallNode* typed);

/// The static shape of argument `i` of a typed call.
std::vector<int64_t> ArgShape(const CallNode* typed, size_t i);

}  // namespace qnn
}  // namespace relay
}  // namespace tirgen
