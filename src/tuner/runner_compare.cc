// Checking a candidate's outputs against the reference's: floats within rtol/atol (numpy's
// allclose, NaN equal to NaN), everything else bit for bit.
#include <cmath>
#include <cstring>
#include <sstream>

#include "runner_internal.h"
#include "tirgen/support/error.h"
#include "tirgen/tuner/runner.h"

namespace tirgen {
namespace tuner {
namespace {

template <class T>
T Get(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

double ElementAsDouble(DataType t, const uint8_t* p) {
  if (t.is_bfloat()) return BFloat16ToFloat(Get<uint16_t>(p));
  if (t.bits() == 16) return Float16ToFloat(Get<uint16_t>(p));
  if (t.bits() == 32) return Get<float>(p);
  return Get<double>(p);
}

// An integer or bool element in decimal (signed types sign-extended).
std::string IntegerText(DataType t, const uint8_t* p) {
  uint64_t u = 0;
  std::memcpy(&u, p, static_cast<size_t>(t.bytes()));
  int bits = t.bytes() * 8;
  if (!t.is_int() || bits == 64) return t.is_int() ? std::to_string(static_cast<int64_t>(u)) : std::to_string(u);
  uint64_t sign = uint64_t{1} << (bits - 1);
  return std::to_string(static_cast<int64_t>((u ^ sign) - sign));
}

std::string Index(const std::vector<int64_t>& shape, int64_t flat) {
  std::string s = "]";
  for (size_t d = shape.size(); d-- > 0;) {
    s = (d ? ", " : "") + std::to_string(flat % shape[d]) + s;
    flat /= shape[d];
  }
  return "[" + s;
}

}  // namespace

std::string CompareArrays(const std::string& name, const NDArray& got, const NDArray& want, double rtol, double atol) {
  TIRGEN_CHECK(got->shape == want->shape && got->dtype == want->dtype)
      << name << ": shape or dtype differs from the reference's";
  DataType t = want->dtype;
  size_t width = static_cast<size_t>(t.bytes());
  int64_t n = want->NumElements(), first = -1;
  double max_error = 0;
  for (int64_t i = 0; i < n; ++i) {
    const uint8_t* g = got.data() + i * width;
    const uint8_t* w = want.data() + i * width;
    double error = 0;
    if (!t.is_floating()) {
      if (std::memcmp(g, w, width) == 0) continue;
      error = INFINITY;  // integers: any difference is wrong; reported values are bits
    } else {
      double a = ElementAsDouble(t, g), b = ElementAsDouble(t, w);
      if (std::isnan(a) && std::isnan(b)) continue;
      error = std::fabs(a - b);
      if (error <= atol + rtol * std::fabs(b)) continue;
      if (std::isnan(error)) error = INFINITY;
    }
    if (first < 0) first = i;
    max_error = std::max(max_error, error);
  }
  if (first < 0) return "";
  std::ostringstream os;
  os.precision(8);
  const uint8_t* g = got.data() + first * width;
  const uint8_t* w = want.data() + first * width;
  os << name << Index(want->shape, first) << " = ";
  if (t.is_floating()) {
    os << ElementAsDouble(t, g) << ", expected " << ElementAsDouble(t, w) << " (max abs error " << max_error;
  } else {
    os << IntegerText(t, g) << ", expected " << IntegerText(t, w) << " (integers must be equal";
  }
  os << " over " << n << " elements)";
  return os.str();
}

}  // namespace tuner
}  // namespace tirgen
