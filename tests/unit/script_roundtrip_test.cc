// The round-trip invariant over every TVMScript file TVM printed for us (DESIGN.md §6):
// parse(f), print it, parse that back: structurally equal with the same hash, and the re-print is
// byte-identical. Plus a 4M-element float32 constant that must survive print+parse bit-exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../support/big_constant.h"
#include "roundtrip.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

// golden/*/primfunc_*.py, golden-passes/*/*.py, golden-schedule/*/*.py except trace.py,
// relative to TIRGEN_SHARED_DIR, sorted (stable test names and order).
std::vector<std::string> GoldenScripts() {
  std::vector<std::string> files;
  const fs::path root(TIRGEN_SHARED_DIR);
  auto scan = [&](const char* top, auto keep) {
    if (!fs::is_directory(root / top)) return;
    for (const auto& dir : fs::directory_iterator(root / top)) {
      if (!dir.is_directory()) continue;
      for (const auto& f : fs::directory_iterator(dir.path())) {
        std::string name = f.path().filename().string();
        if (f.path().extension() == ".py" && keep(name))
          files.push_back(fs::relative(f.path(), root).generic_string());
      }
    }
  };
  scan("golden", [](const std::string& n) { return n.rfind("primfunc_", 0) == 0; });
  scan("golden-passes", [](const std::string&) { return true; });
  scan("golden-schedule", [](const std::string& n) { return n != "trace.py"; });
  std::sort(files.begin(), files.end());
  return files;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A gtest-safe name: golden-passes/add_relu__primfunc_0/00_input.py -> golden_passes_add_relu__primfunc_0_00_input
std::string TestName(std::string rel) {
  if (rel.size() > 3 && rel.compare(rel.size() - 3, 3, ".py") == 0) rel.resize(rel.size() - 3);
  for (char& ch : rel) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return rel;
}

TEST(ScriptRoundTrip, GoldenFilesArePresent) {
  // Guards the parameterized test below against silently running zero cases.
  EXPECT_GE(GoldenScripts().size(), 500u) << "golden TVMScript files missing under "
                                          << TIRGEN_SHARED_DIR;
}

class GoldenRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenRoundTrip, ParsePrintParse) {
  const std::string rel = GetParam();
  const std::string text = ReadFile(fs::path(TIRGEN_SHARED_DIR) / rel);
  ASSERT_FALSE(text.empty()) << rel;
  ObjectRef parsed;
  try {
    parsed = script::Parse(text, rel);
  } catch (const std::exception& e) {
    FAIL() << "parsing " << rel << " failed: " << e.what();
  }
  EXPECT_TRUE(testing::RoundTrips(parsed)) << rel;
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenRoundTrip, ::testing::ValuesIn(GoldenScripts()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return TestName(info.param);
                         });

TEST(ScriptRoundTrip, BigFloat32ConstantIsBitExact) {
  constexpr size_t kN = 4000000;
  tir::PrimFunc f = testing::BigConstantFunc(kN);
  std::string text = script::Print(f);
  ObjectRef back = script::Parse(text, "<big constant>");
  auto* fn = back.as<tir::PrimFuncNode>();
  ASSERT_NE(fn, nullptr);
  auto* alloc = fn->body.as<tir::AllocateConstNode>();
  ASSERT_NE(alloc, nullptr) << "expected the AllocateConst at the top of the body";
  ASSERT_TRUE(alloc->data.defined());
  const NDArray& orig = f->body.as<tir::AllocateConstNode>()->data;
  ASSERT_EQ(alloc->data->dtype, orig->dtype);
  ASSERT_EQ(alloc->data->shape, orig->shape);
  ASSERT_EQ(alloc->data.nbytes(), orig.nbytes());
  // Bit-exact: compare as uint32 so a mismatch names the element and both bit patterns.
  const uint32_t* a = orig.data_as<uint32_t>();
  const uint32_t* b = alloc->data.data_as<uint32_t>();
  size_t first_bad = kN;
  for (size_t i = 0; i < kN && first_bad == kN; ++i) {
    if (a[i] != b[i]) first_bad = i;
  }
  EXPECT_EQ(first_bad, kN) << "element " << first_bad << ": 0x" << std::hex << a[first_bad]
                           << " became 0x" << b[first_bad];
  // The whole-function checks (never EXPECT_EQ on ~90 MB strings: gtest would print them).
  auto mismatch = StructuralMismatch(f, back);
  EXPECT_FALSE(mismatch.has_value()) << *mismatch;
  EXPECT_EQ(StructuralHash(f), StructuralHash(back));
  // (Byte-identical re-printing is checked on the small functions; printing 90 MB twice is slow.)
}

TEST(ScriptRoundTrip, SpecialFloat32ValuesSurvive) {
  // The first 16 patterns are the special ones: ±0, subnormals, extremes.
  tir::PrimFunc f = testing::BigConstantFunc(16);
  std::string text;
  EXPECT_TRUE(testing::RoundTrips(f, &text));
  ObjectRef back = script::Parse(text);
  ASSERT_NE(back.as<tir::PrimFuncNode>(), nullptr);
  auto* alloc = back.as<tir::PrimFuncNode>()->body.as<tir::AllocateConstNode>();
  ASSERT_NE(alloc, nullptr);
  EXPECT_EQ(alloc->data.data_as<uint32_t>()[1], 0x80000000u) << "negative zero lost";
  EXPECT_EQ(std::memcmp(alloc->data.data(), f->body.as<tir::AllocateConstNode>()->data.data(), 64), 0);
}

TEST(ScriptRoundTrip, HelperReportsInsteadOfThrowing) {
  // The helper must be able to fail: an object the printer rejects is reported, not thrown.
  EXPECT_FALSE(testing::RoundTrips(String("not a function")));
}

}  // namespace
}  // namespace tirgen
