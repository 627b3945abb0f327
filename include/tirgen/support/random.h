// Seeded randomness for schedule sampling, reproducing TVM's exactly: the minimal-standard
// linear congruential engine of support::LinearCongruentialEngine (state' = state * 48271 mod
// 2^31-1), its seed normalization and ForkSeed, and the draws TVM makes through libstdc++'s
// uniform_int_distribution / discrete_distribution / uniform_real_distribution on that engine.
// The draws are written out here (not taken from <random>, whose algorithms are unspecified), so
// one seed gives the same decisions on every platform and standard library -- and the decisions
// TVM v0.14 makes with that seed on Linux.
//
//   LinearCongruentialEngine rng(42);
//   int32_t i = rng.SampleInt(0, 10);          // uniform in [0, 10)
//   int32_t k = rng.SampleDiscrete({0.5, 0.5});  // index drawn by weight
#pragma once

#include <cstdint>
#include <vector>

namespace tirgen {
namespace support {

class LinearCongruentialEngine {
 public:
  static constexpr int64_t kMultiplier = 48271;
  static constexpr int64_t kModulus = 2147483647;  ///< 2^31 - 1

  /// `seed` as TVM's NormalizeSeed takes it: -1 draws one from the device (not reproducible);
  /// otherwise it is taken mod 2^31-1, and 0 becomes 1. A negative seed other than -1 is an error.
  explicit LinearCongruentialEngine(int64_t seed) { Seed(seed); }

  void Seed(int64_t seed) { state_ = NormalizeSeed(seed); }
  static int64_t NormalizeSeed(int64_t seed);
  int64_t state() const { return state_; }

  /// Advances the state and returns it (in [1, 2^31-2]; the engine declares [0, 2^31-2]).
  uint64_t Next() {
    state_ = state_ * kMultiplier % kModulus;
    return static_cast<uint64_t>(state_);
  }
  /// A seed for another engine, derived from this one's next state (TVM's ForkSeed).
  int64_t ForkSeed() { return static_cast<int64_t>(Next()) * 32767 % 1999999973; }

  /// Uniform integer in [min_inclusive, max_exclusive); draws nothing when the range has one value.
  int32_t SampleInt(int32_t min_inclusive, int32_t max_exclusive);
  /// An index drawn with probability weights[i] / sum(weights); draws nothing for < 2 weights.
  int32_t SampleDiscrete(const std::vector<double>& weights);
  /// Uniform real in [a, b).
  double SampleUniformReal(double a, double b);

 private:
  /// A double in [0, 1) from two draws (libstdc++'s generate_canonical<double, 53>).
  double Canonical();
  int64_t state_ = 1;
};

}  // namespace support
}  // namespace tirgen
