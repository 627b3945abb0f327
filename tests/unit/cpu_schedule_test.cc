// The default CPU schedule rules (tir::ScheduleForCpu) and their driver for a whole module
// (runtime::ScheduleForTarget): the schedule each kind of block gets, the packed weights, and
// that every golden model computes the same outputs with them as without (within float
// reassociation from fused multiply-adds: rtol 1e-5, atol 1e-5 x the output's magnitude).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <random>

#include "fresh_build_cache.h"
#include "random_tensor.h"
#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

const target::Target& Avx512() {
  static const target::Target t = target::Target::Parse("c -mcpu=x86-64-v4");
  return t;
}

// Tests that run code built for AVX-512 need a host that has it (every machine of this
// project's kind does); elsewhere they skip, saying why.
#define REQUIRE_AVX512()                                                                    \
  if (target::Target::Host().VectorBits() < 512) GTEST_SKIP() << "the host has no AVX-512: " \
                                                                 "code built for x86-64-v4 cannot run here"


tir::PrimFunc LowerOne(const std::string& relay_text) {
  IRModule lowered = runtime::LowerForExecution(relay::ParseModule(relay_text));
  for (const auto& kv : lowered->functions)
    if (kv.second.as<tir::PrimFuncNode>()) return kv.second.cast<tir::PrimFunc>();
  ADD_FAILURE() << "no PrimFunc";
  return tir::PrimFunc();
}

NDArray Random(const std::vector<int64_t>& shape, uint32_t seed) { return testing_util::RandomTensor(shape, seed); }

void ExpectClose(const NDArray& want, const NDArray& got, double rtol = 1e-5) {
  ASSERT_EQ(want->shape, got->shape);
  ASSERT_EQ(want->dtype, got->dtype);
  if (!want->dtype.is_float() || want->dtype.bits() != 32) {
    EXPECT_EQ(std::memcmp(want.data(), got.data(), want->NumElements() * want->dtype.bytes()), 0);
    return;
  }
  const float* a = want.data_as<float>();
  const float* b = got.data_as<float>();
  double scale = 0;
  for (int64_t i = 0; i < want->NumElements(); ++i) scale = std::max(scale, std::fabs(double(a[i])));
  int bad = 0;
  for (int64_t i = 0; i < want->NumElements(); ++i) {
    bool same_nan = std::isnan(a[i]) && std::isnan(b[i]);
    if (!same_nan && !(std::fabs(double(a[i]) - b[i]) <= rtol * std::fabs(double(a[i])) + 1e-5 * std::max(1.0, scale)))
      if (bad++ < 3) ADD_FAILURE() << "element " << i << ": want " << a[i] << ", got " << b[i];
  }
  EXPECT_EQ(bad, 0);
}

const char* kResnetConv = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 64, 56, 56), float32], %w: Tensor[(64, 64, 3, 3), float32]) {
  nn.relu(nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=64, kernel_size=[3, 3]))
}
)";

class CpuSchedule : public FreshBuildCache {
 protected:
  CpuSchedule() : FreshBuildCache("cpu_schedule") {}
};

TEST_F(CpuSchedule, ConvolutionIsRegisterTiledOverPackedWeights) {
  REQUIRE_AVX512();
  tir::PrimFunc f = LowerOne(kResnetConv);
  tir::CpuScheduleResult r = tir::ScheduleForCpu(f, Avx512(), {1});
  std::string text = script::Print(r.func);
  // 64 output channels: two 16-lane vectors per tile; the weight packed (O/32, I, KH, KW, 32).
  ASSERT_EQ(r.rewrites.size(), 1u) << r.trace;
  EXPECT_EQ(r.rewrites[0].param_index, 1);
  EXPECT_EQ(r.rewrites[0].map.ToPython(), "lambda v0, v1, v2, v3: (v0 // T.int64(32), v1, v2, v3, v0 % T.int64(32),)");
  for (const char* step : {"sch.transform_layout", "sch.cache_write", "sch.reverse_compute_inline",
                           "sch.reverse_compute_at", "sch.decompose_reduction", "sch.vectorize", "sch.unroll",
                           "sch.parallel"})
    EXPECT_NE(r.trace.find(step), std::string::npos) << step << " missing from\n" << r.trace;
  EXPECT_NE(text.find("T.Buffer((T.int64(2), T.int64(64), T.int64(3), T.int64(3), T.int64(32))"), std::string::npos)
      << text;
  EXPECT_NE(text.find("T.vectorized(T.int64(16))"), std::string::npos) << text;
  EXPECT_NE(text.find("T.parallel("), std::string::npos) << text;
  // The relu went into the accumulator's write-back: no separate T_relu nest is left.
  EXPECT_EQ(text.find("with T.block(\"T_relu\")"), std::string::npos) << text;

  // It computes the same as the unscheduled function, given the packed weight.
  NDArray x = Random({1, 64, 56, 56}, 1), w = Random({64, 64, 3, 3}, 2);
  NDArray want = runtime::BuildModule(f).Run("main", {x, w})[0];
  NDArray got = runtime::BuildModule(r.func).Run("main", {x, runtime::ApplyIndexMap(w, r.rewrites[0].map)})[0];
  ExpectClose(want, got);
}

