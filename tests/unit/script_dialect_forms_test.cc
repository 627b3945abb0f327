// TVMScript forms as TVM v0.14's parser reads them: T.call_packed & co. build the
// tir.tvm_call_packed ops, which TVM prints as T.tvm_call_packed (so TVM's printed programs
// re-parse); T.Call(dtype, op, args) builds the call it names; an @I.ir_module class whose body
// is `pass` is an empty module, and assignments in a class body are skipped; T.attr's node may be
// a list (buffer_bind_scope binds [buffer, target]).
#include <gtest/gtest.h>

#include <string>

#include "roundtrip.h"
#include "tirgen/ir/module.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace {

std::string Printed(const std::string& body) {
  ObjectRef f = script::Parse(
      "@T.prim_func\ndef f(A: T.Buffer((16,), \"float32\")):\n" + body);
  EXPECT_TRUE(testing::RoundTrips(f));
  return script::Print(f);
}

TEST(ScriptDialectForms, AliasesBuildTheTvmCallOps) {
  for (const char* name : {"call_packed", "call_cpacked", "call_packed_lowered", "call_cpacked_lowered"}) {
    SCOPED_TRACE(name);
    std::string out = Printed(std::string("    T.evaluate(T.") + name + "(\"kernel\", A.data))\n");
    EXPECT_NE(out.find(std::string("T.tvm_") + name + "(\"kernel\", A.data)"), std::string::npos) << out;
  }
  std::string traced = Printed("    T.evaluate(T.call_trace_packed(\"trace\", A[0]))\n");
  EXPECT_NE(traced.find("T.tvm_call_trace_packed(\"trace\", A[0])"), std::string::npos) << traced;
}

TEST(ScriptDialectForms, TvmNamesParseAsPrinted) {
  std::string out = Printed(
      "    T.evaluate(T.tvm_call_packed_lowered(\"__tvm_set_device\", A.data, 0, 2, dtype=\"int32\"))\n");
  EXPECT_NE(out.find("T.tvm_call_packed_lowered(\"__tvm_set_device\", A.data, 0, 2)"), std::string::npos) << out;
}

// (Another dtype than the op's T.* function gives prints the same and re-parses with that one,
// as in TVM, whose printer drops it too: the corpus lists TVM's one such program.)
TEST(ScriptDialectForms, CallConstructorBuildsTheNamedOp) {
  std::string out = Printed(
      "    if T.isnullptr(A.data):\n"
      "        T.Call(\"handle\", \"tir.tvm_throw_last_error\", [])\n"
      "    T.evaluate(T.Call(\"float32\", \"tir.exp\", [A[1]]))\n");
  EXPECT_NE(out.find("T.tvm_throw_last_error()"), std::string::npos) << out;
  EXPECT_NE(out.find("T.exp(A[1])"), std::string::npos) << out;
  try {
    script::Parse("@T.prim_func\ndef f():\n    T.evaluate(T.Call(\"int32\", 3, []))\n", "t.py");
    FAIL() << "an op that is not a string was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("t.py:3:"), std::string::npos) << e.what();
  }
}

TEST(ScriptDialectForms, EmptyModuleIsPass) {
  ObjectRef m = script::Parse("@I.ir_module\nclass Module:\n    pass\n");
  ASSERT_TRUE(m.as<IRModuleNode>());
  EXPECT_TRUE(m.as<IRModuleNode>()->functions.empty());
  std::string out;
  EXPECT_TRUE(testing::RoundTrips(m, &out));
  EXPECT_NE(out.find("class Module:\n    pass"), std::string::npos) << out;
}

TEST(ScriptDialectForms, ModuleClassAssignmentsAreSkipped) {
  ObjectRef m = script::Parse(
      "@I.ir_module\nclass Module:\n    @T.prim_func\n    def main():\n        T.evaluate(0)\n"
      "    __tvm_meta__ = None\n    other = [1,\n             2]\n");
  ASSERT_TRUE(m.as<IRModuleNode>());
  EXPECT_EQ(m.as<IRModuleNode>()->functions.size(), 1u);
  EXPECT_TRUE(testing::RoundTrips(m));
}

TEST(ScriptDialectForms, AttrNodeMayBeAList) {
  std::string out = Printed(
      "    B = T.Buffer((4,), scope=\"local\")\n"
      "    with T.attr([B, A], \"buffer_bind_scope\", T.tvm_tuple(0, 4, dtype=\"handle\")):\n"
      "        B[0] = T.float32(1)\n");
  EXPECT_NE(out.find("T.attr([B, A], \"buffer_bind_scope\""), std::string::npos) << out;
}

}  // namespace
}  // namespace tirgen
