// DefaultCpuSchedule (the schedule the executor applies before building): what it does to
// lowering's loop nests, what it leaves alone, and that every golden model computes
// bit-identical outputs with it (each output element's arithmetic keeps its order).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstring>
#include <filesystem>

#include "fresh_build_cache.h"
#include "tirgen/ir/structural_equal.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/io.h"
#include "tirgen/support/npz.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/schedule/default_cpu_schedule.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

std::string ReadText(const fs::path& p) { return ReadFile(p.string()); }

// The single PrimFunc lowering makes of a one-op-chain Relay program.
tir::PrimFunc LowerOne(const std::string& relay_text) {
  IRModule lowered = runtime::LowerForExecution(relay::ParseModule(relay_text));
  for (const auto& kv : lowered->functions)
    if (kv.second.as<tir::PrimFuncNode>()) return kv.second.cast<tir::PrimFunc>();
  ADD_FAILURE() << "no PrimFunc";
  return tir::PrimFunc();
}

struct LoopOrder : public tir::StmtExprVisitor {
  using tir::StmtExprVisitor::VisitStmt_;
  std::string text;  // "name:kind " per loop, outermost first, depth-first
  void VisitStmt_(const tir::ForNode* op) override {
    text += op->loop_var->name_hint + (op->kind == tir::ForKind::kParallel ? ":parallel " : " ");
    tir::StmtExprVisitor::VisitStmt_(op);
  }
};

std::string Loops(const tir::PrimFunc& f) {
  LoopOrder v;
  v.VisitStmt(f->body);
  return v.text;
}

const char* kResnetConv = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 64, 56, 56), float32], %w: Tensor[(64, 64, 3, 3), float32]) {
  nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=64, kernel_size=[3, 3])
}
)";

TEST(DefaultCpuSchedule, ConvolutionGetsSpatialInnermostDecomposedInitAndParallelChannels) {
  tir::PrimFunc f = tir::DefaultCpuSchedule(LowerOne(kResnetConv));
  std::string text = script::Print(f);
  EXPECT_NE(text.find("T.block(\"conv2d_nchw_init\")"), std::string::npos) << text;
  EXPECT_NE(text.find("T.block(\"conv2d_nchw_update\")"), std::string::npos) << text;
  // pad_temp: 64*58*58 instances (< 2^20): serial. The convolution: xx moved below rc, ry, rx;
  // its init loop copies xx; ff, the first non-unit data-parallel loop, is parallel.
  EXPECT_EQ(Loops(f), "i0 i1 i2 i3 nn ff:parallel yy xx_init rc ry rx xx ") << text;
}

TEST(DefaultCpuSchedule, SmallOrShortNestsStayAsTheyAre) {
  // 2x3 spatial and 4 reduction iterations: nothing worth moving or parallelising.
  tir::PrimFunc f = LowerOne(R"(#[version = "0.0.5"]
def @main(%x: Tensor[(2, 3, 4), float32]) {
  sum(%x, axis=[2])
}
)");
  EXPECT_TRUE(StructuralEqual(tir::DefaultCpuSchedule(f), f));
}

TEST(DefaultCpuSchedule, ScheduledNestsAreLeftAlone) {
  // Applying it again changes nothing: the decomposed nest is no longer perfect, the
  // parallel loop no longer serial.
  tir::PrimFunc once = tir::DefaultCpuSchedule(LowerOne(kResnetConv));
  EXPECT_TRUE(StructuralEqual(tir::DefaultCpuSchedule(once), once)) << script::Print(once);
}

class DefaultCpuScheduleGolden : public FreshBuildCache {
 protected:
  DefaultCpuScheduleGolden() : FreshBuildCache("default_sched") {}
};

// Every golden model, run by the executor with and without the schedule: outputs equal bit
// for bit (so the schedule can never be what makes a numerics test pass or fail).
TEST_F(DefaultCpuScheduleGolden, EveryGoldenModelComputesBitIdenticalOutputs) {
  fs::path golden = fs::path(TIRGEN_SHARED_DIR) / "golden";
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(golden))
    if (fs::exists(e.path() / "manifest.json") && fs::exists(e.path() / "input.relay")) cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  ASSERT_FALSE(cases.empty());
  int rescheduled = 0;
  for (const fs::path& c : cases) {
    SCOPED_TRACE(c.filename().string());
    auto man = nlohmann::json::parse(ReadText(c / "manifest.json"));
    std::map<std::string, NDArray> params;
    if (fs::exists(c / "params.npz")) params = LoadNpz((c / "params.npz").string());
    IRModule lowered = runtime::LowerForExecution(relay::ParseModule(ReadText(c / "input.relay"), c.string()), params,
                                                  man["link_params"].get<bool>());
    IRModule scheduled = tir::DefaultCpuSchedule(lowered);
    for (const auto& kv : lowered->functions)
      if (kv.second.as<tir::PrimFuncNode>() && !StructuralEqual(kv.second, scheduled->functions.at(kv.first)))
        ++rescheduled;
    std::map<std::string, NDArray> inputs;
    for (const auto& in : man["inputs"])
      inputs[in["name"].get<std::string>()] = LoadNpy((c / in["file"].get<std::string>()).string());
    std::vector<NDArray> plain = runtime::Executor(lowered, runtime::BuildModule(lowered)).RunNamed(inputs);
    std::vector<NDArray> fast = runtime::Executor(lowered, runtime::BuildModule(scheduled)).RunNamed(inputs);
    ASSERT_EQ(plain.size(), fast.size());
    for (size_t k = 0; k < plain.size(); ++k) {
      ASSERT_EQ(plain[k]->shape, fast[k]->shape);
      size_t bytes = plain[k]->NumElements() * plain[k]->dtype.bytes();
      EXPECT_EQ(std::memcmp(plain[k].data(), fast[k].data(), bytes), 0) << "output " << k << " differs";
    }
  }
  // Not vacuous: the convolutions, matmuls and reductions among them were rescheduled.
  EXPECT_GE(rescheduled, 10);
}

}  // namespace
}  // namespace tirgen
