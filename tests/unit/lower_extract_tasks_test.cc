// lower::ExtractTasks on small modules: dedup by structure, weights, TVM's order (post order
// reversed: a call's callee is visited before its arguments), `_N` names for one fused name
// with different shapes, link-params constants under the two module equalities, hashes.
#include <gtest/gtest.h>

#include <cstring>

#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

// x -> relu(dense(x, w1)) -> relu(dense(., w2)) -> relu(dense(., w3)): the first two have the
// same shapes (1x4 by 4x4), the last 1x4 by 8x4.
std::string DenseChain() { return ReadFile(std::string(TIRGEN_SOURCE_DIR) + "/tests/data/tasks/dense_chain.relay"); }

NDArray Filled(std::vector<int64_t> shape, float start) {
  size_t n = 1;
  for (int64_t d : shape) n *= static_cast<size_t>(d);
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = start + 0.25f * static_cast<float>(i);
  std::vector<uint8_t> bytes(n * sizeof(float));
  std::memcpy(bytes.data(), v.data(), bytes.size());
  return NDArray(std::move(shape), DataType::Float(32), std::move(bytes));
}

std::vector<std::string> Names(const std::vector<lower::Task>& tasks) {
  std::vector<std::string> names;
  for (const auto& t : tasks) names.push_back(t.name);
  return names;
}
std::vector<int> Weights(const std::vector<lower::Task>& tasks) {
  std::vector<int> w;
  for (const auto& t : tasks) w.push_back(t.weight);
  return w;
}

// The shape of the PrimFunc's first buffer parameter.
std::vector<int64_t> FirstParamShape(const lower::Task& t, size_t param) {
  const auto* f = t.mod->functions.at("main").as<tir::PrimFuncNode>();
  std::vector<int64_t> shape;
  for (const auto& d : f->buffer_map.at(param).second->shape) shape.push_back(d.as<tir::IntImmNode>()->value);
  return shape;
}

TEST(ExtractTasks, DedupsByStructureWeightsCallSitesAndNamesLaterShapesWithSuffix) {
  IRModule mod = relay::ParseModule(DenseChain(), "chain.relay");
  std::vector<lower::Task> tasks = lower::ExtractTasks(mod, {});
  // Post order meets the 8x4 function first (the output's callee), then the two 4x4 ones
  // (equal: weights are parameters). Reversed, the 4x4 task comes first and keeps the name.
  EXPECT_EQ(Names(tasks), (std::vector<std::string>{"fused_nn_dense_nn_relu", "fused_nn_dense_nn_relu_1"}));
  EXPECT_EQ(Weights(tasks), (std::vector<int>{2, 1}));
  EXPECT_EQ(FirstParamShape(tasks[0], 1), (std::vector<int64_t>{4, 4}));
  EXPECT_EQ(FirstParamShape(tasks[1], 1), (std::vector<int64_t>{8, 4}));
  for (const auto& t : tasks) {
    const auto* f = t.mod->functions.at("main").as<tir::PrimFuncNode>();
    ASSERT_NE(f, nullptr) << t.name;
    EXPECT_EQ(t.mod->functions.size(), 1u);
    EXPECT_EQ(f->attrs.at("global_symbol").as<StringObj>()->value, "main");
    EXPECT_TRUE(f->attrs.count("tir.noalias"));
    EXPECT_EQ(t.hash, StructuralHash(t.mod)) << t.name;
    EXPECT_TRUE(t.source->IsPrimitive());
  }
  EXPECT_NE(tasks[0].hash, tasks[1].hash);
}

TEST(ExtractTasks, TupleOutputPutsTheLastFieldsTaskFirst) {
  // main's body is a tuple: its fields are visited in order, so the dense function is met
  // first and softmax second; reversed, softmax leads.
  const char* text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4), float32], %w: Tensor[(4, 4), float32]) {
  %0 = nn.dense(%x, %w, units=4);
  %1 = nn.softmax(%x);
  (%0, %1)
}
)";
  std::vector<lower::Task> tasks = lower::ExtractTasks(relay::ParseModule(text, "tuple.relay"), {});
  EXPECT_EQ(Names(tasks), (std::vector<std::string>{"fused_nn_softmax", "fused_nn_dense"}));
  EXPECT_EQ(Weights(tasks), (std::vector<int>{1, 1}));
}

