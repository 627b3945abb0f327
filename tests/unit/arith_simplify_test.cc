// Folding builders (tir/op.h) and the simplifier's rewrite rules.
#include <gtest/gtest.h>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

const int64_t* Int(const PrimExpr& e) { return as_const_int(e); }

TEST(OpFolding, ConstantsAndIdentities) {
  Var x("x");
  EXPECT_EQ(*Int(PrimExpr(2) + PrimExpr(3)), 5);
  EXPECT_TRUE((x + 0).same_as(x));
  EXPECT_TRUE((x * 1).same_as(x));
  EXPECT_TRUE(is_zero(x * 0));
  EXPECT_EQ(*Int(floordiv(PrimExpr(-7), PrimExpr(2))), -4);
  EXPECT_EQ(*Int(floormod(PrimExpr(-7), PrimExpr(2))), 1);
  EXPECT_EQ(*Int(min(PrimExpr(4), PrimExpr(-1))), -1);
  PrimExpr f = make_const(DataType::Float(32), 2.0) * make_const(DataType::Float(32), 1.5);
  ASSERT_TRUE(f.as<FloatImmNode>());
  EXPECT_EQ(f.as<FloatImmNode>()->value, 3.0);
}

TEST(OpFolding, TypesMatch) {
  Var i("i", DataType::Int(64));
  PrimExpr e = i + 1;  // the int32 literal widens
  EXPECT_EQ(e.dtype(), DataType::Int(64));
  PrimExpr f = Var("f", DataType::Float(32)) + 1;
  EXPECT_EQ(f.dtype(), DataType::Float(32));
  EXPECT_EQ((i < 3).dtype(), DataType::Bool());
}

TEST(OpFolding, NegativeIsZeroMinus) {
  Var f("f", DataType::Float(32));
  PrimExpr n = -PrimExpr(f);
  ASSERT_EQ(n.kind(), Kind::kSub);
  EXPECT_TRUE(is_const_int(n.as<BinaryNode>()->a, 0) || n.as<BinaryNode>()->a.as<FloatImmNode>());
}

TEST(OpFolding, Limits) {
  EXPECT_EQ(max_value(DataType::Float(32)).as<FloatImmNode>()->value, 3.4028234663852886e+38);
  EXPECT_EQ(min_value(DataType::Float(32)).as<FloatImmNode>()->value, -3.4028234663852886e+38);
  EXPECT_EQ(*Int(min_value(DataType::Int(32))), -2147483648LL);
  EXPECT_EQ(*Int(max_value(DataType::UInt(8))), 255);
}

TEST(OpFolding, IfThenElseWithConstantCondition) {
  Var a("a", DataType::Float(32)), b("b", DataType::Float(32));
  EXPECT_TRUE(if_then_else(PrimExpr(1) < PrimExpr(2), a, b).same_as(a));
  PrimExpr c = if_then_else(Var("x") < 2, a, b);
  ASSERT_TRUE(c.as<CallNode>());
  EXPECT_EQ(c.as<CallNode>()->op, "tir.if_then_else");
}

TEST(Simplify, ConstantsGatherOnTheRight) {
  Var x("x");
  PrimExpr e = arith::Simplify(Binary(Kind::kAdd, Binary(Kind::kAdd, x, PrimExpr(1)), PrimExpr(2)));
  ASSERT_EQ(e.kind(), Kind::kAdd);
  EXPECT_TRUE(e.as<BinaryNode>()->a.same_as(x));
  EXPECT_EQ(*Int(e.as<BinaryNode>()->b), 3);
  PrimExpr s = arith::Simplify(Binary(Kind::kAdd, PrimExpr(-1), x));
  ASSERT_EQ(s.kind(), Kind::kSub);  // x - 1
  EXPECT_TRUE(s.as<BinaryNode>()->a.same_as(x));
}

TEST(Simplify, ComparisonsUseLess) {
  Var x("x");
  PrimExpr ge = arith::Simplify(Binary(Kind::kGE, x, PrimExpr(1)));
  ASSERT_EQ(ge.kind(), Kind::kLE);  // 1 <= x
  EXPECT_TRUE(ge.as<BinaryNode>()->b.same_as(x));
  PrimExpr gt = arith::Simplify(Binary(Kind::kGT, x, PrimExpr(1)));
  EXPECT_EQ(gt.kind(), Kind::kLT);
}

TEST(Simplify, FloatDivisionByConstant) {
  Var f("f", DataType::Float(32));
  PrimExpr e = arith::Simplify(Binary(Kind::kDiv, f, make_const(DataType::Float(32), 128.0)));
  ASSERT_EQ(e.kind(), Kind::kMul);
  EXPECT_EQ(e.as<BinaryNode>()->b.as<FloatImmNode>()->value, 0.0078125);
}

