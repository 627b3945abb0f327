// The one constant folder (tir::TryConstFold, behind tir::add .. tir::max and TVMScript's
// builtins): TVM's const_fold rules, with integer results wrapped as the generated code wraps
// them and never computed with signed overflow (the UBSan build would flag that).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

constexpr int64_t kI64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kI32Min = std::numeric_limits<int32_t>::min();

int64_t Value(const PrimExpr& e) {
  const IntImmNode* p = e.as<IntImmNode>();
  EXPECT_TRUE(p) << "not folded: " << script::PrintExpr(e);
  return p ? p->value : 0;
}

// neg of a vector subtracts it from a broadcast zero, as TVM's make_zero does (a scalar zero of
// a vector dtype was an internal error).
TEST(TirOp, NegOfAVectorIsBroadcastZeroMinusIt) {
  Var v("v", DataType::Int(32, 4));
  EXPECT_EQ(script::PrintExpr(neg(v)), "T.Broadcast(0, 4) - v");
  Var f("f", DataType::Float(32, 8));
  EXPECT_EQ(script::PrintExpr(neg(f)), "T.Broadcast(T.float32(0), 8) - f");
  EXPECT_EQ(script::PrintExpr(neg(Var("s", DataType::Int(32)))), "0 - s");
}

TEST(ConstFold, MinOverMinusOneWrapsAsTheRuntimeDoes) {
  for (DataType t : {DataType::Int(32), DataType::Int(64)}) {
    int64_t lo = t.bits() == 32 ? kI32Min : kI64Min;
    PrimExpr a = IntImm(t, lo), m1 = IntImm(t, -1);
    EXPECT_EQ(Value(truncdiv(a, m1)), lo) << t.str();
    EXPECT_EQ(Value(floordiv(a, m1)), lo) << t.str();
    EXPECT_EQ(Value(truncmod(a, m1)), 0) << t.str();
    EXPECT_EQ(Value(floormod(a, m1)), 0) << t.str();
    EXPECT_EQ(Value(neg(a)), lo) << t.str();
  }
  EXPECT_EQ(FloorDivInt(kI64Min, -1), kI64Min);
  EXPECT_EQ(FloorModInt(kI64Min, -1), 0);
}

TEST(ConstFold, Int64OverflowWraps) {
  DataType t = DataType::Int(64);
  PrimExpr max = IntImm(t, std::numeric_limits<int64_t>::max());
  EXPECT_EQ(Value(add(max, IntImm(t, 1))), kI64Min);
  EXPECT_EQ(Value(sub(IntImm(t, kI64Min), IntImm(t, 1))), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(Value(mul(max, IntImm(t, 2))), -2);
  EXPECT_EQ(Value(abs(IntImm(t, kI64Min))), kI64Min);
}

// A float constant cast to an integer folds only when int64 holds it; NaN, inf and 1e30 stay a
// Cast (converting them in the compiler would be undefined behaviour).
TEST(ConstFold, FloatToIntegerCastFoldsOnlyRepresentableValues) {
  EXPECT_EQ(Value(cast(DataType::Int(32), FloatImm(DataType::Float(32), -2.75))), -2);
  for (double v : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(), 1e30}) {
    PrimExpr e = cast(DataType::Int(64), FloatImm(DataType::Float(64), v));
    EXPECT_TRUE(e.as<CastNode>()) << v << ": " << script::PrintExpr(e);
  }
}

TEST(ConstFold, FloorDivisionRoundsDown) {
  DataType t = DataType::Int(32);
  EXPECT_EQ(Value(floordiv(IntImm(t, -7), IntImm(t, 2))), -4);
  EXPECT_EQ(Value(floormod(IntImm(t, -7), IntImm(t, 2))), 1);
  EXPECT_EQ(Value(truncdiv(IntImm(t, -7), IntImm(t, 2))), -3);
  EXPECT_EQ(Value(truncmod(IntImm(t, -7), IntImm(t, 2))), -1);
  EXPECT_EQ(FloorDivInt(7, -2), -4);
  EXPECT_EQ(FloorModInt(7, -2), -1);
}

