// The simplifier's constant arithmetic stays inside int64 and inside the expression's type:
// a rule whose constants overflow does not apply, a canonical constant beyond its type wraps as
// the type's arithmetic does, and vector division rules hold on every lane.
#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arith_value_eval.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

// The value of `e` at var := v (constant folding after substitution).
int64_t ValueAt(const PrimExpr& e, const Var& var, int64_t v) {
  arith::Analyzer a;
  PrimExpr r = a.Simplify(Substitute(e, {{var, IntImm(var.dtype(), v)}}));
  const int64_t* c = as_const_int(r);
  EXPECT_TRUE(c) << "not a constant";
  return c ? *c : 0;
}

// e simplified (with `rewrite`, by TVM's rewrite_simplify); an error is a test failure (nullopt).
std::optional<PrimExpr> Simplified(const arith::Analyzer& analyzer, const PrimExpr& e, bool rewrite = false) {
  try {
    return rewrite ? analyzer.RewriteSimplify(e) : analyzer.Simplify(e);
  } catch (const std::exception& err) {
    ADD_FAILURE() << script::PrintExpr(e) << ": " << err.what();
    return std::nullopt;
  }
}

// The points where an original expression is defined and its rewrite is not (it overflows):
// TVM's rules assume index arithmetic never overflows (DESIGN.md, arith), and tirgen keeps that
// assumption, so these are no failure; each test using CheckValues lists them, counted, when
// it ends, so the assumption stays visible.
class WrapReport {
 public:
  // at_most: the points counted when the report was last reviewed; a rule that overflows at more
  // points than the documented no-overflow assumption accounted for fails the test (-1: no ceiling).
  explicit WrapReport(int at_most = -1) : at_most_(at_most) { current_ = this; }
  ~WrapReport() {
    current_ = nullptr;
    if (at_most_ >= 0)
      EXPECT_LE(points_, at_most_) << "more points where only the rewrite overflows than reviewed; look at the new ones";
    std::printf("[ wraps    ] %d points in %zu rewrites: the original is defined, the rewrite overflows\n", points_,
                first_.size());
    // The first few, for the reader; the count covers all.
    for (size_t i = 0; i < first_.size() && i < kShown; ++i) std::printf("[ wraps    ]   %s\n", first_[i].c_str());
    if (first_.size() > kShown) std::printf("[ wraps    ]   ... and %zu more rewrites\n", first_.size() - kShown);
  }
  static void Add(const PrimExpr& e, const PrimExpr& r, const std::string& where) {
    if (!current_) return;
    ++current_->points_;
    std::string line = script::PrintExpr(e) + " -> " + script::PrintExpr(r);
    if (current_->seen_.insert(line).second) current_->first_.push_back(line + "  (e.g. at" + where + ")");
  }
  int points() const { return points_; }
  bool Lists(const std::string& rewrite) const {
    for (const std::string& line : first_)
      if (line.rfind(rewrite, 0) == 0) return true;
    return false;
  }

 private:
  static constexpr size_t kShown = 8;
  static inline WrapReport* current_ = nullptr;
  int at_most_;
  int points_ = 0;
  std::set<std::string> seen_;
  std::vector<std::string> first_;
};

// Simplifies e (with `rewrite`, by TVM's rewrite_simplify) and compares its value with the result's at every combination of the given
// points where both are defined (no overflow, no division by zero); counts a rewrite in
// *rewritten. Gives the number of points compared; the first difference is a test failure. A
// point where only the original is defined goes to the WrapReport in scope.
int CheckValues(const PrimExpr& e, const std::vector<std::pair<Var, std::vector<int64_t>>>& points, int* rewritten,
                bool rewrite = false) {
  arith::Analyzer analyzer;
  std::optional<PrimExpr> r = Simplified(analyzer, e, rewrite);
  if (!r) return 0;
  *rewritten += !ExprDeepEqual(*r, e);
  int checked = 0;
  std::vector<size_t> at(points.size(), 0);  // an odometer over the points of each variable
  while (true) {
    testing::Env env;
    std::string where;
    for (size_t i = 0; i < points.size(); ++i) {
      env[points[i].first.get()] = points[i].second[at[i]];
      where += " " + points[i].first->name_hint + "=" + std::to_string(points[i].second[at[i]]);
    }
    std::optional<testing::Lanes> want = testing::Eval(e, env), got = testing::Eval(*r, env);
    if (want && !got) WrapReport::Add(e, *r, where);
    if (want && got) {
      ++checked;
      if (*got != *want) {
        ADD_FAILURE() << script::PrintExpr(e) << " -> " << script::PrintExpr(*r) << " at" << where << ": "
                      << (*want)[0] << " expected, " << (*got)[0];
        return checked;
      }
    }
    size_t i = 0;
    for (; i < at.size() && ++at[i] == points[i].second.size(); ++i) at[i] = 0;
    if (i == at.size()) return checked;
  }
}

