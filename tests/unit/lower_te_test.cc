// lower::LowerTE: structurally equal primitive functions are lowered once, their call sites
// become call_lowered(@tvmgen_default_<fused name>, (args)), the PrimFunc carries the Relay
// function's hash, and the lowered module runs (relu(relu(x)) - 1 checked element by element).
#include <gtest/gtest.h>

#include <cstring>

#include "tirgen/ir/module.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace {

const char* kTwoRelus = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(4), float32]) -> Tensor[(4), float32] {
  %0 = fn (%p0: Tensor[(4), float32], Primitive=1) -> Tensor[(4), float32] {
    nn.relu(%p0)
  };
  %1 = %0(%x);
  %2 = fn (%p01: Tensor[(4), float32], Primitive=1) -> Tensor[(4), float32] {
    nn.relu(%p01)
  };
  %3 = %2(%1);
  %4 = fn (%p02: Tensor[(4), float32], Primitive=1) -> Tensor[(4), float32] {
    subtract(%p02, 1f)
  };
  %4(%3)
}
)";

TEST(LowerTE, LowersEqualFunctionsOnceAndRewritesCalls) {
  IRModule mod = relay::ParseModule(kTwoRelus, "two_relus.relay");
  IRModule lowered = lower::LowerTE(mod);
  std::vector<std::string> prim_funcs;
  for (const auto& kv : lowered->functions)
    if (kv.second.as<tir::PrimFuncNode>()) prim_funcs.push_back(kv.first);
  ASSERT_EQ(prim_funcs.size(), 2u) << "two distinct primitive functions expected";
  EXPECT_EQ(prim_funcs[0], "tvmgen_default_fused_nn_relu");
  EXPECT_EQ(prim_funcs[1], "tvmgen_default_fused_subtract");
  const auto* relu = lowered->functions.at(prim_funcs[0]).as<tir::PrimFuncNode>();
  EXPECT_TRUE(relu->attrs.count("hash")) << "the Relay function's structural hash is carried";
  EXPECT_TRUE(relu->attrs.count("global_symbol"));
}

TEST(LowerTE, LoweredModuleRuns) {
  IRModule lowered = lower::LowerTE(relay::ParseModule(kTwoRelus, "two_relus.relay"));
  runtime::Executor ex(lowered);
  std::vector<float> in = {-2.f, 0.5f, 3.f, -0.f};
  std::vector<uint8_t> bytes(sizeof(float) * in.size());
  std::memcpy(bytes.data(), in.data(), bytes.size());
  NDArray x({4}, DataType::Float(32), std::move(bytes));
  std::vector<NDArray> out = ex.Run({x});
  ASSERT_EQ(out.size(), 1u);
  const float* y = out[0].data_as<float>();
  for (size_t i = 0; i < in.size(); ++i)
    EXPECT_FLOAT_EQ(y[i], (in[i] > 0 ? in[i] : 0.f) - 1.f) << "element " << i;
}

TEST(LowerTE, SameNamesWhateverTheCallOrder) {
  // Names depend on the functions, not on the order the module visits them.
  IRModule a = lower::LowerTE(relay::ParseModule(kTwoRelus, "a.relay"));
  IRModule b = lower::LowerTE(relay::ParseModule(kTwoRelus, "b.relay"));
  std::vector<std::string> na, nb;
  for (const auto& kv : a->functions) na.push_back(kv.first);
  for (const auto& kv : b->functions) nb.push_back(kv.first);
  EXPECT_EQ(na, nb);
}

}  // namespace
}  // namespace tirgen