TEST(ExtractTasks, AlreadyPrimitiveFunctionsAreTakenAsTheyAre) {
  const char* text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(2, 3), float32]) -> Tensor[(2, 3), float32] {
  %0 = fn (%p0: Tensor[(2, 3), float32], Primitive=1) -> Tensor[(2, 3), float32] {
    nn.relu(%p0)
  };
  %1 = %0(%x);
  %2 = fn (%p01: Tensor[(2, 3), float32], Primitive=1) -> Tensor[(2, 3), float32] {
    nn.relu(%p01)
  };
  %3 = %2(%1);
  %4 = fn (%p02: Tensor[(2, 3), float32], Primitive=1) -> Tensor[(2, 3), float32] {
    exp(%p02)
  };
  %4(%3)
}
)";
  std::vector<lower::Task> tasks = lower::ExtractTasks(relay::ParseModule(text, "fused.relay"), {});
  EXPECT_EQ(Names(tasks), (std::vector<std::string>{"fused_nn_relu", "fused_exp"}));
  EXPECT_EQ(Weights(tasks), (std::vector<int>{2, 1}));
}

TEST(ExtractTasks, OneFunctionNodeCalledTwiceCountsOnce) {
  // TVM visits each Function node once: a primitive function bound to one name and called at
  // two sites is one call site as far as weights go (FuseOps itself never shares them).
  const char* text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(3), float32]) -> Tensor[(3), float32] {
  %0 = fn (%p0: Tensor[(3), float32], Primitive=1) -> Tensor[(3), float32] {
    negative(%p0)
  };
  %1 = %0(%x);
  %0(%1)
}
)";
  std::vector<lower::Task> tasks = lower::ExtractTasks(relay::ParseModule(text, "shared.relay"), {});
  EXPECT_EQ(Names(tasks), (std::vector<std::string>{"fused_negative"}));
  EXPECT_EQ(Weights(tasks), (std::vector<int>{1}));
}

TEST(ExtractTasks, LinkParamsConstantsDifferingInDataAreDistinctUnlessIgnoringNDArrays) {
  IRModule mod = relay::ParseModule(DenseChain(), "chain.relay");
  std::map<std::string, NDArray> params = {
      {"w1", Filled({4, 4}, 1.f)}, {"w2", Filled({4, 4}, -3.f)}, {"w3", Filled({8, 4}, 0.5f)}};

  // Without link-params the weights are parameters: data never matters.
  std::vector<lower::Task> plain = lower::ExtractTasks(mod, params);
  EXPECT_EQ(Names(plain), (std::vector<std::string>{"fused_nn_dense_nn_relu", "fused_nn_dense_nn_relu_1"}));
  EXPECT_EQ(Weights(plain), (std::vector<int>{2, 1}));

  lower::ExtractOptions linked;
  linked.link_params = true;
  std::vector<lower::Task> structural = lower::ExtractTasks(mod, params, linked);
  // Post order: w3's function, w2's, w1's; reversed: w1, w2, w3.
  EXPECT_EQ(Names(structural), (std::vector<std::string>{"fused_nn_dense_nn_relu", "fused_nn_dense_nn_relu_1",
                                                         "fused_nn_dense_nn_relu_2"}));
  EXPECT_EQ(Weights(structural), (std::vector<int>{1, 1, 1}));
  EXPECT_NE(structural[0].hash, structural[1].hash) << "constant data is part of the structural hash";

  linked.equality = lower::ModuleEquality::kIgnoreNDArray;
  std::vector<lower::Task> ignoring = lower::ExtractTasks(mod, params, linked);
  EXPECT_EQ(Names(ignoring), (std::vector<std::string>{"fused_nn_dense_nn_relu", "fused_nn_dense_nn_relu_1"}));
  EXPECT_EQ(Weights(ignoring), (std::vector<int>{2, 1}));
  for (const auto& t : ignoring) EXPECT_EQ(t.hash, StructuralHash(t.mod, false, true)) << t.name;
  // The merged task's module is its first occurrence's (post order: w2's data).
  EXPECT_TRUE(StructuralEqual(ignoring[0].mod, structural[1].mod));

  // Equal data in two places is one task even under structural equality.
  params["w2"] = Filled({4, 4}, 1.f);
  linked.equality = lower::ModuleEquality::kStructural;
  EXPECT_EQ(Weights(lower::ExtractTasks(mod, params, linked)), (std::vector<int>{2, 1}));
}