TEST(ConstFold, ModuloFoldsOnlyIndexTypesAsTVM) {
  // TVM_INDEX_CONST_PROPAGATION: truncmod/floormod fold int32/int64 only.
  DataType i8 = DataType::Int(8);
  EXPECT_FALSE(TryConstFold(Kind::kMod, IntImm(i8, 7), IntImm(i8, 3)).defined());
  EXPECT_EQ(Value(TryConstFold(Kind::kMod, IntImm(DataType::Int(64), 7), IntImm(DataType::Int(64), 3))), 1);
}

TEST(ConstFold, ZeroDivisorIsAnError) {
  DataType t = DataType::Int(32);
  EXPECT_THROW(truncdiv(IntImm(t, 1), IntImm(t, 0)), Error);
  EXPECT_THROW(floormod(IntImm(t, 1), IntImm(t, 0)), Error);
}

TEST(ConstFold, TVMScriptBuiltinsFoldWithTheSameRules) {
  // The parser's T.floordiv / `//` go through tir::TryConstFold too.
  ObjectRef f = script::Parse(R"(
@T.prim_func
def main(A: T.Buffer((4,), "int64")):
    A[0] = (T.int64(-9223372036854775807) - T.int64(1)) // T.int64(-1)
    A[1] = T.floormod(T.int64(-9223372036854775807) - T.int64(1), T.int64(-1))
    A[2] = T.int64(-7) // T.int64(2)
)",
                              "fold.py");
  std::string text = script::Print(f);
  size_t a0 = text.find("A[0] = ");
  ASSERT_NE(a0, std::string::npos) << text;
  std::string line0 = text.substr(a0, text.find('\n', a0) - a0);
  EXPECT_EQ(line0.find("//"), std::string::npos) << "A[0] not folded: " << line0;
  EXPECT_NE(line0.find("9223372036854775808"), std::string::npos) << line0;
  EXPECT_NE(text.find("A[1] = T.int64(0)"), std::string::npos) << text;
  EXPECT_NE(text.find("A[2] = T.int64(-4)"), std::string::npos) << text;
}

// ---- one BinaryOpMatchTypes and one cast: tir::MatchTypes / tir::cast, which TVMScript's
// parser and printer call too. Each case is one where the copies used to disagree; the
// expectation is what TVM v0.14's BinaryOpMatchTypes / tvm::cast give.

DataType Matched(DataType l, DataType r, DataType* lhs_after = nullptr) {
  PrimExpr a = Var("a", l), b = Var("b", r);
  MatchTypes(&a, &b);
  EXPECT_EQ(a.dtype(), b.dtype()) << l.str() << " vs " << r.str();
  if (lhs_after) *lhs_after = a.dtype();
  return a.dtype();
}

TEST(MatchTypes, SignedAgainstUnsignedOfEqualWidthIsUnsigned) {
  // TVMScript's own copy picked the signed type here.
  EXPECT_EQ(Matched(DataType::Int(32), DataType::UInt(32)), DataType::UInt(32));
  EXPECT_EQ(Matched(DataType::UInt(32), DataType::Int(32)), DataType::UInt(32));
  EXPECT_EQ(Matched(DataType::UInt(32), DataType::Int(64)), DataType::Int(64));
  EXPECT_EQ(Matched(DataType::UInt(64), DataType::Int(32)), DataType::UInt(64));
  EXPECT_EQ(Matched(DataType::Bool(), DataType::Int(8)), DataType::Int(8));
  EXPECT_EQ(Matched(DataType::UInt(16), DataType::Bool()), DataType::UInt(16));
}

TEST(MatchTypes, FloatBeatsBFloatWhateverTheWidths) {
  // TVM checks is_float() before bit widths: float16 vs bfloat16 is float16 on either side
  // (tirgen's copies kept the left operand's type at equal width).
  EXPECT_EQ(Matched(DataType(DataType::kBFloat, 16), DataType::Float(16)), DataType::Float(16));
  EXPECT_EQ(Matched(DataType::Float(16), DataType(DataType::kBFloat, 16)), DataType::Float(16));
  EXPECT_EQ(Matched(DataType(DataType::kBFloat, 16), DataType::Int(32)), DataType(DataType::kBFloat, 16));
  EXPECT_EQ(Matched(DataType::Float(16), DataType::Float(32)), DataType::Float(32));
}

