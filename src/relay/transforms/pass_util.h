// Helpers shared by the relay passes in this directory.
#pragma once

#include <functional>
#include <optional>

#include "tirgen/relay/expr.h"
#include "tirgen/ir/module.h"

namespace tirgen {
namespace relay {

/// `mod` with `rewrite` applied to every relay function that is not a fused (Primitive) one,
/// as TVM's function passes do.
IRModule MapFunctions(const IRModule& mod, const std::function<Expr(const Function&)>& rewrite);

/// The value of element `i` of `data` as a number; nullopt for dtypes that are not
/// int/uint/float/bool of a supported width (TVM's TryToScalar).
std::optional<double> ElementValue(const NDArray& data, int64_t i = 0);

/// True when `a` and `b` are both scalar constants with the same dtype and bytes (TVM's
/// IsEqualScalar).
bool IsEqualScalar(const Expr& a, const Expr& b);

/// A rank-0 constant of `dtype` holding `value` (TVM's MakeConstantScalar), typed; undefined
/// when `dtype` has no host representation here (float16, bfloat16).
Expr MakeScalarConstant(DataType dtype, double value);

/// `bias` (dims = `axes` of a rank-`ndim` tensor) with unit dims inserted so it broadcasts
/// (TVM's ExpandBiasToMatchAxis: one expand_dims after each axis that needs them).
Expr ExpandBiasToMatchAxis(const Expr& bias, int64_t ndim, const std::vector<int64_t>& axes);

/// The static shape of `e`'s tensor type (nullopt when it is not a tensor).
std::optional<std::vector<int64_t>> StaticShape(const Expr& e);

}  // namespace relay
}  // namespace tirgen
