// Canonical form of integer index arithmetic (see canonical.h). The rules follow TVM's
// canonical simplifier (SumExpr / SplitExpr) closely, because its output order is visible.
#include "canonical.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/int_arith.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();

// ---------------------------------------------------------------------------------------------
// Constant integer bounds (no variable ranges known).

// a + b for bounds, saturating at the infinities. A lower bound (lower = true) is unknown once
// either part is (-inf wins); an upper bound once either part is (+inf wins).
int64_t SatAdd(int64_t a, int64_t b, bool lower) {
  int64_t unknown = lower ? kNegInf : kInf, other = lower ? kInf : kNegInf;
  if (a == unknown || b == unknown) return unknown;
  if (a == other || b == other) return other;
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return a > 0 ? kInf : kNegInf;
  return r;
}
int64_t SatMul(int64_t a, int64_t c) {
  if (c == 0) return 0;
  if (a == kInf) return c > 0 ? kInf : kNegInf;
  if (a == kNegInf) return c > 0 ? kNegInf : kInf;
  int64_t r;
  if (__builtin_mul_overflow(a, c, &r)) return (a > 0) == (c > 0) ? kInf : kNegInf;
  return r;
}
// a * b for bounds, as TVM's InfAwareMul: 0 times an infinite bound is 0, an infinity keeps the
// sign of the product, an overflow saturates.
int64_t InfMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  if (a == kInf || a == kNegInf || b == kInf || b == kNegInf) return (a > 0) == (b > 0) ? kInf : kNegInf;
  return SatMul(a, b);
}
// Floor division that keeps the infinite bounds (tir::FloorDivInt otherwise).
int64_t FloorDivI(int64_t a, int64_t b) {
  if (a == kInf || a == kNegInf) return a;
  return tir::FloorDivInt(a, b);
}

thread_local VarBoundScope::Lookup tls_lookup = nullptr;
// How many times the canonical form's constant arithmetic wrapped (see CAdd): DiffBound trusts
// a difference only when its canonicalization did not wrap.
thread_local uint64_t tls_wraps = 0;
thread_local const void* tls_ctx = nullptr;

}  // namespace

VarBoundScope::VarBoundScope(Lookup fn, const void* ctx) : prev_fn_(tls_lookup), prev_ctx_(tls_ctx) {
  tls_lookup = fn;
  tls_ctx = ctx;
}
VarBoundScope::~VarBoundScope() {
  tls_lookup = prev_fn_;
  tls_ctx = prev_ctx_;
}

namespace {
// The values a scalar integer type can hold (unbounded for 64 bits and non-integers).
IntBound TypeRange(DataType t) {
  if (t.is_bool()) return {0, 1};
  if (t.is_int() && t.bits() < 64) {
    int64_t hi = (int64_t{1} << (t.bits() - 1)) - 1;
    return {-hi - 1, hi};
  }
  if (t.is_uint()) return {0, t.bits() < 63 ? (int64_t{1} << t.bits()) - 1 : kInf};
  return {kNegInf, kInf};
}
}  // namespace

int64_t ModuloOffset(DataType t, int64_t rest_max, int64_t c, int64_t m) {
  int64_t r = tir::FloorModInt(c, m);
  if (c >= 0) return r;
  int64_t type_max = TypeRange(t).max;
  if (rest_max != kInf && __int128{rest_max} + r <= type_max) return r;
  return __int128{r} - c <= type_max / 2 ? r : c;
}

bool FitsType(DataType t, int64_t v) {
  IntBound r = TypeRange(t);
  return v >= r.min && v <= r.max;
}

// Division bounds as TVM's ConstIntBoundAnalyzer (HandleDivision): the quotient's extremes are
// at the corners of the operand ranges; a divisor range holding 0 is split into its negative and
// positive parts (a missing part stands for the whole type range), an unsigned divisor from 0
// counts from 1. An infinite dividend keeps its sign over a positive divisor.
int64_t NegInf(int64_t v) { return v == kInf ? kNegInf : v == kNegInf ? kInf : -v; }
int64_t DivInf(int64_t x, int64_t y, bool floor) {
  if (x == kInf || x == kNegInf) return y > 0 ? x : NegInf(x);
  if (y == -1) return x == kNegInf ? kInf : -x;
  return floor ? FloorDivI(x, y) : x / y;
}
IntBound DivCorners(const IntBound& x, const IntBound& y, bool floor) {
  int64_t c[4] = {DivInf(x.min, y.min, floor), DivInf(x.min, y.max, floor), DivInf(x.max, y.min, floor),
                  DivInf(x.max, y.max, floor)};
  return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}
IntBound DivisionBound(const IntBound& x, const IntBound& y, DataType t, bool floor) {
  if (y.min <= 0 && 0 <= y.max && t.is_int()) {
    IntBound neg = y.min < 0 ? IntBound{y.min, -1} : TypeRange(t);
    IntBound pos = y.max > 0 ? IntBound{1, y.max} : TypeRange(t);
    IntBound a = DivCorners(x, neg, floor), b = DivCorners(x, pos, floor);
    return {std::min(a.min, b.min), std::max(a.max, b.max)};
  }
  if (y.min == 0 && t.is_uint()) return DivCorners(x, {1, y.max}, floor);
  return DivCorners(x, y, floor);
}

