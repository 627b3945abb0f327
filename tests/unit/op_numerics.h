// Per-operator numerics harness (issue 5, acceptance 1): each case is a one-op Relay program,
// lowered through the registered TE compute (op_compute_util.h), built with the C backend, run
// on inputs drawn by tests/unit/op_numerics_ref.py, and compared with the reference that script
// computes independently (NumPy / PyTorch). One Python run per call of RunNumericCases (results
// cached under the gtest temp dir, keyed by the cases and the script), one compiled library.
//
//   RunNumericCases({
//       {"sum_axis1", {F32({2, 3, 4})}, "sum(%a, axis=[1])", "np.sum(f64(a), axis=1)"},
//   });
//
// Tolerances: float outputs |got - ref| <= atol + rtol * |ref| (rtol 1e-5, atol 1e-6 unless a
// case says otherwise); integer and bool outputs exactly.
#pragma once

#include <string>
#include <vector>

namespace tirgen {
namespace testing {

/// One input: shape, dtype and how values are drawn (uniform in [lo, hi); floor()ed when
/// `integral` or an integer dtype), or explicit `values`.
struct In {
  std::vector<int64_t> shape;
  std::string dtype = "float32";
  double lo = -1.0, hi = 1.0;
  bool integral = false;
  std::vector<double> values;
};
inline In F32(std::vector<int64_t> shape, double lo = -1.0, double hi = 1.0) {
  return In{std::move(shape), "float32", lo, hi, false, {}};
}
/// float32 holding small integers (ties for argmax, exact sums).
inline In F32Int(std::vector<int64_t> shape, double lo, double hi) {
  return In{std::move(shape), "float32", lo, hi, true, {}};
}
inline In Int(std::vector<int64_t> shape, const std::string& dtype, double lo, double hi) {
  return In{std::move(shape), dtype, lo, hi, true, {}};
}

struct NumCase {
  std::string name;        ///< unique within the call; seeds the inputs
  std::vector<In> inputs;  ///< bound to %a, %b, ... in `body` and a, b, ... in `ref`
  std::string body;        ///< the Relay body, e.g. "sum(%a, axis=[1], keepdims=True)"
  std::string ref;         ///< Python expression; a tuple/list for several outputs
  double rtol = 1e-5;
  double atol = 1e-6;
};

/// Runs and checks every case (gtest failures name the case). Skips (GTEST_SKIP) only when
/// Debian's python3 with NumPy cannot run at all.
void RunNumericCases(const std::vector<NumCase>& cases);

}  // namespace testing
}  // namespace tirgen