TEST_F(CpuSchedule, WeightsThatAreNotConstantKeepTheirLayout) {
  REQUIRE_AVX512();
  tir::CpuScheduleResult r = tir::ScheduleForCpu(LowerOne(kResnetConv), Avx512(), {});
  EXPECT_TRUE(r.rewrites.empty());
  NDArray x = Random({1, 64, 56, 56}, 3), w = Random({64, 64, 3, 3}, 4);
  ExpectClose(runtime::BuildModule(LowerOne(kResnetConv)).Run("main", {x, w})[0],
              runtime::BuildModule(r.func).Run("main", {x, w})[0]);
}

TEST_F(CpuSchedule, SameInputSameScheduleAndTrace) {
  tir::CpuScheduleResult a = tir::ScheduleForCpu(LowerOne(kResnetConv), Avx512(), {1});
  tir::CpuScheduleResult b = tir::ScheduleForCpu(LowerOne(kResnetConv), Avx512(), {1});
  EXPECT_EQ(a.trace, b.trace);
  EXPECT_EQ(script::Print(a.func), script::Print(b.func));
}

// Weights bound as params are constants in main: packed once by ScheduleForTarget, and the
// executor's outputs equal the unscheduled build's (rtol 1e-5).
TEST_F(CpuSchedule, WeightsBoundAsParamsArePackedOnce) {
  REQUIRE_AVX512();
  const char* text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 32, 14, 14), float32], %w1: Tensor[(64, 32, 3, 3), float32], %w2: Tensor[(64, 64, 1, 1), float32], %d: Tensor[(10, 64), float32]) {
  %0 = nn.relu(nn.conv2d(%x, %w1, padding=[1, 1, 1, 1], channels=64, kernel_size=[3, 3]));
  %1 = nn.conv2d(%0, %w2, padding=[0, 0, 0, 0], channels=64, kernel_size=[1, 1]);
  %2 = nn.global_avg_pool2d(%1);
  nn.dense(nn.batch_flatten(%2), %d, units=10)
}
)";
  std::map<std::string, NDArray> params = {
      {"w1", Random({64, 32, 3, 3}, 5)}, {"w2", Random({64, 64, 1, 1}, 6)}, {"d", Random({10, 64}, 7)}};
  IRModule lowered = runtime::LowerForExecution(relay::ParseModule(text), params);
  runtime::ScheduledModule s = runtime::ScheduleForTarget(lowered, Avx512());
  int packed_params = 0;
  for (const auto& kv : lowered->functions) {
    const auto* f = kv.second.as<tir::PrimFuncNode>();
    if (!f) continue;
    const auto* g = s.mod->functions.at(kv.first).as<tir::PrimFuncNode>();
    for (size_t i = 0; i < f->buffer_map.size(); ++i)
      packed_params += f->buffer_map[i].second->shape.size() != g->buffer_map[i].second->shape.size();
  }
  EXPECT_EQ(packed_params, 2);  // both convolutions' weights (64 channels); the dense has 10 outputs
  NDArray x = Random({1, 32, 14, 14}, 8);
  std::vector<NDArray> want = runtime::Executor(lowered, runtime::BuildModule(lowered)).RunNamed({{"x", x}});
  std::vector<NDArray> got = runtime::Executor(lowered, Avx512()).RunNamed({{"x", x}});
  ASSERT_EQ(want.size(), 1u);
  ASSERT_EQ(got.size(), 1u);
  ExpectClose(want[0], got[0]);
}