// TVM's LT rules: a comparison the bounds of a - b decide folds; floordiv by a positive
// constant against a constant becomes a bound on the dividend (also through a <= b = !(b < a)).
TEST(RewriteRules, ComparisonsByBoundsAndFloorDiv) {
  Var x("x");
  auto is_bool = [](const PrimExpr& e, int64_t v) { return e.dtype().is_bool() && as_const_int(e) && *as_const_int(e) == v; };
  EXPECT_TRUE(is_bool(arith::Simplify(Binary(Kind::kLT, floormod(x, PrimExpr(4)), PrimExpr(4))), 1));
  EXPECT_TRUE(is_bool(arith::Simplify(Binary(Kind::kGE, floormod(x, PrimExpr(4)), PrimExpr(4))), 0));
  PrimExpr a = arith::Simplify(Binary(Kind::kLT, floordiv(x, PrimExpr(4)), PrimExpr(2)));  // x < 8
  ASSERT_EQ(a.kind(), Kind::kLT);
  EXPECT_TRUE(a.as<BinaryNode>()->a.same_as(x));
  EXPECT_EQ(*as_const_int(a.as<BinaryNode>()->b), 8);
  PrimExpr b = arith::Simplify(Binary(Kind::kLE, floordiv(x, PrimExpr(4)), PrimExpr(1)));  // x <= 7
  ASSERT_EQ(b.kind(), Kind::kLE);
  EXPECT_TRUE(b.as<BinaryNode>()->a.same_as(x));
  EXPECT_EQ(*as_const_int(b.as<BinaryNode>()->b), 7);
  PrimExpr c = arith::Simplify(Binary(Kind::kLT, PrimExpr(1), floordiv(x, PrimExpr(4))));  // 7 < x
  ASSERT_EQ(c.kind(), Kind::kLT);
  EXPECT_EQ(*as_const_int(c.as<BinaryNode>()->a), 7);
  EXPECT_TRUE(c.as<BinaryNode>()->b.same_as(x));
  // Unknown: stays a comparison.
  EXPECT_EQ(arith::Simplify(Binary(Kind::kLT, x, PrimExpr(1))).kind(), Kind::kLT);
}

// TVM's EQ / NE / Select rules: bounds decide; the constant goes right and offsets move
// across; a known order makes != strict; select(c, y, y) is y.
TEST(RewriteRules, EqualNotEqualAndSelect) {
  Var x("x"), c("c", DataType::Bool());
  auto is_bool = [](const PrimExpr& e, int64_t v) { return e.dtype().is_bool() && as_const_int(e) && *as_const_int(e) == v; };
  EXPECT_TRUE(is_bool(arith::Simplify(Binary(Kind::kEQ, floormod(x, PrimExpr(4)), PrimExpr(7))), 0));
  EXPECT_TRUE(is_bool(arith::Simplify(Binary(Kind::kNE, floormod(x, PrimExpr(4)), PrimExpr(-1))), 1));
  PrimExpr e = arith::Simplify(Binary(Kind::kEQ, PrimExpr(3), Binary(Kind::kAdd, x, PrimExpr(1))));  // x == 2
  ASSERT_EQ(e.kind(), Kind::kEQ);
  EXPECT_TRUE(e.as<BinaryNode>()->a.same_as(x));
  EXPECT_EQ(*as_const_int(e.as<BinaryNode>()->b), 2);
  PrimExpr n = arith::Simplify(Binary(Kind::kNE, Binary(Kind::kSub, PrimExpr(5), x), PrimExpr(1)));  // x != 4
  ASSERT_EQ(n.kind(), Kind::kNE);
  EXPECT_TRUE(n.as<BinaryNode>()->a.same_as(x));
  EXPECT_EQ(*as_const_int(n.as<BinaryNode>()->b), 4);
  PrimExpr m = arith::Simplify(Binary(Kind::kNE, floormod(x, PrimExpr(4)), PrimExpr(3)));  // x % 4 < 3
  EXPECT_EQ(m.kind(), Kind::kLT);
  EXPECT_TRUE(arith::Simplify(Select(c, x + 1, x + 1)).same_as(x + 1) ||
              arith::Simplify(Select(c, x + 1, x + 1)).kind() == Kind::kAdd);
}

// TVM's min/max rules: min(x, x) = x; an operand the constant bounds rule out drops out
// (an int32 floormod by 4 is never above 9). They apply to index types (int32/int64) only
// (RewriteSimplifier's `if (IsIndexType(op->dtype))`): max(0, u) of a uint8 u stays.
TEST(RewriteRules, MinMaxByBounds) {
  Var u("u", DataType::UInt(8)), i("i");
  PrimExpr zero_u8 = make_const(DataType::UInt(8), 0);
  EXPECT_EQ(arith::Simplify(Binary(Kind::kMax, zero_u8, u)).kind(), Kind::kMax);
  EXPECT_EQ(arith::Simplify(Binary(Kind::kMin, u, make_const(DataType::UInt(8), 255))).kind(), Kind::kMin);
  EXPECT_TRUE(arith::Simplify(Binary(Kind::kMin, i, i)).same_as(i));
  EXPECT_EQ(arith::Simplify(Binary(Kind::kMax, PrimExpr(0), i)).kind(), Kind::kMax);
  EXPECT_EQ(arith::Simplify(Binary(Kind::kMin, floormod(i, PrimExpr(4)), PrimExpr(9))).kind(),
            Kind::kFloorMod);  // min(i % 4, 9) = i % 4
}

}  // namespace
}  // namespace tirgen