TEST(Cast, FloatConstantToBoolTruncatesAsTVMsMakeConst) {
  // make_const(bool, 0.5) is IntImm(bool, int64(0.5)): False. tir::cast used to test != 0.
  EXPECT_EQ(Value(cast(DataType::Bool(), FloatImm(DataType::Float(32), 0.5))), 0);
  EXPECT_EQ(Value(cast(DataType::Bool(), FloatImm(DataType::Float(32), -0.9))), 0);
  EXPECT_EQ(Value(cast(DataType::Bool(), FloatImm(DataType::Float(32), 1.5))), 1);
  EXPECT_EQ(Value(cast(DataType::Bool(), IntImm(DataType::Int(32), 0))), 0);
  EXPECT_EQ(Value(cast(DataType::Bool(), IntImm(DataType::Int(32), 1))), 1);
  // NaN has no integer value: it stays a Cast (static_cast of it is undefined behaviour).
  EXPECT_TRUE(cast(DataType::Bool(), FloatImm(DataType::Float(32), std::nan(""))).as<CastNode>());
}

TEST(Cast, VectorsAsTVM) {
  // A scalar into a vector type: cast, then broadcast (tir::cast used to make Cast(int32x4, 3)).
  PrimExpr b = cast(DataType::Int(32, 4), IntImm(DataType::Int(64), 3));
  const auto* bc = b.as<BroadcastNode>();
  ASSERT_TRUE(bc) << script::PrintExpr(b);
  EXPECT_EQ(Value(bc->value), 3);
  EXPECT_EQ(bc->value.dtype(), DataType::Int(32));
  // A broadcast is cast inside; a ramp cast to an integer type is a ramp of cast parts.
  Var x("x", DataType::Int(32));
  PrimExpr c = cast(DataType::Float(32, 4), Broadcast(x, 4));
  ASSERT_TRUE(c.as<BroadcastNode>()) << script::PrintExpr(c);
  EXPECT_TRUE(c.as<BroadcastNode>()->value.as<CastNode>());
  PrimExpr r = cast(DataType::Int(64, 4), Ramp(x, IntImm(DataType::Int(32), 1), 4));
  ASSERT_TRUE(r.as<RampNode>()) << script::PrintExpr(r);
  EXPECT_EQ(r.as<RampNode>()->base.dtype(), DataType::Int(64));
  EXPECT_EQ(Value(r.as<RampNode>()->stride), 1);
  EXPECT_TRUE(cast(DataType::Float(32, 4), Ramp(x, IntImm(DataType::Int(32), 1), 4)).as<CastNode>());
  // A constant is never made into an IntImm of a non-number type.
  EXPECT_TRUE(cast(DataType::Handle(), IntImm(DataType::Int(64), 0)).as<CastNode>());
}

TEST(MatchTypes, TVMScriptOperatorsUseTheSameRule) {
  // `x + y` of int32 and uint32 in TVMScript is uint32 (the parser's copy made it int32);
  // a float literal next to a bool-typed var in T.bool(...) truncates.
  ObjectRef f = script::Parse(R"(
@T.prim_func
def main(A: T.Buffer((2,), "uint32"), B: T.Buffer((1,), "bool"), x: T.int32, y: T.uint32):
    A[0] = x + y
    A[1] = y * T.uint32(2) + T.Cast("uint32", x)
    B[0] = T.bool(0.5)
)",
                              "match.py");
  std::string text = script::Print(f);
  EXPECT_NE(text.find("A[0] = T.Cast(\"uint32\", x) + y"), std::string::npos) << text;
  EXPECT_NE(text.find("B[0] = T.bool(False)"), std::string::npos) << text;
}

}  // namespace
}  // namespace tirgen