// A 13-row dense whose row loop is split by 4 (a predicated tail), reordered
// [i_0, j, k, i_1]; with `write_back`, its accumulator cached "local" and written back at j.
// Checks `expected` is in the result's text, and that it computes what the unscheduled one
// does (rtol 1e-5).
void CheckPredicatedTail(bool write_back, const std::string& expected) {
  tir::PrimFunc f = LowerOne(R"(#[version = "0.0.5"]
def @main(%x: Tensor[(13, 16), float32], %w: Tensor[(32, 16), float32]) {
  nn.dense(%x, %w, units=32)
}
)");
  tir::Schedule sch(f);
  tir::BlockRV b = sch.GetBlock("T_matmul_NT");
  std::vector<tir::LoopRV> loops = sch.GetLoops(b);
  std::vector<tir::LoopRV> i = sch.Split(loops[0], {std::nullopt, 4});
  sch.Reorder({i[0], loops[1], loops[2], i[1]});
  if (write_back) sch.ReverseComputeAt(sch.CacheWrite(b, 0, "local"), loops[1]);
  sch.DecomposeReduction(b, loops[2]);
  tir::PrimFunc g = sch.mod()->functions.at("main").cast<tir::PrimFunc>();
  std::string text = script::Print(g);
  EXPECT_NE(text.find(expected), std::string::npos) << text;
  NDArray x = Random({13, 16}, 9), w = Random({32, 16}, 10);
  ExpectClose(runtime::BuildModule(f).Run("main", {x, w})[0], runtime::BuildModule(g).Run("main", {x, w})[0]);
}

// Decomposed under the tail: the init block's predicate is over its own loop copies (it used
// to name the update's loop variable, out of scope).
TEST_F(CpuSchedule, DecomposedReductionWithAPredicatedTailBuildsAndComputesTheSame) {
  CheckPredicatedTail(false, "T.where(i_0 * T.int64(4) + i_1_init < T.int64(13))");
}

// A write-back computed at the tile covers the tail's rows too: it keeps to its domain with
// a predicate (it used to write past the output).
TEST_F(CpuSchedule, ReverseComputeAtUnderAPredicatedTailStaysInItsDomain) {
  CheckPredicatedTail(true, "T.where(i_0 * T.int64(4) + ax0 < T.int64(13))");
}

// Stride-2 windows over widths no vector width divides (squeezenet's 109 -> 54 pooling,
// mobilenet's depthwise convolutions): output rows vectorized (two loads and a shuffle per
// stride-2 vector in the C), the last vector of a row predicated; the same outputs.
TEST_F(CpuSchedule, StrideTwoWindowsVectorizeRowsWithAPredicatedTail) {
  REQUIRE_AVX512();
  const char* pool = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 16, 109, 109), float32]) {
  nn.max_pool2d(%x, pool_size=[3, 3], strides=[2, 2], padding=[0, 0, 0, 0])
}
)";
  const char* depthwise = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 32, 58, 58), float32], %w: Tensor[(32, 1, 3, 3), float32]) {
  nn.conv2d(%x, %w, strides=[2, 2], padding=[1, 1, 1, 1], groups=32, channels=32, kernel_size=[3, 3])
}
)";
  for (const char* program : {pool, depthwise}) {
    tir::PrimFunc f = LowerOne(program);
    tir::CpuScheduleResult r = tir::ScheduleForCpu(f, Avx512(), {1});
    std::string text = script::Print(r.func);
    EXPECT_TRUE(r.rewrites.empty()) << r.trace;  // the rows need no repacking
    EXPECT_NE(text.find("T.vectorized(T.int64(16))"), std::string::npos) << text;
    EXPECT_NE(text.find("T.where("), std::string::npos) << text;
    EXPECT_NE(text.find("* T.int64(2) + v_"), std::string::npos) << "stride-2 reads\n" << text;
    std::vector<NDArray> args{Random({1, program == pool ? 16 : 32, program == pool ? 109 : 58, program == pool ? 109 : 58}, 5)};
    if (program == depthwise) args.push_back(Random({32, 1, 3, 3}, 6));
    ExpectClose(runtime::BuildModule(f).Run("main", args)[0], runtime::BuildModule(r.func, "main").Run("main", args)[0]);
  }
}

