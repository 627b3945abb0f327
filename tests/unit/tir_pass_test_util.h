// Helpers for TIR pass tests: parse TVMScript into a module, run a pass, print, and check the
// round trip (print -> parse -> structurally equal) on every printed result.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace testing {

inline std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A `@T.prim_func` becomes the module {"main": f}, as the golden-passes inputs need.
inline IRModule ParseModule(const std::string& text) {
  ObjectRef r = script::Parse(text);
  if (r.as<IRModuleNode>()) return r.cast<IRModule>();
  return IRModule(std::map<std::string, ObjectRef>{{"main", r}});
}

/// "line N: want ... / got ..." for the first differing line ("" when equal).
inline std::string FirstDiff(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return "";
    if (!ha || !hb || la != lb) {
      return "line " + std::to_string(line) + ":\n  want: " + (ha ? la : "<eof>") +
             "\n  got:  " + (hb ? lb : "<eof>");
    }
  }
}

/// Prints `mod` and checks it parses back to a structurally equal module.
inline std::string PrintChecked(const IRModule& mod) {
  std::string text = script::Print(mod);
  IRModule back = ParseModule(text);
  auto mismatch = StructuralMismatch(mod, back);
  EXPECT_FALSE(mismatch.has_value()) << "round trip changed the module: " << *mismatch << "\n" << text;
  return text;
}

/// Applies `pass` to the module in `before` and expects the printed result to be `after`
/// (both full TVMScript texts as the printer emits them).
inline void ExpectPass(const transform::Pass& pass, const std::string& before, const std::string& after) {
  IRModule out = pass(ParseModule(before));
  std::string got = PrintChecked(out);
  std::string want = script::Print(ParseModule(after));
  EXPECT_EQ(got, want) << FirstDiff(want, got) << "\n--- got:\n" << got;
}

}  // namespace testing
}  // namespace tir
}  // namespace tirgen