// int(ceil(log2(x))) (topi's ceil_log2, found in loop bounds): from the bounds of x, as TVM's
// ConstIntBoundAnalyzer takes it; x below 1 gives nothing.
std::optional<IntBound> CeilLog2Bound(const CastNode* c) {
  const CallNode* ceil = c->value.as<CallNode>();
  if (!c->dtype.is_int() || !ceil || ceil->op != "tir.ceil" || ceil->args.size() != 1) return std::nullopt;
  const CallNode* log = ceil->args[0].as<CallNode>();
  if (!log || log->op != "tir.log2" || log->args.size() != 1) return std::nullopt;
  const PrimExpr& arg = log->args[0];
  auto ceil_log2 = [](double v) { return static_cast<int64_t>(std::ceil(std::log2(v))); };
  if (const FloatImmNode* f = arg.as<FloatImmNode>()) {
    if (!(f->value >= 1 && f->value < 1e18)) return std::nullopt;
    return IntBound{ceil_log2(f->value), ceil_log2(f->value)};
  }
  const CastNode* to_float = arg.as<CastNode>();
  IntBound x = ConstIntBound(to_float && to_float->value.dtype().is_int() ? to_float->value : arg);
  if (x.min < 1 || x.max == kInf) return std::nullopt;
  return IntBound{ceil_log2(static_cast<double>(x.min)), ceil_log2(static_cast<double>(x.max))};
}

IntBound ConstIntBound(const PrimExpr& e) {
  support::CheckStack("TIR expression or statement");  // recursion follows the nesting
  IntBound full{kNegInf, kInf};
  // A constant is its own bound; the type's extremes stand for the infinities, so INT64_MAX is
  // known only to be >= INT64_MAX - 1 (and INT64_MIN <= INT64_MIN + 1): a sum with it stays exact.
  if (const int64_t* v = as_const_int(e)) {
    if (*v == kInf) return {kInf - 1, kInf};
    if (*v == kNegInf) return {kNegInf, kNegInf + 1};
    return {*v, *v};
  }
  const BinaryNode* b = e.as<BinaryNode>();
  if (!b) {
    IntBound known;
    if (tls_lookup) {
      if (const VarNode* var = e.as<VarNode>()) {
        if (tls_lookup(tls_ctx, var, &known)) return known;
      }
    }
    if (const CastNode* c = e.as<CastNode>()) {
      if (c->dtype.is_integer() && (c->value.dtype().is_integer() || c->value.dtype().is_bool())) {
        IntBound v = ConstIntBound(c->value), t = TypeRange(c->dtype);
        return {std::max(v.min, t.min), std::min(v.max, t.max)};
      }
      if (std::optional<IntBound> v = CeilLog2Bound(c)) {
        IntBound t = TypeRange(c->dtype);
        return {std::max(v->min, t.min), std::min(v->max, t.max)};
      }
    }
    if (const CallNode* call = e.as<CallNode>(); call && call->args.size() == 2 && e.dtype().is_int()) {
      IntBound x = ConstIntBound(call->args[0]), y = ConstIntBound(call->args[1]);
      // TVM's ConstIntBoundAnalyzer: shifts at the corners of the operand ranges; a left shift
      // of or by a possibly negative value is target-defined (nothing known).
      if ((call->op == "tir.shift_left" || call->op == "tir.shift_right") && x.min >= 0 && y.min >= 0 &&
          y.max < 64) {
        bool left = call->op == "tir.shift_left";
        auto shift = [left](int64_t v, int64_t by) -> int64_t {
          if (v == kInf) return v;
          if (!left) return v >> by;
          int bits = 0;
          for (uint64_t u = static_cast<uint64_t>(v); u; u >>= 1) ++bits;
          return bits + by < 64 ? static_cast<int64_t>(static_cast<uint64_t>(v) << by) : kInf;
        };
        int64_t c[4] = {shift(x.min, y.min), shift(x.min, y.max), shift(x.max, y.min), shift(x.max, y.max)};
        IntBound r{*std::min_element(c, c + 4), *std::max_element(c, c + 4)}, t = TypeRange(e.dtype());
        return {std::max(r.min, t.min), std::min(r.max, t.max)};
      }
      if (call->op == "tir.bitwise_and" && x.min >= 0 && y.min >= 0) return {0, std::min(x.max, y.max)};
    }
    if (const SelectNode* s = e.as<SelectNode>()) {
      IntBound t = ConstIntBound(s->true_value), f = ConstIntBound(s->false_value);
      return {std::min(t.min, f.min), std::max(t.max, f.max)};
    }
    return TypeRange(e.dtype());
  }
  IntBound x = ConstIntBound(b->a), y = ConstIntBound(b->b);
  const int64_t* c = as_const_int(b->b);
  switch (e.kind()) {
    case Kind::kAdd: return {SatAdd(x.min, y.min, true), SatAdd(x.max, y.max, false)};
    case Kind::kSub: return {SatAdd(x.min, SatMul(y.max, -1), true), SatAdd(x.max, SatMul(y.min, -1), false)};
    case Kind::kMul:
      if (c) {
        int64_t p = SatMul(x.min, *c), q = SatMul(x.max, *c);
        return {std::min(p, q), std::max(p, q)};
      }
      {
        // the extremes are among the corner products, infinite bounds included (x >= 0 and
        // y <= 0 give x * y <= 0, as TVM's BinaryOpBoundary)
        int64_t c1 = InfMul(x.min, y.min), c2 = InfMul(x.min, y.max);
        int64_t c3 = InfMul(x.max, y.min), c4 = InfMul(x.max, y.max);
        return {std::min(std::min(c1, c2), std::min(c3, c4)),
                std::max(std::max(c1, c2), std::max(c3, c4))};
      }
    case Kind::kFloorDiv:
      if (c && *c > 0) return {FloorDivI(x.min, *c), FloorDivI(x.max, *c)};
      if (!e.dtype().is_int() && !e.dtype().is_uint()) return full;
      return DivisionBound(x, y, e.dtype(), true);
    case Kind::kDiv:
      if (!e.dtype().is_int() && !e.dtype().is_uint()) return full;
      return DivisionBound(x, y, e.dtype(), false);
    case Kind::kMod:  // truncated: the dividend's sign, below the divisor's magnitude
      if (!e.dtype().is_int() && !e.dtype().is_uint()) return full;
      if (y.min > 0) {
        int64_t cap = y.max == kInf ? kInf : y.max - 1;
        if (x.min >= 0) return x.max < y.min ? x : IntBound{0, std::min(x.max, cap)};
        return {std::max(x.min, NegInf(cap)), std::min(std::max(x.max, int64_t{0}), cap)};
      }
      return TypeRange(e.dtype());
    case Kind::kFloorMod:
      if (c && *c > 0) {
        if (x.min >= 0 && x.max < *c) return x;
        return {0, *c - 1};
      }
      return full;
    case Kind::kMin: return {std::min(x.min, y.min), std::min(x.max, y.max)};
    case Kind::kMax: return {std::max(x.min, y.min), std::max(x.max, y.max)};
    default: return full;
  }
}


