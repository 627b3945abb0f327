// DeadCodeElimination before/after: unused pure lets vanish, used ones stay, inline_once
// inlines single uses, stateful values stay, values are only needed through used variables.
#include "relay_pass_test_util.h"

namespace tirgen {
namespace {

using testing_relay::ExpectRewrite;
using testing_relay::ExpectUnchanged;

IRModule Dce(const IRModule& m) { return relay::DeadCodeElimination(m); }
IRModule DceInline(const IRModule& m) { return relay::DeadCodeElimination(m, true); }
const char* kX = "%x: Tensor[(4), float32]";

TEST(DeadCodeElimination, UnusedPureBindingIsRemoved) {
  ExpectRewrite(Dce, kX, "let %a = exp(%x);\nlet %b = log(%x);\nnegative(%b)",
                "let %b = log(%x);\nnegative(%b)");
}

TEST(DeadCodeElimination, ValuesOnlyNeededByDeadBindingsDieToo) {
  // %b is unused, so %a (used only by %b's value) is unused as well.
  ExpectRewrite(Dce, kX, "let %a = exp(%x);\nlet %b = log(%a);\nnegative(%x)", "negative(%x)");
}

TEST(DeadCodeElimination, UsedBindingsStayWithoutInlining) {
  ExpectUnchanged(Dce, kX, "let %a = exp(%x);\nnegative(%a)");
}

TEST(DeadCodeElimination, InlineOnceInlinesSingleUses) {
  ExpectRewrite(DceInline, kX, "let %a = exp(%x);\nlet %b = log(%a);\nnegative(%b)",
                "%0 = exp(%x);\n%1 = log(%0);\nnegative(%1)");
  // Two uses: kept.
  ExpectUnchanged(DceInline, kX, "let %a = exp(%x);\nadd(%a, %a)");
}

TEST(DeadCodeElimination, UsesInsideANestedFunctionCountAsMany) {
  // %a is read once, but inside a function that may run many times: it stays bound. The
  // function itself is used once and is inlined.
  ExpectRewrite(DceInline, kX,
                "let %a = exp(%x);\nlet %f = fn (%y: Tensor[(4), float32]) { add(%y, %a) };\n"
                "%f(%x)",
                "let %a = exp(%x);\n%0 = fn (%y: Tensor[(4), float32]) { add(%y, %a) };\n%0(%x)");
}

TEST(DeadCodeElimination, StatefulValuesStay) {
  ExpectUnchanged(Dce, kX, "let %a = nn.dropout(%x);\nnegative(%x)");
}

TEST(DeadCodeElimination, DataflowGraphsAreUntouched) {
  ExpectUnchanged(DceInline, kX, "%0 = exp(%x);\nadd(%0, %0)");
}

}  // namespace
}  // namespace tirgen
