// Every tests/data/tvm/golden-schedule/<case>/trace.py (TVM's own printed trace) is parsed by
// Trace::Parse and replayed on a Schedule of 00_input.py; after each primitive the module must
// print byte-for-byte as TVM's NN_<step>.py, the recorded trace must print as trace.py, and the
// scheduled program, built and run, must equal the unscheduled one. Folders are discovered at
// run time, so held-back cases of the same kind are checked the same way.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "schedule_test_util.h"
#include "tirgen/tir/analysis/verify_well_formed.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using testing::FirstDiff;
using testing::ReadText;

std::vector<std::string> Cases() {
  std::vector<std::string> out;
  fs::path root = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule";
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory() && fs::exists(e.path() / "trace.py") && fs::exists(e.path() / "00_input.py"))
      out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// NN_<step>.py files after the input, in order.
std::vector<fs::path> StepFiles(const fs::path& dir) {
  std::vector<fs::path> steps;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    if (n.size() > 3 && isdigit(n[0]) && isdigit(n[1]) && n[2] == '_' && n.rfind("00_", 0) != 0) steps.push_back(e.path());
  }
  std::sort(steps.begin(), steps.end());
  return steps;
}

class ScheduleGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(ScheduleGolden, TraceReplaysStepByStepAndRuns) {
  fs::path dir = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / GetParam();
  PrimFunc input = script::Parse(ReadText(dir / "00_input.py"), "00_input.py").cast<PrimFunc>();
  std::string trace_text = ReadText(dir / "trace.py");
  Trace trace = Trace::Parse(trace_text, (dir / "trace.py").string());
  std::vector<fs::path> steps = StepFiles(dir);
  Schedule sch(input);
  size_t next = 0;
  trace.ApplyTo(sch, [&](size_t k) {
    const std::string& m = trace.instructions()[k].method;
    if (m.rfind("get_", 0) == 0 || next >= steps.size()) return;
    // Step files are named after the primitive (`NN_split_i`, `NN_inline_pad_temp` for
    // compute_inline); the last file is always the final module.
    std::string step = steps[next].filename().string().substr(3);
    std::string short_m = m;
    size_t c = short_m.find("compute_");
    if (c != std::string::npos) short_m.erase(c, 8);
    bool last = k + 1 == trace.instructions().size();
    if (step.rfind(m, 0) != 0 && step.rfind(short_m, 0) != 0 && !last) return;
    std::string want = ReadText(steps[next]);
    std::string got = testing::PrintChecked(sch.mod());
    EXPECT_EQ(FirstDiff(want, got), "") << steps[next].filename();
    // Every primitive leaves well-formed TIR.
    EXPECT_EQ(FormatWellFormedProblems(WellFormedProblems(sch.mod())), "") << "after " << m;
    ++next;
  });
  EXPECT_EQ(next, steps.size());
  EXPECT_EQ(sch.trace().Str() + "\n", trace_text);
  // Constants are never duplicated or dropped.
  EXPECT_EQ(testing::CountText(script::Print(sch.mod()), "T.allocate_const("),
            testing::CountText(script::Print(input), "T.allocate_const("));
  testing::ExpectSameResults(input, sch.mod());
}

// CommonSubexprElimTIR's lets (`cse_var_N`) substituted back into their uses: the program
// before that pass, so a difference can be told apart from one made by the passes before it.
class CseLetInliner : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;
  Stmt VisitStmt_(const LetStmtNode* op) override {
    if (op->var->name_hint.rfind("cse_var_", 0) != 0) return StmtExprMutator::VisitStmt_(op);
    return VisitStmt(Substitute(op->body, {{op->var, VisitExpr(op->value)}}));
  }
};

std::string PrintWithoutCse(const IRModule& mod) {
  std::map<std::string, ObjectRef> fns;
  for (const auto& [name, fn] : mod->functions) {
    PrimFunc f = fn.cast<PrimFunc>();
    auto n = CopyNode(*f.get());
    n->body = CseLetInliner().VisitStmt(f->body);
    fns.emplace(name, PrimFunc(std::shared_ptr<const Object>(std::move(n))));
  }
  return script::Print(IRModule(fns));
}

// tvm.lower of the final module vs TVM's lowered.py (transform::TvmLowerPipeline): byte-exact.
// The comparison with CommonSubexprElimTIR's lets substituted back on both sides comes first, so
// a failure says whether the passes before CSE or CSE itself differ.
TEST_P(ScheduleGolden, LoweredMatchesTvm) {
  fs::path dir = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / GetParam();
  if (!fs::exists(dir / "lowered.py")) GTEST_SKIP() << "no lowered.py";
  PrimFunc input = script::Parse(ReadText(dir / "00_input.py"), "00_input.py").cast<PrimFunc>();
  Schedule sch(input);
  Trace::Parse(ReadText(dir / "trace.py")).ApplyTo(sch);
  IRModule lowered = transform::TvmLowerPipeline()(sch.mod());
  std::string got = script::Print(lowered), want = ReadText(dir / "lowered.py");
  EXPECT_EQ(testing::CountText(got, "T.allocate_const("), testing::CountText(want, "T.allocate_const("));
  IRModule want_mod = script::Parse(want, "lowered.py").cast<IRModule>();
  EXPECT_EQ(FirstDiff(PrintWithoutCse(want_mod), PrintWithoutCse(lowered)), "") << "(cse_var lets substituted back)";
  EXPECT_EQ(FirstDiff(want, got), "") << "(exact text)";
}

INSTANTIATE_TEST_SUITE_P(Cases, ScheduleGolden, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace tir
}  // namespace tirgen
