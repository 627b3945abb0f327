// Canonical index arithmetic through arith::Simplify (TVM's sum-of-splits rules).
#include <gtest/gtest.h>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/op.h"

#if __has_include("tirgen/script/printer.h")
#include "tirgen/script/printer.h"
#endif

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

#if __has_include("tirgen/script/printer.h")
std::string S(const PrimExpr& e) { return script::PrintExpr(arith::Simplify(e)); }

TEST(Canonical, ExactMultiplesLeaveDivision) {
  Var x("x"), y("y");
  EXPECT_EQ(S(floordiv(x * 12 + y, 4)), "x * 3 + y // 4");
  EXPECT_EQ(S(floormod(x * 12 + y, 4)), "y % 4");
}

TEST(Canonical, DivOfModAndModOfDiv) {
  Var x("x");
  EXPECT_EQ(S(floormod(floordiv(x, 5), 3)), "x % 15 // 5");
  EXPECT_EQ(S(floordiv(floordiv(x, 5), 3)), "x // 15");
}

TEST(Canonical, TermsOrderedByScaleThenDivisor) {
  Var x("x"), y("y"), z("z");
  EXPECT_EQ(S(y + x * 2), "x * 2 + y");
  EXPECT_EQ(S(z + floordiv(y, 4)), "y // 4 + z");
  EXPECT_EQ(S(x - 3), "x - 3");
  EXPECT_EQ(S(PrimExpr(3) - x), "3 - x");
}
#endif

TEST(Canonical, CancellingTermsFold) {
  Var x("x");
  PrimExpr e = arith::Simplify((x + 1) * 7 - x * 7);
  ASSERT_TRUE(as_const_int(e));
  EXPECT_EQ(*as_const_int(e), 7);
  PrimExpr z = arith::Simplify(floormod(x * 6, 3));
  ASSERT_TRUE(as_const_int(z));
  EXPECT_EQ(*as_const_int(z), 0);
}

}  // namespace
}  // namespace tirgen