TEST(ArithOverflow, HugeCanonicalConstantWrapsInsteadOfLooping) {
  // base 100^9 = 1e18 in int8: the old form wrote it as ~8e15 additions of 127.
  DataType i8 = DataType::Int(8);
  Var x("x", i8);
  PrimExpr c = IntImm(i8, 100);
  PrimExpr lhs = x + c, rhs = x;
  for (int k = 0; k < 8; ++k) lhs = Binary(Kind::kMul, lhs, c), rhs = Binary(Kind::kMul, rhs, c);
  arith::Analyzer a;
  PrimExpr r = a.CanonicalSimplify(Binary(Kind::kSub, lhs, rhs));
  ASSERT_TRUE(as_const_int(r)) << "not a constant";
  EXPECT_EQ(*as_const_int(r), 0);  // 1e18 = 2^18 * 5^18 is 0 modulo 2^8
}

TEST(ArithOverflow, ConstantSumBeyondItsTypeIsNoInternalError) {
  // floormod(x * 4 + 201, 4) in int8: the remainder's sum has no terms and the constant 201.
  DataType i8 = DataType::Int(8);
  Var x("x", i8);
  PrimExpr sum = Binary(Kind::kMul, Binary(Kind::kAdd, Binary(Kind::kMul, x, IntImm(i8, 2)), IntImm(i8, 100)),
                        IntImm(i8, 2));
  PrimExpr e = Binary(Kind::kFloorMod, Binary(Kind::kAdd, sum, IntImm(i8, 1)), IntImm(i8, 4));
  arith::Analyzer a;
  PrimExpr r = a.CanonicalSimplify(e);  // 201 wraps to -55: the same remainder
  std::optional<testing::Lanes> v = testing::Eval(r, {});
  ASSERT_TRUE(v) << script::PrintExpr(r);
  EXPECT_EQ(*v, testing::Lanes{1}) << script::PrintExpr(r);
}

TEST(ArithOverflow, TruncDivOfANegativeStrideRampNeedsEveryLaneNonNegative) {
  Var x("x");
  arith::Analyzer a;
  a.Bind(x, Range(1, 100));
  // Lanes x*4+1, x*4, x*4-1: quotients x, x, x-1.
  PrimExpr down = Binary(Kind::kDiv, Ramp(x * 4 + 1, -1, 3), Broadcast(4, 3));
  EXPECT_FALSE(a.RewriteSimplify(down).as<BroadcastNode>()) << script::PrintExpr(a.RewriteSimplify(down));
  // Lanes x*4 .. x*4+3 all have quotient x.
  PrimExpr up = Binary(Kind::kDiv, Ramp(x * 4, 1, 4), Broadcast(4, 4));
  EXPECT_TRUE(a.RewriteSimplify(up).as<BroadcastNode>());
}

TEST(ArithOverflow, TruncDivOfARampCrossingZeroIsKept) {
  Var x("x");
  arith::Analyzer a;
  a.Bind(x, Range(0, 2));
  // Lanes x-1 and x+3: truncdiv by 4 gives 0, 0 at x = 0; ramp(truncdiv(x-1, 4), 1) gives 0, 1.
  PrimExpr e = Binary(Kind::kDiv, Ramp(x - 1, 4, 2), Broadcast(4, 2));
  PrimExpr r = a.RewriteSimplify(e);
  const RampNode* ramp = r.as<RampNode>();
  EXPECT_FALSE(ramp && is_one(ramp->stride)) << "lanes of both signs round differently";
}

TEST(ArithOverflow, LessThanRulesGiveUpOnOverflowingConstants) {
  Var x("x", DataType::Int(64));
  arith::Analyzer a;
  int64_t big = int64_t{1} << 62;
  // truncdiv(x, 2^62) < 4 would become x < 2^64, which wrapped to x < 0.
  PrimExpr lt = Binary(Kind::kLT, Binary(Kind::kDiv, x, IntImm(DataType::Int(64), big)), IntImm(DataType::Int(64), 4));
  EXPECT_EQ(ValueAt(a.RewriteSimplify(lt), x, big), 1);
  // floordiv(x, 2^62) < 4 likewise.
  PrimExpr lt3 = Binary(Kind::kLT, Binary(Kind::kFloorDiv, x, IntImm(DataType::Int(64), big)), IntImm(DataType::Int(64), 4));
  EXPECT_EQ(ValueAt(a.RewriteSimplify(lt3), x, big), 1) << script::PrintExpr(a.RewriteSimplify(lt3));
}

