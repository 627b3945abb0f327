// Trace replay across processes: a trace recorded on tirgen's own lowering of the embedded-weight
// conv2d (golden/conv2d_link_params/bound_meta.relay, link-params: the weight is an
// AllocateConst) applies unchanged to a second lowering done in another process (fork; the
// lowering runs again there), giving the same module, and the scheduled program runs equal to
// the unscheduled one. (tests/python/test_schedule.py does the same in a fresh interpreter.)
// Also: the trace parser's located errors.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_test_util.h"
#include "schedule_test_util.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/tir/schedule/tensor_intrin.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using testing::ReadText;

PrimFunc LowerConvLinkParams() {
  fs::path f = fs::path(TIRGEN_SHARED_DIR) / "golden" / "conv2d_link_params" / "bound_meta.relay";
  lower::ExtractOptions opts;
  opts.link_params = true;
  std::vector<lower::Task> tasks = lower::ExtractTasks(relay::ParseModule(ReadText(f), f.string()), {}, opts);
  if (tasks.size() != 1) throw InternalError("conv2d_link_params: expected one task");
  return tasks[0].mod->functions.at("main").cast<PrimFunc>();
}

void RegisterDot3() {
  fs::path d = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / "seed_regression";
  TensorIntrin::Register("dot3_u8u8i32", script::Parse(ReadText(d / "dot3_desc.py")).cast<PrimFunc>(),
                         script::Parse(ReadText(d / "dot3_impl.py")).cast<PrimFunc>(), /*override=*/true);
}

// A TensorIntrinScope's registrations end with it: a new name is gone, a replaced one is back.
TEST(TensorIntrinScope, RestoresTheRegistryAsItWas) {
  fs::path d = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / "seed_regression";
  PrimFunc desc = script::Parse(ReadText(d / "dot3_desc.py")).cast<PrimFunc>();
  PrimFunc impl = script::Parse(ReadText(d / "dot3_impl.py")).cast<PrimFunc>();
  {
    TensorIntrinScope outer;  // scopes nest
    outer.Register("scope_test_kept", desc, impl);
    {
      TensorIntrinScope scope;
      scope.Register("scope_test_kept", impl, impl);
      scope.Register("scope_test_new", desc, impl);
      scope.Register("scope_test_new", impl, impl);  // twice in one scope: the first state wins
      EXPECT_TRUE(TensorIntrin::Get("scope_test_kept").desc.same_as(impl));
      EXPECT_TRUE(TensorIntrin::Get("scope_test_new").desc.same_as(impl));
    }
    EXPECT_TRUE(TensorIntrin::Get("scope_test_kept").desc.same_as(desc));
    EXPECT_THROW(TensorIntrin::Get("scope_test_new"), Error);
  }
  EXPECT_THROW(TensorIntrin::Get("scope_test_kept"), Error);
}

