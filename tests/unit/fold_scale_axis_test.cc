// FoldScaleAxis (Backward, Forward, then FoldConstant), before/after on Relay text with the
// weights and scales bound as constants, and numerics: the folded program, built and run,
// computes what the unfolded one computes (rtol 1e-5).
#include <cmath>
#include <cstring>

#include "relay_pass_test_util.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/runtime/executor.h"

namespace tirgen {
namespace {

NDArray F32(std::vector<int64_t> shape, uint32_t seed, float lo, float hi) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<float> v(static_cast<size_t>(n));
  uint32_t s = seed * 2654435761u + 1;
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    x = lo + (hi - lo) * static_cast<float>(s >> 8) / static_cast<float>(1u << 24);
  }
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return NDArray(std::move(shape), DataType::Float(32), std::move(b));
}

using Consts = std::map<std::string, NDArray>;
using Pass = IRModule (*)(const IRModule&);

IRModule Bound(const std::string& params, const std::string& body, const Consts& consts) {
  return relay::InferType(relay::BindParamsByName(testing_relay::Main(params, body), consts));
}

void ExpectFold(Pass pass, const std::string& params, const Consts& consts, const std::string& before,
                const std::string& after) {
  std::string got = relay::PrintModule(relay::InferType(pass(Bound(params, before, consts))));
  EXPECT_EQ(got, relay::PrintModule(Bound(params, after, consts))) << "before:\n" << before;
}
void ExpectNoFold(Pass pass, const std::string& params, const Consts& consts, const std::string& body) {
  ExpectFold(pass, params, consts, body, body);
}

const char* kConv = "nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])";
const char* kNchw = "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 4, 3, 3), float32], %s: Tensor[(8, 1, 1), float32]";
Consts ConvConsts(float slo = 0.5f, float shi = 2.f) {
  return {{"w", F32({8, 4, 3, 3}, 1, -1, 1)}, {"s", F32({8, 1, 1}, 2, slo, shi)}};
}
const char* kScaledWeight =
    "%0 = squeeze(%s, axis=[1, 2]);\n%1 = expand_dims(%0, axis=1, num_newaxis=3);\n%2 = multiply(%w, %1);\n";

TEST(BackwardFoldScaleAxis, ConvTimesScaleFoldsIntoTheWeight) {
  ExpectFold(relay::BackwardFoldScaleAxis, kNchw, ConvConsts(), std::string("%0 = ") + kConv + ";\nmultiply(%0, %s)",
             std::string(kScaledWeight) + "nn.conv2d(%x, %2, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])");
}

TEST(BackwardFoldScaleAxis, ThroughReluWhenTheScaleIsNonNegative) {
  std::string before = std::string("%0 = ") + kConv + ";\n%1 = nn.relu(%0);\nmultiply(%1, %s)";
  ExpectFold(relay::BackwardFoldScaleAxis, kNchw, ConvConsts(), before,
             std::string(kScaledWeight) +
                 "%3 = nn.conv2d(%x, %2, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]);\nnn.relu(%3)");
  // A negative scale does not commute with relu.
  ExpectNoFold(relay::BackwardFoldScaleAxis, kNchw, ConvConsts(-1.f, 1.f), before);
  // Nor does a scale whose sign is unknown.
  ExpectNoFold(relay::BackwardFoldScaleAxis, kNchw, {{"w", ConvConsts()["w"]}}, before);
}

TEST(BackwardFoldScaleAxis, ThroughBiasAddAndAddTheBiasIsScaledToo) {
  std::string p = std::string(kNchw) + ", %b: Tensor[(8), float32], %c: Tensor[(8, 1, 1), float32]";
  Consts c = ConvConsts();
  c["b"] = F32({8}, 3, -1, 1);
  c["c"] = F32({8, 1, 1}, 4, -1, 1);
  ExpectFold(relay::BackwardFoldScaleAxis, p, c,
             std::string("%0 = ") + kConv + ";\n%1 = nn.bias_add(%0, %b);\nmultiply(%1, %s)",
             std::string(kScaledWeight) +
                 "%3 = nn.conv2d(%x, %2, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]);\n"
                 "%4 = multiply(%b, %0);\nnn.bias_add(%3, %4)");
  ExpectFold(relay::BackwardFoldScaleAxis, p, c,
             std::string("%0 = ") + kConv + ";\n%1 = add(%0, %c);\nmultiply(%1, %s)",
             std::string(kScaledWeight) +
                 "%3 = nn.conv2d(%x, %2, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]);\n"
                 "%4 = expand_dims(%0, axis=1, num_newaxis=2);\n%5 = multiply(%c, %4);\nadd(%3, %5)");
}

