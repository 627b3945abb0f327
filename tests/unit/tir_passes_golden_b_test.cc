// Golden-driven checks of Simplify, LowerOpaqueBlock, FlattenBuffer and NarrowDataType(32):
// for every folder of golden-passes, file N-1 parsed, pass N applied, printed == file N.
// Each pass has a floor of passing folders; failures are listed with their first difference.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

namespace fs = std::filesystem;

std::string Slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The file of a folder whose name starts with the two-digit step number.
fs::path StepFile(const fs::path& dir, int step) {
  char prefix[4];
  std::snprintf(prefix, sizeof(prefix), "%02d_", step);
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
  return {};
}

std::string FirstDifference(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la));
    bool hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return "trailing newline differs";
    if (la != lb || ha != hb)
      return "line " + std::to_string(line) + "\n    want: " + (ha ? la : "<eof>") +
             "\n    got:  " + (hb ? lb : "<eof>");
  }
}

struct Case {
  int step;          ///< file number produced by the pass
  const char* name;  ///< for messages
  Pass (*make)();
  int min_pass;      ///< folders that must match (a regression lowers the count)
};

Pass MakeSimplify() { return Simplify(); }
Pass MakeLowerOpaqueBlock() { return LowerOpaqueBlock(); }
Pass MakeFlattenBuffer() { return FlattenBuffer(); }
Pass MakeNarrow() { return NarrowDataType(32); }

void RunStep(const Case& c) {
  fs::path root = fs::path(TIRGEN_SHARED_DIR) / "golden-passes";
  ASSERT_TRUE(fs::exists(root)) << root;
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory()) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  int passed = 0;
  std::string failures;
  for (const fs::path& dir : dirs) {
    fs::path in = StepFile(dir, c.step - 1), out = StepFile(dir, c.step);
    if (in.empty() || out.empty()) continue;
    std::string want = Slurp(out), got;
    try {
      ObjectRef mod = script::Parse(Slurp(in), in.string());
      got = script::Print(c.make()(mod.cast<IRModule>()));
    } catch (const std::exception& e) {
      got = std::string("exception: ") + e.what();
    }
    if (got == want) {
      ++passed;
    } else {
      failures += "  " + dir.filename().string() + ": " + FirstDifference(want, got) + "\n";
    }
  }
  std::cout << c.name << " (step " << c.step << "): " << passed << "/" << dirs.size() << "\n"
            << failures;
  EXPECT_GE(passed, c.min_pass) << c.name << " regressed";
}

TEST(TirPassesGoldenB, Simplify06) { RunStep({6, "Simplify", MakeSimplify, 43}); }
TEST(TirPassesGoldenB, LowerOpaqueBlock07) {
  RunStep({7, "LowerOpaqueBlock", MakeLowerOpaqueBlock, 43});
}
TEST(TirPassesGoldenB, FlattenBuffer08) { RunStep({8, "FlattenBuffer", MakeFlattenBuffer, 43}); }
TEST(TirPassesGoldenB, NarrowDataType09) { RunStep({9, "NarrowDataType(32)", MakeNarrow, 43}); }
TEST(TirPassesGoldenB, Simplify10) { RunStep({10, "Simplify", MakeSimplify, 43}); }

}  // namespace
}  // namespace transform
}  // namespace tir
}  // namespace tirgen
