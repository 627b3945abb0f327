// Seeded float32 test tensors, uniform in [-1, 1) (the same on every machine: std::mt19937).
#pragma once

#include <cstring>
#include <random>
#include <vector>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace testing_util {

inline NDArray RandomTensor(const std::vector<int64_t>& shape, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<uint8_t> bytes(n * 4);
  for (int64_t i = 0; i < n; ++i) {
    float v = dist(gen);
    std::memcpy(bytes.data() + 4 * i, &v, 4);
  }
  return NDArray(shape, DataType::Float(32), std::move(bytes));
}

}  // namespace testing_util
}  // namespace tirgen
