// TVM v0.14's own pass-by-pass outputs (tests/data/tvm/golden-passes/<case>/NN_<Pass>.py):
// parse file N-1, apply pass N, print; the text must equal file N byte for byte and the result
// must be structurally equal to file N parsed. One test per pass in kPasses; each reports its
// count, e.g. "LowerInitBlock 43/43".
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <vector>

#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using transform::Pass;

struct GoldenPass {
  int step;                    ///< NN in NN_<name>.py
  const char* name;            ///< TVM name (also the file's suffix)
  std::function<Pass()> make;  ///< the pass
};

// ---- the pass table: one row per pass that exists; teammates add theirs below. -------------
const std::vector<GoldenPass> kPasses = {
    {1, "LowerInitBlock", transform::LowerInitBlock},
    {2, "PlanAndUpdateBufferAllocationLocation", transform::PlanAndUpdateBufferAllocationLocation},
    {3, "ConvertBlocksToOpaque", transform::ConvertBlocksToOpaque},
    {4, "CompactBufferAllocation", [] { return transform::CompactBufferAllocation(); }},
    {5, "LowerMatchBuffer", transform::LowerMatchBuffer},
    {6, "Simplify", transform::Simplify},
    {7, "LowerOpaqueBlock", transform::LowerOpaqueBlock},
    {8, "FlattenBuffer", transform::FlattenBuffer},
    {9, "NarrowDataType", [] { return transform::NarrowDataType(32); }},
    {10, "Simplify", transform::Simplify},
};

// Test names show the pass, not the bytes of the row.
void PrintTo(const GoldenPass& p, std::ostream* os) { *os << p.name; }

// The file NN_*.py of a case folder (empty when absent).
fs::path StepFile(const fs::path& dir, int step) {
  char prefix[8];
  std::snprintf(prefix, sizeof(prefix), "%02d_", step);
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    if (n.rfind(prefix, 0) == 0 && e.path().extension() == ".py") return e.path();
  }
  return {};
}