TEST(BackwardFoldScaleAxis, DenseNhwcAndRefusals) {
  ExpectFold(relay::BackwardFoldScaleAxis, "%x: Tensor[(2, 8), float32], %w: Tensor[(16, 8), float32], %s: Tensor[(16), float32]",
             {{"w", F32({16, 8}, 5, -1, 1)}, {"s", F32({16}, 6, 0.5f, 2)}},
             "%0 = nn.dense(%x, %w, units=16);\nmultiply(%0, %s)",
             "%0 = expand_dims(%s, axis=1);\n%1 = multiply(%w, %0);\nnn.dense(%x, %1, units=16)");
  const char* nhwc = "%x: Tensor[(1, 6, 6, 4), float32], %w: Tensor[(3, 3, 4, 8), float32], %s: Tensor[(8), float32]";
  const char* conv = "nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3], data_layout=\"NHWC\", kernel_layout=\"HWIO\")";
  Consts c{{"w", F32({3, 3, 4, 8}, 7, -1, 1)}, {"s", F32({8}, 8, 0.5f, 2)}};
  ExpectFold(relay::BackwardFoldScaleAxis, nhwc, c, std::string("%0 = ") + conv + ";\nmultiply(%0, %s)",
             "%0 = multiply(%w, %s);\nnn.conv2d(%x, %0, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3], "
             "data_layout=\"NHWC\", kernel_layout=\"HWIO\")");
  // A scale along a non-channel axis (width) stays.
  ExpectNoFold(relay::BackwardFoldScaleAxis, "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 4, 3, 3), float32], %s: Tensor[(6), float32]",
               {{"w", ConvConsts()["w"]}, {"s", F32({6}, 9, 0.5f, 2)}}, std::string("%0 = ") + kConv + ";\nmultiply(%0, %s)");
  // A conv output read twice cannot take the scale.
  ExpectNoFold(relay::BackwardFoldScaleAxis, kNchw, ConvConsts(),
               std::string("%0 = ") + kConv + ";\n%1 = multiply(%0, %s);\n(%1, %0)");
  // An int32 scale of an int8 conv's int32 output cannot go into the int8 weight.
  std::vector<uint8_t> wb(8 * 4 * 9, 1);
  std::vector<uint8_t> sb(8 * 4, 0);
  for (size_t i = 0; i < sb.size(); i += 4) sb[i] = 3;
  ExpectNoFold(relay::BackwardFoldScaleAxis, "%x: Tensor[(1, 4, 6, 6), int8], %w: Tensor[(8, 4, 3, 3), int8], %s: Tensor[(8, 1, 1), int32]",
               {{"w", NDArray({8, 4, 3, 3}, DataType::Int(8), wb)}, {"s", NDArray({8, 1, 1}, DataType::Int(32), sb)}},
               "%0 = nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3], out_dtype=\"int32\");\nmultiply(%0, %s)");
  // Grouped (not depthwise) convs are left alone.
  ExpectNoFold(relay::BackwardFoldScaleAxis, "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 2, 3, 3), float32], %s: Tensor[(8, 1, 1), float32]",
               {{"w", F32({8, 2, 3, 3}, 10, -1, 1)}, {"s", ConvConsts()["s"]}},
               "%0 = nn.conv2d(%x, %w, padding=[1, 1, 1, 1], groups=2, channels=8, kernel_size=[3, 3]);\nmultiply(%0, %s)");
}

const char* kIn = "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 4, 3, 3), float32], %s: Tensor[(4, 1, 1), float32]";
Consts InConsts(float slo = 0.5f, float shi = 2.f) {
  return {{"w", F32({8, 4, 3, 3}, 11, -1, 1)}, {"s", F32({4, 1, 1}, 12, slo, shi)}};
}

