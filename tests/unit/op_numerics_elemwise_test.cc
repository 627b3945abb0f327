// Numerics of the elementwise and broadcasting ops against NumPy / PyTorch (harness:
// op_numerics.h). Float references in float64 (torch for erf); inputs kept inside each op's
// domain; comparisons, logical ops, casts and integer arithmetic are exact.
#include <gtest/gtest.h>

#include "op_numerics.h"

namespace tirgen {
namespace testing {
namespace {

In Bool(std::vector<int64_t> shape) { return Int(std::move(shape), "bool", 0, 2); }

TEST(OpNumerics, Unary) {
  RunNumericCases({
      {"relu", {F32({2, 3, 4})}, "nn.relu(%a)", "np.maximum(a, 0)"},
      {"leaky_relu", {F32({3, 5})}, "nn.leaky_relu(%a, alpha=0.1f)", "np.where(a > 0, f64(a), 0.1 * f64(a))"},
      {"exp", {F32({4, 5}, -3, 3)}, "exp(%a)", "np.exp(f64(a))"},
      {"log", {F32({4, 5}, 0.05, 4)}, "log(%a)", "np.log(f64(a))"},
      {"sqrt", {F32({7}, 0, 4)}, "sqrt(%a)", "np.sqrt(f64(a))"},
      {"rsqrt", {F32({7}, 0.1, 4)}, "rsqrt(%a)", "1 / np.sqrt(f64(a))"},
      {"tanh", {F32({3, 4}, -3, 3)}, "tanh(%a)", "np.tanh(f64(a))"},
      {"sigmoid", {F32({3, 4}, -6, 6)}, "sigmoid(%a)", "1 / (1 + np.exp(-f64(a)))"},
      {"erf", {F32({3, 4}, -2, 2)}, "erf(%a)", "torch.erf(T(f64(a)))"},
      {"negative", {F32({5})}, "negative(%a)", "-a"},
      {"abs", {F32({2, 5})}, "abs(%a)", "np.abs(a)"},
      {"abs_int", {Int({6}, "int32", -9, 9)}, "abs(%a)", "np.abs(a)"},
      {"floor", {F32({8}, -5, 5)}, "floor(%a)", "np.floor(a)"},
      {"ceil", {F32({8}, -5, 5)}, "ceil(%a)", "np.ceil(a)"},
      {"round_half_even", {In{{6}, "float32", 0, 0, false, {-2.5, -1.5, -0.5, 0.5, 1.5, 2.4}}}, "round(%a)",
       "np.round(a)"},
      {"clip", {F32({3, 4}, -2, 2)}, "clip(%a, a_min=-0.5f, a_max=0.75f)", "np.clip(a, -0.5, 0.75)"},
      {"cast_f2i", {F32({2, 6}, -9, 9)}, "cast(%a, dtype=\"int32\")", "np.trunc(a)"},
      {"cast_i2f", {Int({5}, "int64", -100, 100)}, "cast(%a, dtype=\"float32\")", "a"},
      {"copy", {F32({2, 3})}, "copy(%a)", "a"},
      {"fast_exp", {F32({4, 5}, -10, 10)}, "fast_exp(%a)", "np.exp(f64(a))", 1e-5, 1e-5},
      {"fast_tanh", {F32({4, 5}, -10, 10)}, "fast_tanh(%a)", "np.tanh(f64(a))", 1e-5, 1e-5},
      {"fast_erf", {F32({4, 5}, -5, 5)}, "fast_erf(%a)", "torch.erf(T(f64(a)))", 1e-5, 1e-5},
      {"logical_not", {Bool({2, 3})}, "logical_not(%a)", "np.logical_not(a)"},
  });
}

TEST(OpNumerics, Binary) {
  RunNumericCases({
      {"add_broadcast", {F32({2, 3, 4}), F32({3, 1})}, "add(%a, %b)", "f64(a) + f64(b)"},
      {"add_int", {Int({4, 2}, "int32", -50, 50), Int({2}, "int32", -50, 50)}, "add(%a, %b)", "a + b"},
      {"subtract", {F32({3, 4}), F32({1, 4})}, "subtract(%a, %b)", "f64(a) - f64(b)"},
      {"multiply", {F32({2, 1, 4}), F32({3, 1})}, "multiply(%a, %b)", "f64(a) * f64(b)"},
      {"divide", {F32({3, 4}), F32({4}, 0.5, 2)}, "divide(%a, %b)", "f64(a) / f64(b)"},
      {"divide_int_trunc", {Int({8}, "int32", -20, 20), Int({8}, "int32", 1, 6)}, "divide(%a, %b)",
       "np.trunc(a / b)"},
      {"floor_divide", {F32({6}, -5, 5), F32({6}, 0.5, 2)}, "floor_divide(%a, %b)", "np.floor(f64(a) / f64(b))",
       1e-5, 1e-5},
      {"floor_divide_int", {Int({8}, "int32", -20, 20), Int({8}, "int32", 1, 6)}, "floor_divide(%a, %b)",
       "np.floor_divide(a, b)"},
      {"power", {F32({3, 4}, 0.5, 2), F32({3, 4}, -2, 2)}, "power(%a, %b)", "np.power(f64(a), f64(b))"},
      {"maximum", {F32({2, 3}), F32({3})}, "maximum(%a, %b)", "np.maximum(a, b)"},
      {"minimum", {F32({2, 3}), F32({2, 1})}, "minimum(%a, %b)", "np.minimum(a, b)"},
      {"equal", {F32Int({3, 4}, 0, 3), F32Int({4}, 0, 3)}, "equal(%a, %b)", "a == b"},
      {"not_equal", {F32Int({3, 4}, 0, 3), F32Int({3, 4}, 0, 3)}, "not_equal(%a, %b)", "a != b"},
      {"less", {F32Int({5}, 0, 4), F32Int({5}, 0, 4)}, "less(%a, %b)", "a < b"},
      {"less_equal", {Int({5}, "int32", 0, 4), Int({5}, "int32", 0, 4)}, "less_equal(%a, %b)", "a <= b"},
      {"greater", {F32({2, 3}), F32({1})}, "greater(%a, %b)", "a > b"},
      {"greater_equal", {F32Int({6}, 0, 3), F32Int({6}, 0, 3)}, "greater_equal(%a, %b)", "a >= b"},
      {"logical_and", {Bool({2, 4}), Bool({4})}, "logical_and(%a, %b)", "np.logical_and(a, b)"},
      {"logical_or", {Bool({3, 2}), Bool({3, 1})}, "logical_or(%a, %b)", "np.logical_or(a, b)"},
      {"where", {Bool({2, 1}), F32({2, 3}), F32({3})}, "where(%a, %b, %c)", "np.where(a, b, c)"},
      {"logical_xor", {Bool({3, 4}), Bool({4})}, "logical_xor(%a, %b)", "np.logical_xor(a, b)"},
      {"bitwise_and", {Int({2, 5}, "int32", -64, 64), Int({5}, "int32", -64, 64)}, "bitwise_and(%a, %b)",
       "np.bitwise_and(a, b)"},
      {"bitwise_or", {Int({6}, "int32", -64, 64), Int({6}, "int32", -64, 64)}, "bitwise_or(%a, %b)",
       "np.bitwise_or(a, b)"},
      {"bitwise_xor", {Int({3, 2}, "int64", -64, 64), Int({3, 1}, "int64", -64, 64)}, "bitwise_xor(%a, %b)",
       "np.bitwise_xor(a, b)"},
      {"left_shift", {Int({7}, "int32", -50, 50), Int({7}, "int32", 0, 8)}, "left_shift(%a, %b)",
       "np.left_shift(a, b)"},
      {"right_shift", {Int({7}, "int32", -500, 500), Int({7}, "int32", 0, 8)}, "right_shift(%a, %b)",
       "np.right_shift(a, b)"},
      {"bitwise_not", {Int({2, 4}, "int32", -99, 99)}, "bitwise_not(%a)", "np.bitwise_not(a)"},
  });
}

}  // namespace
}  // namespace testing
}  // namespace tirgen
