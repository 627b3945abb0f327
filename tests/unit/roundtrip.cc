#include "roundtrip.h"

#include <algorithm>
#include <exception>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace testing {
namespace {

// Long lines (weights) are cut so a failure message stays readable.
std::string Clip(const std::string& s, size_t n = 300) {
  return s.size() <= n ? s : s.substr(0, n) + "...(" + std::to_string(s.size()) + " chars)";
}

std::string Line(const std::string& text, size_t start) {
  size_t end = text.find('\n', start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// "line N: <a> vs <b>" for the first line where the two texts differ.
std::string FirstDifference(const std::string& a, const std::string& b) {
  auto mm = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  size_t pos = static_cast<size_t>(mm.first - a.begin());
  size_t line_start = a.rfind('\n', pos == 0 ? 0 : pos - 1);
  line_start = (line_start == std::string::npos || pos == 0) ? 0 : line_start + 1;
  size_t line_no = 1 + static_cast<size_t>(std::count(a.begin(), a.begin() + line_start, '\n'));
  return "line " + std::to_string(line_no) + ":\n  first:  " + Clip(Line(a, line_start)) +
         "\n  second: " + Clip(Line(b, line_start));
}

}  // namespace

::testing::AssertionResult RoundTrips(const ObjectRef& obj, std::string* printed) {
  std::string text;
  try {
    text = script::Print(obj);
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "Print threw: " << e.what();
  }
  if (printed) *printed = text;
  ObjectRef back;
  try {
    back = script::Parse(text, "<printed>");
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "parsing the printed text failed: " << e.what();
  }
  if (auto mismatch = StructuralMismatch(obj, back)) {
    return ::testing::AssertionFailure()
           << "print+parse is not structurally equal to the original: " << *mismatch;
  }
  if (StructuralHash(obj) != StructuralHash(back)) {
    return ::testing::AssertionFailure() << "structurally equal but hashes differ (a hash bug)";
  }
  std::string again;
  try {
    again = script::Print(back);
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "re-printing the parsed object threw: " << e.what();
  }
  if (again != text) {
    return ::testing::AssertionFailure()
           << "re-print is not byte-identical, " << FirstDifference(text, again);
  }
  return ::testing::AssertionSuccess();
}

}  // namespace testing
}  // namespace tirgen
