// TOPI broadcast operators (TVM's C++ topi/broadcast.h): numpy broadcasting, output named
// T_<op>, axes ax0.., tag "broadcast". A size-1 input dimension is read at index 0.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

/// The numpy-broadcast shape of two shapes.
std::vector<PrimExpr> BroadcastShape(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b);

/// The general form: out = f(A[bcast], B[bcast]).
Tensor WithBroadcast(const std::function<PrimExpr(PrimExpr, PrimExpr)>& f, const Tensor& A,
                     const Tensor& B, const std::string& name, const std::string& tag = "broadcast");

Tensor add(const Tensor& a, const Tensor& b, const std::string& name = "T_add");
Tensor subtract(const Tensor& a, const Tensor& b, const std::string& name = "T_subtract");
Tensor multiply(const Tensor& a, const Tensor& b, const std::string& name = "T_multiply");
Tensor divide(const Tensor& a, const Tensor& b, const std::string& name = "T_divide");
Tensor maximum(const Tensor& a, const Tensor& b, const std::string& name = "T_maximum");
Tensor minimum(const Tensor& a, const Tensor& b, const std::string& name = "T_minimum");
Tensor power(const Tensor& a, const Tensor& b, const std::string& name = "T_power");
Tensor less(const Tensor& a, const Tensor& b, const std::string& name = "T_less");
Tensor greater(const Tensor& a, const Tensor& b, const std::string& name = "T_greater");
Tensor equal(const Tensor& a, const Tensor& b, const std::string& name = "T_equal");
Tensor not_equal(const Tensor& a, const Tensor& b, const std::string& name = "T_not_equal");
Tensor less_equal(const Tensor& a, const Tensor& b, const std::string& name = "T_less_equal");
Tensor greater_equal(const Tensor& a, const Tensor& b,
                     const std::string& name = "T_greater_equal");
/// floordiv for integers, floor(a / b) for floats.
Tensor floor_divide(const Tensor& a, const Tensor& b, const std::string& name = "T_floor_divide");
/// truncdiv for integers, trunc(a / b) for floats.
Tensor trunc_divide(const Tensor& a, const Tensor& b, const std::string& name = "T_trunc_divide");
/// truncmod (TVM's `mod`).
Tensor mod(const Tensor& a, const Tensor& b, const std::string& name = "T_mod");
/// floormod for integers, a - floor(a / b) * b for floats.
Tensor floor_mod(const Tensor& a, const Tensor& b, const std::string& name = "T_floor_mod");
/// truncmod for integers, a - trunc(a / b) * b for floats.
Tensor trunc_mod(const Tensor& a, const Tensor& b, const std::string& name = "T_trunc_mod");
Tensor logical_and(const Tensor& a, const Tensor& b, const std::string& name = "T_logical_and");
Tensor logical_or(const Tensor& a, const Tensor& b, const std::string& name = "T_logical_or");
/// a ^ b (TVM spells logical_xor as a bitwise xor, also on bool).
Tensor logical_xor(const Tensor& a, const Tensor& b, const std::string& name = "T_logical_xor");
Tensor bitwise_and(const Tensor& a, const Tensor& b, const std::string& name = "T_bitwise_and");
Tensor bitwise_or(const Tensor& a, const Tensor& b, const std::string& name = "T_bitwise_or");
Tensor bitwise_xor(const Tensor& a, const Tensor& b, const std::string& name = "T_bitwise_xor");
Tensor left_shift(const Tensor& a, const Tensor& b, const std::string& name = "T_left_shift");
Tensor right_shift(const Tensor& a, const Tensor& b, const std::string& name = "T_right_shift");

/// Tensor-scalar forms (TVM's topi::add(Tensor, PrimExpr) ...): elementwise, same names.
Tensor add(const Tensor& a, PrimExpr b, const std::string& name = "T_add");
Tensor subtract(const Tensor& a, PrimExpr b, const std::string& name = "T_subtract");
Tensor multiply(const Tensor& a, PrimExpr b, const std::string& name = "T_multiply");
Tensor divide(const Tensor& a, PrimExpr b, const std::string& name = "T_divide");

/// Broadcast `x` to `shape` (T_broadcast_to).
Tensor broadcast_to(const Tensor& x, const std::vector<PrimExpr>& shape,
                    const std::string& name = "T_broadcast_to");

}  // namespace topi
}  // namespace tirgen
