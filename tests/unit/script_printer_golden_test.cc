// Round trip over every TVMScript file real TVM v0.14 printed: Print(Parse(file)) == file,
// byte for byte. A failure names the file and its first differing line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"

namespace tirgen {
namespace script {
namespace {

namespace fs = std::filesystem;

// Files (relative to TIRGEN_SHARED_DIR) that do not round-trip yet, each with the reason.
// A file listed here that starts passing is reported so it can be removed.
const std::set<std::string> kKnownGaps = {
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The golden files: golden/*/primfunc_*.py, golden-passes/*/*.py, golden-schedule/*/*.py
// except the traces (Python schedule code, not TVMScript).
std::vector<std::string> GoldenFiles() {
  fs::path root(TIRGEN_SHARED_DIR);
  std::vector<std::string> out;
  for (const char* dir : {"golden", "golden-passes", "golden-schedule"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".py") continue;
      std::string name = entry.path().filename().string();
      if (name == "trace.py") continue;
      if (std::string(dir) == "golden" && name.rfind("primfunc_", 0) != 0) continue;
      out.push_back(fs::relative(entry.path(), root).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// "line N: expected `...` got `...`" for the first differing line.
std::string FirstDifference(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la));
    bool hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return "identical lines (trailing newline differs)";
    if (la != lb || ha != hb) {
      auto cut = [](const std::string& s) { return s.size() > 300 ? s.substr(0, 300) + "..." : s; };
      return "line " + std::to_string(line) + ":\n  expected: " + cut(ha ? la : "<eof>") +
             "\n  printed:  " + cut(hb ? lb : "<eof>");
    }
  }
}

TEST(ScriptPrinterGolden, PrintOfParseReproducesEveryTvmFile) {
  std::vector<std::string> files = GoldenFiles();
  ASSERT_GE(files.size(), 500u) << "golden files not found under " << TIRGEN_SHARED_DIR;
  int passed = 0;
  std::vector<std::string> gaps, fixed;
  for (const std::string& rel : files) {
    std::string text = ReadFile(fs::path(TIRGEN_SHARED_DIR) / rel);
    std::string result, problem;
    try {
      result = Print(Parse(text, rel));
      if (result != text) problem = FirstDifference(text, result);
    } catch (const std::exception& e) {
      problem = std::string("exception: ") + e.what();
    }
    bool known = kKnownGaps.count(rel) > 0;
    if (problem.empty()) {
      ++passed;
      if (known) fixed.push_back(rel);
      continue;
    }
    if (known) {
      gaps.push_back(rel);
    } else {
      ADD_FAILURE() << rel << " does not round-trip: " << problem;
    }
  }
  std::cout << "[ golden  ] TVMScript round trip: " << passed << "/" << files.size()
            << " files reproduced byte for byte\n";
  for (const std::string& g : gaps) std::cout << "[ KNOWN GAP ] " << g << "\n";
  for (const std::string& f : fixed) {
    std::cout << "[ FIXED   ] " << f << " now round-trips: remove it from kKnownGaps\n";
  }
}

}  // namespace
}  // namespace script
}  // namespace tirgen
