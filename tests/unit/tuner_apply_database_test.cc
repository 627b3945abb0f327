// Applying a tuning database (tuner/apply_database.h, runtime::ScheduleProvider): a model's
// PrimFuncs get the sampled schedules committed for them, weights packed as those say, outputs
// as the default build's; records that do not apply fall back with a note; the same database
// gives the same C; `tirgen run/build --db`. Outputs are compared with the default build within
// |a - b| <= 1e-4 * (|b| + 1) (the schedules keep each output's reduction order; the C compiler
// may still contract multiply-adds differently).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>

#include "cli_test_util.h"
#include "random_tensor.h"
#include "tirgen/ir/npz.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/structural.h"
#include "tirgen/relay/text.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tuner/apply_database.h"

namespace tirgen {
namespace {

const char kModel[] = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 8, 10, 10), float32], %w: Tensor[(16, 8, 3, 3), float32], %d: Tensor[(10, 1600), float32]) {
  %0 = nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=16, kernel_size=[3, 3]);
  %1 = nn.relu(%0);
  %2 = reshape(%1, newshape=[1, 1600]);
  nn.dense(%2, %d, units=10)
}
)";


using testing_util::RandomTensor;

std::map<std::string, NDArray> Params() {
  return {{"w", RandomTensor({16, 8, 3, 3}, 1)}, {"d", RandomTensor({10, 1600}, 2)}};
}
NDArray Input() { return RandomTensor({1, 8, 10, 10}, 3); }

const target::Target& Target() {
  static const target::Target t = target::DefaultBuildTarget();
  return t;
}

const IRModule& Lowered() {
  static const IRModule lowered = runtime::LowerForExecution(relay::ParseModule(kModel), Params());
  return lowered;
}

std::vector<std::string> PrimFuncNames(const IRModule& mod) {
  std::vector<std::string> names;
  for (const auto& kv : mod->functions)
    if (kv.second.as<tir::PrimFuncNode>()) names.push_back(kv.first);
  return names;
}

std::string NameWith(const std::string& part) {
  for (const std::string& n : PrimFuncNames(Lowered()))
    if (n.find(part) != std::string::npos) return n;
  ADD_FAILURE() << "no PrimFunc named with " << part;
  return "";
}

// Commits, for every PrimFunc of the model, the schedule sampled with `seed` (its trace taken
// from `trace_of`'s sample when given: a record made for another function); name -> sample.
std::map<std::string, tir::SampledSchedule> MakeDatabase(const std::string& dir, int64_t seed,
                                                         const std::map<std::string, std::string>& trace_of = {}) {
  tuner::JSONDatabase db(dir, Target());
  std::map<std::string, std::set<int>> free = runtime::LayoutFreeParams(Lowered());
  std::map<std::string, tir::SampledSchedule> samples;
  for (const std::string& name : PrimFuncNames(Lowered())) {
    tir::PrimFunc f = Lowered()->functions.at(name).cast<tir::PrimFunc>();
    samples[name] = tir::SampleCpuSchedule(f, Target(), free[name], seed);
  }
  for (const auto& [name, s] : samples) {
    IRModule task = lower::TaskModule(Lowered()->functions.at(name).cast<tir::PrimFunc>());
    int w = db.CommitWorkload(task);
    auto other = trace_of.find(name);
    const tir::Trace& trace = other == trace_of.end() ? s.trace : samples.at(other->second).trace;
    db.CommitTuningRecord({trace.AsJSON(), w, {1e-4}, db.target(), tuner::ArgsInfo(task)});
  }
  return samples;
}

struct Applied {
  runtime::ScheduledModule scheduled;
  std::shared_ptr<tuner::ApplyReport> report = std::make_shared<tuner::ApplyReport>();
};

Applied Apply(const std::string& dir, const IRModule& mod = Lowered()) {
  Applied a;
  a.scheduled = runtime::ScheduleForTarget(
      mod, Target(), tuner::DatabaseScheduleProvider(tuner::OpenDatabaseToApply(dir, Target()), a.report));
  return a;
}

// PrimFunc name -> the constant arguments of its (first) call in main, by position.
std::map<std::string, std::map<int, NDArray>> ConstantArgs(const IRModule& mod) {
  std::map<std::string, std::map<int, NDArray>> out;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& e) {
    const auto* call = e.as<relay::CallNode>();
    std::vector<relay::Expr> args;
    const relay::GlobalVarNode* gv = call ? lower::LoweredCallee(call, &args) : nullptr;
    if (!gv || out.count(gv->name_hint)) return;
    for (size_t i = 0; i < args.size(); ++i)
      if (const auto* c = args[i].as<relay::ConstantNode>()) out[gv->name_hint][static_cast<int>(i)] = c->data;
  });
  return out;
}

bool SameBytes(const NDArray& a, const NDArray& b) {
  return a->shape == b->shape && a->dtype == b->dtype &&
         std::memcmp(a.data(), b.data(), a->NumElements() * a->dtype.bytes()) == 0;
}