namespace {

// The canonical form's constant arithmetic (offsets, scales, divisors): wrapped as the type's
// arithmetic wraps, counting each wrap.
int64_t CAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) ++tls_wraps;
  return AddWrap(a, b);
}
int64_t CMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) ++tls_wraps;
  return MulWrap(a, b);
}
// v as a value of the scalar integer type t, counting a wrap when it is none.
int64_t CWrap(int64_t v, DataType t) {
  int64_t r = WrapToDType(v, t);
  if (r != v) ++tls_wraps;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Split / Sum forms.

struct Split {
  PrimExpr index;
  int64_t lower = 1;
  int64_t upper = kInf;
  int64_t scale = 1;
  bool floor = false;  ///< floor (true) or trunc (false) division mode

  bool IndexEqual(const Split& o) const { return ExprDeepEqual(index, o.index); }
  bool CompatibleTo(bool f) const { return floor == f || (lower == 1 && upper == kInf); }

  PrimExpr NormalizeWithScale(int64_t sscale) const {
    DataType t = index.dtype();
    if (scale == 0) return make_const(t, 0);
    PrimExpr res = index;
    if (upper != kInf) res = floor ? floormod(res, IntImm(t, upper)) : truncmod(res, IntImm(t, upper));
    if (lower != 1) {
      // floordiv(floordiv(x, a), b) == floordiv(x, a * b): TVM's rewrite pass does this merge
      // between its two canonical passes.
      const BinaryNode* inner = res.as<BinaryNode>();
      const int64_t* c = inner ? as_const_int(inner->b) : nullptr;
      int64_t merged = 0;
      if (floor && inner && res.kind() == Kind::kFloorDiv && c && *c > 0 &&
          !__builtin_mul_overflow(*c, lower, &merged) && FitsType(t, merged)) {
        res = floordiv(inner->a, IntImm(t, merged));
      } else {
        res = floor ? floordiv(res, IntImm(t, lower)) : truncdiv(res, IntImm(t, lower));
      }
    }
    sscale = CWrap(CMul(sscale, scale), t);  // -(x * INT32_MIN) is x * INT32_MIN in int32
    if (sscale != 1) res = mul(res, IntImm(t, sscale));
    return res;
  }
  PrimExpr Normalize() const { return NormalizeWithScale(1); }
};

struct Sum {
  DataType dtype;
  std::vector<Split> args;
  int64_t base = 0;

  bool IsZero() const { return base == 0 && args.empty(); }

  void AddToSelf(Split other, int64_t s) {
    if (other.scale == 0) return;
    size_t start = 0;
    for (; start < args.size(); ++start)
      if (args[start].IndexEqual(other)) break;
    for (size_t j = start; j < args.size(); ++j) {
      if (!args[j].IndexEqual(other) || other.lower > args[j].lower) {
        other.scale = CMul(other.scale, s);
        args.insert(args.begin() + j, other);
        return;
      }
      if (other.lower == args[j].lower && other.upper == args[j].upper &&
          other.CompatibleTo(args[j].floor)) {
        args[j].scale = CAdd(args[j].scale, CMul(other.scale, s));
        return;
      }
    }
    other.scale = CMul(other.scale, s);
    args.push_back(other);
  }
  void AddToSelf(const Sum& other, int64_t s) {
    for (const Split& a : other.args) AddToSelf(a, s);
    base = CAdd(base, CMul(other.base, s));
  }
  void MulToSelf(int64_t s) {
    base = CMul(base, s);
    for (Split& a : args) a.scale = CMul(a.scale, s);
  }
  void DivideBy(int64_t s) {
    base /= s;
    for (Split& a : args) a.scale /= s;
  }

  static std::vector<Split> SimplifySplits(std::vector<Split> args) {
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].scale == 0) continue;
      for (size_t j = i + 1; j < args.size(); ++j) {
        Split& lhs = args[i];
        Split& rhs = args[j];
        if (!lhs.IndexEqual(rhs)) break;
        if (lhs.upper < rhs.lower) break;
        if (lhs.upper == rhs.upper && lhs.lower == rhs.lower && lhs.CompatibleTo(rhs.floor)) {
          rhs.scale = CAdd(rhs.scale, lhs.scale);
          lhs.scale = 0;
        } else if (lhs.lower == rhs.upper && rhs.scale != 0 && lhs.scale % rhs.scale == 0 &&
                   lhs.lower == (lhs.scale / rhs.scale) * rhs.lower && lhs.CompatibleTo(rhs.floor)) {
          // (x / (c*s)) * s + (x % (c*s)) / c == x / c
          rhs.upper = lhs.upper;
          lhs.scale = 0;
          break;
        }
      }
    }
    std::stable_sort(args.begin(), args.end(), [](const Split& a, const Split& b) {
      if (a.scale != b.scale) return a.scale > b.scale;
      if (a.lower != b.lower) return a.lower > b.lower;
      if (a.upper != b.upper) return a.upper > b.upper;
      return a.floor > b.floor;
    });
    return args;
  }

  PrimExpr Normalize() const {
    // A constant sum is the type's value of its constant (fixed-width arithmetic wraps).
    if (args.empty()) return IntImm(dtype, CWrap(base, dtype));
    std::vector<Split> s = SimplifySplits(args);
    PrimExpr res = IntImm(dtype, 0);
    // A term is subtracted with its negated scale, unless that is no value of the type
    // (x * INT_MIN is added as it is).
    auto subtracted = [&](const Split& a) { return a.scale < 0 && a.scale != kNegInf && FitsType(dtype, -a.scale); };
    for (const Split& a : s)
      if (a.scale != 0 && !subtracted(a)) res = add(res, a.Normalize());
    if (base > 0) res = AddConstant(res, base);
    for (const Split& a : s)
      if (subtracted(a)) res = sub(res, a.NormalizeWithScale(-1));
    if (base < 0) res = AddConstant(res, base);
    return res;
  }

  // res + c written with constants of the type: res - |c| for a negative c whose magnitude fits
  // (x - 1, not x + -1); a constant beyond the type but within two of its ranges (the difference
  // of two extremes, which DiffBound forms) as at most three that fit, so the sum keeps its value
  // as an integer. Farther out the type's arithmetic has wrapped already: c is taken modulo
  // 2^bits (never a number of terms that grows with |c|).
  PrimExpr AddConstant(PrimExpr res, int64_t c) const {
    int bits = dtype.bits();
    int64_t hi = bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
    int64_t lo = bits >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (bits - 1));
    if (bits < 64 && (c > 2 * hi + 1 || c < 2 * lo)) c = CWrap(c, dtype);
    while (c > hi) {
      res = add(res, IntImm(dtype, hi));
      c -= hi;
    }
    while (c < lo) {
      res = add(res, IntImm(dtype, lo));
      c -= lo;
    }
    if (c > 0) return add(res, IntImm(dtype, c));
    if (c < 0) return c >= -hi ? sub(res, IntImm(dtype, -c)) : add(res, IntImm(dtype, c));
    return res;
  }
};