std::vector<fs::path> CaseDirs() {
  std::vector<fs::path> out;
  fs::path root = fs::path(TIRGEN_SHARED_DIR) / "golden-passes";
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::directory_iterator(root)) {
    if (e.is_directory()) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class GoldenPassTest : public ::testing::TestWithParam<GoldenPass> {};

TEST_P(GoldenPassTest, EveryCase) {
  const GoldenPass& gp = GetParam();
  std::vector<fs::path> dirs = CaseDirs();
  ASSERT_FALSE(dirs.empty()) << "no golden-passes folders under " << TIRGEN_SHARED_DIR;
  int total = 0, passed = 0;
  for (const fs::path& dir : dirs) {
    fs::path in = StepFile(dir, gp.step - 1), want_path = StepFile(dir, gp.step);
    if (in.empty() || want_path.empty()) continue;
    ASSERT_NE(want_path.filename().string().find(gp.name), std::string::npos)
        << want_path << " is not the output of " << gp.name;
    ++total;
    std::string want = testing::ReadText(want_path);
    std::string case_name = dir.filename().string();
    try {
      IRModule out = gp.make()(testing::ParseModule(testing::ReadText(in)));
      std::string got = testing::PrintChecked(out);
      bool text_ok = got == want;
      auto mismatch = StructuralMismatch(out, testing::ParseModule(want));
      EXPECT_TRUE(text_ok) << case_name << ": " << testing::FirstDiff(want, got);
      EXPECT_FALSE(mismatch.has_value()) << case_name << ": " << mismatch.value_or("");
      if (text_ok && !mismatch) ++passed;
    } catch (const std::exception& e) {
      ADD_FAILURE() << case_name << ": " << e.what();
    }
  }
  std::cout << "[ golden   ] " << gp.name << " " << passed << "/" << total << std::endl;
  EXPECT_GT(total, 0);
}

INSTANTIATE_TEST_SUITE_P(Passes, GoldenPassTest, ::testing::ValuesIn(kPasses),
                         [](const ::testing::TestParamInfo<GoldenPass>& info) {
                           // A pass that runs twice (Simplify) gets its step number the 2nd time.
                           std::string n = info.param.name;
                           for (size_t i = 0; i < info.index; ++i)
                             if (n == kPasses[i].name) return n + std::to_string(info.param.step);
                           return n;
                         });

// The passes composed: from 00_input.py, every pass of kPasses in order (tirgen's own output
// feeding the next pass) must reach the last step's file.
TEST(GoldenPasses, ChainFromInput) {
  int last = 0;
  std::vector<Pass> chain;
  for (const GoldenPass& gp : kPasses) {
    ASSERT_EQ(gp.step, last + 1) << "kPasses must list consecutive steps from 1";
    last = gp.step;
    chain.push_back(gp.make());
  }
  Pass all = transform::Sequential(chain);
  int total = 0, passed = 0;
  for (const fs::path& dir : CaseDirs()) {
    fs::path in = StepFile(dir, 0), want_path = StepFile(dir, last);
    if (in.empty() || want_path.empty()) continue;
    ++total;
    std::string want = testing::ReadText(want_path);
    try {
      std::string got = script::Print(all(testing::ParseModule(testing::ReadText(in))));
      EXPECT_EQ(got, want) << dir.filename() << ": " << testing::FirstDiff(want, got);
      passed += got == want;
    } catch (const std::exception& e) {
      ADD_FAILURE() << dir.filename() << ": " << e.what();
    }
  }
  std::cout << "[ golden   ] chain 00 -> " << last << " " << passed << "/" << total << std::endl;
  EXPECT_GT(total, 0);
}

// Scheduled programs (golden-schedule: compute_at, cache_read/write, blockize, split, ...) have
// no per-pass TVM output, but the block-level passes (steps 1-5 of kPasses) must run on their
// final module, print text that round-trips, and keep each allocate_const exactly once.
TEST(GoldenPasses, ScheduledModulesLowerCleanly) {
  fs::path root = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule";
  if (!fs::exists(root)) GTEST_SKIP() << "no golden-schedule folder";
  auto count = [](const std::string& text) {
    size_t n = 0;
    for (size_t p = text.find("T.allocate_const("); p != std::string::npos; p = text.find("T.allocate_const(", p + 1)) ++n;
    return n;
  };
  int cases = 0;
  for (const auto& e : fs::directory_iterator(root)) {
    if (!e.is_directory()) continue;
    fs::path last;
    for (const auto& f : fs::directory_iterator(e.path())) {
      std::string n = f.path().filename().string();
      if (n.size() > 3 && std::isdigit(n[0]) && std::isdigit(n[1]) && n[2] == '_' && n > last.filename().string()) last = f.path();
    }
    if (last.empty()) continue;
    ++cases;
    std::string text = testing::ReadText(last);
    IRModule mod = testing::ParseModule(text);
    for (const GoldenPass& gp : kPasses) {
      if (gp.step > 5) break;
      try {
        mod = gp.make()(mod);
      } catch (const std::exception& ex) {
        ADD_FAILURE() << last << " after " << gp.name << ": " << ex.what();
        break;
      }
      std::string printed = testing::PrintChecked(mod);
      EXPECT_EQ(count(printed), count(text)) << last << " after " << gp.name;
      if (std::getenv("TIRGEN_SHOW_PASSES")) std::cout << "=== " << last << " after " << gp.name << "\n" << printed;
    }
  }
  EXPECT_GT(cases, 0);
}

// The tensorized, decomposed conv with an AllocateConst weight (TVM PR #13605's case): the
// weight is reached only through a match_buffer and a read region. LowerInitBlock then
// PlanAndUpdateBufferAllocationLocation must keep it, once, and print TVM's output.
TEST(GoldenPasses, SeedRegressionConstantBehindMatchBuffer) {
  fs::path dir = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / "seed_regression";
  std::string in = testing::ReadText(dir / "1_scheduled.py");
  std::string want = testing::ReadText(dir / "2_after_LowerInitBlock_PlanAndUpdateBufferAllocationLocation.py");
  ASSERT_FALSE(in.empty());
  Pass both = transform::Sequential(
      {transform::LowerInitBlock(), transform::PlanAndUpdateBufferAllocationLocation()});
  IRModule out = both(testing::ParseModule(in));
  std::string got = testing::PrintChecked(out);
  EXPECT_EQ(got, want) << testing::FirstDiff(want, got);
  EXPECT_FALSE(StructuralMismatch(out, testing::ParseModule(want)).has_value());
  // Exactly one allocate_const, as before.
  size_t count = 0;
  for (size_t p = got.find("T.allocate_const("); p != std::string::npos; p = got.find("T.allocate_const(", p + 1)) ++count;
  EXPECT_EQ(count, 1u);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
