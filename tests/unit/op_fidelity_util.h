// The op fidelity cases (tests/data/op_fidelity/<family>/<case>.relay, expected
// <case>.expected.py): a one-op program is optimized (TVM's pass prefix + FuseOps), its one
// primitive function lowered and printed — what `tirgen lower` prints — and compared with
// the expected TVMScript byte for byte; the text must parse back to the same PrimFunc.
// UPDATE_GOLDEN=1 rewrites the expectations (review the diff: they stand for TVM's output).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace op_fidelity {

inline std::filesystem::path Dir(const std::string& family) {
  return std::filesystem::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "op_fidelity" / family;
}

/// The case names (file stems) of a family, sorted.
inline std::vector<std::string> Cases(const std::string& family) {
  std::vector<std::string> out;
  if (!std::filesystem::exists(Dir(family))) return out;
  for (const auto& e : std::filesystem::directory_iterator(Dir(family)))
    if (e.path().extension() == ".relay") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string Read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Cases whose printed text does not parse back to the same PrimFunc yet (script parser bugs
// found when these tests moved to files; the text itself is still compared).
inline const char* RoundTripBug(const std::string& name) {
  if (name == "sign_is_nan_is_inf.relay") return "the TVMScript parser does not know T.isnan";
  if (name == "take_fast.relay")
    return "a read region's int64 extent parses back as int32 (T_take's reads[0])";
  return nullptr;
}

/// The printed PrimFunc of the one primitive function `text`'s main optimizes into.
inline std::string LowerOne(const std::string& text, const std::string& name) {
  IRModule mod = relay::Optimize(relay::ParseModule(text, name), {}, lower::DefaultOptimizeConfig());
  std::vector<relay::Function> fns;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>())
      if (f->IsPrimitive()) fns.push_back(x.cast<relay::Function>());
  });
  if (fns.size() != 1) ADD_FAILURE() << name << ": " << fns.size() << " primitive functions, expected 1";
  if (fns.empty()) return "";
  tir::PrimFunc pf = lower::LowerToPrimFunc(fns[0]);
  std::string printed = script::Print(pf);
  if (const char* bug = RoundTripBug(name)) {
    std::cout << "[ note     ] " << name << ": round trip not checked: " << bug << std::endl;
    return printed;
  }
  ObjectRef parsed = script::Parse(printed, name);
  EXPECT_TRUE(StructuralEqual(pf, parsed)) << name << ": " << StructuralMismatch(pf, parsed).value_or("");
  return printed;
}

inline void Check(const std::string& family, const std::string& name) {
  std::filesystem::path input = Dir(family) / (name + ".relay");
  std::filesystem::path expected = Dir(family) / (name + ".expected.py");
  std::string got = LowerOne(Read(input), input.filename().string());
  if (std::getenv("UPDATE_GOLDEN")) std::ofstream(expected, std::ios::binary) << got;
  ASSERT_TRUE(std::filesystem::exists(expected)) << expected << " missing (UPDATE_GOLDEN=1 writes it)";
  EXPECT_EQ(Read(expected), got) << input;
}

/// Test names from case names.
inline std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n;
  for (char c : info.param) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
}

}  // namespace op_fidelity
}  // namespace tirgen