// TVM's ProdDivSimplify: a product dividend and a product divisor (not a constant) lose the
// non-constant factors they share and the gcd of their constant factors; *scale is what they
// lost. (a * k) / (b * k) == a / b and (a * k) % (b * k) == (a % b) * k in both division modes.
bool ProdDivSimplify(PrimExpr* lhs, PrimExpr* rhs, PrimExpr* scale) {
  if (as_const_int(*rhs)) return false;
  DataType t = rhs->dtype();
  std::vector<std::optional<PrimExpr>> lhs_prods;
  int64_t lhs_c = 1, rhs_c = 1;
  bool overflow = false;
  auto factors = [](const PrimExpr& e, auto&& each) {
    std::vector<PrimExpr> stack{e}, out;
    while (!stack.empty()) {  // the factors in order, left to right
      PrimExpr f = stack.back();
      stack.pop_back();
      if (const BinaryNode* m = f.kind() == Kind::kMul ? f.as<BinaryNode>() : nullptr) {
        stack.push_back(m->b);
        stack.push_back(m->a);
      } else {
        each(f);
      }
    }
  };
  factors(*lhs, [&](const PrimExpr& f) {
    if (const int64_t* c = as_const_int(f)) overflow |= __builtin_mul_overflow(lhs_c, *c, &lhs_c);
    else lhs_prods.emplace_back(f);
  });
  PrimExpr new_rhs = make_const(t, 1), common = make_const(t, 1);
  int eliminated = 0;
  factors(*rhs, [&](const PrimExpr& f) {
    if (const int64_t* c = as_const_int(f)) {
      overflow |= __builtin_mul_overflow(rhs_c, *c, &rhs_c);
      return;
    }
    for (std::optional<PrimExpr>& l : lhs_prods) {
      if (l && ExprDeepEqual(*l, f)) {
        l.reset();
        ++eliminated;
        common = mul(common, f);
        return;
      }
    }
    new_rhs = mul(new_rhs, f);
  });
  if (overflow || lhs_c == kNegInf || rhs_c == kNegInf) return false;
  int64_t g = lhs_c == 0 ? std::abs(rhs_c) : rhs_c == 0 ? std::abs(lhs_c) : std::gcd(lhs_c, rhs_c);
  if (g == 0) g = 1;
  if (eliminated == 0 && g == 1) return false;
  if (!FitsType(t, g) || !FitsType(t, lhs_c / g) || !FitsType(t, rhs_c / g)) return false;  // gcd(INT_MIN, INT_MIN)
  PrimExpr new_lhs = make_const(t, 1);
  for (const std::optional<PrimExpr>& l : lhs_prods)
    if (l) new_lhs = mul(new_lhs, *l);
  *lhs = mul(new_lhs, make_const(t, lhs_c / g));
  *rhs = mul(new_rhs, make_const(t, rhs_c / g));
  *scale = mul(common, make_const(t, g));
  return true;
}

