// Seeded random arguments for measurement: the same seed gives the same bytes everywhere.
#include <cstring>

#include "runner_internal.h"
#include "tirgen/support/error.h"
#include "tirgen/support/random.h"
#include "tirgen/tuner/runner.h"

namespace tirgen {
namespace tuner {
namespace {

template <class T>
void Put(uint8_t* out, T v) {
  std::memcpy(out, &v, sizeof(v));
}

// One element of `dtype` at `out`.
void Fill(DataType t, uint8_t* out, support::LinearCongruentialEngine* rng) {
  if (t.is_bool()) return Put<uint8_t>(out, static_cast<uint8_t>(rng->SampleInt(0, 2)));
  if (t.is_integer()) {
    int32_t v = rng->SampleInt(0, 8);  // small: no overflow in sums and products of a few
    switch (t.bits()) {
      case 8: return Put<uint8_t>(out, static_cast<uint8_t>(v));
      case 16: return Put<uint16_t>(out, static_cast<uint16_t>(v));
      case 32: return Put<int32_t>(out, v);
      case 64: return Put<int64_t>(out, v);
    }
  }
  if (t.is_floating() && t.bits() == 16) {  // multiples of 1/64: exact in both 16-bit formats
    int k = rng->SampleInt(-64, 64);
    if (t.is_bfloat()) {
      float f = k / 64.0f;
      uint32_t u;
      std::memcpy(&u, &f, sizeof(u));
      return Put<uint16_t>(out, static_cast<uint16_t>(u >> 16));
    }
    return Put<uint16_t>(out, SixtyFourthsToFloat16(k));
  }
  if (t.is_float() && t.bits() == 32) return Put<float>(out, static_cast<float>(rng->SampleUniformReal(-1, 1)));
  if (t.is_float() && t.bits() == 64) return Put<double>(out, rng->SampleUniformReal(-1, 1));
  TIRGEN_CHECK(false) << "cannot make random arguments of dtype " << t.str();
}

}  // namespace

std::vector<NDArray> RandomArguments(const std::vector<runtime::Module::Param>& params, int64_t seed) {
  support::LinearCongruentialEngine rng(seed);
  std::vector<NDArray> out;
  for (const runtime::Module::Param& p : params) {
    TIRGEN_CHECK(p.dtype.is_scalar()) << "cannot make random arguments of dtype " << p.dtype.str();
    int64_t n = 1;
    for (int64_t d : p.shape) n *= d;
    size_t width = static_cast<size_t>(p.dtype.bytes());
    std::vector<uint8_t> bytes(static_cast<size_t>(n) * width);
    for (size_t i = 0; i < bytes.size(); i += width) Fill(p.dtype, bytes.data() + i, &rng);
    out.push_back(NDArray(p.shape, p.dtype, std::move(bytes)));
  }
  return out;
}

}  // namespace tuner
}  // namespace tirgen
