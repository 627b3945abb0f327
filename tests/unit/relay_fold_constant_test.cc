// FoldConstant's graph rules (TVM v0.14) with a stand-in evaluator that records what it is asked
// to fold and answers with a marker constant; the real evaluator (lower + interpret) is tested
// in lower_constant_evaluator_test.cc.
#include <gtest/gtest.h>

#include <cstring>

#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace {

class FoldConstantRules : public ::testing::Test {
 protected:
  relay::Expr Evaluate(const relay::Expr& e) {
    asked.push_back(relay::PrintExpr(e));
    float v = 42;
    std::vector<uint8_t> b(4);
    std::memcpy(b.data(), &v, 4);
    return relay::Expr(relay::Constant(NDArray({}, DataType::Float(32), b)));
  }

  std::string Fold(const std::string& body, const std::string& params = "%x: Tensor[(2), float32]") {
    IRModule mod = relay::ParseModule("#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n" + body + "\n}\n");
    std::string out =
        relay::PrintModule(relay::FoldConstant(mod, [this](const relay::Expr& e) { return Evaluate(e); }));
    return out.substr(out.find('{') + 1);
  }
  std::vector<std::string> asked;
};

TEST_F(FoldConstantRules, CallsOfOpsOnConstantsAreFolded) {
  std::string out = Fold("  %0 = add(1f, 2f);\n  add(%x, %0)");
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_NE(asked[0].find("add(1f, 2f)"), std::string::npos) << asked[0];
  EXPECT_NE(out.find("add(%x, 42f)"), std::string::npos) << out;
}

TEST_F(FoldConstantRules, BottomUpEachCallOnce) {
  Fold("  %0 = add(1f, 2f);\n  %1 = multiply(%0, %0);\n  add(%x, %1)");
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_NE(asked[1].find("multiply(42f, 42f)"), std::string::npos) << asked[1];
}

TEST_F(FoldConstantRules, CallsWithoutArgumentsOrWithVariablesStay) {
  std::string out = Fold("  %0 = zeros(shape=[2], dtype=\"float32\");\n  add(%x, %0)");
  EXPECT_TRUE(asked.empty()) << asked[0];
  EXPECT_NE(out.find("zeros(shape=[2]"), std::string::npos) << out;
}

TEST_F(FoldConstantRules, TuplesOfConstantsAreConstantArguments) {
  std::string out = Fold("  %0 = (1f, 2f);\n  %1 = stack(%0);\n  add(%x, %1)");
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_NE(asked[0].find("stack(%0)"), std::string::npos) << asked[0];
  EXPECT_NE(asked[0].find("%0 = (1f, 2f)"), std::string::npos) << asked[0];
}

TEST_F(FoldConstantRules, ProjectionsOfLiteralTuplesAndConstantLetsAreResolved) {
  std::string out = Fold("  %0 = (%x, 3f);\n  %1 = %0.1;\n  add(%x, %1)");
  EXPECT_NE(out.find("add(%x, 3f)"), std::string::npos) << out;
  out = Fold("  let %c = 5f;\n  add(%x, %c)");
  EXPECT_NE(out.find("add(%x, 5f)"), std::string::npos) << out;
  EXPECT_EQ(out.find("let"), std::string::npos) << out;
}

TEST_F(FoldConstantRules, PrimitiveFunctionsAreNotEntered) {
  std::string out = Fold(
      "  %0 = fn (%p0: Tensor[(2), float32], Primitive=1) {\n    %1 = add(1f, 2f);\n    add(%p0, %1)\n  };\n  %0(%x)");
  EXPECT_TRUE(asked.empty());
  EXPECT_NE(out.find("add(1f, 2f)"), std::string::npos) << out;
}

TEST(FoldConstant, WithoutEvaluatorNothingChanges) {
  IRModule mod = relay::ParseModule("#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(2), float32]) {\n  add(%x, add(1f, 2f))\n}\n");
  EXPECT_TRUE(relay::FoldConstant(mod, nullptr).same_as(mod));
}

}  // namespace
}  // namespace tirgen
