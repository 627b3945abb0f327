// Folding expression builders (see op.h). The folding rules are TVM's constant folder's:
// both operands constant -> a constant; a neutral constant on one side -> the other side.
#include "tirgen/tir/op.h"

#include <cfloat>
#include <cmath>
#include <limits>

#include "tirgen/tir/functor.h"
#include "tirgen/tir/int_arith.h"

namespace tirgen {
namespace tir {

namespace {

const IntImmNode* AsInt(const PrimExpr& e) { return e.as<IntImmNode>(); }
const FloatImmNode* AsFloat(const PrimExpr& e) { return e.as<FloatImmNode>(); }

// Wraps an integer result into the dtype's range (two's complement), as C arithmetic would.
PrimExpr IntConst(DataType t, int64_t v) {
  if (t.is_bool()) return IntImm(t, v != 0);
  return IntImm(t, WrapToDType(v, t));
}

PrimExpr BoolConst(bool v) { return IntImm(DataType::Bool(), v ? 1 : 0); }

PrimExpr MathCall(const char* name, PrimExpr x) {
  DataType t = x.dtype();
  return Call(t, std::string("tir.") + name, {std::move(x)});
}

// TVM's float constant folding (arith/const_fold.h): float32 operands are combined in float
// precision, float64 in double; other float widths are not folded. Returns null when not folded.
template <class F>
const FloatImmNode* FoldedFloat(DataType t, const FloatImmNode* a, const FloatImmNode* b, F op, PrimExpr* out) {
  if (!a || !b) return nullptr;
  if (t.bits() == 32) {
    double r = static_cast<double>(op(static_cast<float>(a->value), static_cast<float>(b->value)));
    if (!std::isinf(r) && !std::isnan(r)) {
      if (r < std::numeric_limits<float>::lowest()) r = -std::numeric_limits<double>::infinity();
      else if (r > std::numeric_limits<float>::max()) r = std::numeric_limits<double>::infinity();
    }
    *out = FloatImm(t, r);
  } else if (t.bits() == 64) {
    *out = FloatImm(t, op(a->value, b->value));
  } else {
    return nullptr;
  }
  return out->as<FloatImmNode>();
}

// floor/ceil/round/trunc: integers pass through, a float constant is folded (TVM's tir op builders).
PrimExpr RoundingCall(const char* name, PrimExpr x, double (*fold)(double)) {
  if (x.dtype().is_int() || x.dtype().is_uint()) return x;
  if (const FloatImmNode* f = AsFloat(x)) return FloatImm(x.dtype(), fold(f->value));
  return MathCall(name, std::move(x));
}

}  // namespace

int64_t AddWrap(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
int64_t SubWrap(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
int64_t MulWrap(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
int64_t TruncDivInt(int64_t a, int64_t b) { return b == -1 ? SubWrap(0, a) : a / b; }
int64_t TruncModInt(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

std::optional<int64_t> TruncToInt64(double v) {
  // -2^63 converts exactly; 2^63 and beyond do not fit (nor does NaN, which fails both tests).
  if (!(v >= -0x1p63 && v < 0x1p63)) return std::nullopt;
  return static_cast<int64_t>(v);
}

int64_t WrapToDType(int64_t v, DataType t) {
  if (t.is_bool()) return v != 0;
  if (t.bits() >= 64) return v;
  uint64_t mask = (uint64_t(1) << t.bits()) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t.is_int() && (u >> (t.bits() - 1))) return static_cast<int64_t>(u | ~mask);
  return static_cast<int64_t>(u);
}

int64_t FloorDivInt(int64_t a, int64_t b) {
  int64_t q = TruncDivInt(a, b);
  if ((TruncModInt(a, b) != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t FloorModInt(int64_t a, int64_t b) { return SubWrap(a, MulWrap(FloorDivInt(a, b), b)); }

namespace {
// TVM's IsIndexType: the integer types shape arithmetic folds eagerly (truncmod/floormod fold
// only these).
bool IsIndexType(DataType t) { return t.is_int() && t.is_scalar() && (t.bits() == 32 || t.bits() == 64); }
}  // namespace

PrimExpr TryConstFold(Kind kind, const PrimExpr& a, const PrimExpr& b) {
  DataType t = a.dtype();
  auto pa = AsInt(a), pb = AsInt(b);
  auto fa = AsFloat(a), fb = AsFloat(b);
  PrimExpr folded;
  switch (kind) {
    case Kind::kAdd:
      if (pa && pb) return IntConst(t, AddWrap(pa->value, pb->value));
      if (pa && pa->value == 0) return b;
      if (pb && pb->value == 0) return a;
      if (FoldedFloat(t, fa, fb, [](auto x, auto y) { return x + y; }, &folded)) return folded;
      if (fa && fa->value == 0) return b;
      if (fb && fb->value == 0) return a;
      return PrimExpr();
    case Kind::kSub:
      if (pa && pb) return IntConst(t, SubWrap(pa->value, pb->value));
      if (pb && pb->value == 0) return a;
      if (FoldedFloat(t, fa, fb, [](auto x, auto y) { return x - y; }, &folded)) return folded;
      if (fb && fb->value == 0) return a;
      return PrimExpr();
    case Kind::kMul:
      if (pa && pb) return IntConst(t, MulWrap(pa->value, pb->value));
      if (pa) {
        if (pa->value == 1) return b;
        if (pa->value == 0) return a;
      }
      if (pb) {
        if (pb->value == 1) return a;
        if (pb->value == 0) return b;
      }
      if (FoldedFloat(t, fa, fb, [](auto x, auto y) { return x * y; }, &folded)) return folded;
      if (fa) {
        if (fa->value == 1) return b;
        if (fa->value == 0) return a;
      }
      if (fb) {
        if (fb->value == 1) return a;
        if (fb->value == 0) return b;
      }
      return PrimExpr();
    case Kind::kDiv:
      TIRGEN_CHECK(!(pb && pb->value == 0) && !(fb && fb->value == 0)) << "division by zero";
      if (pa && pb) return IntConst(t, TruncDivInt(pa->value, pb->value));
      if (pa && pa->value == 0) return a;
      if (pb && pb->value == 1) return a;
      if (FoldedFloat(t, fa, fb, [](auto x, auto y) { return x / y; }, &folded)) return folded;
      if (fa && fa->value == 0) return a;
      if (fb && fb->value == 1) return a;
      return PrimExpr();
    case Kind::kMod:
    case Kind::kFloorMod:
      if (!IsIndexType(t) || !IsIndexType(b.dtype())) return PrimExpr();
      TIRGEN_CHECK(!(pb && pb->value == 0)) << "modulo by zero";
      if (pa && pb)
        return IntConst(t, kind == Kind::kMod ? TruncModInt(pa->value, pb->value) : FloorModInt(pa->value, pb->value));
      if (pa && pa->value == 0) return a;
      if (pb && pb->value == 1) return make_const(t, 0);
      return PrimExpr();
    case Kind::kFloorDiv:
      TIRGEN_CHECK(!(pb && pb->value == 0)) << "division by zero";
      if (pa && pb) return IntConst(t, FloorDivInt(pa->value, pb->value));
      if (pa && pa->value == 0) return a;
      if (pb && pb->value == 1) return a;
      if (fa && fb && fb->value != 0) {
        if (FoldedFloat(t, fa, fb, [](auto x, auto y) { return std::floor(x / y); }, &folded)) return folded;
        return PrimExpr();
      }
      if (fa && fa->value == 0) return a;
      if (fb && fb->value == 1) return a;
      return PrimExpr();
    case Kind::kMin:
      if (pa && pb) return IntImm(t, std::min(pa->value, pb->value));
      if (fa && fb) return FloatImm(t, std::min(fa->value, fb->value));
      if (a.same_as(b)) return a;
      return PrimExpr();
    case Kind::kMax:
      if (pa && pb) return IntImm(t, std::max(pa->value, pb->value));
      if (fa && fb) return FloatImm(t, std::max(fa->value, fb->value));
      if (a.same_as(b)) return a;
      return PrimExpr();
    default:
      return PrimExpr();
  }
}

namespace {
// A builder: TVM's type matching, then its constant folder, else the raw node.
PrimExpr Folded(Kind kind, PrimExpr a, PrimExpr b) {
  MatchTypes(&a, &b);
  PrimExpr folded = TryConstFold(kind, a, b);
  return folded.defined() ? folded : Binary(kind, a, b);
}
}  // namespace

// TVM v0.14's BinaryOpMatchTypes (src/tir/op/op.cc), rule for rule: a scalar is broadcast to
// the other's lanes; then a float beats a bfloat, int, uint or bool whatever the widths; a
// bfloat beats an int; two ints (or two uints, bool being TVM's uint1) take the wider type;
// signed against unsigned takes the wider type, and at equal width the unsigned one
// (int32 vs uint32 -> uint32).
void MatchTypes(PrimExpr* a, PrimExpr* b) {
  DataType lt = a->dtype(), rt = b->dtype();
  if (lt == rt) return;
  if (lt.lanes() == 1 && rt.lanes() > 1) {
    *a = Broadcast(*a, rt.lanes());
    lt = a->dtype();
  } else if (rt.lanes() == 1 && lt.lanes() > 1) {
    *b = Broadcast(*b, lt.lanes());
    rt = b->dtype();
  }
  TIRGEN_ICHECK(lt.lanes() == rt.lanes()) << "cannot match types " << lt.str() << " and " << rt.str();
  if (lt == rt) return;
  auto unsigned_like = [](DataType t) { return t.is_uint() || t.is_bool(); };  // TVM's is_uint
  if (lt.is_float() && rt.is_float()) {
    if (lt.bits() < rt.bits()) *a = cast(rt, *a);
    else *b = cast(lt, *b);
  } else if (!lt.is_float() && rt.is_float()) {
    *a = cast(rt, *a);
  } else if (lt.is_float() && !rt.is_float()) {
    *b = cast(lt, *b);
  } else if (!lt.is_bfloat() && rt.is_bfloat()) {
    *a = cast(rt, *a);
  } else if (lt.is_bfloat() && !rt.is_bfloat()) {
    *b = cast(lt, *b);
  } else if ((lt.is_int() && rt.is_int()) || (unsigned_like(lt) && unsigned_like(rt))) {
    if (lt.bits() < rt.bits()) *a = cast(rt, *a);
    else *b = cast(lt, *b);
  } else if ((lt.is_int() && unsigned_like(rt)) || (unsigned_like(lt) && rt.is_int())) {
    if (lt.bits() < rt.bits()) *a = cast(rt, *a);
    else if (lt.bits() > rt.bits()) *b = cast(lt, *b);
    else if (unsigned_like(lt)) *b = cast(lt, *b);
    else *a = cast(rt, *a);
  } else {
    TIRGEN_UNREACHABLE() << "cannot match types " << lt.str() << " and " << rt.str();
  }
}

PrimExpr add(PrimExpr a, PrimExpr b) { return Folded(Kind::kAdd, std::move(a), std::move(b)); }

PrimExpr sub(PrimExpr a, PrimExpr b) { return Folded(Kind::kSub, std::move(a), std::move(b)); }

PrimExpr mul(PrimExpr a, PrimExpr b) { return Folded(Kind::kMul, std::move(a), std::move(b)); }

PrimExpr neg(PrimExpr a) {
  if (auto p = AsInt(a)) return IntConst(a.dtype(), SubWrap(0, p->value));
  if (auto f = AsFloat(a)) return FloatImm(a.dtype(), -f->value);
  return sub(make_const(a.dtype(), 0), a);  // a vector's zero is a broadcast, as TVM's make_zero
}

PrimExpr truncdiv(PrimExpr a, PrimExpr b) { return Folded(Kind::kDiv, std::move(a), std::move(b)); }

PrimExpr div(PrimExpr a, PrimExpr b) { return truncdiv(std::move(a), std::move(b)); }

PrimExpr truncmod(PrimExpr a, PrimExpr b) { return Folded(Kind::kMod, std::move(a), std::move(b)); }

PrimExpr floordiv(PrimExpr a, PrimExpr b) { return Folded(Kind::kFloorDiv, std::move(a), std::move(b)); }

PrimExpr floormod(PrimExpr a, PrimExpr b) { return Folded(Kind::kFloorMod, std::move(a), std::move(b)); }

PrimExpr min(PrimExpr a, PrimExpr b) { return Folded(Kind::kMin, std::move(a), std::move(b)); }

PrimExpr max(PrimExpr a, PrimExpr b) { return Folded(Kind::kMax, std::move(a), std::move(b)); }

namespace {
template <class F>
PrimExpr Compare(Kind k, PrimExpr a, PrimExpr b, F cmp) {
  MatchTypes(&a, &b);
  auto pa = AsInt(a), pb = AsInt(b);
  if (pa && pb) return BoolConst(cmp(double(pa->value), double(pb->value)) );
  auto fa = AsFloat(a), fb = AsFloat(b);
  if (fa && fb) return BoolConst(cmp(fa->value, fb->value));
  return Binary(k, a, b);
}
}  // namespace

PrimExpr eq(PrimExpr a, PrimExpr b) {
  return Compare(Kind::kEQ, a, b, [](double x, double y) { return x == y; });
}
PrimExpr ne(PrimExpr a, PrimExpr b) {
  return Compare(Kind::kNE, a, b, [](double x, double y) { return x != y; });
}
PrimExpr lt(PrimExpr a, PrimExpr b) {
  return Compare(Kind::kLT, a, b, [](double x, double y) { return x < y; });
}
PrimExpr le(PrimExpr a, PrimExpr b) {
  return Compare(Kind::kLE, a, b, [](double x, double y) { return x <= y; });
}
PrimExpr gt(PrimExpr a, PrimExpr b) {
  return Compare(Kind::kGT, a, b, [](double x, double y) { return x > y; });
}
PrimExpr ge(PrimExpr a, PrimExpr b) {
  return Compare(Kind::kGE, a, b, [](double x, double y) { return x >= y; });
}

PrimExpr logical_and(PrimExpr a, PrimExpr b) {
  if (!a.dtype().is_bool()) a = cast(DataType::Bool(), a);
  if (!b.dtype().is_bool()) b = cast(DataType::Bool(), b);
  auto pa = AsInt(a), pb = AsInt(b);
  if (pa && pb) return BoolConst(pa->value && pb->value);
  if (pa) return pa->value ? b : a;
  if (pb) return pb->value ? a : b;
  return Binary(Kind::kAnd, a, b);
}

PrimExpr logical_or(PrimExpr a, PrimExpr b) {
  if (!a.dtype().is_bool()) a = cast(DataType::Bool(), a);
  if (!b.dtype().is_bool()) b = cast(DataType::Bool(), b);
  auto pa = AsInt(a), pb = AsInt(b);
  if (pa && pb) return BoolConst(pa->value || pb->value);
  if (pa) return pa->value ? a : b;
  if (pb) return pb->value ? b : a;
  return Binary(Kind::kOr, a, b);
}

PrimExpr logical_not(PrimExpr a) {
  if (!a.dtype().is_bool()) a = cast(DataType::Bool(), a);
  if (auto p = AsInt(a)) return BoolConst(!p->value);
  return Not(a);
}

namespace {
// TVM's bit-op builders: int/uint operands (bool counts as uint1), matched types, two
// constants fold.
bool IsIntLike(DataType t) { return t.is_int() || t.is_uint() || t.is_bool(); }

template <class F>
PrimExpr BitCall(const char* name, PrimExpr a, PrimExpr b, F fold) {
  TIRGEN_CHECK(IsIntLike(a.dtype()) && IsIntLike(b.dtype()))
      << "tir." << name << " needs integer operands, got " << a.dtype().str() << " and "
      << b.dtype().str();
  MatchTypes(&a, &b);
  DataType t = a.dtype();
  auto pa = AsInt(a), pb = AsInt(b);
  if (pa && pb) return IntConst(t, fold(pa->value, pb->value));
  return Call(t, std::string("tir.") + name, {std::move(a), std::move(b)});
}
}  // namespace

PrimExpr bitwise_and(PrimExpr a, PrimExpr b) {
  return BitCall("bitwise_and", a, b, [](int64_t x, int64_t y) { return x & y; });
}
PrimExpr bitwise_or(PrimExpr a, PrimExpr b) {
  return BitCall("bitwise_or", a, b, [](int64_t x, int64_t y) { return x | y; });
}
PrimExpr bitwise_xor(PrimExpr a, PrimExpr b) {
  return BitCall("bitwise_xor", a, b, [](int64_t x, int64_t y) { return x ^ y; });
}
PrimExpr shift_left(PrimExpr a, PrimExpr b) {
  return BitCall("shift_left", a, b,
                 [](int64_t x, int64_t y) { return static_cast<int64_t>(static_cast<uint64_t>(x) << y); });
}
PrimExpr shift_right(PrimExpr a, PrimExpr b) {
  return BitCall("shift_right", a, b, [](int64_t x, int64_t y) { return x >> y; });
}
PrimExpr bitwise_not(PrimExpr a) {
  TIRGEN_CHECK(IsIntLike(a.dtype()))
      << "tir.bitwise_not needs an integer operand, got " << a.dtype().str();
  DataType t = a.dtype();
  return Call(t, "tir.bitwise_not", {std::move(a)});
}

namespace {
// tvm::cast of a scalar: constants fold (make_const), anything else becomes a Cast.
PrimExpr CastScalar(DataType t, PrimExpr value) {
  bool numeric = t.is_int() || t.is_uint() || t.is_bool() || t.is_floating();
  if (auto p = AsInt(value); p && numeric) {
    if (t.is_floating()) return FloatImm(t, static_cast<double>(p->value));
    if (t.is_bool()) return BoolConst(p->value != 0);
    return IntConst(t, p->value);
  }
  if (auto f = AsFloat(value); f && numeric) {
    if (t.is_floating()) return FloatImm(t, f->value);
    // To an integer or bool, TVM truncates toward zero (make_const(bool, 0.5) is false). Only a
    // value int64 holds folds: converting NaN, inf or 1e30 is undefined behaviour.
    if (std::optional<int64_t> v = TruncToInt64(f->value)) return t.is_bool() ? BoolConst(*v != 0) : IntConst(t, *v);
  }
  return Cast(t, value);
}
}  // namespace

// TVM's tvm::cast: a scalar into a vector type is cast and broadcast; a broadcast is cast
// inside; a ramp cast to an integer type becomes a ramp of cast base and stride.
PrimExpr cast(DataType t, PrimExpr value) {
  if (value.dtype() == t) return value;
  if (t.is_scalar()) return CastScalar(t, std::move(value));
  DataType elem = t.element_of();
  if (value.dtype().is_scalar()) {
    if (value.dtype() != elem) value = CastScalar(elem, std::move(value));
    return Broadcast(value, t.lanes());
  }
  TIRGEN_ICHECK(value.dtype().lanes() == t.lanes()) << "cannot cast " << value.dtype().str() << " to " << t.str();
  if (const auto* bc = value.as<BroadcastNode>()) return Broadcast(cast(elem, bc->value), t.lanes());
  if (const auto* r = value.as<RampNode>(); r && (t.is_int() || t.is_uint()))
    return Ramp(cast(elem, r->base), cast(elem, r->stride), r->lanes);
  return Cast(t, value);
}

PrimExpr reinterpret(DataType t, PrimExpr value) {
  if (value.dtype() == t) return value;
  return Call(t, "tir.reinterpret", {std::move(value)});
}

PrimExpr if_then_else(PrimExpr cond, PrimExpr true_value, PrimExpr false_value) {
  if (!cond.dtype().is_bool()) cond = cast(DataType::Bool(), cond);
  MatchTypes(&true_value, &false_value);
  if (auto p = AsInt(cond)) return p->value ? true_value : false_value;
  DataType t = true_value.dtype();
  return Call(t, "tir.if_then_else", {cond, true_value, false_value});
}

PrimExpr likely(PrimExpr cond) {
  if (AsInt(cond)) return cond;
  return Call(cond.dtype(), "tir.likely", {cond});
}

PrimExpr exp(PrimExpr x) { return MathCall("exp", std::move(x)); }
PrimExpr log(PrimExpr x) { return MathCall("log", std::move(x)); }
PrimExpr sqrt(PrimExpr x) { return MathCall("sqrt", std::move(x)); }
PrimExpr rsqrt(PrimExpr x) { return MathCall("rsqrt", std::move(x)); }
PrimExpr tanh(PrimExpr x) { return MathCall("tanh", std::move(x)); }
PrimExpr sigmoid(PrimExpr x) { return MathCall("sigmoid", std::move(x)); }
PrimExpr erf(PrimExpr x) { return MathCall("erf", std::move(x)); }
PrimExpr floor(PrimExpr x) { return RoundingCall("floor", std::move(x), [](double v) { return std::floor(v); }); }
PrimExpr ceil(PrimExpr x) { return RoundingCall("ceil", std::move(x), [](double v) { return std::ceil(v); }); }
PrimExpr round(PrimExpr x) { return RoundingCall("round", std::move(x), [](double v) { return std::nearbyint(v); }); }
PrimExpr nearbyint(PrimExpr x) { return MathCall("nearbyint", std::move(x)); }
PrimExpr pow(PrimExpr x, PrimExpr y) {
  MatchTypes(&x, &y);
  DataType t = x.dtype();
  return Call(t, "tir.pow", {std::move(x), std::move(y)});
}
PrimExpr abs(PrimExpr x) {
  DataType t = x.dtype();
  if (t.is_int()) {
    if (auto p = AsInt(x)) return IntConst(t, p->value < 0 ? SubWrap(0, p->value) : p->value);
    return Select(ge(x, make_const(t, 0)), x, neg(x));
  }
  if (t.is_floating()) {
    if (auto f = AsFloat(x)) return FloatImm(t, std::fabs(f->value));
    return MathCall("fabs", std::move(x));
  }
  return x;
}

PrimExpr max_value(DataType t) {
  TIRGEN_ICHECK(t.is_scalar());
  if (t.is_int()) {
    if (t.bits() == 64) return IntImm(t, std::numeric_limits<int64_t>::max());
    return IntImm(t, (int64_t(1) << (t.bits() - 1)) - 1);
  }
  if (t.is_uint()) {
    if (t.bits() == 64) return IntImm(t, std::numeric_limits<int64_t>::max());  // best effort
    return IntImm(t, (int64_t(1) << t.bits()) - 1);
  }
  if (t.is_bool()) return BoolConst(true);
  if (t.is_float()) {
    if (t.bits() == 64) return FloatImm(t, DBL_MAX);
    if (t.bits() == 32) return FloatImm(t, FLT_MAX);
    if (t.bits() == 16) return FloatImm(t, 65504.0);
  }
  if (t.is_bfloat() && t.bits() == 16) return FloatImm(t, 3.38953139e38);
  TIRGEN_UNREACHABLE() << "no max_value for " << t.str();
}

PrimExpr min_value(DataType t) {
  TIRGEN_ICHECK(t.is_scalar());
  if (t.is_int()) {
    if (t.bits() == 64) return IntImm(t, std::numeric_limits<int64_t>::min());
    return IntImm(t, -(int64_t(1) << (t.bits() - 1)));
  }
  if (t.is_uint() || t.is_bool()) return IntImm(t, 0);
  if (t.is_float()) {
    if (t.bits() == 64) return FloatImm(t, -DBL_MAX);
    if (t.bits() == 32) return FloatImm(t, -FLT_MAX);
    if (t.bits() == 16) return FloatImm(t, -65504.0);
  }
  if (t.is_bfloat() && t.bits() == 16) return FloatImm(t, -3.38953139e38);
  TIRGEN_UNREACHABLE() << "no min_value for " << t.str();
}

// ---------------------------------------------------------------------------------------------
// Reductions

namespace {
using Combine = PrimExpr (*)(PrimExpr, PrimExpr);

PrimExpr MakeReduce(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
                    std::vector<PrimExpr> init, Combine f, PrimExpr identity) {
  DataType t = source.dtype();
  Var x("x", t), y("y", t);
  PrimExpr result = f(x, y);
  CommReducer combiner({x}, {y}, {result}, {std::move(identity)});
  if (!where.defined()) where = BoolConst(true);
  return Reduce(combiner, {std::move(source)}, std::move(axis), where, 0, std::move(init));
}
PrimExpr AddF(PrimExpr a, PrimExpr b) { return add(a, b); }
PrimExpr MulF(PrimExpr a, PrimExpr b) { return mul(a, b); }
PrimExpr MaxF(PrimExpr a, PrimExpr b) { return max(a, b); }
PrimExpr MinF(PrimExpr a, PrimExpr b) { return min(a, b); }
PrimExpr AndF(PrimExpr a, PrimExpr b) { return logical_and(a, b); }
PrimExpr OrF(PrimExpr a, PrimExpr b) { return logical_or(a, b); }
}  // namespace

PrimExpr sum(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
             std::vector<PrimExpr> init) {
  DataType t = source.dtype();
  return MakeReduce(std::move(source), std::move(axis), where, std::move(init), AddF,
                    make_const(t, 0));
}
PrimExpr prod(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
              std::vector<PrimExpr> init) {
  DataType t = source.dtype();
  return MakeReduce(std::move(source), std::move(axis), where, std::move(init), MulF,
                    make_const(t, 1));
}
PrimExpr max(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
             std::vector<PrimExpr> init) {
  DataType t = source.dtype();
  return MakeReduce(std::move(source), std::move(axis), where, std::move(init), MaxF,
                    min_value(t));
}
PrimExpr min(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
             std::vector<PrimExpr> init) {
  DataType t = source.dtype();
  return MakeReduce(std::move(source), std::move(axis), where, std::move(init), MinF,
                    max_value(t));
}

PrimExpr all(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
             std::vector<PrimExpr> init) {
  TIRGEN_CHECK(source.dtype().is_bool()) << "all: the source must be bool, got " << source.dtype().str();
  return MakeReduce(std::move(source), std::move(axis), where, std::move(init), AndF, BoolConst(true));
}
PrimExpr any(PrimExpr source, std::vector<IterVar> axis, PrimExpr where,
             std::vector<PrimExpr> init) {
  TIRGEN_CHECK(source.dtype().is_bool()) << "any: the source must be bool, got " << source.dtype().str();
  return MakeReduce(std::move(source), std::move(axis), where, std::move(init), OrF, BoolConst(false));
}

std::vector<PrimExpr> ApplyCombiner(const CommReducer& combiner, const std::vector<PrimExpr>& lhs,
                                    const std::vector<PrimExpr>& rhs) {
  TIRGEN_ICHECK(lhs.size() == combiner->lhs.size() && rhs.size() == combiner->rhs.size());
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (size_t i = 0; i < lhs.size(); ++i) {
    vmap.emplace_back(combiner->lhs[i], lhs[i]);
    vmap.emplace_back(combiner->rhs[i], rhs[i]);
  }
  std::vector<PrimExpr> out;
  for (const PrimExpr& r : combiner->result) out.push_back(Substitute(r, vmap));
  return out;
}

PrimExpr MakeBinaryFolded(Kind kind, PrimExpr a, PrimExpr b) {
  switch (kind) {
    case Kind::kAdd: return add(a, b);
    case Kind::kSub: return sub(a, b);
    case Kind::kMul: return mul(a, b);
    case Kind::kDiv: return div(a, b);
    case Kind::kMod: return truncmod(a, b);
    case Kind::kFloorDiv: return floordiv(a, b);
    case Kind::kFloorMod: return floormod(a, b);
    case Kind::kMin: return min(a, b);
    case Kind::kMax: return max(a, b);
    case Kind::kEQ: return eq(a, b);
    case Kind::kNE: return ne(a, b);
    case Kind::kLT: return lt(a, b);
    case Kind::kLE: return le(a, b);
    case Kind::kGT: return gt(a, b);
    case Kind::kGE: return ge(a, b);
    case Kind::kAnd: return logical_and(a, b);
    case Kind::kOr: return logical_or(a, b);
    default: TIRGEN_UNREACHABLE() << "not a binary kind: " << KindName(kind);
  }
}

}  // namespace tir
}  // namespace tirgen
