// LowerToTE / LowerToPrimFunc behaviour beyond the goldens: fused names (TVM's truncation),
// constant naming per function, scalar constants, parameter flattening, errors.
#include <gtest/gtest.h>

#include <functional>

#include "tirgen/lower/fused_name.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/printer.h"
#include "tirgen/te/operation.h"

namespace tirgen {
namespace {

relay::Function ParseFn(const std::string& body) {
  return relay::ParseExpr("#[version = \"0.0.5\"]\n" + body).cast<relay::Function>();
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(FusedName, HashIsLibstdcxxStdHash) {
  for (const std::string s : {"", "a", "fused_nn.conv2d", "0123456789abcdef", "fused_nn.conv2d_add_nn.relu_x"}) {
    uint64_t want = 0;
#ifdef __GLIBCXX__
    want = std::hash<std::string>{}(s);
#else
    GTEST_SKIP() << "not built with libstdc++: no reference std::hash to compare with";
#endif
    EXPECT_EQ(lower::LibstdcxxHash(s), want) << s;
  }
}

TEST(FusedName, ShortNamesAreKeptLongOnesTruncatedTvmsWay) {
  EXPECT_EQ(lower::FusedName("fused_nn.conv2d_add_nn.relu"), "fused_nn_conv2d_add_nn_relu");
  std::string longname = "fused";
  for (int i = 0; i < 12; ++i) longname += "_nn.conv2d";
  std::string t = lower::TruncateFusedName(longname);
  ASSERT_GT(longname.size(), 80u);
  EXPECT_EQ(t.substr(0, 80), longname.substr(0, 80));
  EXPECT_EQ(t.back(), '_');
  EXPECT_EQ(t[80], '_');
  // The hash is over the full dotted name, in lower-case hex without padding.
  char buf[32];
  snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(lower::LibstdcxxHash(longname)));
  EXPECT_EQ(t.substr(81, t.size() - 82), buf);
  EXPECT_EQ(lower::FusedName(longname).find('.'), std::string::npos);
}

TEST(LowerToTE, NamesAndConstants) {
  relay::Function f = ParseFn(
      "fn (%p0: Tensor[(4, 5), float32], %p1: (Tensor[(4, 5), float32], Tensor[(5), float32]), "
      "Primitive=1) -> Tensor[(4, 5), float32] {\n"
      "  %0 = add(%p0, 1f);\n"
      "  %1 = multiply(%0, %p1.0);\n"
      "  add(%1, %p1.1)\n"
      "}\n");
  lower::LoweredTE te = lower::LowerToTE(f);
  EXPECT_EQ(te.fused_name, "fused_add_multiply_add");
  ASSERT_EQ(te.inputs.size(), 3u);  // the tuple parameter is flattened, named after the param
  EXPECT_EQ(te.inputs[0]->op->name, "p0");
  EXPECT_EQ(te.inputs[1]->op->name, "p1");
  EXPECT_EQ(te.inputs[2]->op->name, "p1");
  ASSERT_EQ(te.outputs.size(), 1u);
  EXPECT_EQ(te.outputs[0]->op->name, "T_add");
  EXPECT_TRUE(te.constants.empty());  // the scalar is a compile_engine_const stage
  std::string text = script::Print(lower::LowerToPrimFunc(f));
  EXPECT_NE(text.find("T.block(\"compile_engine_const\")"), std::string::npos) << text;
}

relay::Constant Ones(std::vector<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<float> v(n, 1.0f);
  std::vector<uint8_t> bytes(reinterpret_cast<uint8_t*>(v.data()), reinterpret_cast<uint8_t*>(v.data() + n));
  return relay::Constant(NDArray(shape, DataType::Float(32), bytes));
}

// p0 + c1, then * c2, then - c1 (c1 met again: one constant), then + c3.
relay::Function ConstantChain(const std::string& param) {
  relay::Var x(param, relay::TensorType({2, 3}, DataType::Float(32)));
  relay::Constant c1 = Ones({2, 3});
  relay::Expr e = relay::MakeCall("add", {x, c1});
  e = relay::MakeCall("multiply", {e, Ones({3})});
  e = relay::MakeCall("subtract", {e, c1});
  e = relay::MakeCall("add", {e, Ones({2, 3})});
  relay::Function f({x}, e, relay::Type(), {{"Primitive", tir::IntImm(DataType::Int(32), 1)}});
  return relay::InferType(f).cast<relay::Function>();
}

TEST(LowerToTE, TensorConstantsNamedAfterTheOpsBeforeThemPerFunction) {
  lower::LoweredTE te = lower::LowerToTE(ConstantChain("p0"));
  ASSERT_EQ(te.constants.size(), 3u);  // first-visit order
  EXPECT_EQ(te.constants[0].first->op->name, "fused_constant");
  EXPECT_EQ(te.constants[1].first->op->name, "fused_add_constant");
  EXPECT_EQ(te.constants[2].first->op->name, "fused_add_multiply_subtract_constant");
  // Lowering the same function again (or after another one) gives the same names: no
  // counter survives a call.
  lower::LoweredTE again = lower::LowerToTE(ConstantChain("p0"));
  EXPECT_EQ(again.constants[0].first->op->name, "fused_constant");
  std::string a = script::Print(lower::LowerToPrimFunc(ConstantChain("p0")));
  std::string b = script::Print(lower::LowerToPrimFunc(ConstantChain("p0")));
  EXPECT_EQ(a, b);
  EXPECT_NE(a.find("fused_add_multiply_subtract_constant = T.allocate_const("), std::string::npos) << a;
  // The constants are embedded, not parameters.
  EXPECT_EQ(lower::LowerToPrimFunc(ConstantChain("p0"))->params.size(), 2u);
}

TEST(LowerToTE, ConstantWithoutDataSaysHowToGetIt) {
  relay::Function f = ParseFn(
      "fn (%p0: Tensor[(2, 3), float32], Primitive=1) {\n"
      "  add(%p0, meta[relay.Constant][0] /* ty=Tensor[(2, 3), float32] */)\n"
      "}\n");
  std::string err = ErrorOf([&] { lower::LowerToTE(f); });
  EXPECT_NE(err.find("show_meta_data=True"), std::string::npos) << err;
}

TEST(LowerToTE, NonPrimitiveFunctionIsAUserError) {
  relay::Function f = ParseFn("fn (%x: Tensor[(4), float32]) { nn.relu(%x) }\n");
  std::string err = ErrorOf([&] { lower::LowerToPrimFunc(f); });
  EXPECT_NE(err.find("Primitive=1"), std::string::npos) << err;
  EXPECT_NE(err.find("FuseOps"), std::string::npos) << err;
}

TEST(LowerToTE, UnknownTargetIsAUserError) {
  relay::Function f = ParseFn("fn (%p0: Tensor[(4), float32], Primitive=1) { nn.relu(%p0) }\n");
  EXPECT_NE(ErrorOf([&] { lower::LowerToPrimFunc(f, "cuda"); }).find("unknown target"), std::string::npos);
  EXPECT_NO_THROW(lower::LowerToPrimFunc(f, "llvm"));
  EXPECT_NO_THROW(lower::LowerToPrimFunc(f, "c"));
}

TEST(LowerToTE, ForwardedInputsAreDroppedFromOutputs) {
  relay::Function f = ParseFn(
      "fn (%p0: Tensor[(4), float32], Primitive=1) -> (Tensor[(4), float32], Tensor[(4), float32]) {\n"
      "  (nn.relu(%p0), %p0)\n"
      "}\n");
  lower::LoweredTE te = lower::LowerToTE(f);
  ASSERT_EQ(te.outputs.size(), 1u);
  EXPECT_EQ(te.outputs[0]->op->name, "T_relu");
  EXPECT_EQ(lower::LowerToPrimFunc(f)->params.size(), 2u);
}

}  // namespace
}  // namespace tirgen