void ExpectClose(const NDArray& want, const NDArray& got) {
  ASSERT_EQ(want->shape, got->shape);
  int bad = 0;
  for (int64_t i = 0; i < want->NumElements(); ++i) {
    double a = want.data_as<float>()[i], b = got.data_as<float>()[i];
    if (!(std::fabs(a - b) <= 1e-4 * (std::fabs(a) + 1)) && bad++ < 3)
      ADD_FAILURE() << "element " << i << ": want " << a << ", got " << b;
  }
  EXPECT_EQ(bad, 0);
}

class ApplyDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "tirgen_apply_db_" + std::to_string(getpid());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Dir(const std::string& name) const { return dir_ + "/" + name; }
  std::string dir_;
};

TEST_F(ApplyDatabase, FunctionsGetTheirRecordsSchedulesAndPackedWeights) {
  std::map<std::string, tir::SampledSchedule> samples = MakeDatabase(Dir("db"), 3);
  Applied a = Apply(Dir("db"));
  ASSERT_GE(samples.size(), 2u);
  EXPECT_EQ(a.report->tuned, static_cast<int>(samples.size()));
  EXPECT_EQ(a.report->functions, static_cast<int>(samples.size()));
  EXPECT_TRUE(a.report->notes.empty());
  EXPECT_EQ(a.report->Summary(), "tuning database " + Dir("db") + ": " + std::to_string(samples.size()) + " of " +
                                     std::to_string(samples.size()) + " functions tuned");
  std::map<std::string, std::map<int, NDArray>> before = ConstantArgs(Lowered());
  std::map<std::string, std::map<int, NDArray>> after = ConstantArgs(a.scheduled.mod);
  int packed = 0, not_default = 0;
  std::map<std::string, std::set<int>> free = runtime::LayoutFreeParams(Lowered());
  for (const auto& [name, s] : samples) {
    SCOPED_TRACE(name);
    not_default += tir::ScheduleForCpu(Lowered()->functions.at(name).cast<tir::PrimFunc>(), Target(), free[name]).trace !=
                   s.trace.Str();
    EXPECT_TRUE(StructuralEqual(a.scheduled.mod->functions.at(name), s.func));
    EXPECT_EQ(a.scheduled.traces.at(name), s.trace.Str());
    EXPECT_TRUE(a.scheduled.provided.count(name));
    for (const tir::ParamLayoutRewrite& rw : s.rewrites) {
      EXPECT_TRUE(SameBytes(after[name].at(rw.param_index), runtime::ApplyIndexMap(before[name].at(rw.param_index), rw.map)));
      ++packed;
    }
  }
  EXPECT_GE(packed, 1);       // the conv2d weight at least
  EXPECT_GE(not_default, 1);  // the seed chose something the default rules do not
  NDArray want = runtime::Executor(Lowered(), Target()).Run({Input()})[0];
  ExpectClose(want, runtime::Executor(a.scheduled.mod, runtime::BuildModule(a.scheduled.mod, Target())).Run({Input()})[0]);
}

// A record replayed on the wrong function (the conv2d's trace for the dense) falls back.
TEST_F(ApplyDatabase, RecordThatDoesNotReplayFallsBackWithANote) {
  std::string conv = NameWith("conv2d"), dense = NameWith("dense");
  MakeDatabase(Dir("db"), 3, {{dense, conv}});
  Applied a = Apply(Dir("db"));
  ASSERT_EQ(a.report->notes.size(), 1u);
  EXPECT_EQ(a.report->notes[0].rfind("tuning record for @" + dense + " does not apply: its trace does not replay (", 0),
            0u)
      << a.report->notes[0];
  EXPECT_NE(a.report->notes[0].find("; default schedule used"), std::string::npos);
  EXPECT_EQ(a.report->notes[0].find('\n'), std::string::npos);
  EXPECT_EQ(a.report->tuned, a.report->functions - 1);
  EXPECT_FALSE(a.scheduled.provided.count(dense));
  std::set<int> free = runtime::LayoutFreeParams(Lowered())[dense];
  tir::CpuScheduleResult def = tir::ScheduleForCpu(Lowered()->functions.at(dense).cast<tir::PrimFunc>(), Target(), free);
  EXPECT_TRUE(StructuralEqual(a.scheduled.mod->functions.at(dense), def.func));
  EXPECT_EQ(a.scheduled.traces.at(dense), def.trace);
}

// Without main nothing is layout-free: a record packing a weight does not apply.
TEST_F(ApplyDatabase, RecordPackingAParameterPassedAsGivenFallsBack) {
  std::map<std::string, tir::SampledSchedule> samples = MakeDatabase(Dir("db"), 3);
  std::map<std::string, ObjectRef> prims;
  for (const std::string& n : PrimFuncNames(Lowered())) prims[n] = Lowered()->functions.at(n);
  Applied a = Apply(Dir("db"), IRModule(prims));
  std::string conv = NameWith("conv2d");
  ASSERT_FALSE(samples[conv].rewrites.empty());
  bool noted = false;
  for (const std::string& n : a.report->notes)
    noted = noted || n.rfind("tuning record for @" + conv + " does not apply: it packs parameter 1,", 0) == 0;
  EXPECT_TRUE(noted) << ::testing::PrintToString(a.report->notes);
  EXPECT_FALSE(a.scheduled.provided.count(conv));
}