// A canonical value: a plain expression, a split or a sum.
struct CVal {
  enum Kind { kExpr, kSplit, kSum } kind = kExpr;
  PrimExpr expr;
  Split split;
  Sum sum;
  static CVal Of(PrimExpr e) { CVal v; v.expr = std::move(e); return v; }
  static CVal Of(Split s) { CVal v; v.kind = kSplit; v.split = std::move(s); return v; }
  static CVal Of(Sum s) { CVal v; v.kind = kSum; v.sum = std::move(s); return v; }
  PrimExpr Normalize() const {
    if (kind == kSplit) return split.Normalize();
    if (kind == kSum) return sum.Normalize();
    return expr;
  }
  const int64_t* AsConst() const { return kind == kExpr ? as_const_int(expr) : nullptr; }
};

bool IsIndexArith(const PrimExpr& e) {
  if (!(e.dtype().is_int() || e.dtype().is_uint()) || !e.dtype().is_scalar()) return false;
  switch (e.kind()) {
    case Kind::kAdd: case Kind::kSub: case Kind::kMul: case Kind::kDiv: case Kind::kMod:
    case Kind::kFloorDiv: case Kind::kFloorMod: return true;
    default: return false;
  }
}

IntBound SumBound(const Sum& s);

class Canonicalizer {
 public:
  CVal Visit(const PrimExpr& e) {
    support::CheckStack("TIR expression or statement");  // recursion follows the nesting
    if (!IsIndexArith(e)) return CVal::Of(e);
    const BinaryNode* op = e.as<BinaryNode>();
    CVal a = Visit(op->a), b = Visit(op->b);
    switch (e.kind()) {
      case Kind::kAdd: return AddSub(e, a, b, 1);
      case Kind::kSub: return AddSub(e, a, b, -1);
      case Kind::kMul: return Mul(e, a, b);
      case Kind::kFloorDiv: return Div(e, a, b, true);
      case Kind::kDiv: return Div(e, a, b, false);
      case Kind::kFloorMod: return Mod(e, a, b, true);
      case Kind::kMod: return Mod(e, a, b, false);
      default: return CVal::Of(e);
    }
  }

 private:
  Split ToSplit(const CVal& v) {
    if (v.kind == CVal::kSplit) return v.split;
    if (v.kind == CVal::kSum && v.sum.base == 0 && v.sum.args.size() == 1) return v.sum.args[0];
    Split s;
    s.index = v.Normalize();
    return s;
  }
  Sum ToSum(const CVal& v, DataType t) {
    if (v.kind == CVal::kSum) return v.sum;
    Sum s;
    s.dtype = t;
    if (const int64_t* c = v.AsConst()) {
      s.base = *c;
    } else {
      s.args.push_back(ToSplit(v));
    }
    return s;
  }