TEST(ForwardFoldScaleAxis, ScaleThenConvFoldsIntoTheWeightsInputChannels) {
  ExpectFold(relay::ForwardFoldScaleAxis, kIn, InConsts(), "%0 = multiply(%x, %s);\nnn.conv2d(%0, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])",
             "%0 = squeeze(%s, axis=[1, 2]);\n%1 = expand_dims(%0, axis=1, num_newaxis=2);\n%2 = multiply(%w, %1);\n"
             "nn.conv2d(%x, %2, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])");
}

TEST(ForwardFoldScaleAxis, ThroughReluAndAdd) {
  std::string p = std::string(kIn) + ", %b: Tensor[(4, 1, 1), float32]";
  Consts c = InConsts();
  c["b"] = F32({4, 1, 1}, 13, -1, 1);
  // relu(x * s + b) = relu(x + b / s) * s for s >= 0.
  std::string before = "%0 = multiply(%x, %s);\n%1 = add(%0, %b);\n%2 = nn.relu(%1);\n" +
                       std::string("nn.conv2d(%2, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])");
  ExpectFold(relay::ForwardFoldScaleAxis, p, c, before,
             "%0 = squeeze(%s, axis=[1, 2]);\n%1 = expand_dims(%0, axis=1, num_newaxis=2);\n%2 = divide(%b, %1);\n"
             "%3 = add(%x, %2);\n%4 = nn.relu(%3);\n%5 = expand_dims(%0, axis=1, num_newaxis=2);\n"
             "%6 = multiply(%w, %5);\nnn.conv2d(%4, %6, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])");
  ExpectNoFold(relay::ForwardFoldScaleAxis, p, [&] { Consts n = c; n["s"] = F32({4, 1, 1}, 14, -2, -1); return n; }(), before);
}

TEST(ForwardFoldScaleAxis, DepthwiseDenseAndRefusals) {
  ExpectFold(relay::ForwardFoldScaleAxis, "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(4, 1, 3, 3), float32], %s: Tensor[(4, 1, 1), float32]",
             {{"w", F32({4, 1, 3, 3}, 15, -1, 1)}, {"s", InConsts()["s"]}},
             "%0 = multiply(%x, %s);\nnn.conv2d(%0, %w, padding=[1, 1, 1, 1], groups=4, channels=4, kernel_size=[3, 3])",
             "%0 = squeeze(%s, axis=[1, 2]);\n%1 = expand_dims(%0, axis=1, num_newaxis=3);\n%2 = multiply(%w, %1);\n"
             "nn.conv2d(%x, %2, padding=[1, 1, 1, 1], groups=4, channels=4, kernel_size=[3, 3])");
  ExpectFold(relay::ForwardFoldScaleAxis, "%x: Tensor[(2, 8), float32], %w: Tensor[(16, 8), float32], %s: Tensor[(8), float32]",
             {{"w", F32({16, 8}, 16, -1, 1)}, {"s", F32({8}, 17, 0.5f, 2)}},
             "%0 = multiply(%x, %s);\nnn.dense(%0, %w, units=16)", "%0 = multiply(%w, %s);\nnn.dense(%x, %0, units=16)");
  // Grouped conv; a scale read by something else too; a scale along height.
  ExpectNoFold(relay::ForwardFoldScaleAxis, "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 2, 3, 3), float32], %s: Tensor[(4, 1, 1), float32]",
               {{"w", F32({8, 2, 3, 3}, 18, -1, 1)}, {"s", InConsts()["s"]}},
               "%0 = multiply(%x, %s);\nnn.conv2d(%0, %w, padding=[1, 1, 1, 1], groups=2, channels=8, kernel_size=[3, 3])");
  ExpectNoFold(relay::ForwardFoldScaleAxis, kIn, InConsts(),
               std::string("%0 = multiply(%x, %s);\n%1 = nn.conv2d(%0, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3]);\n(%1, %0)"));
  ExpectNoFold(relay::ForwardFoldScaleAxis, "%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 4, 3, 3), float32], %s: Tensor[(6, 1), float32]",
               {{"w", InConsts()["w"]}, {"s", F32({6, 1}, 19, 0.5f, 2)}},
               "%0 = multiply(%x, %s);\nnn.conv2d(%0, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])");
}

