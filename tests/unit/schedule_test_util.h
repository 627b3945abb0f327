// Helpers for schedule tests: lower a scheduled module through the standard TIR pipeline,
// build it, run it on deterministic random inputs, and compare with the unscheduled program.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <random>
#include <string>
#include <vector>

#include "tir_pass_test_util.h"
#include "tirgen/runtime/module.h"
#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace testing {

/// TVM's CreatePassList as far as tirgen has the passes: scheduled TensorIR -> loop form C can
/// be generated from.
inline transform::Pass ScheduleLowerPipeline() { return transform::TvmLowerPipeline(); }

/// Deterministic inputs for the first `n_inputs` parameters: small integers (exact in every
/// dtype, so sums do not depend on order beyond rounding of float products).
inline std::vector<NDArray> RandomInputs(const PrimFunc& f, size_t n_inputs, uint32_t seed = 7) {
  std::mt19937 rng(seed);
  std::vector<NDArray> out;
  for (size_t i = 0; i < n_inputs; ++i) {
    const Buffer& b = *f->BufferOf(f->params[i]);
    std::vector<int64_t> shape;
    int64_t n = 1;
    for (const PrimExpr& e : b->shape) {
      shape.push_back(*as_const_int(e));
      n *= shape.back();
    }
    DataType t = b->dtype;
    std::vector<uint8_t> bytes(n * t.bytes());
    for (int64_t k = 0; k < n; ++k) {
      int v = static_cast<int>(rng() % 9) - 4;
      if (t.is_float() && t.bits() == 32) {
        float x = static_cast<float>(v) * 0.25f;
        std::memcpy(&bytes[k * 4], &x, 4);
      } else if (t.is_float() && t.bits() == 64) {
        double x = v * 0.25;
        std::memcpy(&bytes[k * 8], &x, 8);
      } else {
        int64_t x = t.is_uint() ? v + 4 : v;
        std::memcpy(&bytes[k * t.bytes()], &x, t.bytes());  // little endian
      }
    }
    out.emplace_back(shape, t, bytes);
  }
  return out;
}

/// Number of parameters that are outputs: the ones some block writes.
inline size_t NumInputs(const PrimFunc& f) {
  std::string text = script::Print(f);
  size_t n = f->params.size();
  while (n > 0) {
    const Buffer& b = *f->BufferOf(f->params[n - 1]);
    if (text.find("T.writes(" + b->name + "[") == std::string::npos) break;
    --n;
  }
  return n;
}

/// Lowers and builds both functions, runs them on the same inputs and expects bit-identical
/// outputs (schedules reorder loops, never the order of one element's reduction terms).
inline void ExpectSameResults(const PrimFunc& original, const IRModule& scheduled,
                              const std::string& func = "main") {
  IRModule before = ScheduleLowerPipeline()(IRModule(std::map<std::string, ObjectRef>{{func, original}}));
  IRModule after = ScheduleLowerPipeline()(scheduled);
  runtime::Module ma = runtime::Module::Build(before->functions.at(func).cast<PrimFunc>());
  runtime::Module mb = runtime::Module::Build(after->functions.at(func).cast<PrimFunc>());
  size_t n_in = NumInputs(original);
  std::vector<NDArray> inputs = RandomInputs(original, n_in);
  std::vector<NDArray> ra = ma.Run("main", inputs), rb = mb.Run("main", inputs);
  ASSERT_EQ(ra.size(), rb.size());
  for (size_t i = 0; i < ra.size(); ++i)
    EXPECT_TRUE(ra[i].ContentEqual(rb[i])) << "output " << i << " differs from the unscheduled program";
}

/// A PrimFunc from the TVM goldens (TIRGEN_SHARED_DIR), e.g. "golden/conv2d_bias_relu/primfunc_0.py".
inline PrimFunc LoadSharedPrimFunc(const std::string& rel) {
  std::ifstream in(std::string(TIRGEN_SHARED_DIR) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) throw InternalError("cannot read " + rel);
  return script::Parse(ss.str(), rel).cast<PrimFunc>();
}

inline size_t CountText(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace testing
}  // namespace tir
}  // namespace tirgen
