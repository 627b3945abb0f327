// Long expression chains through the TVMScript parser and printer (issue 18 item 1): a
// 100k-term sum and a 100k-term chain of mixed operators parse, print back byte for byte and
// re-parse structurally equal. Run on a 1 GB stack as the CLI runs (the printer and structural
// equality still recurse once per nesting level); no timing threshold, but the printer used to
// be quadratic here (its use-path prefix scan), which made 100k terms take minutes under load.
#include <gtest/gtest.h>

#include <string>

#include "tirgen/tir/structural_equal.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace {

std::string Program(const std::string& value) {
  return "# from tvm.script import tir as T\n\n@T.prim_func\n"
         "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((1,), \"float32\")):\n    B[0] = " +
         value + "\n";
}

void ExpectRoundTrip(const std::string& text) {
  support::RunWithStack(std::size_t(1) << 30, [&] {
    ObjectRef f = script::Parse(text, "deep.py");
    std::string printed = script::Print(f);
    EXPECT_TRUE(printed == text) << "printed text differs (" << printed.size() << " bytes, input " << text.size() << ")";
    EXPECT_TRUE(StructuralEqual(f, script::Parse(printed, "deep.py")));
  });
}

TEST(ScriptDepth, HundredThousandTermSumRoundTrips) {
  std::string sum;
  for (int i = 0; i < 100000; ++i) sum += (i ? " + A[" : "A[") + std::to_string(i % 16) + "]";
  ExpectRoundTrip(Program(sum));
}

TEST(ScriptDepth, HundredThousandTermMixedChainRoundTrips) {
  // a - b * c + d ...: left-deep + and - chains with * terms, as TVM prints them (no parens).
  std::string chain = "A[0]";
  const char* ops[] = {" + ", " - "};
  for (int i = 1; i < 100000; ++i) {
    chain += ops[i % 2];
    chain += "A[" + std::to_string(i % 16) + "]";
    if (i % 3 == 0) chain += " * A[" + std::to_string((i + 5) % 16) + "]";
  }
  ExpectRoundTrip(Program(chain));
}

}  // namespace
}  // namespace tirgen
