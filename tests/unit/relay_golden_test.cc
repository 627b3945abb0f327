// Every golden .relay file TVM printed parses and prints back byte for byte.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool IsModuleText(const std::string& text) {
  size_t nl = text.find('\n');
  return nl != std::string::npos && text.compare(nl + 1, 4, "def ") == 0;
}

std::string RoundTrip(const std::string& text, const std::string& name) {
  bool meta = text.find("\n#[metadata]\n") != std::string::npos;
  ObjectRef parsed = Parse(text, name);
  EXPECT_EQ(parsed.kind() == Kind::kIRModule, IsModuleText(text)) << name;
  return Print(parsed, meta);
}

// Where two texts first differ, for a readable failure.
std::string FirstDifference(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  size_t from = i > 80 ? i - 80 : 0;
  return "at byte " + std::to_string(i) + "\n  expected: ..." + a.substr(from, 160) +
         "\n  printed:  ..." + b.substr(from, 160);
}

TEST(RelayGolden, EveryFileReprintsByteIdentically) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(TIRGEN_SHARED_DIR))
    if (e.path().extension() == ".relay") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 100u);
  int same = 0;
  for (const auto& f : files) {
    std::string text = Read(f);
    std::string printed;
    try {
      printed = RoundTrip(text, f.filename().string());
    } catch (const std::exception& e) {
      ADD_FAILURE() << f << ": " << e.what();
      continue;
    }
    // models/*/model.relay was saved with one extra trailing newline; astext() has one.
    if (printed != text && printed + "\n" == text && f.filename() == "model.relay") {
      ++same;
      continue;
    }
    if (printed == text) ++same;
    else ADD_FAILURE() << f << " differs " << FirstDifference(text, printed);
  }
  std::cout << "[relay golden] " << same << "/" << files.size() << " re-printed byte-identically\n";
  EXPECT_EQ(same, static_cast<int>(files.size()));
}

}  // namespace
}  // namespace relay
}  // namespace tirgen
