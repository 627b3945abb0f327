// TVM's ModularSetAnalyzer rules (see modular_set.h).
#include "modular_set.h"

#include <cstdlib>
#include <limits>
#include <numeric>

#include "canonical.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

// int64 arithmetic that remembers an overflow (|INT64_MIN| included): the set is then given up
// for 'everything', which is always true.
struct Checked {
  bool ok = true;
  int64_t Add(int64_t a, int64_t b) { int64_t r = 0; ok = !__builtin_add_overflow(a, b, &r) && ok; return r; }
  int64_t Sub(int64_t a, int64_t b) { int64_t r = 0; ok = !__builtin_sub_overflow(a, b, &r) && ok; return r; }
  int64_t Mul(int64_t a, int64_t b) { int64_t r = 0; ok = !__builtin_mul_overflow(a, b, &r) && ok; return r; }
  int64_t Abs(int64_t a) {
    if (a == std::numeric_limits<int64_t>::min()) ok = false;
    return ok ? std::llabs(a) : 0;
  }
  int64_t Gcd(int64_t a, int64_t b) {
    a = Abs(a), b = Abs(b);
    if (a == 0) return b;
    if (b == 0) return a;
    return std::gcd(a, b);
  }
};

const ModularSet kEverything{1, 0};

// coeff >= 0 (a gcd)
ModularSet Make(const Checked& ck, int64_t coeff, int64_t base) {
  if (!ck.ok) return kEverything;
  if (coeff != 0) {
    base %= coeff;
    if (base < 0) base += coeff;
  }
  return {coeff, base};
}

ModularSet Union(const ModularSet& a, const ModularSet& b) {
  Checked ck;
  int64_t coeff = ck.Gcd(ck.Gcd(a.coeff, b.coeff), ck.Sub(a.base, b.base));
  return Make(ck, coeff, a.base);
}

// a / c rounded down (floor) or toward zero (trunc: only a nonnegative dividend is clear).
ModularSet DivByConst(const PrimExpr& lhs, int64_t c, bool floor) {
  ModularSet a = ModularSetOf(lhs);
  if (c == 0 || a.coeff % c != 0) return kEverything;
  Checked ck;
  if (a.base == 0) return Make(ck, ck.Abs(a.coeff / c), 0);
  if (a.base > 0 && c > 0 && (floor || ConstIntBound(lhs).min >= 0)) return Make(ck, a.coeff / c, a.base / c);
  return kEverything;
}

}  // namespace

ModularSet ModularSetOf(const PrimExpr& e) {
  support::CheckStack("TIR expression or statement");  // recursion follows the nesting
  if (const int64_t* c = as_const_int(e)) return {0, *c};
  const BinaryNode* b = e.as<BinaryNode>();
  switch (e.kind()) {
    case Kind::kAdd: case Kind::kSub: {
      ModularSet x = ModularSetOf(b->a), y = ModularSetOf(b->b);
      Checked ck;
      int64_t base = e.kind() == Kind::kAdd ? ck.Add(x.base, y.base) : ck.Sub(x.base, y.base);
      return Make(ck, ck.Gcd(x.coeff, y.coeff), base);
    }
    case Kind::kMul: {
      ModularSet x = ModularSetOf(b->a), y = ModularSetOf(b->b);
      Checked ck;
      int64_t coeff = ck.Gcd(ck.Mul(x.coeff, y.coeff), ck.Gcd(ck.Mul(x.coeff, y.base), ck.Mul(x.base, y.coeff)));
      return Make(ck, coeff, ck.Mul(x.base, y.base));
    }
    case Kind::kDiv: case Kind::kFloorDiv: {
      const int64_t* c = as_const_int(b->b);
      return c ? DivByConst(b->a, *c, e.kind() == Kind::kFloorDiv) : kEverything;
    }
    case Kind::kFloorMod: {
      const int64_t* c = as_const_int(b->b);
      if (!c || *c == 0) return kEverything;
      ModularSet x = ModularSetOf(b->a);
      Checked ck;
      return Make(ck, ck.Gcd(x.coeff, *c), *c == -1 ? 0 : x.base % *c);
    }
    case Kind::kMin: case Kind::kMax: return Union(ModularSetOf(b->a), ModularSetOf(b->b));
    case Kind::kSelect: {
      const SelectNode* s = e.as<SelectNode>();
      return Union(ModularSetOf(s->true_value), ModularSetOf(s->false_value));
    }
    case Kind::kCast: {
      const CastNode* c = e.as<CastNode>();
      return c->value.dtype().is_int() || c->value.dtype().is_uint() ? ModularSetOf(c->value) : kEverything;
    }
    default: return kEverything;
  }
}

}  // namespace arith
}  // namespace tirgen
