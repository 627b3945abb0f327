// Numerics of the reductions against NumPy (harness: op_numerics.h). Float references are
// computed in float64; inputs of sums/products are positive so float32 accumulation stays
// within rtol 1e-5.
#include <gtest/gtest.h>

#include "op_numerics.h"

namespace tirgen {
namespace testing {
namespace {

TEST(OpNumerics, Reductions) {
  RunNumericCases({
      {"sum_axis1", {F32({2, 3, 4}, 0.5, 1.5)}, "sum(%a, axis=[1])", "np.sum(f64(a), axis=1)"},
      {"sum_neg_keep", {F32({3, 5}, 0.5, 1.5)}, "sum(%a, axis=[-1], keepdims=True)",
       "np.sum(f64(a), axis=-1, keepdims=True)"},
      {"sum_all", {F32({4, 6}, 0.5, 1.5)}, "sum(%a)", "np.sum(f64(a))"},
      {"sum_exclude", {F32({2, 3, 4}, 0.5, 1.5)}, "sum(%a, axis=[0, 2], exclude=True)",
       "np.sum(f64(a), axis=1)"},
      {"sum_int32", {Int({3, 7}, "int32", -50, 50)}, "sum(%a, axis=[1])", "np.sum(a, axis=1)"},
      {"mean_two_axes", {F32({2, 3, 4, 5})}, "mean(%a, axis=[1, 3], keepdims=True)",
       "np.mean(f64(a), axis=(1, 3), keepdims=True)"},
      {"mean_all", {F32({3, 4}, 0.5, 1.5)}, "mean(%a)", "np.mean(f64(a))"},
      {"max_axis0", {F32({5, 3})}, "max(%a, axis=[0])", "np.max(a, axis=0)"},
      {"max_keep", {F32({2, 3, 4})}, "max(%a, axis=[1, 2], keepdims=True)",
       "np.max(a, axis=(1, 2), keepdims=True)"},
      {"min_axis", {F32({2, 6})}, "min(%a, axis=[-1])", "np.min(a, axis=-1)"},
      {"min_int64", {Int({4, 5}, "int64", -100, 100)}, "min(%a, axis=[0])", "np.min(a, axis=0)"},
      {"sum_bool_is_any", {Int({3, 4}, "bool", 0, 2)}, "sum(%a, axis=[0])", "np.any(a, axis=0)"},
      {"all_keep", {Int({3, 4}, "bool", 0, 2)}, "all(%a, axis=[1], keepdims=True)",
       "np.all(a, axis=1, keepdims=True)"},
      {"any_all_axes", {Int({3, 4}, "bool", 0, 2)}, "any(%a)", "np.any(a)"},
      {"prod_axis", {F32({3, 4}, 0.5, 1.5)}, "prod(%a, axis=[1])", "np.prod(f64(a), axis=1)"},
      {"argmax_axis1", {F32({4, 10})}, "argmax(%a, axis=[1])", "np.argmax(a, axis=1)"},
      {"argmax_keep", {F32({3, 4, 5})}, "argmax(%a, axis=[0], keepdims=True)",
       "np.argmax(a, axis=0)[None]"},
      {"argmax_all", {F32({3, 4})}, "argmax(%a)", "np.argmax(a)"},
      {"argmax_two_axes", {F32({2, 3, 4})}, "argmax(%a, axis=[1, 2])",
       "np.argmax(a.reshape(2, 12), axis=1)"},
      {"argmax_ties_first", {F32Int({4, 9}, 0, 3)}, "argmax(%a, axis=[1])", "np.argmax(a, axis=1)"},
      {"argmax_ties_last", {F32Int({4, 9}, 0, 3)}, "argmax(%a, axis=[1], select_last_index=True)",
       "8 - np.argmax(a[:, ::-1], axis=1)"},
      {"argmin_axis0", {F32({6, 3})}, "argmin(%a, axis=[0])", "np.argmin(a, axis=0)"},
      {"argmin_ties_last", {F32Int({5, 6}, 0, 3)}, "argmin(%a, axis=[-1], select_last_index=True)",
       "5 - np.argmin(a[:, ::-1], axis=1)"},
      {"argmin_int32", {Int({3, 8}, "int32", -5, 5)}, "argmin(%a, axis=[1])", "np.argmin(a, axis=1)"},
      {"variance_keep", {F32({4, 16}), F32({4, 1})}, "variance(%a, %b, axis=[1], keepdims=True)",
       "np.mean((f64(a) - f64(b)) ** 2, axis=1, keepdims=True)"},
      {"variance_unbiased", {F32({3, 8, 2}), F32({3, 1, 2})}, "variance(%a, %b, axis=[1], unbiased=True)",
       "np.sum((f64(a) - f64(b)) ** 2, axis=1) / 7"},
      {"variance_exclude", {F32({2, 5, 3}), F32({1, 5, 1})},
       "variance(%a, %b, axis=[1], keepdims=True, exclude=True)",
       "np.mean((f64(a) - f64(b)) ** 2, axis=(0, 2), keepdims=True)"},
      {"std_axis", {F32({4, 9}), F32({4, 1})}, "std(%a, %b, axis=[1], keepdims=True)",
       "np.sqrt(np.mean((f64(a) - f64(b)) ** 2, axis=1, keepdims=True))"},
  });
}

}  // namespace
}  // namespace testing
}  // namespace tirgen
