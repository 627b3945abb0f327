// TVM's ModularSetAnalyzer rules (see modular_set.h).
#include "modular_set.h"

#include <cstdlib>
#include <numeric>

#include "canonical.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

int64_t ZeroAwareGcd(int64_t a, int64_t b) {
  a = std::llabs(a), b = std::llabs(b);
  if (a == 0) return b;
  if (b == 0) return a;
  return std::gcd(a, b);
}

ModularSet Make(int64_t coeff, int64_t base) {
  coeff = std::llabs(coeff);
  if (coeff != 0) {
    base %= coeff;
    if (base < 0) base += coeff;
  }
  return {coeff, base};
}

const ModularSet kEverything{1, 0};

ModularSet Union(const ModularSet& a, const ModularSet& b) {
  int64_t coeff = ZeroAwareGcd(ZeroAwareGcd(a.coeff, b.coeff), a.base - b.base);
  return Make(coeff, a.base);
}

// a / c rounded down (floor) or toward zero (trunc: only a nonnegative dividend is clear).
ModularSet DivByConst(const PrimExpr& lhs, int64_t c, bool floor) {
  ModularSet a = ModularSetOf(lhs);
  if (c == 0 || a.coeff % c != 0) return kEverything;
  if (a.base == 0) return Make(std::llabs(a.coeff / c), 0);
  if (a.base > 0 && c > 0 && (floor || ConstIntBound(lhs).min >= 0)) return Make(a.coeff / c, a.base / c);
  return kEverything;
}

}  // namespace

ModularSet ModularSetOf(const PrimExpr& e) {
  if (const int64_t* c = as_const_int(e)) return {0, *c};
  const BinaryNode* b = e.as<BinaryNode>();
  switch (e.kind()) {
    case Kind::kAdd: case Kind::kSub: {
      ModularSet x = ModularSetOf(b->a), y = ModularSetOf(b->b);
      return Make(ZeroAwareGcd(x.coeff, y.coeff), e.kind() == Kind::kAdd ? x.base + y.base : x.base - y.base);
    }
    case Kind::kMul: {
      ModularSet x = ModularSetOf(b->a), y = ModularSetOf(b->b);
      int64_t coeff = ZeroAwareGcd(x.coeff * y.coeff, ZeroAwareGcd(x.coeff * y.base, x.base * y.coeff));
      return Make(coeff, x.base * y.base);
    }
    case Kind::kDiv: case Kind::kFloorDiv: {
      const int64_t* c = as_const_int(b->b);
      return c ? DivByConst(b->a, *c, e.kind() == Kind::kFloorDiv) : kEverything;
    }
    case Kind::kFloorMod: {
      const int64_t* c = as_const_int(b->b);
      if (!c || *c == 0) return kEverything;
      ModularSet x = ModularSetOf(b->a);
      return Make(ZeroAwareGcd(x.coeff, *c), x.base % *c);
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
