// The standard lowering pipeline (TVM v0.14's CreatePassList, the passes that matter for these
// CPU programs) on every scheduled module of golden-schedule: it must run, keep each
// AllocateConst exactly once, and its output is compared with TVM's `lowered.py` (byte
// equality is reported here; schedule_golden_test's LoweredMatchesTvm requires it).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "tir_pass_test_util.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(LowerPipeline, GoldenScheduleModules) {
  fs::path root = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule";
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory() && fs::exists(e.path() / "lowered.py")) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  ASSERT_FALSE(dirs.empty());
  int matched = 0;
  for (const fs::path& dir : dirs) {
    // The scheduled module: the last NN_*.py before lowered.py.
    std::vector<fs::path> steps;
    for (const auto& e : fs::directory_iterator(dir)) {
      std::string n = e.path().filename().string();
      if (n.size() > 3 && isdigit(n[0]) && isdigit(n[1]) && n[2] == '_') steps.push_back(e.path());
    }
    if (steps.empty()) continue;
    std::sort(steps.begin(), steps.end());
    std::string in = testing::ReadText(steps.back());
    std::string want = testing::ReadText(dir / "lowered.py");
    try {
      std::string got = testing::PrintChecked(transform::LoweringPipeline()(testing::ParseModule(in)));
      EXPECT_EQ(Count(got, "T.allocate_const("), Count(in, "T.allocate_const("))
          << dir.filename() << ": constants must survive lowering exactly once";
      EXPECT_EQ(Count(got, "T.block("), 0u) << dir.filename() << ": blocks left";
      if (got == want) ++matched;
    } catch (const std::exception& e) {
      ADD_FAILURE() << dir.filename() << ": " << e.what();
    }
  }
  std::cout << "[ lowered  ] byte-identical to TVM's lowered.py: " << matched << "/" << dirs.size()
            << std::endl;
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