// Padding that no window reaches (ceil-mode pooling of squeezenet1_0) is inlined: the padding
// pass disappears. Padding that windows read stays its own block.
TEST_F(CpuSchedule, PaddingIsInlinedOnlyWhereNoWindowReadsIt) {
  const char* unread = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 8, 27, 27), float32]) {
  nn.max_pool2d(%x, pool_size=[3, 3], strides=[2, 2], padding=[0, 0, 0, 0], ceil_mode=True)
}
)";
  const char* read = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 8, 28, 28), float32]) {
  nn.max_pool2d(%x, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1])
}
)";
  for (const char* program : {unread, read}) {
    tir::PrimFunc f = LowerOne(program);
    std::string before = script::Print(f);
    ASSERT_NE(before.find("with T.block(\"pad_temp\")"), std::string::npos) << before;
    tir::CpuScheduleResult r = tir::ScheduleForCpu(f, target::Target::Parse("c"), {});
    std::string text = script::Print(r.func);
    EXPECT_EQ(text.find("with T.block(\"pad_temp\")") == std::string::npos, program == unread) << text;
    NDArray x = Random({1, 8, program == unread ? 27 : 28, program == unread ? 27 : 28}, 7);
    ExpectClose(runtime::BuildModule(f).Run("main", {x})[0], runtime::BuildModule(r.func).Run("main", {x})[0]);
  }
}

TEST(ApplyIndexMap, PacksTheSplitDimensionInnermost) {
  std::vector<uint8_t> bytes(6 * 4);
  for (int i = 0; i < 6; ++i) {
    float v = static_cast<float>(i);
    std::memcpy(bytes.data() + 4 * i, &v, 4);
  }
  NDArray a({4, 1, 1, 1}, DataType::Float(32), std::vector<uint8_t>(bytes.begin(), bytes.begin() + 16));
  // (4, 1, 1, 1) -> (2, 1, 1, 1, 2): element o goes to [o // 2, 0, 0, 0, o % 2].
  tir::IndexMap m = tir::IndexMap::FromPython("lambda a, b, c, d: (a // 2, b, c, d, a % 2)", DataType::Int(64));
  NDArray p = runtime::ApplyIndexMap(a, m);
  EXPECT_EQ(p->shape, (std::vector<int64_t>{2, 1, 1, 1, 2}));
  const float* v = p.data_as<float>();
  EXPECT_EQ(std::vector<float>(v, v + 4), (std::vector<float>{0, 1, 2, 3}));
  // A transpose: (2, 3) -> (3, 2).
  NDArray t({2, 3}, DataType::Float(32), bytes);
  NDArray tt = runtime::ApplyIndexMap(t, tir::IndexMap::FromPython("lambda i, j: (j, i)", DataType::Int(64)));
  const float* u = tt.data_as<float>();
  EXPECT_EQ(std::vector<float>(u, u + 6), (std::vector<float>{0, 3, 1, 4, 2, 5}));
}

// Every golden model, run by the executor as lowered and with the host's schedule: the same
// outputs (rtol 1e-5; integer outputs exactly), and most functions rescheduled. (Their weights
// are inputs, so nothing is packed: see WeightsBoundAsParamsArePackedOnce.)
TEST_F(CpuSchedule, EveryGoldenModelComputesTheSameOutputs) {
  fs::path golden = fs::path(TIRGEN_SHARED_DIR) / "golden";
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(golden))
    if (fs::exists(e.path() / "manifest.json") && fs::exists(e.path() / "input.relay")) cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  ASSERT_FALSE(cases.empty());
  int rescheduled = 0;
  for (const fs::path& c : cases) {
    SCOPED_TRACE(c.filename().string());
    auto man = nlohmann::json::parse(ReadFile((c / "manifest.json").string()));
    std::map<std::string, NDArray> params;
    if (fs::exists(c / "params.npz")) params = LoadNpz((c / "params.npz").string());
    IRModule lowered = runtime::LowerForExecution(relay::ParseModule(ReadFile((c / "input.relay").string()), c.string()),
                                                  params, man["link_params"].get<bool>());
    runtime::ScheduledModule s = runtime::ScheduleForTarget(lowered, target::Target::Host());
    for (const auto& kv : lowered->functions) {
      if (!kv.second.as<tir::PrimFuncNode>()) continue;
      rescheduled += !StructuralEqual(kv.second, s.mod->functions.at(kv.first));
    }
    std::map<std::string, NDArray> inputs;
    for (const auto& in : man["inputs"])
      inputs[in["name"].get<std::string>()] = LoadNpy((c / in["file"].get<std::string>()).string());
    std::vector<NDArray> plain = runtime::Executor(lowered, runtime::BuildModule(lowered)).RunNamed(inputs);
    std::vector<NDArray> fast = runtime::Executor(lowered).RunNamed(inputs);
    ASSERT_EQ(plain.size(), fast.size());
    for (size_t k = 0; k < plain.size(); ++k) ExpectClose(plain[k], fast[k]);
  }
  EXPECT_GE(rescheduled, 20);
}

}  // namespace
}  // namespace tirgen