  // A sum or product whose constant arithmetic leaves int64 (y - INT64_MIN: -INT64_MIN is no
  // int64) has no exact canonical form; the node stays as written over its canonical operands,
  // so its value is the input's wherever the input has one.
  static CVal Opaque(const PrimExpr& e, const CVal& a, const CVal& b) {
    return CVal::Of(Binary(e.kind(), a.Normalize(), b.Normalize()));
  }

  // Two constants fold as the type's arithmetic does; a fold that wraps (1 - INT64_MIN) counts
  // as a wrap, so DiffBound knows nothing rather than the wrapped constant.
  static CVal FoldConst(const PrimExpr& e, int64_t x, int64_t y, PrimExpr folded) {
    int64_t r = 0;
    bool over = e.kind() == Kind::kAdd   ? __builtin_add_overflow(x, y, &r)
                : e.kind() == Kind::kSub ? __builtin_sub_overflow(x, y, &r)
                                         : __builtin_mul_overflow(x, y, &r);
    if (over) ++tls_wraps;
    else CWrap(r, e.dtype());
    return CVal::Of(std::move(folded));
  }

  CVal AddSub(const PrimExpr& e, const CVal& a, const CVal& b, int64_t sign) {
    if (a.AsConst() && b.AsConst())
      return FoldConst(e, *a.AsConst(), *b.AsConst(), sign > 0 ? add(a.expr, b.expr) : sub(a.expr, b.expr));
    uint64_t wraps = tls_wraps;
    Sum ret = ToSum(a, e.dtype());
    if (const int64_t* c = b.AsConst()) ret.base = CAdd(ret.base, CMul(sign, *c));
    else if (b.kind == CVal::kSum) ret.AddToSelf(b.sum, sign);
    else ret.AddToSelf(ToSplit(b), sign);
    if (tls_wraps != wraps) return Opaque(e, a, b);
    return CVal::Of(ret);
  }

  CVal Mul(const PrimExpr& e, CVal a, CVal b) {
    if (a.AsConst() && b.AsConst()) return FoldConst(e, *a.AsConst(), *b.AsConst(), mul(a.expr, b.expr));
    if (a.AsConst()) std::swap(a, b);
    if (const int64_t* c = b.AsConst()) {
      uint64_t wraps = tls_wraps;
      CVal r = a;
      if (a.kind == CVal::kSum) {
        r.sum.MulToSelf(*c);
      } else {
        Split s = ToSplit(a);
        s.scale = CMul(s.scale, *c);
        r = CVal::Of(s);
      }
      return tls_wraps != wraps ? Opaque(e, a, b) : r;
    }
    return CVal::Of(mul(a.Normalize(), b.Normalize()));
  }

  Split ConvertDivMode(Split s, bool floor) {
    if (s.floor == floor) return s;
    if (s.CompatibleTo(floor)) {
      s.floor = floor;
      return s;
    }
    Split n;
    n.index = s.Normalize();
    n.floor = floor;
    return n;
  }

  Split SplitDivConst(Split lhs, int64_t c, bool floor) {
    lhs = ConvertDivMode(lhs, floor);
    if (lhs.scale % c == 0) {
      lhs.scale /= c;
      return lhs;
    }
    int64_t merged = 0;  // the two divisors as one; a product beyond the type merges nothing
    if (c % lhs.scale == 0 && !__builtin_mul_overflow(lhs.lower, c / lhs.scale, &merged) &&
        FitsType(lhs.index.dtype(), merged)) {
      if (lhs.upper == kInf || lhs.upper % merged == 0) {
        lhs.scale = 1;
        lhs.lower = merged;
        return lhs;
      } else if (lhs.upper <= merged) {
        Split z;
        z.index = make_const(lhs.index.dtype(), 0);
        return z;
      } else {
        DataType t = lhs.index.dtype();
        lhs.index = floor ? floormod(lhs.index, IntImm(t, lhs.upper)) : truncmod(lhs.index, IntImm(t, lhs.upper));
        lhs.upper = kInf;
        lhs.scale = 1;
        lhs.lower = merged;
        return lhs;
      }
    }
    Split n;
    n.index = lhs.Normalize();
    n.lower = c;
    n.floor = floor;
    return n;
  }

