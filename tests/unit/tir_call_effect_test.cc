// One list of call effects (TVM's TCallEffectKind) for every pass that asks whether a call is
// pure. The cases are the ones where the analyzer's list and the passes' list disagreed.
#include <gtest/gtest.h>

#include <string>

#include "tir_pass_test_util.h"
#include "tirgen/tir/call_effect.h"
#include "tirgen/tir/op.h"
#include "tirgen/tuner/feature.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ParseModule;

std::string RunPass(const transform::Pass& pass, const std::string& text) {
  return testing::PrintChecked(pass(ParseModule(text)));
}

TEST(CallEffect, FollowsTvmRegistry) {
  EXPECT_EQ(CallEffect("tir.likely"), CallEffectKind::kExprAnnotation);
  EXPECT_EQ(CallEffect("tir.call_pure_extern"), CallEffectKind::kPure);  // analyzer said impure
  EXPECT_EQ(CallEffect("tir.address_of"), CallEffectKind::kPure);        // passes said opaque
  EXPECT_EQ(CallEffect("tir.undef"), CallEffectKind::kReadState);        // passes said pure
  EXPECT_EQ(CallEffect("tir.tvm_struct_get"), CallEffectKind::kReadState);  // both said pure
  EXPECT_EQ(CallEffect("tir.assume"), CallEffectKind::kEmbedInfo);       // passes said pure
  EXPECT_EQ(CallEffect("tir.call_llvm_intrin"), kOpaqueEffect);           // analyzer said pure
  EXPECT_EQ(CallEffect("tir.tvm_warp_activemask"), kOpaqueEffect);        // both said pure
  EXPECT_EQ(CallEffect("tir.ret"), CallEffectKind::kControlJump);
  EXPECT_EQ(CallEffect("tir.no_such_op"), kOpaqueEffect);
  EXPECT_EQ(CallEffect("my_extern"), kOpaqueEffect);
  Var n("n");
  EXPECT_EQ(SideEffect(Call(DataType::Float(32), "tir.exp", {cast(DataType::Float(32), n)})), CallEffectKind::kPure);
  EXPECT_EQ(SideEffect(Call(DataType::Bool(), "tir.likely", {n < 1})), CallEffectKind::kPure);  // at least kPure
  EXPECT_EQ(SideEffect(Call(DataType::Bool(), "tir.assume", {n < 1})), CallEffectKind::kUpdateState);  // capped
}

TEST(CallEffect, SimplifyInlinesAPureExternLet) {
  std::string out = RunPass(transform::Simplify(), R"(
@T.prim_func
def f(A: T.Buffer(1, "int32"), n: T.int32):
    x: T.int32 = T.call_pure_extern("int32", "g", n)
    A[0] = x + x
)");
  EXPECT_NE(out.find("A[0] = T.call_pure_extern(\"int32\", \"g\", n) * 2"), std::string::npos) << out;
}

TEST(CallEffect, SimplifyKeepsALetThatReadsState) {
  std::string out = RunPass(transform::Simplify(), R"(
@T.prim_func
def f(A: T.Buffer(1, "int32"), h: T.handle):
    x: T.int32 = T.tvm_struct_get(h, 0, 1, "int32")
    A[0] = x + x
)");
  EXPECT_NE(out.find("x: T.int32 = T.tvm_struct_get(h, 0, 1, \"int32\")"), std::string::npos) << out;
  EXPECT_NE(out.find("A[0] = x * 2"), std::string::npos) << out;
}

TEST(CallEffect, RewriteUnsafeSelectGuardsAStateRead) {
  std::string out = RunPass(transform::RewriteUnsafeSelect(), R"(
@T.prim_func
def f(A: T.Buffer(1, "int32"), h: T.handle, n: T.int32):
    A[0] = T.Select(n > 0, T.tvm_struct_get(h, 0, 1, "int32"), 0)
)");
  EXPECT_NE(out.find("T.if_then_else(n > 0, T.tvm_struct_get"), std::string::npos) << out;
  // address_of reads nothing: only its element's indices decide
  out = RunPass(transform::RewriteUnsafeSelect(), R"(
@T.prim_func
def f(A: T.Buffer(4, "int32"), B: T.Buffer(1, "bool"), n: T.int32):
    B[0] = T.Select(n > 0, T.isnullptr(T.address_of(A[n])), T.bool(False))
)");
  EXPECT_NE(out.find("B[0] = T.Select(n > 0"), std::string::npos) << out;
}

TEST(CallEffect, HoistIfThenElseKeepsAnOpaqueCondition) {
  std::string out = RunPass(transform::HoistIfThenElse(), R"(
@T.prim_func
def f(A: T.Buffer(8, "int32")):
    for i in range(8):
        if T.tvm_warp_activemask() == T.uint32(0):
            A[i] = 1
)");
  EXPECT_NE(out.find("for i in range(8):\n            if T.tvm_warp_activemask()"), std::string::npos) << out;
}

TEST(CallEffect, FeaturesCountAddressOfAsMath) {
  PrimFunc f = ParseModule(R"(
@T.prim_func
def f(A: T.Buffer(4, "int32"), B: T.Buffer(4, "bool")):
    for i in range(4):
        B[i] = T.isnullptr(T.address_of(A[i]))
)")->functions.begin()->second.cast<PrimFunc>();
  tuner::ProgramFeatures features = tuner::ExtractStoreFeatures(f);
  ASSERT_EQ(features.stores.size(), 1u);
  EXPECT_EQ(features.stores[0].arith.int_math_func, 2 * 4);  // isnullptr and address_of
  EXPECT_EQ(features.stores[0].arith.int_other_func, 0);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen
