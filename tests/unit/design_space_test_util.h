// Shared by the design space and mutator tests: small real functions (lowered from Relay), 
// inputs, a build-and-run that applies packed parameters, and a float comparison.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tirgen/relay/text.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tir/schedule/mutator.h"

namespace tirgen {
namespace space_testing {

struct Case {
  std::string name;
  std::string relay;
  std::set<int> layout_free;  ///< parameters that may be packed
};

inline const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      {"conv2d", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 16, 14, 14), float32], %w: Tensor[(32, 16, 3, 3), float32]) {
  nn.relu(nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=32, kernel_size=[3, 3]))
}
)", {1}},
      {"depthwise_conv2d", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 32, 14, 14), float32], %w: Tensor[(32, 1, 3, 3), float32]) {
  nn.conv2d(%x, %w, padding=[1, 1, 1, 1], groups=32, channels=32, kernel_size=[3, 3])
}
)", {1}},
      {"dense", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(12, 64), float32], %w: Tensor[(48, 64), float32]) {
  nn.dense(%x, %w, units=48)
}
)", {1}},
      {"max_pool2d", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 32, 28, 28), float32]) {
  nn.max_pool2d(%x, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1])
}
)", {}},
  };
  return cases;
}

/// The one PrimFunc `relay_text` lowers to.
inline tir::PrimFunc Lower(const std::string& relay_text) {
  IRModule lowered = runtime::LowerForExecution(relay::ParseModule(relay_text));
  for (const auto& kv : lowered->functions)
    if (kv.second.as<tir::PrimFuncNode>()) return kv.second.cast<tir::PrimFunc>();
  ADD_FAILURE() << "no PrimFunc";
  return tir::PrimFunc();
}

/// Uniform floats in [-1, 1) for every parameter but the last (the output).
inline std::vector<NDArray> Inputs(const tir::PrimFunc& f) {
  std::vector<NDArray> out;
  std::mt19937 gen(11);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (size_t i = 0; i + 1 < f->params.size(); ++i) {
    std::vector<int64_t> shape;
    int64_t n = 1;
    for (const tir::PrimExpr& e : (*f->BufferOf(f->params[i]))->shape) {
      shape.push_back(*tir::as_const_int(e));
      n *= shape.back();
    }
    std::vector<uint8_t> bytes(n * 4);
    for (int64_t k = 0; k < n; ++k) {
      float v = dist(gen);
      std::memcpy(&bytes[4 * k], &v, 4);
    }
    out.emplace_back(shape, DataType::Float(32), bytes);
  }
  return out;
}

/// `f` built and run on `inputs`, packed as `rewrites` says.
inline NDArray Run(const tir::PrimFunc& f, const std::vector<tir::ParamLayoutRewrite>& rewrites,
                   std::vector<NDArray> inputs) {
  for (const tir::ParamLayoutRewrite& r : rewrites) inputs[r.param_index] = runtime::ApplyIndexMap(inputs[r.param_index], r.map);
  return runtime::BuildModule(f).Run("main", inputs)[0];
}

/// Float32 outputs equal within rtol 1e-5 and atol 1e-5 x the largest magnitude.
inline void ExpectClose(const NDArray& want, const NDArray& got) {
  ASSERT_EQ(want->shape, got->shape);
  const float* a = want.data_as<float>();
  const float* b = got.data_as<float>();
  double scale = 1;
  for (int64_t i = 0; i < want->NumElements(); ++i) scale = std::max(scale, std::fabs(double(a[i])));
  int bad = 0;
  for (int64_t i = 0; i < want->NumElements(); ++i)
    if (!(std::fabs(double(a[i]) - b[i]) <= 1e-5 * std::fabs(double(a[i])) + 1e-5 * scale))
      if (bad++ < 3) ADD_FAILURE() << "element " << i << ": want " << a[i] << ", got " << b[i];
  EXPECT_EQ(bad, 0);
}

}  // namespace space_testing
}  // namespace tirgen

namespace tirgen {
namespace space_testing {

/// For seeds 1..`seeds` of case `c`: `mutate` (a mutator bound to its extra arguments) changes
/// exactly one sampling decision of the sampled trace, and the mutated trace replays to a
/// function computing what the unscheduled one does. Returns how many traces were mutated.
template <typename Mutate>
int ExpectMutationsCompute(const Case& c, int seeds, Mutate mutate) {
  tir::PrimFunc f = Lower(c.relay);
  std::vector<NDArray> inputs = Inputs(f);
  NDArray want = runtime::BuildModule(f).Run("main", inputs)[0];
  support::LinearCongruentialEngine rng(5);
  int mutated = 0;
  for (int64_t seed = 1; seed <= seeds; ++seed) {
    tir::SampledSchedule s = tir::SampleCpuSchedule(f, target::Target::Host(), c.layout_free, seed);
    std::optional<tir::Trace> m = mutate(f, s.trace, rng);
    if (!m) continue;
    ++mutated;
    SCOPED_TRACE(c.name + " seed " + std::to_string(seed) + "\n" + m->Str());
    const auto& a = s.trace.instructions();
    const auto& b = m->instructions();
    EXPECT_EQ(a.size(), b.size());
    int changed = 0;
    for (size_t k = 0; k < a.size() && k < b.size(); ++k) changed += a[k].decision() != b[k].decision();
    EXPECT_EQ(changed, 1);
    ExpectClose(want, Run(tir::ReplayTrace(f, *m), s.rewrites, inputs));
  }
  return mutated;
}

}  // namespace space_testing
}  // namespace tirgen