TEST_F(ApplyDatabase, SameDatabaseGivesTheSameCodeAndOutputs) {
  MakeDatabase(Dir("db"), 5);
  Applied a = Apply(Dir("db")), b = Apply(Dir("db"));
  for (const std::string& name : PrimFuncNames(Lowered()))
    EXPECT_TRUE(StructuralEqual(a.scheduled.mod->functions.at(name), b.scheduled.mod->functions.at(name))) << name;
  EXPECT_TRUE(relay::StructuralEqual(a.scheduled.mod.Lookup("main").cast<relay::Expr>(),
                                     b.scheduled.mod.Lookup("main").cast<relay::Expr>()));
  EXPECT_EQ(a.scheduled.traces, b.scheduled.traces);
  EXPECT_EQ(runtime::EmitC(a.scheduled.mod, Target()).code, runtime::EmitC(b.scheduled.mod, Target()).code);
  auto run = [&] {
    return runtime::Executor(Lowered(), Target(),
                             tuner::DatabaseScheduleProvider(tuner::OpenDatabaseToApply(Dir("db"), Target())))
        .Run({Input()})[0];
  };
  EXPECT_TRUE(SameBytes(run(), run()));
}

TEST_F(ApplyDatabase, MissingDirectoryIsAnErrorNotAnEmptyDatabase) {
  try {
    tuner::OpenDatabaseToApply(Dir("nope"), Target());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), Dir("nope") + ": error: no such tuning database directory");
  }
  EXPECT_FALSE(std::filesystem::exists(Dir("nope")));
}

// `tirgen run/build --db`: the summary, notes and warnings on stderr; bad databases exit 2.
TEST_F(ApplyDatabase, Cli) {
  using tirgen_cli_test::RunCli;
  std::filesystem::create_directories(dir_);
  tirgen_cli_test::WriteText(Dir("model.relay"), kModel);
  SaveNpz(Dir("p.npz"), Params());
  SaveNpy(Dir("x.npy"), Input());
  MakeDatabase(Dir("db"), 3);
  // A record of another target: skipped with a warning.
  target::Target other = target::Target::Parse("llvm -mcpu=x86-64 -num-cores 1");
  ASSERT_NE(other, Target());
  {
    tuner::JSONDatabase db(Dir("db"), other);
    IRModule task = lower::TaskModule(Lowered()->functions.at(NameWith("dense")).cast<tir::PrimFunc>());
    int w = db.CommitWorkload(task);
    db.CommitTuningRecord({tir::SampleCpuSchedule(task->functions.at("main").cast<tir::PrimFunc>(), other).trace.AsJSON(),
                           w, {1e-4}, other, tuner::ArgsInfo(task)});
  }
  std::string n = std::to_string(PrimFuncNames(Lowered()).size());
  std::string model = Dir("model.relay") + " --params " + Dir("p.npz");
  auto r = RunCli("run " + model + " --input x=" + Dir("x.npy") + " --output-dir " + Dir("out") + " --db " + Dir("db"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: " + Dir("db") + "/database_tuning_record.json: 1 record"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("tuning database " + Dir("db") + ": " + n + " of " + n + " functions tuned\n"),
            std::string::npos)
      << r.output;
  runtime::Executor ex(Lowered(), Target(),
                       tuner::DatabaseScheduleProvider(tuner::OpenDatabaseToApply(Dir("db"), Target())));
  EXPECT_TRUE(SameBytes(LoadNpy(Dir("out/output_0.npy")), ex.Run({Input()})[0]));

  // build keeps the weights' layouts: the conv2d's record packs one, so it does not apply.
  r = RunCli("build " + model + " -o " + Dir("lib.so") + " --db " + Dir("db"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("note: tuning record for @" + NameWith("conv2d") + " does not apply: it packs parameter 1,"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("functions tuned\n"), std::string::npos) << r.output;

  for (const std::string& cmd : {"run " + model + " --input x=" + Dir("x.npy") + " --output-dir " + Dir("out2"),
                                 "build " + model + " -o " + Dir("lib2.so")}) {
    r = RunCli(cmd + " --db " + Dir("missing"));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_EQ(r.output, Dir("missing") + ": error: no such tuning database directory\n");
    EXPECT_FALSE(std::filesystem::exists(Dir("missing")));
    std::filesystem::create_directories(Dir("corrupt"));
    tirgen_cli_test::WriteText(Dir("corrupt/database_workload.json"), "[\"1\", \"AAAA\"]\nnot json\n");
    r = RunCli(cmd + " --db " + Dir("corrupt"));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_EQ(r.output.rfind(Dir("corrupt/database_workload.json") + ":1:", 0), 0u) << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << r.output;
  }
  EXPECT_FALSE(std::filesystem::exists(Dir("out2")));
  EXPECT_FALSE(std::filesystem::exists(Dir("lib2.so")));
}

}  // namespace
}  // namespace tirgen
