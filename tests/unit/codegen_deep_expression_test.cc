// C code for very deep expressions (issue 18 item 1): a store of a 50k-term sum crashed the
// system C compiler (its parser and folder recurse once per nesting level). The C generator
// computes every 128 levels into a (volatile) temporary, so each C expression stays shallow and
// no chain of dependent values is longer than 128 within GCC's optimizers; the sum still
// evaluates left to right, so the result is exact here (small integers in float32). 5000 terms
// keep the compile short; 100k-term sums: bench/depth_bench.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "fresh_build_cache.h"
#include "tirgen/codegen/codegen_c.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/runtime/module.h"
#include "tirgen/script/parser.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace {

// Deepest nesting of parentheses in `code`.
int MaxNesting(const std::string& code) {
  int depth = 0, deepest = 0;
  for (char c : code) {
    if (c == '(') deepest = std::max(deepest, ++depth);
    if (c == ')') --depth;
  }
  return deepest;
}

tir::PrimFunc ParseMain(const std::string& text) {
  ObjectRef o = script::Parse(text, "deep.py");
  if (o.as<tir::PrimFuncNode>()) return o.cast<tir::PrimFunc>();
  return o.cast<IRModule>()->functions.begin()->second.cast<tir::PrimFunc>();
}

std::string SumProgram(int terms, const std::string& body_prefix) {
  std::string text =
      "# from tvm.script import tir as T\n\n@T.prim_func\n"
      "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((2,), \"float32\")):\n";
  text += body_prefix + "B[0] = ";
  for (int i = 0; i < terms; ++i) text += (i ? " + A[" : "A[") + std::to_string(i % 16) + "]";
  return text + "\n";
}

class CodegenDeepExpression : public FreshBuildCache {};

TEST_F(CodegenDeepExpression, FiveThousandTermSumIsShallowCAndRunsExactly) {
  constexpr int kTerms = 5000;
  support::RunWithStack(support::kWorkStack, [] {
    tir::PrimFunc f = ParseMain(SumProgram(kTerms, "    "));
    codegen::CSource c = codegen::GenerateC({{"main", f}});
    EXPECT_LT(MaxNesting(c.code), 400) << "every C expression stays shallow";
    EXPECT_NE(c.code.find("const volatile float tg_t"), std::string::npos) << "deep parts computed into temporaries";

    std::vector<float> a(16);
    for (int i = 0; i < 16; ++i) a[i] = static_cast<float>(i);
    std::vector<uint8_t> bytes(16 * sizeof(float));
    std::memcpy(bytes.data(), a.data(), bytes.size());
    NDArray in({16}, DataType::Float(32), std::move(bytes));
    std::vector<NDArray> out = runtime::Module::Build(f).Run("main", {in});
    ASSERT_EQ(out.size(), 1u);
    double want = 0;
    for (int i = 0; i < kTerms; ++i) want += i % 16;
    EXPECT_EQ(out[0].data_as<float>()[0], static_cast<float>(want));
  });
}

TEST_F(CodegenDeepExpression, ConditionalPartsKeepTheirOwnTemporaries) {
  // A deep sum inside a select's branch is computed only when chosen: its temporaries are
  // declared inside the branch, and the program still builds and runs.
  support::RunWithStack(support::kWorkStack, [] {
    std::string sum = "A[0]";
    for (int i = 1; i < 1000; ++i) sum += " + A[" + std::to_string(i % 16) + "]";
    std::string text =
        "# from tvm.script import tir as T\n\n@T.prim_func\n"
        "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((2,), \"float32\")):\n"
        "    B[0] = T.Select(A[1] < T.float32(0), " + sum + ", T.float32(7))\n"
        "    B[1] = T.if_then_else(A[1] > T.float32(0), " + sum + ", T.float32(7))\n";
    tir::PrimFunc f = ParseMain(text);
    codegen::CSource c = codegen::GenerateC({{"main", f}});
    EXPECT_NE(c.code.find("? ({ const volatile float tg_t"), std::string::npos) << c.code.substr(0, 2000);
    std::vector<float> a(16, 1.0f);
    std::vector<uint8_t> bytes(16 * sizeof(float));
    std::memcpy(bytes.data(), a.data(), bytes.size());
    NDArray in({16}, DataType::Float(32), std::move(bytes));
    std::vector<NDArray> out = runtime::Module::Build(f).Run("main", {in});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].data_as<float>()[0], 7.0f);
    EXPECT_EQ(out[0].data_as<float>()[1], 1000.0f);
  });
}

}  // namespace
}  // namespace tirgen
