// runtime::Executor on Relay If (a condition known only at run time): only the taken branch's
// functions run, tuple-valued and nested Ifs, a branch that returns an input or a constant, a
// value used inside a branch and after the If (computed once, before the jump), calls per run in
// the profile, and the plan's errors for a condition that is not one bool.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>

#include "tirgen/relay/text.h"
#include "tirgen/runtime/executor.h"

namespace tirgen {
namespace {

NDArray Vec(std::vector<float> v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return NDArray({static_cast<int64_t>(v.size())}, DataType::Float(32), std::move(b));
}
NDArray Bool(bool c) { return NDArray({}, DataType::Bool(), std::vector<uint8_t>{static_cast<uint8_t>(c)}); }
std::vector<float> Values(const NDArray& a) {
  std::vector<float> v(static_cast<size_t>(a->NumElements()));
  std::memcpy(v.data(), a.data(), v.size() * 4);
  return v;
}

runtime::Executor Build(const std::string& body, const std::string& ret = "Tensor[(4), float32]") {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(%c: bool, %d: bool, %x: Tensor[(4), float32]) -> " + ret +
                     " {\n" + body + "\n}\n";
  return runtime::Executor(runtime::LowerForExecution(relay::ParseModule(text, "<if>")));
}

TEST(ExecutorIf, RunsOnlyTheTakenBranch) {
  runtime::Executor ex = Build("if (%c) { add(%x, 1f) } else { multiply(%x, 2f) }");
  NDArray x = Vec({1, 2, 3, 4});
  EXPECT_EQ(Values(ex.Run({Bool(true), Bool(false), x})[0]), (std::vector<float>{2, 3, 4, 5}));
  EXPECT_EQ(Values(ex.Run({Bool(false), Bool(false), x})[0]), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ(Values(ex.Run({Bool(true), Bool(true), x})[0]), (std::vector<float>{2, 3, 4, 5}));

  NDArray c = Bool(false), d = Bool(false);  // alive while the views are used
  std::vector<runtime::TensorView> in{{c.data(), {}, DataType::Bool()},
                                      {d.data(), {}, DataType::Bool()},
                                      {x.data(), {4}, DataType::Float(32)}};
  std::map<std::string, int> calls;
  for (const auto& row : ex.Profile(in, 3)) calls[row.name] = row.calls;
  ASSERT_EQ(calls.size(), 2u);  // both functions listed, only the else branch's called
  for (const auto& [name, n] : calls) EXPECT_EQ(n, name.find("multiply") != std::string::npos ? 1 : 0) << name;
}

TEST(ExecutorIf, TuplesNestingInputsAndConstantsAsBranchValues) {
  runtime::Executor ex = Build(
      "%0 = if (%c) {\n"
      "  if (%d) { (%x, negative(%x)) } else { (exp(%x), %x) }\n"
      "} else {\n"
      "  (%x, zeros(shape=[4], dtype=\"float32\"))\n"
      "};\n"
      "add(%0.0, %0.1)");
  NDArray x = Vec({0, 1, 2, 3});
  EXPECT_EQ(Values(ex.Run({Bool(true), Bool(true), x})[0]), (std::vector<float>{0, 0, 0, 0}));
  std::vector<float> e = Values(ex.Run({Bool(true), Bool(false), x})[0]);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(e[i], std::exp(static_cast<float>(i)) + i, 1e-4) << i;
  EXPECT_EQ(Values(ex.Run({Bool(false), Bool(true), x})[0]), (std::vector<float>{0, 1, 2, 3}));
}

// Calls per run of each function whose name contains `part`, summed.
int CallsOf(const runtime::Executor& ex, bool c, bool d, const NDArray& x, const std::string& part) {
  NDArray cv = Bool(c), dv = Bool(d);  // alive while the views are used
  std::vector<runtime::TensorView> in{{cv.data(), {}, DataType::Bool()},
                                      {dv.data(), {}, DataType::Bool()},
                                      {x.data(), {4}, DataType::Float(32)}};
  int n = 0;
  for (const auto& row : ex.Profile(in, 2))
    if (row.name.find(part) != std::string::npos) n += row.calls;
  return n;
}

TEST(ExecutorIf, AValueUsedInABranchAndAfterTheIfIsComputedOnceBeforeTheJump) {
  // %0 is first reached inside the then-branch (add's first argument is the If): planned there,
  // it would be forgotten when the branch ends and computed again for the final add.
  runtime::Executor ex = Build(
      "%0 = exp(%x);\n"
      "%1 = if (%c) { add(%0, 1f) } else { %x };\n"
      "add(%1, %0)");
  NDArray x = Vec({0, 0, 1, 1});
  for (bool c : {true, false, true}) {  // the arena is reused: no run sees another's values
    std::vector<float> got = Values(ex.Run({Bool(c), Bool(false), x})[0]);
    for (int i = 0; i < 4; ++i) {
      float v = Values(x)[i], e = std::exp(v);
      EXPECT_NEAR(got[i], c ? 2 * e + 1 : v + e, 1e-5) << c << " " << i;
    }
    EXPECT_EQ(CallsOf(ex, c, false, x, "exp"), 1) << c;
  }
}

TEST(ExecutorIf, AValueOnlyOneBranchUsesRunsOnlyWhenThatBranchIsTaken) {
  // Shared by both branches but not after the If: it stays in them (only one runs), and a value
  // only the else-branch needs is not computed when the then-branch is taken. Nested: a value
  // the inner If's branch shares with the outer then-branch's later code is computed once.
  runtime::Executor ex = Build(
      "%0 = tanh(%x);\n"
      "%1 = sigmoid(%x);\n"
      "if (%c) {\n"
      "  %2 = if (%d) { add(%0, 1f) } else { %x };\n"
      "  add(%2, %0)\n"
      "} else {\n"
      "  add(%0, %1)\n"
      "}");
  NDArray x = Vec({0, 1, 2, 3});
  for (bool c : {true, false})
    for (bool d : {true, false}) {
      std::vector<float> got = Values(ex.Run({Bool(c), Bool(d), x})[0]);
      for (int i = 0; i < 4; ++i) {
        float v = Values(x)[i], t = std::tanh(v), s = 1 / (1 + std::exp(-v));
        EXPECT_NEAR(got[i], c ? (d ? 2 * t + 1 : v + t) : t + s, 1e-5) << c << d << " " << i;
      }
      EXPECT_EQ(CallsOf(ex, c, d, x, "tanh"), 1) << c << d;
      EXPECT_EQ(CallsOf(ex, c, d, x, "sigmoid"), c ? 0 : 1) << c << d;
    }
}

TEST(ExecutorIf, ResultsOfRepeatedRunsDoNotLeakAcrossBranches) {
  runtime::Executor ex = Build("if (%c) { multiply(%x, %x) } else { subtract(%x, 1f) }");
  NDArray x = Vec({1, 2, 3, 4});
  for (int k = 0; k < 4; ++k) {
    bool c = k % 2 == 0;
    std::vector<float> got = Values(ex.Run({Bool(c), Bool(false), x})[0]);
    EXPECT_EQ(got, c ? (std::vector<float>{1, 4, 9, 16}) : (std::vector<float>{0, 1, 2, 3})) << k;
  }
}

}  // namespace
}  // namespace tirgen
