// EliminateCommonSubexpr before/after: equal calls merge, different attributes, different
// arguments and stateful ops stay apart; scalar constants and literal tuples compare by value.
#include "relay_pass_test_util.h"

namespace tirgen {
namespace {

using testing_relay::ExpectRewrite;
using testing_relay::ExpectUnchanged;

IRModule Cse(const IRModule& m) { return relay::EliminateCommonSubexpr(m); }
const char* kX = "%x: Tensor[(4, 8), float32]";

TEST(EliminateCommonSubexpr, EqualCallsBecomeOne) {
  ExpectRewrite(Cse, kX,
                "%0 = exp(%x);\n%1 = exp(%x);\nadd(%0, %1)",
                "%0 = exp(%x);\nadd(%0, %0)");
}

TEST(EliminateCommonSubexpr, MergingCascadesToConsumers) {
  // abs(x) merges, so the two add(abs(x), 1f) now read the same node and merge too.
  ExpectRewrite(Cse, kX,
                "%0 = abs(%x);\n%1 = add(%0, 1f);\n%2 = abs(%x);\n%3 = add(%2, 1f);\n"
                "multiply(%1, %3)",
                "%0 = abs(%x);\n%1 = add(%0, 1f);\nmultiply(%1, %1)");
}

TEST(EliminateCommonSubexpr, AttributesMustBeEqualDefaultsIncluded) {
  ExpectUnchanged(Cse, kX,
                  "%0 = mean(%x, axis=[1], keepdims=True);\n%1 = mean(%x, axis=[0], keepdims=True);\n"
                  "%2 = sum(%0);\n%3 = sum(%1);\nadd(%2, %3)");
  // keepdims=False is the default: written or not, the attributes are equal.
  ExpectRewrite(Cse, kX,
                "%0 = mean(%x, axis=[1]);\n%1 = mean(%x, axis=[1], keepdims=False);\nadd(%0, %1)",
                "%0 = mean(%x, axis=[1]);\nadd(%0, %0)");
}

TEST(EliminateCommonSubexpr, ScalarConstantsCompareByValue) {
  ExpectRewrite(Cse, kX,
                "%0 = add(%x, 2f);\n%1 = add(%x, 2f);\nmultiply(%0, %1)",
                "%0 = add(%x, 2f);\nmultiply(%0, %0)");
  ExpectUnchanged(Cse, kX, "%0 = add(%x, 2f);\n%1 = add(%x, 3f);\nmultiply(%0, %1)");
}

TEST(EliminateCommonSubexpr, LiteralTuplesCompareFieldByField) {
  ExpectRewrite(Cse, kX,
                "%0 = concatenate((%x, %x));\n%1 = concatenate((%x, %x));\nadd(%0, %1)",
                "%0 = concatenate((%x, %x));\nadd(%0, %0)");
}

TEST(EliminateCommonSubexpr, ProjectionsOfOneTupleMerge) {
  ExpectRewrite(Cse, kX,
                "%0 = split(%x, indices_or_sections=2);\n%1 = %0.0;\n%2 = %0.0;\nadd(%1, %2)",
                "%0 = split(%x, indices_or_sections=2);\n%1 = %0.0;\nadd(%1, %1)");
}

TEST(EliminateCommonSubexpr, StatefulDropoutIsKept) {
  ExpectUnchanged(Cse, kX,
                  "%0 = nn.dropout(%x);\n%1 = nn.dropout(%x);\n%2 = %0.0;\n%3 = %1.0;\nadd(%2, %3)");
}

TEST(EliminateCommonSubexpr, SkipFunctionKeepsCalls) {
  auto keep_exp = [](const IRModule& m) {
    return relay::EliminateCommonSubexpr(m, [](const relay::Expr& e) {
      const auto* c = e.as<relay::CallNode>();
      return c && c->op_name() == "exp";
    });
  };
  ExpectUnchanged(keep_exp, kX, "%0 = exp(%x);\n%1 = exp(%x);\nadd(%0, %1)");
}

}  // namespace
}  // namespace tirgen
