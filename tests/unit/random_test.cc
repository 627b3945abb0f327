// support::LinearCongruentialEngine: TVM's seed rules and state sequence, and draws equal to what
// libstdc++'s distributions give on TVM's engine (TVM samples through them), checked against
// <random> itself where the standard library is libstdc++.
#include "tirgen/support/random.h"

#include <gtest/gtest.h>

#include <random>

#include "tirgen/support/error.h"

namespace tirgen {
namespace support {
namespace {

// TVM's engine as a UniformRandomBitGenerator: declared range [0, 2^31-2].
struct TvmEngine {
  using result_type = uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return LinearCongruentialEngine::kModulus - 1; }
  int64_t state;
  result_type operator()() {
    state = state * LinearCongruentialEngine::kMultiplier % LinearCongruentialEngine::kModulus;
    return static_cast<result_type>(state);
  }
};

TEST(Random, SeedNormalization) {
  EXPECT_EQ(LinearCongruentialEngine(0).state(), 1);  // 0 would stay 0 forever
  EXPECT_EQ(LinearCongruentialEngine(42).state(), 42);
  EXPECT_EQ(LinearCongruentialEngine(LinearCongruentialEngine::kModulus + 5).state(), 5);
  int64_t device = LinearCongruentialEngine(-1).state();
  EXPECT_GE(device, 1);
  EXPECT_LT(device, LinearCongruentialEngine::kModulus);
  try {
    LinearCongruentialEngine bad(-7);
    FAIL() << "a negative seed must be rejected";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("random seed -7 is negative"), std::string::npos) << e.what();
  }
}

TEST(Random, StateSequenceAndFork) {
  LinearCongruentialEngine rng(1);
  EXPECT_EQ(rng.Next(), 48271u);
  EXPECT_EQ(rng.Next(), 182605794u);  // 48271^2 mod 2^31-1
  LinearCongruentialEngine a(7), b(7);
  EXPECT_EQ(a.ForkSeed(), static_cast<int64_t>(b.Next()) * 32767 % 1999999973);
}

TEST(Random, SampleIntIsLibstdcxxUniformIntOnTvmsEngine) {
  for (int64_t seed : {1, 42, 12345, 2147483646}) {
    LinearCongruentialEngine rng(seed);
    TvmEngine ref{seed};
    for (int k = 0; k < 2000; ++k) {
      int32_t lo = k % 5, hi = lo + 1 + (k * 7919) % 1000;
#ifdef __GLIBCXX__
      int32_t want = lo + 1 == hi ? lo : std::uniform_int_distribution<int32_t>(lo, hi - 1)(ref);
      ASSERT_EQ(rng.SampleInt(lo, hi), want) << "seed " << seed << " draw " << k;
#else
      int32_t got = rng.SampleInt(lo, hi);
      ASSERT_TRUE(got >= lo && got < hi);
#endif
    }
  }
  LinearCongruentialEngine rng(3);
  int64_t before = rng.state();
  EXPECT_EQ(rng.SampleInt(4, 5), 4);
  EXPECT_EQ(rng.state(), before) << "a one-value range draws nothing, as in TVM";
}

TEST(Random, SampleDiscreteAndRealAreLibstdcxxOnTvmsEngine) {
  const std::vector<std::vector<double>> weights = {
      {0.25, 0.25, 0.25, 0.25}, {1, 2, 3}, {0.1, 0.0, 0.9}, {5}, {0.3333, 0.3333, 0.3334, 1e-9}};
  for (int64_t seed : {1, 99, 777777}) {
    LinearCongruentialEngine rng(seed);
    TvmEngine ref{seed};
    for (int k = 0; k < 500; ++k) {
      const std::vector<double>& w = weights[k % weights.size()];
      int32_t got = rng.SampleDiscrete(w);
      double real = rng.SampleUniformReal(-2.0, 3.0);
#ifdef __GLIBCXX__
      ASSERT_EQ(got, std::discrete_distribution<int32_t>(w.begin(), w.end())(ref)) << "seed " << seed << " draw " << k;
      ASSERT_EQ(real, std::uniform_real_distribution<double>(-2.0, 3.0)(ref));
#else
      ASSERT_TRUE(got >= 0 && got < static_cast<int32_t>(w.size()));
      ASSERT_TRUE(real >= -2.0 && real < 3.0);
#endif
    }
  }
}

}  // namespace
}  // namespace support
}  // namespace tirgen
