// The malformed/stress corpus (tests/data/malformed/cases.txt, issue 18): every case runs the
// CLI and must end as its line says: for a user error, exit code 2 with one "error:" line
// naming the file, option or node (a located error may add its source line and caret), never
// an internal error or a death by a signal; nothing may be left at the output path of a
// failed case. One test per case, so a regression names its case.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_test_util.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT
namespace fs = std::filesystem;

struct Case {
  std::string name, text, args;
  int exit_code = 2;
};
// gtest prints the case (ctest's test list) by its command line, not as raw bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << "tirgen " << c.args; }

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string CorpusDir() { return (fs::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "malformed").string(); }

std::vector<Case> LoadCases() {
  std::vector<Case> cases;
  std::ifstream in(CorpusDir() + "/cases.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> parts;
    size_t start = 0;
    for (int k = 0; k < 3; ++k) {
      size_t bar = line.find('|', start);
      if (bar == std::string::npos) break;
      parts.push_back(Trim(line.substr(start, bar - start)));
      start = bar + 1;
    }
    parts.push_back(Trim(line.substr(start)));
    if (parts.size() != 4) {
      cases.push_back({"bad_line_" + std::to_string(cases.size()), line, "", -100});
      continue;
    }
    cases.push_back({parts[0], parts[2], parts[3], std::stoi(parts[1])});
  }
  return cases;
}

std::string Replace(std::string s, const std::string& from, const std::string& to) {
  for (size_t i = 0; (i = s.find(from, i)) != std::string::npos; i += to.size()) s.replace(i, from.size(), to);
  return s;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

class MalformedCorpus : public ::testing::TestWithParam<Case> {};

TEST_P(MalformedCorpus, EndsAsExpected) {
  const Case& c = GetParam();
  ASSERT_NE(c.exit_code, -100) << "cases.txt: malformed line: " << c.text;
  std::string out = TempPath("corpus_" + c.name);
  for (const std::string& p : {out, out + ".py", out + ".so"}) fs::remove_all(p);
  std::string args = Replace(Replace(c.args, "{d}", CorpusDir()), "{out}", out);
  RunResult r = RunCli(args);
  std::vector<std::string> lines = Lines(r.output);
  EXPECT_EQ(r.exit_code, c.exit_code) << args << "\n" << r.output;
  EXPECT_EQ(r.output.find("internal compiler error"), std::string::npos) << r.output;
  if (c.exit_code == 2) {
    ASSERT_FALSE(lines.empty()) << "no message";
    EXPECT_NE(lines[0].find("error: "), std::string::npos) << r.output;
    EXPECT_NE(lines[0].find(Replace(c.text, "{out}", out)), std::string::npos) << r.output;
    // One line; a located error ("file:line:col: error:") may show its source line and caret.
    bool located = lines[0].find(": error: ") != std::string::npos && lines[0].rfind("error:", 0) != 0;
    EXPECT_LE(lines.size(), located ? 3u : 1u) << r.output;
    for (const std::string& p : {out, out + ".py", out + ".so"})
      EXPECT_FALSE(fs::exists(p)) << p << " left behind by a failed run";
  }
  for (const std::string& p : {out, out + ".py", out + ".so"}) fs::remove_all(p);
}

std::string CaseName(const ::testing::TestParamInfo<Case>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Cases, MalformedCorpus, ::testing::ValuesIn(LoadCases()), CaseName);

}  // namespace