  Split SplitModConst(Split lhs, int64_t c, bool floor) {
    // A split's upper == kInf means "no modulo", so a modulo by INT64_MAX stays written out.
    if (c == kInf) {
      Split n;
      PrimExpr x = lhs.Normalize();
      n.index = floor ? floormod(x, IntImm(x.dtype(), c)) : truncmod(x, IntImm(x.dtype(), c));
      n.floor = floor;
      return n;
    }
    lhs = ConvertDivMode(lhs, floor);
    if (lhs.scale % c == 0) {
      lhs.scale = 0;
      return lhs;
    }
    // The split's range after the modulo; a product beyond the type (lower * c / scale) is no
    // range of it, and the modulo stays written out.
    int64_t new_upper = 0;
    if (c % lhs.scale == 0 && !__builtin_mul_overflow(lhs.lower, c / lhs.scale, &new_upper) &&
        FitsType(lhs.index.dtype(), new_upper)) {
      if (new_upper != kInf && (lhs.upper == kInf || lhs.upper % new_upper == 0)) {
        if (new_upper < lhs.upper && lhs.upper != kInf) {
          DataType t = lhs.index.dtype();
          PrimExpr m = floor ? floormod(lhs.index, IntImm(t, new_upper)) : truncmod(lhs.index, IntImm(t, new_upper));
          Split updated = ToSplit(Visit(m));
          if (lhs.lower != 1) {
            Split r = SplitDivConst(updated, lhs.lower, floor);
            r.scale = CMul(r.scale, lhs.scale);
            return r;
          }
          updated.scale = CMul(updated.scale, lhs.scale);
          return updated;
        }
        lhs.upper = new_upper;
        return lhs;
      } else if (new_upper % lhs.upper == 0) {
        return lhs;
      }
    }
    Split n;
    n.index = lhs.Normalize();
    n.floor = floor;
    n.upper = c;
    return n;
  }

  static void SeparateDivisible(const Sum& s, int64_t c, Sum* div, Sum* extra) {
    div->dtype = extra->dtype = s.dtype;
    if (s.base % c == 0) div->base = s.base;
    else extra->base = s.base;
    for (const Split& a : s.args) (a.scale % c == 0 ? div : extra)->args.push_back(a);
  }

  CVal Div(const PrimExpr& e, const CVal& a, const CVal& b, bool floor) {
    const int64_t* c = b.AsConst();
    if (a.AsConst() && c && *c != 0) {
      if (*c == -1 && e.dtype().is_int() && *a.AsConst() == TypeRange(e.dtype()).min) ++tls_wraps;  // INT_MIN / -1
      return CVal::Of(floor ? floordiv(a.expr, b.expr) : truncdiv(a.expr, b.expr));
    }
    if (c && *c > 0) {
      if (*c == 1) return a;
      if (a.kind == CVal::kSum) {
        Sum lhs, extra;
        SeparateDivisible(a.sum, *c, &lhs, &extra);
        if (extra.IsZero()) {
          lhs.DivideBy(*c);
          return CVal::Of(lhs);
        }
        if (floor) {
          lhs.DivideBy(*c);
          PrimExpr temp = extra.Normalize();
          if (const int64_t* k = as_const_int(temp)) {
            lhs.base = CAdd(lhs.base, FloorDivI(*k, *c));
          } else {
            IntBound bd = ConstIntBound(temp);
            if (!(bd.max < *c && bd.min >= 0)) lhs.AddToSelf(SplitDivConst(ToSplit(CVal::Of(temp)), *c, true), 1);
          }
          return CVal::Of(lhs);
        }
        // Truncated: when both parts are non-negative, the divisible part divides exactly and
        // the rest is divided on its own (dropped when below the divisor).
        if (ConstIntBound(lhs.Normalize()).min >= 0 && ConstIntBound(extra.Normalize()).min >= 0) {
          lhs.DivideBy(*c);
          PrimExpr temp = extra.Normalize();
          if (const int64_t* k = as_const_int(temp)) {
            lhs.base = CAdd(lhs.base, *k / *c);
          } else if (ConstIntBound(temp).max >= *c) {
            lhs.AddToSelf(SplitDivConst(ToSplit(CVal::Of(temp)), *c, false), 1);
          }
          return CVal::Of(lhs);
        }
      } else {
        IntBound bd = ConstIntBound(a.Normalize());
        if (bd.min >= 0 && bd.max < *c) return CVal::Of(make_const(e.dtype(), 0));
      }
      return CVal::Of(SplitDivConst(ToSplit(a), *c, floor));
    }
    PrimExpr x = a.Normalize(), y = b.Normalize(), scale;
    if (ProdDivSimplify(&x, &y, &scale)) return CVal::Of(floor ? floordiv(x, y) : truncdiv(x, y));
    return CVal::Of(floor ? floordiv(x, y) : truncdiv(x, y));
  }