TEST(ExtractTasks, AnchorBlockKeepsTheFunctionWithFewerOpsAndCountsBoth) {
  // conv+relu and conv+add(residual)+relu on the same shapes: their conv2d_nchw blocks (the
  // anchors) are equal, so anchor-block equality makes them one task. Sorted by op count, the
  // 2-op function comes first and gives the task its name.
  const char* text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4, 8, 8), float32], %w1: Tensor[(4, 4, 3, 3), float32], %w2: Tensor[(4, 4, 3, 3), float32]) {
  %0 = nn.conv2d(%x, %w1, padding=[1, 1, 1, 1], channels=4, kernel_size=[3, 3]);
  %1 = nn.relu(%0);
  %2 = nn.conv2d(%1, %w2, padding=[1, 1, 1, 1], channels=4, kernel_size=[3, 3]);
  %3 = add(%2, %x);
  nn.relu(%3)
}
)";
  IRModule mod = relay::ParseModule(text, "residual.relay");
  std::vector<lower::Task> structural = lower::ExtractTasks(mod, {});
  EXPECT_EQ(Names(structural), (std::vector<std::string>{"fused_nn_conv2d_nn_relu", "fused_nn_conv2d_add_nn_relu"}));
  lower::ExtractOptions anchor;
  anchor.equality = lower::ModuleEquality::kAnchorBlock;
  std::vector<lower::Task> merged = lower::ExtractTasks(mod, {}, anchor);
  EXPECT_EQ(Names(merged), (std::vector<std::string>{"fused_nn_conv2d_nn_relu"}));
  EXPECT_EQ(Weights(merged), (std::vector<int>{2}));
  // With link-params the weights differ, and anchor-block ignores constant data too.
  std::map<std::string, NDArray> params = {{"w1", Filled({4, 4, 3, 3}, 1.f)}, {"w2", Filled({4, 4, 3, 3}, -2.f)}};
  anchor.link_params = true;
  EXPECT_EQ(Weights(lower::ExtractTasks(mod, params, anchor)), (std::vector<int>{2}));
}

TEST(ExtractTasks, DeterministicAcrossRuns) {
  IRModule mod = relay::ParseModule(DenseChain(), "chain.relay");
  std::vector<lower::Task> a = lower::ExtractTasks(mod, {});
  std::vector<lower::Task> b = lower::ExtractTasks(relay::ParseModule(DenseChain(), "again.relay"), {});
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].hash, b[i].hash);
    EXPECT_TRUE(StructuralEqual(a[i].mod, b[i].mod));
  }
}

TEST(ExtractTasks, ProgressReportsEachPrimitiveFunction) {
  lower::ExtractOptions options;
  std::vector<std::pair<size_t, size_t>> calls;
  options.progress = [&](size_t done, size_t total) { calls.emplace_back(done, total); };
  lower::ExtractTasks(relay::ParseModule(DenseChain(), "chain.relay"), {}, options);
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls.back(), (std::pair<size_t, size_t>{3, 3}));
}

TEST(ExtractTasks, UnknownEqualityNameIsAUserError) {
  EXPECT_EQ(lower::ParseModuleEquality("ignore-ndarray"), lower::ModuleEquality::kIgnoreNDArray);
  EXPECT_EQ(lower::ParseModuleEquality("structural"), lower::ModuleEquality::kStructural);
  EXPECT_EQ(lower::ParseModuleEquality("anchor-block"), lower::ModuleEquality::kAnchorBlock);
  EXPECT_THROW(lower::ParseModuleEquality("anchor"), Error);
}

}  // namespace
}  // namespace tirgen