// Every value is a multiple of -1: the div/mod rules' divisibility tests must not compute
// INT64_MIN % -1, which traps (SIGFPE) on x86.
// The rules' constant floor division and modulo are tir::FloorDivInt / FloorModInt: exact
// (against 128-bit arithmetic) wherever the quotient fits int64, at the limits, for -1 and for
// every sign mix; INT64_MIN // -1 wraps to INT64_MIN and its remainder is 0 (no trap).
TEST(ArithOverflow, ConstantFloorDivisionIsExactAtTheLimits) {
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  const std::vector<int64_t> values = {lo, lo + 1, lo / 2, -1000, -7, -3, -2, -1, 0, 1, 2, 3, 7, 1000, hi / 2, hi - 1, hi};
  int checked = 0;
  for (int64_t a : values) {
    for (int64_t b : values) {
      if (b == 0) continue;
      __int128 q = static_cast<__int128>(a) / b, r = static_cast<__int128>(a) % b;
      if (r != 0 && (r < 0) != (b < 0)) q -= 1, r += b;
      int64_t got_r = tir::FloorModInt(a, b);
      EXPECT_EQ(got_r, static_cast<int64_t>(r)) << a << " % " << b;
      if (q > hi) {  // only INT64_MIN // -1: wraps as the runtime does
        EXPECT_EQ(tir::FloorDivInt(a, b), lo) << a << " // " << b;
      } else {
        EXPECT_EQ(tir::FloorDivInt(a, b), static_cast<int64_t>(q)) << a << " // " << b;
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 17 * 16);
}

TEST(ArithOverflow, ModuloByMinusOneOfAnInt64MinMultipleIsZero) {
  DataType i64 = DataType::Int(64);
  Var x("x", i64), y("y", i64);
  arith::Analyzer a;
  PrimExpr scaled = Binary(Kind::kMul, x, IntImm(i64, std::numeric_limits<int64_t>::min()));
  for (Kind mod : {Kind::kMod, Kind::kFloorMod}) {
    PrimExpr e = Binary(mod, scaled, IntImm(i64, -1));
    EXPECT_EQ(ValueAt(a.Simplify(e), x, 0), 0) << script::PrintExpr(a.Simplify(e));
    PrimExpr lt = Binary(Kind::kLT, e, y);
    PrimExpr r = a.Simplify(lt);
    EXPECT_EQ(ValueAt(Substitute(r, {{y, IntImm(i64, 1)}}), x, 0), 1) << script::PrintExpr(r);
    PrimExpr sum = Binary(mod, Binary(Kind::kAdd, scaled, y), IntImm(i64, -1));
    EXPECT_EQ(ValueAt(Substitute(a.Simplify(sum), {{y, IntImm(i64, 7)}}), x, 0), 0);
  }
}

TEST(ArithOverflow, OffsetsBeyondTheTypeAreNotCombined) {
  DataType i64 = DataType::Int(64);
  Var y("y", i64);
  arith::Analyzer a;
  int64_t min64 = std::numeric_limits<int64_t>::min(), max64 = std::numeric_limits<int64_t>::max();
  // y - INT64_MIN: the offset INT64_MIN has no negation; (y + MAX) + 1 has no combined offset.
  PrimExpr sub = Binary(Kind::kSub, y, IntImm(i64, min64));
  EXPECT_TRUE(a.Simplify(sub).defined());
  PrimExpr add = Binary(Kind::kAdd, Binary(Kind::kAdd, y, IntImm(i64, max64)), IntImm(i64, 1));
  EXPECT_TRUE(a.Simplify(add).defined());
}

TEST(ArithOverflow, ComparisonsWithConstantsAtTheTypeLimits) {
  arith::Analyzer a;
  DataType i64 = DataType::Int(64), i32 = DataType::Int(32);
  int64_t min64 = std::numeric_limits<int64_t>::min(), min32 = std::numeric_limits<int32_t>::min();
  // y + 1 never overflows to INT64_MIN, so INT64_MIN < y + 1 holds wherever it is defined.
  Var y("y", i64);
  PrimExpr lt64 = Binary(Kind::kLT, IntImm(i64, min64), Binary(Kind::kAdd, y, IntImm(i64, 1)));
  PrimExpr r64 = a.Simplify(lt64);
  EXPECT_FALSE(is_zero(r64)) << script::PrintExpr(r64);
  EXPECT_EQ(ValueAt(r64, y, 0), 1) << script::PrintExpr(r64);
  // 5 < x + INT32_MIN: the constant cannot move across (5 - INT32_MIN is no int32).
  Var x("x", i32);
  PrimExpr lt32 = Binary(Kind::kLT, IntImm(i32, 5), Binary(Kind::kAdd, x, IntImm(i32, min32)));
  PrimExpr r32 = a.Simplify(lt32);
  EXPECT_TRUE(is_zero(r32)) << script::PrintExpr(r32);  // x + INT32_MIN <= -1 wherever defined
}

// Every comparison of sums with constants near the type's limits keeps its value: the result
// is evaluated exactly (arith_value_eval.h) against the input at points around the limits,
// wherever both are defined (no overflow).
TEST(ArithOverflow, ComparisonsNearTheTypeLimitsKeepTheirValues) {
  const Kind kCompare[] = {Kind::kLT, Kind::kLE, Kind::kEQ, Kind::kNE, Kind::kGT, Kind::kGE};
  int checked = 0;
  for (int bits : {32, 64}) {
    DataType t = DataType::Int(bits);
    int64_t lo = bits == 64 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int32_t>::min();
    int64_t hi = bits == 64 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int32_t>::max();
    std::vector<int64_t> consts = {lo, lo + 1, lo + 2, -2, -1, 0, 1, 5, hi - 2, hi - 1, hi};
    Var x("x", t), y("y", t);
    auto c = [&](int64_t v) { return PrimExpr(IntImm(t, v)); };
    std::vector<PrimExpr> sides;  // one side of a comparison
    for (int64_t d : consts) {
      sides.push_back(Binary(Kind::kAdd, x, c(d)));
      sides.push_back(Binary(Kind::kSub, x, c(d)));
      sides.push_back(Binary(Kind::kSub, c(d), x));
    }
    sides.push_back(x);
    sides.push_back(Binary(Kind::kMul, x, c(-1)));
    sides.push_back(Binary(Kind::kMul, x, c(2)));
    sides.push_back(Binary(Kind::kMul, x, c(-2)));
    std::vector<PrimExpr> others = {y, Binary(Kind::kAdd, y, c(1)), Binary(Kind::kSub, y, c(lo)),
                                    Binary(Kind::kAdd, y, c(hi)), Binary(Kind::kAdd, x, c(1))};  // y first
    for (int64_t v : consts) others.push_back(c(v));
    // Points: the extremes, small values, and where each constant offset reaches a limit.
    std::vector<int64_t> pool = {lo, lo + 1, lo + 2, -2, -1, 0, 1, 2, 5, hi - 2, hi - 1, hi};
    arith::Analyzer analyzer;
    for (const PrimExpr& lhs : sides) {
      for (const PrimExpr& rhs : others) {
        for (Kind k : kCompare) {
          for (int variant = 0; variant < 4; ++variant) {  // swapped sides; TVM's rewrite_simplify alone
            bool swap = variant & 1, rewrite = variant & 2;
            PrimExpr e = swap ? Binary(k, rhs, lhs) : Binary(k, lhs, rhs);
            std::optional<PrimExpr> simplified = Simplified(analyzer, e, rewrite);
            if (!simplified) continue;
            const PrimExpr& r = *simplified;
            bool has_y = &rhs - others.data() < 4;  // the first four others read y
            for (int64_t xv : pool) {
              for (int64_t yv : pool) {
                if (!has_y && yv != pool[0]) continue;
                testing::Env env{{x.get(), xv}, {y.get(), yv}};
                std::optional<testing::Lanes> want = testing::Eval(e, env);
                if (!want) continue;  // the input overflows here: no value to keep
                // As everywhere in the simplifier (and in TVM), a rule may assume that its own
                // result does not overflow either: x + c < y -> x < y - c.
                std::optional<testing::Lanes> got = testing::Eval(r, env);
                if (!got) continue;
                ++checked;
                if (*got != *want) {
                  ADD_FAILURE() << script::PrintExpr(e) << " -> " << script::PrintExpr(r) << " at x=" << xv
                                << " y=" << yv << ": " << (*want)[0] << " expected, " << (*got)[0];
                  goto next;
                }
              }
            }
          next:;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 50000);
}

// A signed index type's limits and its constants, for the value-checked rule tests below.
struct IntType {
  explicit IntType(int bits)
      : t(DataType::Int(bits)),
        lo(bits == 64 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int32_t>::min()),
        hi(bits == 64 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int32_t>::max()) {}
  PrimExpr c(int64_t v) const { return IntImm(t, v); }
  DataType t;
  int64_t lo, hi;
};
PrimExpr B(Kind k, const PrimExpr& a, const PrimExpr& b) { return Binary(k, a, b); }

// The rules joining a quotient and a remainder under && (x // c2 == c1 && x % c2 < c3 -> an
// interval of x; x < c1 && x % c2 < c3 -> a tighter bound; 0 <= x - y * c && x - y * c < c ->
// y == x // c) keep their values with constants at the type's limits, divisors of both signs
// and -1, and never divide INT_MIN by -1 themselves.
TEST(ArithOverflow, QuotientAndRemainderUnderAndKeepTheirValues) {
  const Kind kRem[] = {Kind::kEQ, Kind::kLT, Kind::kLE};
  int checked = 0, rewritten = 0;
  WrapReport wraps(/*at_most=*/0);
  for (int bits : {32, 64}) {
    IntType it(bits);
    DataType t = it.t;
    int64_t lo = it.lo, hi = it.hi;
    Var x("x", t), y("y", t);
    auto c = [&](int64_t v) { return it.c(v); };
    std::vector<int64_t> divisors = {1, 2, 5, -1, -5, hi, lo};
    std::vector<int64_t> consts = {lo, lo + 1, -21, -3, -1, 0, 1, 3, 19, hi - 1, hi};
    std::vector<int64_t> rems = {0, 1, 2, 4, -1};
    std::vector<PrimExpr> cases;
    for (int64_t d : divisors) {
      PrimExpr q = Binary(Kind::kFloorDiv, x, c(d)), m = Binary(Kind::kFloorMod, x, c(d));
      for (int64_t r : rems) {
        for (Kind k : kRem) {
          for (int64_t v : consts) {
            PrimExpr eq = Binary(Kind::kEQ, q, c(v));
            for (PrimExpr rem : {Binary(k, m, c(r)), Binary(k, c(r), m)}) {
              cases.push_back(Binary(Kind::kAnd, eq, rem));
              cases.push_back(Binary(Kind::kAnd, rem, eq));
            }
            if (k != Kind::kEQ) cases.push_back(Binary(Kind::kAnd, Binary(k, x, c(v)), Binary(Kind::kLT, m, c(r))));
          }
        }
      }
      PrimExpr diff = Binary(Kind::kSub, x, Binary(Kind::kMul, y, c(d)));
      PrimExpr sum = Binary(Kind::kAdd, x, Binary(Kind::kMul, y, c(d)));
      for (const PrimExpr& e : {diff, sum}) {
        for (int64_t bound : {d, d == lo ? hi : -d}) {  // -INT_MIN is no value of the type
          PrimExpr low = Binary(Kind::kLE, c(0), e), high = Binary(Kind::kLT, e, c(bound));
          cases.push_back(Binary(Kind::kAnd, low, high));
          cases.push_back(Binary(Kind::kAnd, high, low));
        }
      }
    }
    // Points: the limits, small values, and the edges of the intervals the constants name.
    std::vector<int64_t> pool = {lo, lo + 1, hi - 1, hi};
    for (int64_t v = -30; v <= 30; ++v) pool.push_back(v);
    for (int64_t d : {2, 5})
      for (int64_t v : {-21, -3, 3, 19})
        for (int64_t o = -d; o <= 2 * d; ++o) pool.push_back(v * d + o);
    std::vector<int64_t> ys = {lo, -4, -1, 0, 3, hi};
    for (const PrimExpr& e : cases) checked += CheckValues(e, {{x, pool}, {y, ys}}, &rewritten);
  }
  EXPECT_GT(rewritten, 100);
  EXPECT_GT(checked, 100000);
}

// The sum rules moving a term into a min / max (min(x, y + c1) + c2 -> min(x + c2, y) for
// c1 == -c2, min(x, y + z * c1) + z * c2 alike), factoring (x * y + x * c -> x * (y + c)) and
// the min-max pair rules keep their values with constants at the type's limits and -1 (TVM's
// rewrite_simplify applies them).
TEST(ArithOverflow, SumRulesKeepTheirValues) {
  int checked = 0, rewritten = 0;
  WrapReport wraps(/*at_most=*/16384);
  for (int bits : {32, 64}) {
    IntType it(bits);
    DataType t = it.t;
    int64_t lo = it.lo, hi = it.hi;
    Var x("x", t), y("y", t), z("z", t);
    auto c = [&](int64_t v) { return it.c(v); };
    std::vector<int64_t> consts = {lo, lo + 1, -2, -1, 1, 2, hi - 1, hi};
    std::vector<PrimExpr> cases;
    for (Kind mm : {Kind::kMin, Kind::kMax}) {
      for (int64_t c1 : consts) {
        std::vector<int64_t> c2s = {c1};
        if (c1 != lo) c2s.push_back(-c1);
        for (int64_t c2 : c2s) {
          for (Kind off : {Kind::kAdd, Kind::kSub}) {
            cases.push_back(B(Kind::kAdd, B(mm, x, B(off, y, c(c1))), c(c2)));
            cases.push_back(B(Kind::kAdd, B(mm, B(off, x, c(c1)), y), c(c2)));
            PrimExpr zc1 = B(Kind::kMul, z, c(c1)), zc2 = B(Kind::kMul, z, c(c2));
            cases.push_back(B(Kind::kAdd, B(mm, x, B(off, y, zc1)), zc2));
            cases.push_back(B(Kind::kAdd, zc2, B(mm, B(off, y, zc1), x)));
          }
        }
        cases.push_back(B(Kind::kSub, B(mm, B(Kind::kAdd, x, c(c1)), y), x));
        cases.push_back(B(Kind::kSub, x, B(mm, z, B(Kind::kAdd, c(c1), x))));
        cases.push_back(B(Kind::kSub, B(mm, B(Kind::kAdd, x, c(c1)), B(Kind::kAdd, y, c(c1))), B(mm, x, y)));
      }
      cases.push_back(B(Kind::kAdd, B(mm, x, y), B(mm == Kind::kMin ? Kind::kMax : Kind::kMin, y, x)));
      cases.push_back(B(Kind::kMul, B(mm, x, y), B(mm == Kind::kMin ? Kind::kMax : Kind::kMin, x, y)));
    }
    for (int64_t c1 : consts) {
      for (Kind k : {Kind::kAdd, Kind::kSub}) {
        cases.push_back(B(k, B(Kind::kMul, x, y), B(Kind::kMul, c(c1), x)));
        cases.push_back(B(k, B(Kind::kMul, y, x), B(Kind::kMul, x, c(c1))));
        cases.push_back(B(k, B(Kind::kMul, x, c(c1)), x));
        cases.push_back(B(k, x, B(Kind::kMul, y, x)));
      }
    }
    std::vector<int64_t> pool = {lo, lo + 1, -3, -1, 0, 1, 2, hi - 1, hi};
    for (const PrimExpr& e : cases) checked += CheckValues(e, {{x, pool}, {y, pool}, {z, pool}}, &rewritten, true);
  }
  EXPECT_GT(rewritten, 200);
  EXPECT_GT(checked, 50000);
}

// Truncated division rules that need signs (a difference of quotients, a remainder of a sum
// with a non-positive multiple, the canonical form's division of a non-negative sum) keep
// their values with constants at the type's limits and -1; the signs come from max / min.
TEST(ArithOverflow, TruncatedQuotientRulesKeepTheirValues) {
  int checked = 0, rewritten = 0;
  WrapReport wraps(/*at_most=*/1072);
  for (int bits : {32, 64}) {
    IntType it(bits);
    DataType t = it.t;
    int64_t lo = it.lo, hi = it.hi;
    Var x("x", t), y("y", t);
    auto c = [&](int64_t v) { return it.c(v); };
    std::vector<int64_t> consts = {lo, -7, -1, 0, 1, 5, 7, hi};
    std::vector<int64_t> divisors = {-1, 1, 2, 3, 16, hi, lo};
    std::vector<PrimExpr> cases;
    for (int64_t k : {int64_t{0}, int64_t{-1}, int64_t{5}}) {
      PrimExpr xs = B(Kind::kMax, x, c(k)), neg = B(Kind::kMin, y, c(0));
      for (int64_t d : divisors) {
        for (int64_t c1 : consts) {
          for (int64_t c2 : consts) {
            PrimExpr right = c2 == 0 ? B(Kind::kDiv, xs, c(d)) : B(Kind::kDiv, B(Kind::kAdd, xs, c(c2)), c(d));
            cases.push_back(B(Kind::kSub, B(Kind::kDiv, B(Kind::kAdd, xs, c(c1)), c(d)), right));
          }
          cases.push_back(B(Kind::kMod, B(Kind::kSub, xs, B(Kind::kMul, neg, c(c1))), c(d)));
          cases.push_back(B(Kind::kDiv, B(Kind::kAdd, B(Kind::kMul, xs, c(c1)), c(17)), c(d)));
          cases.push_back(B(Kind::kMod, B(Kind::kAdd, B(Kind::kMul, xs, c(c1)), c(5)), c(d)));
        }
      }
    }
    std::vector<int64_t> pool = {lo, lo + 1, -5, -2, -1, 0, 1, 2, 3, 4, 5, 7, 9, 100, hi - 1, hi};
    for (const PrimExpr& e : cases) checked += CheckValues(e, {{x, pool}, {y, pool}}, &rewritten);
  }
  EXPECT_GT(rewritten, 500);
  EXPECT_GT(checked, 100000);
}

// A division or modulo of products by a product (TVM's ProdDivSimplify: x * 32 * x % (x * y)
// -> x * 32 % y * x) keeps its value with constant factors at the type's limits and -1.
TEST(ArithOverflow, ProductDivisionRulesKeepTheirValues) {
  int checked = 0, rewritten = 0;
  WrapReport wraps(/*at_most=*/92);
  for (int bits : {32, 64}) {
    IntType it(bits);
    Var x("x", it.t), y("y", it.t);
    std::vector<int64_t> consts = {it.lo, -6, -1, 1, 2, 4, 6, it.hi};
    std::vector<PrimExpr> cases;
    for (Kind k : {Kind::kDiv, Kind::kMod, Kind::kFloorDiv, Kind::kFloorMod}) {
      for (int64_t c1 : consts) {
        for (int64_t c2 : consts) {
          PrimExpr num = B(Kind::kMul, B(Kind::kMul, x, it.c(c1)), y);
          cases.push_back(B(k, num, B(Kind::kMul, it.c(c2), y)));
          cases.push_back(B(k, num, B(Kind::kMul, B(Kind::kMul, x, y), it.c(c2))));
          cases.push_back(B(k, B(Kind::kMul, x, it.c(c1)), B(Kind::kMul, y, it.c(c2))));
        }
      }
    }
    std::vector<int64_t> pool = {it.lo, it.lo + 1, -7, -3, -2, -1, 1, 2, 3, 5, 8, it.hi - 1, it.hi};
    for (const PrimExpr& e : cases) checked += CheckValues(e, {{x, pool}, {y, pool}}, &rewritten);
  }
  EXPECT_GT(rewritten, 200);
  EXPECT_GT(checked, 20000);
}

// TVM's rewrite_simplify alone (rewrite_linear.cc, rewrite_divmod_const.cc): constants gathered
// ((x + c1) * c2, (x * c1) * c2, x - c1 -> x + -c1, (x - y) * c1 -> (y - x) * -c1), nested and
// scaled quotients, three-term sums over a divisor and remainders of offset sums keep their
// values with constants at the type's limits and -1; a constant the type lacks gives the rule up.
TEST(ArithOverflow, TvmRewriteRulesWithConstantsKeepTheirValues) {
  int checked = 0, rewritten = 0;
  WrapReport wraps(/*at_most=*/31616);
  for (int bits : {32, 64}) {
    IntType it(bits);
    Var x("x", it.t), y("y", it.t), z("z", it.t);
    auto c = [&](int64_t v) { return it.c(v); };
    std::vector<int64_t> consts = {it.lo, it.lo + 1, -7, -2, -1, 1, 2, 3, 8, it.hi - 1, it.hi};
    std::vector<PrimExpr> cases;
    for (int64_t c1 : consts) {
      cases.push_back(B(Kind::kSub, x, c(c1)));
      cases.push_back(B(Kind::kSub, x, B(Kind::kMul, y, c(c1))));
      cases.push_back(B(Kind::kSub, x, B(Kind::kAdd, y, c(c1))));
      cases.push_back(B(Kind::kMul, B(Kind::kSub, x, y), c(c1)));
      cases.push_back(B(Kind::kMul, c(c1), x));
      cases.push_back(B(Kind::kAdd, x, B(Kind::kSub, c(c1), y)));
      for (int64_t c2 : consts) {
        cases.push_back(B(Kind::kMul, B(Kind::kAdd, x, c(c1)), c(c2)));
        cases.push_back(B(Kind::kMul, B(Kind::kMul, x, c(c1)), c(c2)));
        cases.push_back(B(Kind::kAdd, B(Kind::kAdd, x, c(c1)), c(c2)));
        cases.push_back(B(Kind::kSub, B(Kind::kAdd, x, c(c1)), c(c2)));
        cases.push_back(B(Kind::kSub, B(Kind::kSub, c(c1), x), B(Kind::kSub, c(c2), y)));
        for (Kind k : {Kind::kDiv, Kind::kFloorDiv}) {
          cases.push_back(B(k, B(k, x, c(c1)), c(c2)));
          cases.push_back(B(k, B(Kind::kMul, x, c(c1)), c(c2)));
        }
        cases.push_back(B(Kind::kFloorDiv, B(Kind::kAdd, B(Kind::kAdd, B(Kind::kMul, x, c(c1)), y), z), c(c2)));
        cases.push_back(B(Kind::kFloorDiv, B(Kind::kAdd, x, c(c1)), c(c2)));
        cases.push_back(B(Kind::kFloorMod, B(Kind::kAdd, x, c(c1)), c(c2)));
      }
    }
    for (Kind k : {Kind::kDiv, Kind::kFloorDiv})
      cases.push_back(B(k, B(Kind::kAdd, B(Kind::kAdd, x, y), z), x));
    std::vector<int64_t> pool = {it.lo, it.lo + 1, -9, -3, -1, 0, 1, 2, 5, it.hi - 1, it.hi};
    for (const PrimExpr& e : cases) checked += CheckValues(e, {{x, pool}, {y, pool}, {z, pool}}, &rewritten, true);
  }
  EXPECT_GT(rewritten, 1000);
  EXPECT_GT(checked, 1000000);
}

// Moduli, divisors and bounds the size of the type (INT_MAX, INT_MIN, 2^62, 2^31 and their
// neighbours): no folded constant may wrap (lower * divisor, base + modulus) and INT_MIN is a
// value, never the -inf bound. Under all three simplifiers the values agree wherever both are
// defined, and with a modulus of at least a quarter of the type no rewrite opens an overflow
// ((x - 5) % INT64_MAX keeps its -5: x + (INT64_MAX - 5) would wrap for every x > 5); smaller
// moduli (2^31 in int64) may, at the type's edge only (the no-overflow assumption).
TEST(ArithOverflow, ExtremeModuliDivisorsAndBoundsKeepTheirValues) {
  int checked = 0, rewritten = 0;
  std::vector<std::pair<PrimExpr, Var>> large, small;  // by modulus: at least a quarter, below
  std::map<const Object*, std::vector<int64_t>> pools;
  for (int bits : {32, 64}) {
    IntType it(bits);
    Var x("x", it.t);
    auto c = [&](int64_t v) { return it.c(v); };
    int64_t q = bits == 64 ? int64_t{1} << 62 : int64_t{1} << 30;  // a quarter of the type
    std::vector<int64_t> moduli = {it.hi, it.hi - 1, q, q + 1, q - 1};
    if (bits == 64) moduli.push_back(int64_t{1} << 31);
    std::vector<int64_t> offsets = {5, -5, 7, -7, q, -q, it.hi, it.lo + 1, it.lo};
    std::vector<int64_t> divisors = {3, 7, 1 << 20, q, it.hi};
    std::vector<PrimExpr> cases;
    for (int64_t m : moduli) {
      size_t first = cases.size();
      for (int64_t k : offsets)
        for (Kind mod : {Kind::kFloorMod, Kind::kMod}) cases.push_back(B(mod, B(Kind::kAdd, x, c(k)), c(m)));
      for (int64_t d : divisors) {
        for (Kind div : {Kind::kFloorDiv, Kind::kDiv}) {
          Kind mod = div == Kind::kFloorDiv ? Kind::kFloorMod : Kind::kMod;
          cases.push_back(B(mod, B(div, x, c(d)), c(m)));
          cases.push_back(B(div, B(div, x, c(d)), c(m)));
          cases.push_back(B(div, B(mod, x, c(d)), c(m)));
          cases.push_back(B(mod, B(Kind::kMul, x, c(d)), c(m)));
        }
      }
      for (size_t i = first; i < cases.size(); ++i) (m >= q ? large : small).push_back({cases[i], x});
      cases.resize(first);
    }
    for (int64_t bound : {it.lo, it.lo + 1, it.hi - 1, it.hi}) {
      for (Kind div : {Kind::kFloorDiv, Kind::kDiv}) {
        PrimExpr one = B(div, x, x);
        cases.push_back(B(Kind::kMin, c(bound), one));
        cases.push_back(B(Kind::kMax, c(bound), one));
        for (Kind cmp : {Kind::kLE, Kind::kLT, Kind::kGE, Kind::kGT, Kind::kEQ}) {
          cases.push_back(B(cmp, one, c(bound)));
          cases.push_back(B(cmp, c(bound), one));
        }
      }
    }
    pools[x.get()] = {it.lo, it.lo + 1, -(q + 1), -q, -8, -5, -1, 0, 1, 2, 5, 6, 100, q - 1, q, it.hi - 1, it.hi};
    for (const PrimExpr& e : cases) large.push_back({e, x});
    // Nothing proves 1 <= INT_MIN.
    arith::Analyzer a;
    EXPECT_FALSE(a.CanProve(B(Kind::kLE, B(Kind::kFloorDiv, x, x), c(it.lo))));
    EXPECT_FALSE(a.CanProve(B(Kind::kLT, B(Kind::kDiv, x, x), c(it.lo + 1))));
    EXPECT_FALSE(a.CanProve(B(Kind::kGE, B(Kind::kFloorDiv, x, x), c(it.hi))));
  }
  auto check = [&](const std::vector<std::pair<PrimExpr, Var>>& cases) {
    for (const auto& [e, x] : cases) {
      checked += CheckValues(e, {{x, pools[x.get()]}}, &rewritten);
      checked += CheckValues(e, {{x, pools[x.get()]}}, &rewritten, /*rewrite=*/true);
    }
  };
  {
    WrapReport wraps;
    check(small);
  }
  WrapReport wraps;
  check(large);
  EXPECT_EQ(wraps.points(), 0);
  EXPECT_GT(rewritten, 300);
  EXPECT_GT(checked, 20000);
}

// TVM's rules assume index arithmetic does not overflow, and tirgen keeps the assumption
// (DESIGN.md, arith): a rule may turn an expression defined at a point into one that overflows
// there (min(x, y - z) + z -> min(x + z, y) at x = INT_MAX, z = 1; x * -3 % INT_MAX ->
// x * (INT_MAX - 3) % INT_MAX at x = 2). The values agree wherever both are defined; the report
// must list each of these rewrites (a guard added later would make this test fail and the
// note in DESIGN.md stale).
TEST(ArithOverflow, RulesAssumingNoOverflowAreReported) {
  int checked = 0, rewritten = 0;
  WrapReport wraps;
  for (int bits : {32, 64}) {
    IntType it(bits);
    Var x("x", it.t), y("y", it.t), z("z", it.t);
    std::vector<int64_t> pool = {it.lo, it.lo + 1, -3, -1, 0, 1, 2, it.hi / 2, it.hi / 2 + 1, it.hi - 1, it.hi};
    std::vector<PrimExpr> cases = {
        B(Kind::kAdd, B(Kind::kMin, x, B(Kind::kSub, y, z)), z),
        B(Kind::kAdd, B(Kind::kMax, B(Kind::kSub, x, z), y), z),
        B(Kind::kFloorMod, B(Kind::kMul, x, it.c(-3)), it.c(it.hi)),
    };
    for (const PrimExpr& e : cases) {
      checked += CheckValues(e, {{x, pool}, {y, pool}, {z, pool}}, &rewritten, true);
      EXPECT_TRUE(wraps.Lists(script::PrintExpr(e) + " -> ")) << script::PrintExpr(e);
    }
  }
  EXPECT_EQ(rewritten, 6);
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace tirgen
