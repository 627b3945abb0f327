// tests/data/tvm/models/resnet18/model.relay with seeded random weights of the declared shapes
// (its README: task lists and lowering do not depend on weight values), for benchmarks.
#pragma once

#include <cstring>
#include <map>
#include <random>
#include <string>

#include "tirgen/relay/text.h"
#include "tirgen/support/io.h"

namespace tirgen_bench {

struct Model {
  tirgen::IRModule mod;
  std::map<std::string, tirgen::NDArray> params;
};

/// Parsed once per process; every parameter but the image input gets N(0, 1) values, seed 1.
inline const Model& Resnet18() {
  using namespace tirgen;  // NOLINT
  static const Model model = [] {
    std::string path = std::string(TIRGEN_BENCH_SOURCE_DIR) + "/tests/data/tvm/models/resnet18/model.relay";
    Model m;
    m.mod = relay::ParseModule(ReadFile(path), path);
    std::mt19937 rng(1);
    std::normal_distribution<float> normal;
    for (const auto& p : m.mod->functions.at("main").as<relay::FunctionNode>()->params) {
      if (p->name_hint == "input_0") continue;
      std::vector<int64_t> shape = p->type_annotation.as<relay::TensorTypeNode>()->ConstShape();
      size_t n = 1;
      for (int64_t d : shape) n *= static_cast<size_t>(d);
      std::vector<float> v(n);
      for (float& x : v) x = normal(rng);
      std::vector<uint8_t> bytes(n * sizeof(float));
      std::memcpy(bytes.data(), v.data(), bytes.size());
      m.params.emplace(p->name_hint, NDArray(shape, DataType::Float(32), std::move(bytes)));
    }
    return m;
  }();
  return model;
}

}  // namespace tirgen_bench
