// The engine's seed handling and the draws, written as libstdc++ (GCC 12) computes them on an
// engine whose declared range is [0, 2^31-2], so results equal TVM's on Linux.
#include "tirgen/support/random.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "tirgen/support/error.h"

namespace tirgen {
namespace support {

namespace {
// The engine's declared max() - min(): TVM declares min 0 and max modulus - 1.
constexpr uint64_t kRange = LinearCongruentialEngine::kModulus - 1;
}  // namespace

int64_t LinearCongruentialEngine::NormalizeSeed(int64_t seed) {
  if (seed == -1) {
    seed = static_cast<int64_t>(std::random_device()()) % kModulus;
  } else {
    TIRGEN_CHECK(seed >= 0) << "random seed " << seed
                            << " is negative: give a seed >= 0, or -1 for a device-random one";
    seed %= kModulus;
  }
  return seed == 0 ? 1 : seed;
}

int32_t LinearCongruentialEngine::SampleInt(int32_t min_inclusive, int32_t max_exclusive) {
  TIRGEN_CHECK(min_inclusive < max_exclusive)
      << "cannot sample an integer from the empty range [" << min_inclusive << ", " << max_exclusive << ")";
  if (min_inclusive + 1 == max_exclusive) return min_inclusive;
  // Downscaling by rejection: values of the top partial bucket are drawn again.
  const uint64_t span = static_cast<uint64_t>(static_cast<int64_t>(max_exclusive) - min_inclusive);
  TIRGEN_ICHECK(span <= kRange) << "SampleInt: range wider than the engine's";
  const uint64_t scaling = kRange / span;
  const uint64_t past = span * scaling;
  uint64_t r;
  do {
    r = Next();
  } while (r >= past);
  return static_cast<int32_t>(static_cast<int64_t>(min_inclusive) + static_cast<int64_t>(r / scaling));
}

double LinearCongruentialEngine::Canonical() {
  // ceil(53 / floor(log2(2^31 - 1))) = 2 draws, the first one least significant.
  const double r = static_cast<double>(kRange + 1);
  double sum = static_cast<double>(Next());
  sum += static_cast<double>(Next()) * r;
  double result = sum / (r * r);
  return result >= 1.0 ? std::nextafter(1.0, 0.0) : result;
}

int32_t LinearCongruentialEngine::SampleDiscrete(const std::vector<double>& weights) {
  if (weights.size() < 2) return 0;
  double total = 0;
  for (double w : weights) total += w;
  TIRGEN_CHECK(total > 0) << "cannot sample from probabilities that sum to " << total;
  std::vector<double> cumulative;
  double acc = 0;
  for (double w : weights) cumulative.push_back(acc += w / total);
  cumulative.back() = 1.0;
  double p = Canonical();
  return static_cast<int32_t>(std::lower_bound(cumulative.begin(), cumulative.end(), p) - cumulative.begin());
}

double LinearCongruentialEngine::SampleUniformReal(double a, double b) { return Canonical() * (b - a) + a; }

}  // namespace support
}  // namespace tirgen