// Records `trace_text` on one lowering, replays the printed trace on a second lowering in a
// forked process, and expects the same module there; the scheduled program must run equal to
// the unscheduled one.
void ExpectReplaysInAnotherProcess(const std::string& trace_text) {
  RegisterDot3();
  PrimFunc first = LowerConvLinkParams();
  Schedule sch(first);
  Trace::Parse(trace_text).ApplyTo(sch);
  std::string trace = sch.trace().Str();
  std::string want = script::Print(sch.mod());
  EXPECT_EQ(testing::CountText(want, "T.allocate_const("), 1u);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    std::string out;
    try {
      RegisterDot3();
      Schedule again(LowerConvLinkParams());
      Trace::Parse(trace).ApplyTo(again);
      out = script::Print(again.mod());
    } catch (const std::exception& e) {
      out = std::string("error: ") + e.what();
    }
    size_t off = 0;
    while (off < out.size()) {
      ssize_t n = write(fds[1], out.data() + off, out.size() - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string got;
  char buf[65536];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(testing::FirstDiff(want, got), "");
  testing::ExpectSameResults(first, sch.mod());
}

TEST(ScheduleTrace, AppliesToASecondLoweringInAnotherProcess) {
  // TVM's own seed-regression trace (decompose_reduction + tensorize with dot3).
  ExpectReplaysInAnotherProcess(ReadText(fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / "seed_regression" / "trace.py"));
  // The layout and reduction primitives.
  ExpectReplaysInAnotherProcess(
      "def apply_trace(sch: tir.Schedule) -> None:\n"
      "  b0 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
      "  sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda n, c, h, w: (n, h, w, c,), pad_value=None, assume_injective_transform=False)\n"
      "  l1, l2, l3, l4 = sch.get_loops(block=b0)\n"
      "  sch.reorder(l1, l3, l4, l2)\n"
      "  sch.parallel(loop=l3)\n"
      "  b5 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
      "  l6, l7, l8, l9, l10, l11, l12 = sch.get_loops(block=b5)\n"
      "  b13 = sch.rfactor(loop=l11, factor_axis=0)\n");
}

// The same across the CLI: `tirgen lower --link-params --emit-dir` lowers the function in its
// own process; its TVMScript equals this process's lowering, and the trace recorded here replays
// on it to the same module.
TEST(ScheduleTrace, AppliesToTheCliLowering) {
  fs::path relay = fs::path(TIRGEN_SHARED_DIR) / "golden" / "conv2d_link_params" / "bound_meta.relay";
  lower::ExtractOptions opts;
  opts.link_params = true;
  std::vector<lower::Task> tasks = lower::ExtractTasks(relay::ParseModule(ReadText(relay), relay.string()), {}, opts);
  ASSERT_EQ(tasks.size(), 1u);
  PrimFunc here = lower::LowerToPrimFunc(tasks[0].source);
  Schedule sch(here);
  Trace::Parse(
      "def apply_trace(sch: tir.Schedule) -> None:\n"
      "  b0 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
      "  l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)\n"
      "  b8 = sch.rfactor(loop=l6, factor_axis=-1)\n"
      "  b9 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
      "  sch.transform_layout(block=b9, buffer=(\"write\", 0), index_map=lambda n, c, h, w: (c, n, h, w,), pad_value=None, assume_injective_transform=False)\n")
      .ApplyTo(sch);
  fs::path dir = fs::path(tirgen_cli_test::TempPath("schedule_trace_emit"));
  fs::remove_all(dir);
  tirgen_cli_test::RunResult r =
      tirgen_cli_test::RunCli("lower " + relay.string() + " --link-params --emit-dir " + dir.string() + " -o /dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  ASSERT_EQ(files.size(), 1u);
  std::string cli_text = ReadText(files[0]);
  EXPECT_EQ(testing::FirstDiff(cli_text, script::Print(here)), "");
  Schedule there(script::Parse(cli_text, files[0].string()).cast<PrimFunc>());
  Trace::Parse(sch.trace().Str()).ApplyTo(there);
  EXPECT_EQ(testing::FirstDiff(script::Print(sch.mod()), script::Print(there.mod())), "");
  testing::ExpectSameResults(here, there.mod());
}

TEST(ScheduleTrace, ParseErrorsAreLocated) {
  const std::string head = "# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n";
  struct Bad {
    std::string body, message;
  } cases[] = {
      {"  b0 = sch.get_block(name=\"x\", func_name=)\n", "<trace>:3:42: error: expected a value"},
      {"  b0 = tvm.get_block(name=\"x\")\n", "<trace>:3:8: error: expected a call `sch.<method>(...)`"},
      {"  b0 = sch.get_block(name=foo(1))\n", "only literals, variables, lists and tuples"},
      {"  sch.split(loop=l1, factors=[None, 4]) x\n", "<trace>:3:41: error: unexpected text after the call"},
  };
  for (const Bad& c : cases) {
    try {
      Trace::Parse(head + c.body);
      ADD_FAILURE() << "no error for " << c.body;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
  // Unknown methods and unbound variables fail at replay, naming them.
  Schedule sch(script::Parse(ReadText(fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / "dense_decompose" / "00_input.py"))
                   .cast<PrimFunc>());
  try {
    Trace::Parse(head + "  sch.frobnicate(block=b0)\n").ApplyTo(sch);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("variable \"b0\" is used before it is assigned"), std::string::npos) << e.what();
  }
  try {
    Trace::Parse(head + "  sch.frobnicate()\n").ApplyTo(sch);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("sch.frobnicate: not a schedule primitive"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

namespace tirgen {
namespace tir {
namespace {

TEST(ScheduleHandles, ProducersConsumersChildrenAndTheirTrace) {
  fs::path f = fs::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "schedule" / "const_chain.py";
  Schedule sch(script::Parse(ReadText(f)).cast<PrimFunc>());
  BlockRV mul = sch.GetBlock("T_mul");
  std::vector<BlockRV> producers = sch.GetProducers(mul);
  std::vector<BlockRV> consumers = sch.GetConsumers(mul);
  ASSERT_EQ(producers.size(), 1u);
  ASSERT_EQ(consumers.size(), 1u);
  EXPECT_EQ(sch.Get(producers[0])->name_hint, "T_add");
  EXPECT_EQ(sch.Get(consumers[0])->name_hint, "T_out");
  std::vector<LoopRV> loops = sch.GetLoops(mul);
  std::vector<BlockRV> children = sch.GetChildBlocks(loops[0]);
  ASSERT_EQ(children.size(), 1u);
  EXPECT_EQ(sch.Get(children[0])->name_hint, "T_mul");
  BlockRV root = sch.GetBlock("root");
  std::vector<BlockRV> top = sch.GetChildBlocks(root);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(sch.Get(top[2])->name_hint, "T_out");
  // Handles survive rebuilding: after compute_inline of T_add, T_mul's handle is the rebuilt block.
  sch.ComputeInline(producers[0]);
  EXPECT_EQ(sch.Get(mul)->reads.size(), 2u);
  EXPECT_EQ(sch.trace().Str(),
            "# from tvm import tir\n"
            "def apply_trace(sch: tir.Schedule) -> None:\n"
            "  b0 = sch.get_block(name=\"T_mul\", func_name=\"main\")\n"
            "  b1, = sch.get_producers(block=b0)\n"
            "  b2, = sch.get_consumers(block=b0)\n"
            "  l3, l4 = sch.get_loops(block=b0)\n"
            "  b5, = sch.get_child_blocks(l3)\n"
            "  b6 = sch.get_block(name=\"root\", func_name=\"main\")\n"
            "  b7, b8, b9 = sch.get_child_blocks(b6)\n"
            "  sch.compute_inline(block=b1)");
  // The printed trace replays on a fresh copy to the same module.
  Schedule again(script::Parse(ReadText(f)).cast<PrimFunc>());
  Trace::Parse(sch.trace().Str()).ApplyTo(again);
  EXPECT_TRUE(StructuralEqual(again.mod(), sch.mod()));
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// Traces with sampling decisions: printed, parsed back to the same text, replayed to the same
// function (the decisions are used, whatever the replaying schedule's seed), and one decision
// replaced for mutation.
namespace tirgen {
namespace tir {
namespace {

const char* kSampledTrace =
    "# from tvm import tir\n"
    "def apply_trace(sch: tir.Schedule) -> None:\n"
    "  b0 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
    "  l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)\n"
    "  v8, v9, v10 = sch.sample_perfect_tile(loop=l2, n=3, max_innermost_factor=64, decision=[4, 2, 2])\n"
    "  l11, l12, l13 = sch.split(loop=l2, factors=[v8, v9, v10], preserve_unit_iters=True)\n"
    "  v14 = sch.sample_categorical(candidates=[0, 16, 64, 512], probs=[0.25, 0.25, 0.25, 0.25], decision=3)\n"
    "  sch.annotate(block_or_loop=b0, ann_key=\"meta_schedule.unroll_explicit\", ann_val=v14)\n"
    "  b15 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
    "  l16 = sch.sample_compute_location(block=b15, decision=2)\n"
    "  sch.compute_at(block=b15, loop=l16, preserve_unit_loops=True, index=-1)";

PrimFunc BiasReluConv() { return testing::LoadSharedPrimFunc("golden/conv2d_bias_relu/primfunc_0.py"); }

TEST(ScheduleTrace, DecisionsPrintParseAndReplay) {
  Trace parsed = Trace::Parse(kSampledTrace);
  EXPECT_EQ(parsed.Str(), kSampledTrace);
  ASSERT_TRUE(parsed.instructions()[2].decision().has_value());
  EXPECT_FALSE(parsed.instructions()[3].decision().has_value());
  Schedule a(BiasReluConv(), 5), b(BiasReluConv(), 77);
  parsed.ApplyTo(a);
  Trace::Parse(a.trace().Str()).ApplyTo(b);
  EXPECT_EQ(a.trace().Str(), kSampledTrace);
  EXPECT_EQ(b.trace().Str(), kSampledTrace);
  EXPECT_TRUE(StructuralEqual(a.mod(), b.mod()));
  testing::ExpectSameResults(BiasReluConv(), a.mod());
}

TEST(ScheduleTrace, UndecidedSamplingDrawsAndRecordsItsDecision) {
  std::string undecided = kSampledTrace;
  for (const char* d : {", decision=[4, 2, 2]", ", decision=3", ", decision=2"})
    undecided.erase(undecided.find(d), std::string(d).size());
  Schedule a(BiasReluConv(), 9), b(BiasReluConv(), 9);
  Trace::Parse(undecided).ApplyTo(a);
  Trace::Parse(undecided).ApplyTo(b);
  EXPECT_EQ(a.trace().Str(), b.trace().Str());
  EXPECT_NE(a.trace().Str().find("sample_perfect_tile(loop=l2, n=3, max_innermost_factor=64, decision=["),
            std::string::npos);
  EXPECT_TRUE(StructuralEqual(a.mod(), b.mod()));
}

TEST(ScheduleTrace, WithDecisionReplacesOneDecision) {
  Trace t = Trace::Parse(kSampledTrace).WithDecision(2, TraceValue::IntList({1, 8, 2}));
  Schedule sch(BiasReluConv());
  t.ApplyTo(sch);
  EXPECT_NE(sch.trace().Str().find("decision=[1, 8, 2])"), std::string::npos);
  EXPECT_EQ(testing::CountText(script::Print(sch.mod()), "T.grid(T.int64(1), T.int64(1), T.int64(8)):"), 1u);
  // A mutation that breaks the tile is refused at replay, not silently repaired.
  Schedule bad(BiasReluConv());
  try {
    Trace::Parse(kSampledTrace).WithDecision(2, TraceValue::IntList({3, 2, 2})).ApplyTo(bad);
    FAIL();
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find("the decision's factors multiply to 12, not the loop extent 16"),
              std::string::npos)
        << e.what();
  }
  try {
    Trace::Parse(kSampledTrace).WithDecision(3, TraceValue::Int(0));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("instruction 3 is not a sampling instruction"), std::string::npos);
  }
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