// ---- numerics: folded vs unfolded, built and run ----

int CountOp(const IRModule& m, const std::string& name) {
  int n = 0;
  relay::PostOrderVisit(m.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& e) {
    if (const auto* c = e.as<relay::CallNode>()) n += c->op_name() == name;
  });
  return n;
}

std::vector<NDArray> Run(const IRModule& m, const NDArray& x) {
  return runtime::Executor(lower::LowerTE(relay::FuseOps(relay::InferType(m)))).Run({x});
}

void ExpectSameNumbers(const std::string& params, const std::string& body, const Consts& consts,
                       std::vector<int64_t> xshape) {
  IRModule before = Bound(params, body, consts);
  IRModule after = relay::FoldScaleAxis(before, lower::EvaluateConstant);
  EXPECT_EQ(CountOp(after, "multiply"), 0) << relay::PrintModule(after);
  NDArray x = F32(std::move(xshape), 99, -1, 1);
  std::vector<NDArray> want = Run(before, x), got = Run(after, x);
  ASSERT_EQ(want.size(), got.size());
  const float* a = reinterpret_cast<const float*>(want[0].data());
  const float* b = reinterpret_cast<const float*>(got[0].data());
  for (int64_t i = 0; i < want[0]->NumElements(); ++i)
    ASSERT_NEAR(b[i], a[i], 1e-5 * std::abs(a[i]) + 1e-6) << "element " << i << " of\n" << body;
}

TEST(FoldScaleAxisNumerics, FoldedProgramsComputeTheSame) {
  std::string p = std::string(kNchw) + ", %c: Tensor[(8, 1, 1), float32]";
  Consts c = ConvConsts();
  c["c"] = F32({8, 1, 1}, 20, -1, 1);
  ExpectSameNumbers(p, std::string("%0 = ") + kConv + ";\n%1 = multiply(%0, %s);\n%2 = add(%1, %c);\nnn.relu(%2)", c,
                    {1, 4, 6, 6});
  std::string pin = std::string(kIn) + ", %b: Tensor[(4, 1, 1), float32]";
  Consts ci = InConsts();
  ci["b"] = F32({4, 1, 1}, 21, -1, 1);
  ExpectSameNumbers(pin, "%0 = multiply(%x, %s);\n%1 = add(%0, %b);\n%2 = nn.relu(%1);\n"
                         "nn.conv2d(%2, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])", ci, {1, 4, 6, 6});
  ExpectSameNumbers("%x: Tensor[(2, 8), float32], %w: Tensor[(16, 8), float32], %s: Tensor[(16), float32]",
                    "%0 = nn.dense(%x, %w, units=16);\nmultiply(%0, %s)",
                    {{"w", F32({16, 8}, 22, -1, 1)}, {"s", F32({16}, 23, -2, 2)}}, {2, 8});
  ExpectSameNumbers("%x: Tensor[(1, 6, 6, 4), float32], %w: Tensor[(3, 3, 4, 8), float32], %s: Tensor[(8), float32]",
                    "%0 = nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3], data_layout=\"NHWC\", "
                    "kernel_layout=\"HWIO\");\n%1 = nn.relu(%0);\nmultiply(%1, %s)",
                    {{"w", F32({3, 3, 4, 8}, 24, -1, 1)}, {"s", F32({8}, 25, 0.5f, 2)}}, {1, 6, 6, 4});
  ExpectSameNumbers("%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(4, 1, 3, 3), float32], %s: Tensor[(4, 1, 1), float32]",
                    "%0 = multiply(%x, %s);\nnn.conv2d(%0, %w, padding=[1, 1, 1, 1], groups=4, channels=4, kernel_size=[3, 3])",
                    {{"w", F32({4, 1, 3, 3}, 26, -1, 1)}, {"s", F32({4, 1, 1}, 27, -2, 2)}}, {1, 4, 6, 6});
}

}  // namespace
}  // namespace tirgen