  CVal Mod(const PrimExpr& e, CVal a, const CVal& b, bool floor) {
    const int64_t* c = b.AsConst();
    if (a.AsConst() && c && *c != 0)
      return CVal::Of(floor ? floormod(a.expr, b.expr) : truncmod(a.expr, b.expr));
    if (c && *c > 0) {
      if (a.kind == CVal::kSum && floor) {
        Sum lhs, extra;
        SeparateDivisible(a.sum, *c, &lhs, &extra);
        PrimExpr temp = extra.Normalize();
        if (as_const_int(temp)) return CVal::Of(floormod(temp, b.expr));
        IntBound bd = ConstIntBound(temp);
        if (bd.max < *c && bd.min >= 0) return CVal::Of(temp);
        Sum s = extra;
        Sum rest = extra;
        rest.base = 0;
        s.base = ModuloOffset(s.dtype, SumBound(rest).max, s.base, *c);
        return CVal::Of(SplitModConst(ToSplit(CVal::Of(s)), *c, true));
      }
      if (a.kind == CVal::kSum) {
        // Truncated: a multiple of c leaves 0; with both parts non-negative, the remainder is
        // the rest's; a non-negative sum's constant reduces modulo c ((x + 5) % 3 -> (x + 2) % 3)
        // when the sum stays non-negative.
        Sum lhs, extra;
        SeparateDivisible(a.sum, *c, &lhs, &extra);
        if (extra.IsZero()) return CVal::Of(make_const(e.dtype(), 0));
        Sum rest = a.sum;
        if (ConstIntBound(lhs.Normalize()).min >= 0 && ConstIntBound(extra.Normalize()).min >= 0) {
          PrimExpr temp = extra.Normalize();
          if (as_const_int(temp)) return CVal::Of(truncmod(temp, b.expr));
          if (ConstIntBound(temp).max < *c) return CVal::Of(temp);
          rest = extra;
        }
        IntBound bd = ConstIntBound(rest.Normalize());
        int64_t base = rest.base % *c;
        if (bd.min >= 0 && __int128{bd.min} - rest.base + base >= 0) rest.base = base;
        return CVal::Of(SplitModConst(ToSplit(CVal::Of(rest)), *c, false));
      }
      IntBound bd = ConstIntBound(a.Normalize());
      if (bd.min >= 0 && bd.max < *c) return a;
      return CVal::Of(SplitModConst(ToSplit(a), *c, floor));
    }
    PrimExpr x = a.Normalize(), y = b.Normalize(), scale;
    if (ProdDivSimplify(&x, &y, &scale)) return CVal::Of(mul(floor ? floormod(x, y) : truncmod(x, y), scale));
    return CVal::Of(floor ? floormod(x, y) : truncmod(x, y));
  }
};

}  // namespace

namespace {

// The bound of an exact sum: its constant plus each term's bound times its scale, in 128 bits.
// A part without a bound leaves that side unknown; a bound beyond int64 is widened to the
// infinity on its side or narrowed to the type's extreme (still a bound).
IntBound SumBound(const Sum& s) {
  using Wide = __int128;
  const Wide kCap = Wide{1} << 64;  // keeps every partial sum far inside 128 bits
  Wide lo = s.base, hi = s.base;
  bool lo_known = true, hi_known = true;
  for (const Split& a : Sum::SimplifySplits(s.args)) {
    if (a.scale == 0) continue;
    Split unit = a;
    unit.scale = 1;
    IntBound b = ConstIntBound(unit.Normalize());
    int64_t for_lo = a.scale > 0 ? b.min : b.max, for_hi = a.scale > 0 ? b.max : b.min;
    if (for_lo == (a.scale > 0 ? kNegInf : kInf)) lo_known = false;
    else lo = std::min(lo + Wide{for_lo} * a.scale, kCap);
    if (for_hi == (a.scale > 0 ? kInf : kNegInf)) hi_known = false;
    else hi = std::max(hi + Wide{for_hi} * a.scale, -kCap);
    if (lo <= -kCap) lo_known = false;
    if (hi >= kCap) hi_known = false;
  }
  int64_t min = !lo_known || lo <= kNegInf ? kNegInf : lo >= kInf ? kInf - 1 : static_cast<int64_t>(lo);
  int64_t max = !hi_known || hi >= kInf ? kInf : hi <= kNegInf ? kNegInf + 1 : static_cast<int64_t>(hi);
  return {min, max};
}

}  // namespace

// a - b is canonicalized and bounded as an exact integer: when its constant arithmetic wrapped
// (INT64_MIN - (y + 1) has the canonical form INT64_MAX - y, right in the type, wrong across a
// comparison) nothing is known.
IntBound DiffBound(const PrimExpr& a, const PrimExpr& b) {
  const int64_t* ca = as_const_int(a);
  const int64_t* cb = as_const_int(b);
  if (ca && cb) {
    int64_t r;
    if (__builtin_sub_overflow(*ca, *cb, &r)) return {kNegInf, kInf};
    return {r, r};
  }
  uint64_t wraps = tls_wraps;
  CVal d = Canonicalizer().Visit(Binary(Kind::kSub, a, b));
  if (tls_wraps != wraps) return {kNegInf, kInf};
  if (d.kind == CVal::kSum) return SumBound(d.sum);
  IntBound r = ConstIntBound(d.Normalize());
  if (tls_wraps != wraps) return {kNegInf, kInf};
  return r;
}

PrimExpr CanonicalSimplify(const PrimExpr& expr) {
  if (!IsIndexArith(expr)) return expr;
  Canonicalizer c;
  return c.Visit(expr).Normalize();
}

}  // namespace arith
}  // namespace tirgen
