// tir::Interpreter: a loop-form PrimFunc compiled once into closures over typed slots (see
// interpreter.h). Each expression becomes a closure returning its value in the C code
// generator's value type (int64_t holding any integer or bool, float, double); the semantics
// of every node mirror what codegen/codegen_c.cc emits for it, so folding in process gives
// the bytes the compiled C gave.
#include "tirgen/tir/interpreter.h"

#include <math.h>

#include <climits>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "tirgen/support/error.h"
#include "tirgen/tir/expr.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/stmt.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {

namespace {

struct Buf {
  uint8_t* data = nullptr;
  int64_t nbytes = 0;
};

// The run-time state of one call: every variable and buffer has a slot fixed at compile time.
struct Frame {
  std::vector<int64_t> i;
  std::vector<float> f;
  std::vector<double> d;
  std::vector<Buf> b;
};

template <class T>
using Fn = std::function<T(Frame&)>;
using IFn = Fn<int64_t>;
using SFn = std::function<void(Frame&)>;

// Which C value type holds a scalar of a dtype (codegen's ValueType).
enum class Rep { kInt, kFloat, kDouble };

// C's integer arithmetic classes after the usual promotions: everything narrower than int
// (and bool) computes in int; uint32, int64 and uint64 in their own types.
enum class IClass { kI32, kU32, kI64, kU64 };

[[noreturn]] void Unsupported(const std::string& what) {
  TIRGEN_ICHECK(false) << "tir::Interpreter: unsupported " << what
                       << " (constant folding evaluates lowered scalar TIR only)";
  std::abort();
}

Rep RepOf(DataType t) {
  if (t.lanes() != 1) Unsupported("vector value of type " + t.str());
  if (t.is_float() && t.bits() == 64) return Rep::kDouble;
  if (t.is_floating() && (t.bits() == 32 || t.bits() == 16)) return Rep::kFloat;
  if (t.is_int() || t.is_uint() || t.is_bool()) {
    if (t.bits() != 1 && t.bits() != 8 && t.bits() != 16 && t.bits() != 32 && t.bits() != 64)
      Unsupported("integer type " + t.str());
    return Rep::kInt;
  }
  Unsupported("value type " + t.str());
}

IClass ClassOf(DataType t) {
  if (t.is_bool() || t.bits() < 32) return IClass::kI32;
  if (t.bits() == 32) return t.is_int() ? IClass::kI32 : IClass::kU32;
  return t.is_int() ? IClass::kI64 : IClass::kU64;
}

// Wraps a result computed modulo 2^64 to its class (held sign- or zero-extended in int64_t).
inline int64_t Wrap(IClass c, uint64_t v) {
  switch (c) {
    case IClass::kI32: return static_cast<int32_t>(static_cast<uint32_t>(v));
    case IClass::kU32: return static_cast<uint32_t>(v);
    default: return static_cast<int64_t>(v);
  }
}

// The value converted to `t` itself (a C cast to the storage type; bool tests non-zero).
inline int64_t Trunc(DataType t, int64_t v) {
  if (t.is_bool()) return v != 0;
  switch (t.bits()) {
    case 8: return t.is_int() ? static_cast<int64_t>(static_cast<int8_t>(v)) : static_cast<uint8_t>(v);
    case 16: return t.is_int() ? static_cast<int64_t>(static_cast<int16_t>(v)) : static_cast<uint16_t>(v);
    case 32: return t.is_int() ? static_cast<int64_t>(static_cast<int32_t>(v)) : static_cast<uint32_t>(v);
    default: return v;
  }
}

// C's float -> integer conversion as x86-64 GCC code does it: through a 32-bit (narrow types)
// or 64-bit truncating conversion whose out-of-range result is the "integer indefinite" value.
int64_t FloatToInt(DataType to, double x) {
  if (to.is_bool()) return x != 0;
  auto cvt32 = [](double v) -> int64_t {
    return v > -2147483649.0 && v < 2147483648.0 ? static_cast<int32_t>(v) : INT32_MIN;
  };
  auto cvt64 = [](double v) -> int64_t {
    return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? static_cast<int64_t>(v) : INT64_MIN;
  };
  if (to.is_uint() && to.bits() == 64) {
    if (x >= 9223372036854775808.0)
      return static_cast<int64_t>(static_cast<uint64_t>(cvt64(x - 9223372036854775808.0)) ^ (uint64_t{1} << 63));
    return cvt64(x);
  }
  if (to.bits() == 64 || (to.is_uint() && to.bits() == 32)) return Trunc(to, cvt64(x));
  return Trunc(to, cvt32(x));
}

// The C prelude's float16 / bfloat16 conversions (tg_h2f, tg_f2h, tg_bf2f, tg_f2bf).
float H2F(uint16_t h) {
  uint32_t s = static_cast<uint32_t>(h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ffu, u;
  if (e == 0) {
    if (m == 0) {
      u = s;
    } else {
      e = 113;
      while (!(m & 0x400u)) {
        m <<= 1;
        --e;
      }
      u = s | (e << 23) | ((m & 0x3ffu) << 13);
    }
  } else if (e == 31) {
    u = s | 0x7f800000u | (m << 13);
  } else {
    u = s | ((e + 112) << 23) | (m << 13);
  }
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint16_t F2H(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  uint32_t s = (u >> 16) & 0x8000u, e = (u >> 23) & 0xff, m = u & 0x7fffffu;
  if (e == 0xff) return static_cast<uint16_t>(s | 0x7c00u | (m ? 0x200u : 0));
  int32_t ne = static_cast<int32_t>(e) - 112;
  if (ne >= 31) return static_cast<uint16_t>(s | 0x7c00u);
  if (ne <= 0) {
    if (ne < -10) return static_cast<uint16_t>(s);
    m |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - ne), r = m >> shift, rem = m & ((1u << shift) - 1),
             half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1))) ++r;
    return static_cast<uint16_t>(s | r);
  }
  uint32_t r = (static_cast<uint32_t>(ne) << 10) | (m >> 13), rem = m & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (r & 1))) ++r;
  return static_cast<uint16_t>(s | r);
}
float BF2F(uint16_t h) {
  uint32_t u = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint16_t F2BF(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}

// Rounds a float to the 16-bit type `t` holds (codegen's tg_round_f16 / tg_round_bf16).
inline float Round16(DataType t, float v) {
  if (t.is_bfloat()) return BF2F(F2BF(v));
  if (t.is_float() && t.bits() == 16) return H2F(F2H(v));
  return v;
}

// The math intrinsics as the C code calls them (codegen_c.cc's MathCalls): the f32 function
// for float, float16 and bfloat16 (the latter rounded after), the f64 one for double.
struct MathFn {
  float (*f1)(float) = nullptr;
  double (*d1)(double) = nullptr;
  float (*f2)(float, float) = nullptr;
  double (*d2)(double, double) = nullptr;
};
float SigmoidF(float x) { return 1.0f / (1.0f + ::expf(-x)); }
double SigmoidD(double x) { return 1.0 / (1.0 + ::exp(-x)); }
// As the C prelude's tg_exp10f/tg_exp10 (TVM's LLVM legalization of exp10).
float Exp10F(float x) { return ::expf(x * 2.302585093f); }
double Exp10D(double x) { return ::exp(x * 2.302585093); }

const std::map<std::string, MathFn>& MathFns() {
  static const std::map<std::string, MathFn> m = [] {
    std::map<std::string, MathFn> r;
    auto u = [&](const char* n, float (*f)(float), double (*d)(double)) { r[n] = MathFn{f, d, nullptr, nullptr}; };
    auto b = [&](const char* n, float (*f)(float, float), double (*d)(double, double)) {
      r[n] = MathFn{nullptr, nullptr, f, d};
    };
    u("tir.exp", ::expf, ::exp);
    u("tir.exp2", ::exp2f, ::exp2);
    u("tir.exp10", Exp10F, Exp10D);
    u("tir.log", ::logf, ::log);
    u("tir.log2", ::log2f, ::log2);
    u("tir.log10", ::log10f, ::log10);
    u("tir.log1p", ::log1pf, ::log1p);
    u("tir.sqrt", ::sqrtf, ::sqrt);
    u("tir.tanh", ::tanhf, ::tanh);
    u("tir.sigmoid", SigmoidF, SigmoidD);
    u("tir.erf", ::erff, ::erf);
    u("tir.fabs", ::fabsf, ::fabs);
    u("tir.floor", ::floorf, ::floor);
    u("tir.ceil", ::ceilf, ::ceil);
    u("tir.trunc", ::truncf, ::trunc);
    u("tir.round", ::nearbyintf, ::nearbyint);  // TVM rounds half to even
    u("tir.nearbyint", ::nearbyintf, ::nearbyint);
    u("tir.sin", ::sinf, ::sin);
    u("tir.cos", ::cosf, ::cos);
    u("tir.tan", ::tanf, ::tan);
    u("tir.asin", ::asinf, ::asin);
    u("tir.acos", ::acosf, ::acos);
    u("tir.atan", ::atanf, ::atan);
    u("tir.sinh", ::sinhf, ::sinh);
    u("tir.cosh", ::coshf, ::cosh);
    u("tir.asinh", ::asinhf, ::asinh);
    u("tir.acosh", ::acoshf, ::acosh);
    u("tir.atanh", ::atanhf, ::atanh);
    b("tir.pow", ::powf, ::pow);
    b("tir.atan2", ::atan2f, ::atan2);
    b("tir.fmod", ::fmodf, ::fmod);
    b("tir.copysign", ::copysignf, ::copysign);
    b("tir.hypot", ::hypotf, ::hypot);
    b("tir.nextafter", ::nextafterf, ::nextafter);
    return r;
  }();
  return m;
}

// Bytes of one element as buffers store it (bool as int8, as the C code stores it).
int64_t ElemBytes(DataType t) { return t.is_bool() ? 1 : t.bits() / 8; }

// A compiled expression of any value type.
struct AnyFn {
  Rep rep = Rep::kInt;
  IFn i;
  Fn<float> f;
  Fn<double> d;
};

class Compiler {
 public:
  // ---- slots ----
  int Slot(const Var& v, bool define) {
    auto it = slots_.find(v.get());
    if (it != slots_.end()) return it->second;
    TIRGEN_ICHECK(define) << "tir::Interpreter: variable '" << v->name_hint << "' used outside its definition";
    int s = 0;
    switch (RepOf(v.dtype())) {
      case Rep::kInt: s = num_i++; break;
      case Rep::kFloat: s = num_f++; break;
      case Rep::kDouble: s = num_d++; break;
    }
    slots_[v.get()] = s;
    return s;
  }
  int BufSlot(const Var& data, bool define) {
    auto it = buf_slots_.find(data.get());
    if (it != buf_slots_.end()) return it->second;
    TIRGEN_ICHECK(define) << "tir::Interpreter: buffer data '" << data->name_hint << "' used outside its allocation";
    return buf_slots_[data.get()] = num_b++;
  }

  int num_i = 0, num_f = 0, num_d = 0, num_b = 0;
  std::unordered_set<const VarNode*> read_only;  ///< AllocateConst data: never stored to

  // ---- expressions ----
  AnyFn Any(const PrimExpr& e) {
    AnyFn a;
    a.rep = RepOf(e.dtype());
    switch (a.rep) {
      case Rep::kInt: a.i = Int(e); break;
      case Rep::kFloat: a.f = Real<float>(e); break;
      case Rep::kDouble: a.d = Real<double>(e); break;
    }
    return a;
  }

  // The flat element index of an access (codegen's Index).
  IFn Index(const Buffer& b, const std::vector<PrimExpr>& idx) {
    IFn flat;
    if (idx.size() == 1) {
      flat = Int(idx[0]);
    } else {
      TIRGEN_ICHECK(b->strides.empty() || b->strides.size() == idx.size()) << "tir::Interpreter: bad strides";
      std::vector<IFn> terms;
      for (size_t i = 0; i < idx.size(); ++i) {
        IFn t = Int(idx[i]);
        std::vector<IFn> factors;
        if (!b->strides.empty()) {
          factors.push_back(Int(b->strides[i]));
        } else {
          for (size_t j = i + 1; j < idx.size(); ++j) factors.push_back(Int(b->shape[j]));
        }
        terms.push_back([t, factors](Frame& fr) {
          uint64_t v = static_cast<uint64_t>(t(fr));
          for (const IFn& f : factors) v *= static_cast<uint64_t>(f(fr));
          return static_cast<int64_t>(v);
        });
      }
      flat = [terms](Frame& fr) {
        uint64_t s = 0;
        for (const IFn& t : terms) s += static_cast<uint64_t>(t(fr));
        return static_cast<int64_t>(s);
      };
    }
    const auto* off = b->elem_offset.defined() ? b->elem_offset.as<IntImmNode>() : nullptr;
    if (b->elem_offset.defined() && !(off && off->value == 0)) {
      IFn o = Int(b->elem_offset);
      flat = [flat, o](Frame& fr) { return flat(fr) + o(fr); };
    }
    return flat;
  }

  // A pointer to element `idx` of `buffer`, checked against its allocation.
  struct Access {
    int slot;
    int shift;  ///< log2 of the element's bytes
    IFn index;
    std::string name;
    uint8_t* At(Frame& fr) const {
      int64_t k = index(fr);
      const Buf& b = fr.b[slot];
      if (k < 0 || k >= (b.nbytes >> shift)) OutOfBounds(k, b.nbytes >> shift);
      return b.data + (k << shift);
    }
    [[noreturn]] void OutOfBounds(int64_t k, int64_t n) const {
      TIRGEN_ICHECK(false) << "tir::Interpreter: access " << name << "[" << k << "] outside its " << n
                           << " elements (a lowering bug)";
      std::abort();
    }
  };
  Access MakeAccess(const Buffer& b, const std::vector<PrimExpr>& idx) {
    int64_t bytes = ElemBytes(b->dtype);
    int shift = bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : 3;
    return Access{BufSlot(b->data, false), shift, Index(b, idx), b->name};
  }

  template <class T>
  static T LoadAs(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
  }

  IFn IntLoad(const BufferLoadNode* n) {
    Access a = MakeAccess(n->buffer, n->indices);
    DataType t = n->buffer->dtype;
    if (t.is_bool()) return [a](Frame& fr) -> int64_t { return LoadAs<int8_t>(a.At(fr)) != 0; };
    switch (t.bits()) {
      case 8:
        if (t.is_int()) return [a](Frame& fr) -> int64_t { return LoadAs<int8_t>(a.At(fr)); };
        return [a](Frame& fr) -> int64_t { return LoadAs<uint8_t>(a.At(fr)); };
      case 16:
        if (t.is_int()) return [a](Frame& fr) -> int64_t { return LoadAs<int16_t>(a.At(fr)); };
        return [a](Frame& fr) -> int64_t { return LoadAs<uint16_t>(a.At(fr)); };
      case 32:
        if (t.is_int()) return [a](Frame& fr) -> int64_t { return LoadAs<int32_t>(a.At(fr)); };
        return [a](Frame& fr) -> int64_t { return LoadAs<uint32_t>(a.At(fr)); };
      default: return [a](Frame& fr) -> int64_t { return LoadAs<int64_t>(a.At(fr)); };
    }
  }

  template <class T>
  Fn<T> RealLoad(const BufferLoadNode* n) {
    Access a = MakeAccess(n->buffer, n->indices);
    DataType t = n->buffer->dtype;
    if (t.is_bfloat()) return [a](Frame& fr) -> T { return BF2F(LoadAs<uint16_t>(a.At(fr))); };
    if (t.bits() == 16) return [a](Frame& fr) -> T { return H2F(LoadAs<uint16_t>(a.At(fr))); };
    if (t.bits() == 64) return [a](Frame& fr) -> T { return LoadAs<double>(a.At(fr)); };
    return [a](Frame& fr) -> T { return LoadAs<float>(a.At(fr)); };
  }

  // The value of `e` (a float, float16, bfloat16 or double expression) as T, the C value type.
  template <class T>
  Fn<T> Real(const PrimExpr& e) {
    DataType t = e.dtype();
    TIRGEN_ICHECK(RepOf(t) == (std::is_same<T, double>::value ? Rep::kDouble : Rep::kFloat))
        << "tir::Interpreter: " << t.str() << " expression compiled as the wrong C type";
    switch (e.kind()) {
      case Kind::kFloatImm: {
        T v = static_cast<T>(e.as<FloatImmNode>()->value);
        return [v](Frame&) { return v; };
      }
      case Kind::kVar:
      case Kind::kSizeVar: {
        int s = Slot(e.cast<Var>(), false);
        if constexpr (std::is_same<T, double>::value) return [s](Frame& fr) { return fr.d[s]; };
        else return [s](Frame& fr) { return fr.f[s]; };
      }
      case Kind::kCast: {
        const PrimExpr& src = e.as<CastNode>()->value;
        bool u64 = RepOf(src.dtype()) == Rep::kInt && ClassOf(src.dtype()) == IClass::kU64;
        return RealCast<T>(t, Any(src), u64);
      }
      case Kind::kAdd:
      case Kind::kSub:
      case Kind::kMul:
      case Kind::kDiv:
      case Kind::kMod:
      case Kind::kFloorDiv:
      case Kind::kFloorMod:
      case Kind::kMin:
      case Kind::kMax: return RealBinary<T>(e.kind(), e.as<BinaryNode>());
      case Kind::kSelect: {
        const auto* n = e.as<SelectNode>();
        IFn c = Int(n->condition);
        Fn<T> a = Real<T>(n->true_value), b = Real<T>(n->false_value);
        return [c, a, b](Frame& fr) { return c(fr) ? a(fr) : b(fr); };
      }
      case Kind::kBufferLoad: return RealLoad<T>(e.as<BufferLoadNode>());
      case Kind::kLet: {
        const auto* n = e.as<LetNode>();
        SFn bind = Bind(n->var, n->value);
        Fn<T> body = Real<T>(n->body);
        return [bind, body](Frame& fr) {
          bind(fr);
          return body(fr);
        };
      }
      case Kind::kCall: return RealCall<T>(e.as<CallNode>());
      default: Unsupported(std::string("expression ") + KindName(e.kind()) + " of type " + t.str());
    }
  }

  template <class T>
  // `u64`: the source is uint64 (converted as unsigned above 2^63).
  Fn<T> RealCast(DataType to, const AnyFn& v, bool u64) {
    switch (v.rep) {
      case Rep::kInt: {
        IFn x = v.i;
        return [x, to, u64](Frame& fr) -> T {
          int64_t a = x(fr);
          T r = u64 ? static_cast<T>(static_cast<uint64_t>(a)) : static_cast<T>(a);
          if constexpr (std::is_same<T, float>::value) r = Round16(to, r);
          return r;
        };
      }
      case Rep::kFloat: return FloatToReal<T>(to, v.f);
      case Rep::kDouble: return FloatToReal<T>(to, v.d);
    }
    TIRGEN_UNREACHABLE();
  }
  template <class T, class S>
  static Fn<T> FloatToReal(DataType to, Fn<S> x) {
    return [x, to](Frame& fr) -> T {
      T r = static_cast<T>(x(fr));
      if constexpr (std::is_same<T, float>::value) r = Round16(to, r);
      return r;
    };
  }

  template <class T>
  Fn<T> RealBinary(Kind k, const BinaryNode* n) {
    Fn<T> a = Real<T>(n->a), b = Real<T>(n->b);
    switch (k) {
      case Kind::kAdd: return [a, b](Frame& fr) { return a(fr) + b(fr); };
      case Kind::kSub: return [a, b](Frame& fr) { return a(fr) - b(fr); };
      case Kind::kMul: return [a, b](Frame& fr) { return a(fr) * b(fr); };
      case Kind::kDiv: return [a, b](Frame& fr) { return a(fr) / b(fr); };
      // C: fmod on the operands promoted to double (exact, so the float result is fmodf's).
      case Kind::kMod:
        return [a, b](Frame& fr) { return static_cast<T>(::fmod(static_cast<double>(a(fr)), static_cast<double>(b(fr)))); };
      case Kind::kFloorDiv:
        if constexpr (std::is_same<T, double>::value) return [a, b](Frame& fr) { return ::floor(a(fr) / b(fr)); };
        else return [a, b](Frame& fr) { return ::floorf(a(fr) / b(fr)); };
      case Kind::kFloorMod:
        return [a, b](Frame& fr) {
          T x = a(fr), y = b(fr);
          if constexpr (std::is_same<T, double>::value) return x - ::floor(x / y) * y;
          else return x - ::floorf(x / y) * y;
        };
      // x86's minss/maxss: the second operand when equal or unordered.
      case Kind::kMin: return [a, b](Frame& fr) { T x = a(fr), y = b(fr); return x < y ? x : y; };
      case Kind::kMax: return [a, b](Frame& fr) { T x = a(fr), y = b(fr); return x > y ? x : y; };
      default: TIRGEN_UNREACHABLE();
    }
  }

  template <class T>
  Fn<T> RealCall(const CallNode* n) {
    DataType t = n->dtype;
    const std::string& op = n->op;
    auto math = MathFns().find(op);
    if (math != MathFns().end()) {
      const MathFn& m = math->second;
      TIRGEN_ICHECK(n->args.size() == (m.f1 || m.d1 ? 1u : 2u)) << "tir::Interpreter: " << op << " arity";
      Fn<T> x = Real<T>(n->args[0]);
      if constexpr (std::is_same<T, double>::value) {
        if (m.d1) return [x, f = m.d1](Frame& fr) { return f(x(fr)); };
        Fn<T> y = Real<T>(n->args[1]);
        return [x, y, f = m.d2](Frame& fr) { return f(x(fr), y(fr)); };
      } else {
        if (m.f1) return [x, f = m.f1, t](Frame& fr) { return Round16(t, f(x(fr))); };
        Fn<T> y = Real<T>(n->args[1]);
        return [x, y, f = m.f2, t](Frame& fr) { return Round16(t, f(x(fr), y(fr))); };
      }
    }
    if (op == "tir.rsqrt") {  // codegen: 1 / sqrt, not rounded for 16-bit types
      Fn<T> x = Real<T>(n->args.at(0));
      if constexpr (std::is_same<T, double>::value) return [x](Frame& fr) { return 1.0 / ::sqrt(x(fr)); };
      else return [x](Frame& fr) { return 1.0f / ::sqrtf(x(fr)); };
    }
    if (op == "tir.if_then_else") {
      IFn c = Int(n->args.at(0));
      Fn<T> a = Real<T>(n->args.at(1)), b = Real<T>(n->args.at(2));
      return [c, a, b](Frame& fr) { return c(fr) ? a(fr) : b(fr); };
    }
    if (op == "tir.ldexp") {
      Fn<T> x = Real<T>(n->args.at(0));
      IFn e = Int(n->args.at(1));
      if constexpr (std::is_same<T, double>::value)
        return [x, e](Frame& fr) { return ::ldexp(x(fr), static_cast<int>(e(fr))); };
      else return [x, e, t](Frame& fr) { return Round16(t, ::ldexpf(x(fr), static_cast<int>(e(fr)))); };
    }
    if (op == "tir.reinterpret") {
      Fn<uint64_t> bits = Bits(n->args.at(0));
      return [bits, t](Frame& fr) -> T {
        uint64_t u = bits(fr);
        if (t.bits() == 64) {
          double v;
          std::memcpy(&v, &u, 8);
          return static_cast<T>(v);
        }
        if (t.bits() == 16) return static_cast<T>(t.is_bfloat() ? BF2F(static_cast<uint16_t>(u)) : H2F(static_cast<uint16_t>(u)));
        uint32_t w = static_cast<uint32_t>(u);
        float v;
        std::memcpy(&v, &w, 4);
        return static_cast<T>(v);
      };
    }
    Unsupported("call " + op + " of type " + t.str());
  }

  // The bytes of a value as the C code stores it (reinterpret's source), zero-extended.
  Fn<uint64_t> Bits(const PrimExpr& e) {
    DataType t = e.dtype();
    AnyFn v = Any(e);
    switch (v.rep) {
      case Rep::kInt: {
        IFn x = v.i;
        uint64_t mask = t.is_bool() ? 0xff : t.bits() == 64 ? ~uint64_t{0} : (uint64_t{1} << t.bits()) - 1;
        return [x, mask](Frame& fr) { return static_cast<uint64_t>(x(fr)) & mask; };
      }
      case Rep::kFloat: {
        Fn<float> x = v.f;
        if (t.bits() == 16) {
          bool bf = t.is_bfloat();
          return [x, bf](Frame& fr) -> uint64_t { return bf ? F2BF(x(fr)) : F2H(x(fr)); };
        }
        return [x](Frame& fr) -> uint64_t {
          float f = x(fr);
          uint32_t w;
          std::memcpy(&w, &f, 4);
          return w;
        };
      }
      case Rep::kDouble: {
        Fn<double> x = v.d;
        return [x](Frame& fr) {
          double d = x(fr);
          uint64_t w;
          std::memcpy(&w, &d, 8);
          return w;
        };
      }
    }
    TIRGEN_UNREACHABLE();
  }

  // Affine integer expressions (indices: sums of variables times constants) become one closure
  // computing c0 + sum(c_k * v_k) modulo 2^64 and wrapped once: the same value as wrapping
  // after every +, -, * (wrapping is a ring homomorphism), at a fraction of the calls.
  struct Affine {
    std::map<int, uint64_t> terms;  ///< int slot -> coefficient
    uint64_t constant = 0;
  };
  bool ToAffine(const PrimExpr& e, IClass c, Affine* out, uint64_t scale) {
    if (RepOf(e.dtype()) != Rep::kInt || ClassOf(e.dtype()) != c || e.dtype().is_bool()) return false;
    switch (e.kind()) {
      case Kind::kIntImm:
        out->constant += scale * static_cast<uint64_t>(Trunc(e.dtype(), e.as<IntImmNode>()->value));
        return true;
      case Kind::kVar:
      case Kind::kSizeVar: {
        auto it = slots_.find(e.as<VarNode>());
        if (it == slots_.end()) return false;
        out->terms[it->second] += scale;
        return true;
      }
      case Kind::kAdd:
      case Kind::kSub: {
        const auto* n = e.as<BinaryNode>();
        return ToAffine(n->a, c, out, scale) &&
               ToAffine(n->b, c, out, e.kind() == Kind::kSub ? 0 - scale : scale);
      }
      case Kind::kMul: {
        const auto* n = e.as<BinaryNode>();
        if (const auto* k = n->b.as<IntImmNode>())
          return ToAffine(n->a, c, out, scale * static_cast<uint64_t>(Trunc(n->b.dtype(), k->value)));
        if (const auto* k = n->a.as<IntImmNode>())
          return ToAffine(n->b, c, out, scale * static_cast<uint64_t>(Trunc(n->a.dtype(), k->value)));
        return false;
      }
      default: return false;
    }
  }
  IFn AffineFn(const Affine& a, IClass c) {
    std::vector<std::pair<int, uint64_t>> t;
    for (const auto& kv : a.terms)
      if (kv.second != 0) t.push_back(kv);
    uint64_t k0 = a.constant;
    switch (t.size()) {
      case 0: {
        int64_t v = Wrap(c, k0);
        return [v](Frame&) { return v; };
      }
      case 1:
        return [c, k0, s0 = t[0].first, c0 = t[0].second](Frame& fr) {
          return Wrap(c, k0 + c0 * static_cast<uint64_t>(fr.i[s0]));
        };
      case 2:
        return [c, k0, s0 = t[0].first, c0 = t[0].second, s1 = t[1].first, c1 = t[1].second](Frame& fr) {
          return Wrap(c, k0 + c0 * static_cast<uint64_t>(fr.i[s0]) + c1 * static_cast<uint64_t>(fr.i[s1]));
        };
      default:
        return [c, k0, t](Frame& fr) {
          uint64_t v = k0;
          for (const auto& st : t) v += st.second * static_cast<uint64_t>(fr.i[st.first]);
          return Wrap(c, v);
        };
    }
  }

  // The value of an integer or bool expression, in its C class (see IClass).
  IFn Int(const PrimExpr& e) {
    DataType t = e.dtype();
    TIRGEN_ICHECK(RepOf(t) == Rep::kInt) << "tir::Interpreter: " << t.str() << " expression compiled as an integer";
    IClass c = ClassOf(t);
    if (e.kind() == Kind::kAdd || e.kind() == Kind::kSub || e.kind() == Kind::kMul) {
      Affine a;
      if (ToAffine(e, c, &a, 1)) return AffineFn(a, c);
    }
    switch (e.kind()) {
      case Kind::kIntImm: {
        int64_t v = Trunc(t, e.as<IntImmNode>()->value);
        return [v](Frame&) { return v; };
      }
      case Kind::kVar:
      case Kind::kSizeVar: {
        int s = Slot(e.cast<Var>(), false);
        return [s](Frame& fr) { return fr.i[s]; };
      }
      case Kind::kCast: {
        const PrimExpr& src = e.as<CastNode>()->value;
        AnyFn v = Any(src);
        switch (v.rep) {
          case Rep::kInt: {
            IFn x = v.i;
            return [x, t](Frame& fr) { return Trunc(t, x(fr)); };
          }
          case Rep::kFloat: {
            Fn<float> x = v.f;
            return [x, t](Frame& fr) { return FloatToInt(t, x(fr)); };
          }
          case Rep::kDouble: {
            Fn<double> x = v.d;
            return [x, t](Frame& fr) { return FloatToInt(t, x(fr)); };
          }
        }
        TIRGEN_UNREACHABLE();
      }
      case Kind::kAdd:
      case Kind::kSub:
      case Kind::kMul: {
        const auto* n = e.as<BinaryNode>();
        IFn a = Int(n->a), b = Int(n->b);
        if (e.kind() == Kind::kAdd)
          return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr)) + static_cast<uint64_t>(b(fr))); };
        if (e.kind() == Kind::kSub)
          return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr)) - static_cast<uint64_t>(b(fr))); };
        return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr)) * static_cast<uint64_t>(b(fr))); };
      }
      case Kind::kDiv:
      case Kind::kMod: {  // C's / and %: truncating
        const auto* n = e.as<BinaryNode>();
        IFn a = Int(n->a), b = Int(n->b);
        bool div = e.kind() == Kind::kDiv;
        return [a, b, c, div](Frame& fr) -> int64_t {
          int64_t x = a(fr), y = b(fr);
          if (y == 0) DivisionByZero();
          if (c == IClass::kU64) {
            uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
            return static_cast<int64_t>(div ? ux / uy : ux % uy);
          }
          if (x == INT64_MIN && y == -1) return div ? x : 0;
          return Wrap(c, static_cast<uint64_t>(div ? x / y : x % y));
        };
      }
      case Kind::kFloorDiv:
      case Kind::kFloorMod: {  // the prelude's tg_floordiv_<T> / tg_floormod_<T>
        const auto* n = e.as<BinaryNode>();
        if (t.is_bool()) Unsupported("floordiv/floormod of bool");
        IFn a = Int(n->a), b = Int(n->b);
        bool div = e.kind() == Kind::kFloorDiv;
        bool uns = t.is_uint();
        return [a, b, t, div, uns](Frame& fr) -> int64_t {
          int64_t x = Trunc(t, a(fr)), y = Trunc(t, b(fr));
          if (y == 0) DivisionByZero();
          if (uns) {
            uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
            return Trunc(t, static_cast<int64_t>(div ? ux / uy : ux % uy));
          }
          if (x == INT64_MIN && y == -1) return div ? x : 0;
          int64_t q = x / y, r = x % y;
          bool adjust = r != 0 && ((r < 0) != (y < 0));
          return Trunc(t, div ? (adjust ? q - 1 : q) : (adjust ? r + y : r));
        };
      }
      case Kind::kMin:
      case Kind::kMax: {  // tg_min_<T>: operands converted to T
        const auto* n = e.as<BinaryNode>();
        IFn a = Int(n->a), b = Int(n->b);
        bool min = e.kind() == Kind::kMin;
        bool u64 = c == IClass::kU64;
        return [a, b, t, min, u64](Frame& fr) -> int64_t {
          int64_t x = Trunc(t, a(fr)), y = Trunc(t, b(fr));
          bool lt = u64 ? static_cast<uint64_t>(x) < static_cast<uint64_t>(y) : x < y;
          bool gt = u64 ? static_cast<uint64_t>(x) > static_cast<uint64_t>(y) : x > y;
          return min ? (lt ? x : y) : (gt ? x : y);
        };
      }
      case Kind::kEQ:
      case Kind::kNE:
      case Kind::kLT:
      case Kind::kLE:
      case Kind::kGT:
      case Kind::kGE: return Compare(e.kind(), e.as<BinaryNode>());
      case Kind::kAnd:
      case Kind::kOr: {
        const auto* n = e.as<BinaryNode>();
        IFn a = Int(n->a), b = Int(n->b);
        if (e.kind() == Kind::kAnd) return [a, b](Frame& fr) -> int64_t { return a(fr) && b(fr); };
        return [a, b](Frame& fr) -> int64_t { return a(fr) || b(fr); };
      }
      case Kind::kNot: {
        IFn a = Int(e.as<NotNode>()->a);
        return [a](Frame& fr) -> int64_t { return !a(fr); };
      }
      case Kind::kSelect: {
        const auto* n = e.as<SelectNode>();
        IFn cond = Int(n->condition), a = Int(n->true_value), b = Int(n->false_value);
        return [cond, a, b](Frame& fr) { return cond(fr) ? a(fr) : b(fr); };
      }
      case Kind::kBufferLoad: return IntLoad(e.as<BufferLoadNode>());
      case Kind::kLet: {
        const auto* n = e.as<LetNode>();
        SFn bind = Bind(n->var, n->value);
        IFn body = Int(n->body);
        return [bind, body](Frame& fr) {
          bind(fr);
          return body(fr);
        };
      }
      case Kind::kCall: return IntCall(e.as<CallNode>(), c);
      default: Unsupported(std::string("expression ") + KindName(e.kind()) + " of type " + t.str());
    }
  }

  [[noreturn]] static void DivisionByZero() {
    TIRGEN_CHECK(false) << "integer division by zero while evaluating constants";
    std::abort();
  }

  IFn Compare(Kind k, const BinaryNode* n) {
    AnyFn a = Any(n->a), b = Any(n->b);
    TIRGEN_ICHECK(a.rep == b.rep) << "tir::Interpreter: comparison of " << n->a.dtype().str() << " and "
                                  << n->b.dtype().str();
    auto cmp = [k](auto x, auto y) -> int64_t {
      switch (k) {
        case Kind::kEQ: return x == y;
        case Kind::kNE: return x != y;
        case Kind::kLT: return x < y;
        case Kind::kLE: return x <= y;
        case Kind::kGT: return x > y;
        default: return x >= y;
      }
    };
    switch (a.rep) {
      case Rep::kInt: {
        IFn x = a.i, y = b.i;
        if (ClassOf(n->a.dtype()) == IClass::kU64)
          return [x, y, cmp](Frame& fr) { return cmp(static_cast<uint64_t>(x(fr)), static_cast<uint64_t>(y(fr))); };
        return [x, y, cmp](Frame& fr) { return cmp(x(fr), y(fr)); };
      }
      case Rep::kFloat: {
        Fn<float> x = a.f, y = b.f;
        return [x, y, cmp](Frame& fr) { return cmp(x(fr), y(fr)); };
      }
      case Rep::kDouble: {
        Fn<double> x = a.d, y = b.d;
        return [x, y, cmp](Frame& fr) { return cmp(x(fr), y(fr)); };
      }
    }
    TIRGEN_UNREACHABLE();
  }

  IFn IntCall(const CallNode* n, IClass c) {
    DataType t = n->dtype;
    const std::string& op = n->op;
    auto arg = [&](size_t i) { return Int(n->args.at(i)); };
    if (op == "tir.if_then_else") {
      IFn cond = arg(0), a = arg(1), b = arg(2);
      return [cond, a, b](Frame& fr) { return cond(fr) ? a(fr) : b(fr); };
    }
    if (op == "tir.likely") return arg(0);
    if (op == "tir.isnan" || op == "tir.isinf" || op == "tir.isfinite") {
      AnyFn v = Any(n->args.at(0));
      int which = op == "tir.isnan" ? 0 : op == "tir.isinf" ? 1 : 2;
      auto test = [which](double x) -> int64_t {
        return which == 0 ? std::isnan(x) : which == 1 ? std::isinf(x) : std::isfinite(x);
      };
      if (v.rep == Rep::kFloat) return [f = v.f, test](Frame& fr) { return test(f(fr)); };
      if (v.rep == Rep::kDouble) return [d = v.d, test](Frame& fr) { return test(d(fr)); };
      return [](Frame&) -> int64_t { return 0; };  // C's isnan of an integer: false; isfinite: true
    }
    if (op == "tir.bitwise_and" || op == "tir.bitwise_or" || op == "tir.bitwise_xor" ||
        op == "tir.shift_left") {
      IFn a = arg(0), b = arg(1);
      if (op == "tir.bitwise_and")
        return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr) & b(fr))); };
      if (op == "tir.bitwise_or")
        return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr) | b(fr))); };
      if (op == "tir.bitwise_xor")
        return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr) ^ b(fr))); };
      return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr)) << (b(fr) & 63)); };
    }
    if (op == "tir.shift_right") {
      IFn a = arg(0), b = arg(1);
      if (c == IClass::kU64)
        return [a, b](Frame& fr) { return static_cast<int64_t>(static_cast<uint64_t>(a(fr)) >> (b(fr) & 63)); };
      return [a, b, c](Frame& fr) { return Wrap(c, static_cast<uint64_t>(a(fr) >> (b(fr) & 63))); };
    }
    if (op == "tir.bitwise_not") {
      IFn a = arg(0);
      return [a, c](Frame& fr) { return Wrap(c, ~static_cast<uint64_t>(a(fr))); };
    }
    if (op == "tir.popcount") {
      IFn a = arg(0);
      return [a, t](Frame& fr) { return Trunc(t, __builtin_popcountll(static_cast<uint64_t>(a(fr)))); };
    }
    if (op == "tir.reinterpret") {
      Fn<uint64_t> bits = Bits(n->args.at(0));
      return [bits, t](Frame& fr) { return Trunc(t, static_cast<int64_t>(bits(fr))); };
    }
    Unsupported("call " + op + " of type " + t.str());
  }

  // ---- statements ----
  // Evaluates `value` into `var`'s slot.
  SFn Bind(const Var& var, const PrimExpr& value) {
    TIRGEN_ICHECK(RepOf(var.dtype()) == RepOf(value.dtype())) << "tir::Interpreter: let of mismatched type";
    AnyFn v = Any(value);
    int s = Slot(var, true);
    switch (v.rep) {
      case Rep::kInt: return [s, x = v.i](Frame& fr) { fr.i[s] = x(fr); };
      case Rep::kFloat: return [s, x = v.f](Frame& fr) { fr.f[s] = x(fr); };
      case Rep::kDouble: return [s, x = v.d](Frame& fr) { fr.d[s] = x(fr); };
    }
    TIRGEN_UNREACHABLE();
  }

  template <class T>
  static void StoreAs(uint8_t* p, T v) {
    std::memcpy(p, &v, sizeof(T));
  }

  SFn Store(const BufferStoreNode* n) {
    TIRGEN_ICHECK(!read_only.count(n->buffer->data.get()))
        << "tir::Interpreter: store into the constant buffer " << n->buffer->name;
    Access a = MakeAccess(n->buffer, n->indices);
    DataType t = n->buffer->dtype;
    AnyFn v = Any(n->value);
    TIRGEN_ICHECK(v.rep == RepOf(t)) << "tir::Interpreter: store of " << n->value.dtype().str() << " into "
                                     << t.str() << " buffer " << n->buffer->name;
    if (v.rep == Rep::kDouble) return [a, x = v.d](Frame& fr) { StoreAs<double>(a.At(fr), x(fr)); };
    if (v.rep == Rep::kFloat) {
      if (t.is_bfloat()) return [a, x = v.f](Frame& fr) { StoreAs<uint16_t>(a.At(fr), F2BF(x(fr))); };
      if (t.bits() == 16) return [a, x = v.f](Frame& fr) { StoreAs<uint16_t>(a.At(fr), F2H(x(fr))); };
      return [a, x = v.f](Frame& fr) { StoreAs<float>(a.At(fr), x(fr)); };
    }
    IFn x = v.i;
    switch (ElemBytes(t)) {
      case 1: return [a, x](Frame& fr) { StoreAs<uint8_t>(a.At(fr), static_cast<uint8_t>(x(fr))); };
      case 2: return [a, x](Frame& fr) { StoreAs<uint16_t>(a.At(fr), static_cast<uint16_t>(x(fr))); };
      case 4: return [a, x](Frame& fr) { StoreAs<uint32_t>(a.At(fr), static_cast<uint32_t>(x(fr))); };
      default: return [a, x](Frame& fr) { StoreAs<int64_t>(a.At(fr), x(fr)); };
    }
  }

  SFn Stmt_(const Stmt& s) {
    switch (s.kind()) {
      case Kind::kSeqStmt: {
        std::vector<SFn> seq;
        for (const Stmt& x : s.as<SeqStmtNode>()->seq) seq.push_back(Stmt_(x));
        return [seq](Frame& fr) {
          for (const SFn& f : seq) f(fr);
        };
      }
      case Kind::kBufferStore: return Store(s.as<BufferStoreNode>());
      case Kind::kFor: {
        const auto* n = s.as<ForNode>();
        if (n->kind == ForKind::kThreadBinding) Unsupported("thread-bound loop");
        IFn lo = Int(n->min), ext = Int(n->extent);
        int slot = Slot(n->loop_var, true);
        SFn body = Stmt_(n->body);
        return [lo, ext, slot, body](Frame& fr) {
          int64_t b = lo(fr), e = b + ext(fr);
          for (int64_t v = b; v < e; ++v) {
            fr.i[slot] = v;
            body(fr);
          }
        };
      }
      case Kind::kWhile: {
        const auto* n = s.as<WhileNode>();
        IFn cond = Int(n->condition);
        SFn body = Stmt_(n->body);
        return [cond, body](Frame& fr) {
          while (cond(fr)) body(fr);
        };
      }
      case Kind::kIfThenElse: {
        const auto* n = s.as<IfThenElseNode>();
        IFn cond = Int(n->condition);
        SFn then = Stmt_(n->then_case);
        SFn other = n->else_case.defined() ? Stmt_(n->else_case) : SFn();
        if (!other) return [cond, then](Frame& fr) { if (cond(fr)) then(fr); };
        return [cond, then, other](Frame& fr) { cond(fr) ? then(fr) : other(fr); };
      }
      case Kind::kLetStmt: {
        const auto* n = s.as<LetStmtNode>();
        SFn bind = Bind(n->var, n->value);
        SFn body = Stmt_(n->body);
        return [bind, body](Frame& fr) {
          bind(fr);
          body(fr);
        };
      }
      case Kind::kAttrStmt: {
        const auto* n = s.as<AttrStmtNode>();
        // LowerOpaqueBlock turns a thread-bound loop into this attribute over its body.
        if (n->attr_key == "thread_extent" || n->attr_key == "virtual_thread")
          Unsupported("thread-bound loop (attr " + n->attr_key + ")");
        return Stmt_(n->body);
      }
      case Kind::kDeclBuffer: return Stmt_(s.as<DeclBufferNode>()->body);
      case Kind::kAssertStmt: {
        const auto* n = s.as<AssertStmtNode>();
        IFn cond = Int(n->condition);
        const auto* msg = n->message.as<StringImmNode>();
        std::string text = msg ? msg->value : "";
        SFn body = Stmt_(n->body);
        return [cond, text, body](Frame& fr) {
          TIRGEN_CHECK(cond(fr)) << "assertion failed while evaluating constants: " << text;
          body(fr);
        };
      }
      case Kind::kEvaluate: {
        const PrimExpr& v = s.as<EvaluateNode>()->value;
        if (v.as<IntImmNode>()) return [](Frame&) {};
        AnyFn x = Any(v);
        return [x](Frame& fr) {
          if (x.rep == Rep::kInt) x.i(fr);
          else if (x.rep == Rep::kFloat) x.f(fr);
          else x.d(fr);
        };
      }
      case Kind::kAllocate: {
        const auto* n = s.as<AllocateNode>();
        std::vector<IFn> extents;
        for (const PrimExpr& e : n->extents) extents.push_back(Int(e));
        int64_t bytes = ElemBytes(n->dtype);
        int slot = BufSlot(n->buffer_var, true);
        SFn body = Stmt_(n->body);
        return [extents, bytes, slot, body](Frame& fr) {
          int64_t count = 1;
          for (const IFn& e : extents) count *= e(fr);
          TIRGEN_ICHECK(count >= 0) << "tir::Interpreter: negative allocation";
          std::vector<uint8_t> storage(static_cast<size_t>(count * bytes), 0);
          Buf saved = fr.b[slot];
          fr.b[slot] = Buf{storage.data(), count * bytes};
          body(fr);
          fr.b[slot] = saved;
        };
      }
      case Kind::kAllocateConst: {
        const auto* n = s.as<AllocateConstNode>();
        TIRGEN_ICHECK(n->data.defined()) << "tir::Interpreter: AllocateConst " << n->buffer_var->name_hint
                                         << " refers to module storage (irmod_storage_idx)";
        NDArray data = n->data;
        read_only.insert(n->buffer_var.get());
        int slot = BufSlot(n->buffer_var, true);
        SFn body = Stmt_(n->body);
        return [data, slot, body](Frame& fr) {
          Buf saved = fr.b[slot];
          // Read only: stores into constant buffers are rejected when compiling.
          fr.b[slot] = Buf{const_cast<uint8_t*>(data.data()), static_cast<int64_t>(data.nbytes())};
          body(fr);
          fr.b[slot] = saved;
        };
      }
      default: Unsupported(std::string("statement ") + KindName(s.kind()) + " (is the function lowered?)");
    }
  }

 private:
  std::unordered_map<const VarNode*, int> slots_;
  std::unordered_map<const VarNode*, int> buf_slots_;
};

// The data vars of every buffer stored to (inputs read only are not copied).
class StoredBuffers : public StmtExprVisitor {
 public:
  std::unordered_set<const VarNode*> stored;
  void VisitStmt_(const BufferStoreNode* op) override {
    stored.insert(op->buffer->data.get());
    StmtExprVisitor::VisitStmt_(op);
  }
};

}  // namespace

struct Interpreter::Program {
  struct Param {
    int slot;
    std::string name;
    std::vector<int64_t> shape;
    DataType dtype;
    bool written;
  };
  std::vector<Param> params;
  SFn body;
  int num_i = 0, num_f = 0, num_d = 0, num_b = 0;
};

Interpreter::Interpreter(const PrimFunc& func) {
  auto p = std::make_unique<Program>();
  Compiler c;
  StoredBuffers visitor;
  visitor.VisitStmt(func->body);
  const std::unordered_set<const VarNode*>& stored = visitor.stored;
  for (const Var& v : func->params) {
    const Buffer* b = func->BufferOf(v);
    if (!b) Unsupported("scalar parameter '" + v->name_hint + "'");
    Program::Param prm;
    prm.slot = c.BufSlot((*b)->data, true);
    prm.name = (*b)->name;
    prm.dtype = (*b)->dtype;
    prm.written = stored.count((*b)->data.get()) > 0;
    for (const PrimExpr& e : (*b)->shape) {
      const auto* imm = e.as<IntImmNode>();
      if (!imm) Unsupported("symbolic shape of parameter " + (*b)->name);
      prm.shape.push_back(imm->value);
    }
    p->params.push_back(std::move(prm));
  }
  // A parameter buffer with a symbolic elem_offset (te.extern's placeholders) is an array the
  // interpreter owns, compact from its first element: the offset is 0.
  std::vector<SFn> offsets;
  for (const Var& v : func->params)
    if (const auto* off = (*func->BufferOf(v))->elem_offset.as<VarNode>())
      offsets.push_back(c.Bind(GetRef<Var>(off), IntImm(off->dtype, 0)));
  p->body = c.Stmt_(func->body);
  if (!offsets.empty())
    p->body = [offsets, body = p->body](Frame& fr) {
      for (const SFn& o : offsets) o(fr);
      body(fr);
    };
  p->num_i = c.num_i;
  p->num_f = c.num_f;
  p->num_d = c.num_d;
  p->num_b = c.num_b;
  program_ = std::move(p);
}

Interpreter::~Interpreter() = default;
Interpreter::Interpreter(Interpreter&&) noexcept = default;

std::vector<NDArray> Interpreter::Run(const std::vector<NDArray>& inputs) const {
  const Program& p = *program_;
  TIRGEN_ICHECK(inputs.size() <= p.params.size())
      << "tir::Interpreter: " << inputs.size() << " inputs given, the function takes " << p.params.size();
  Frame fr;
  fr.i.resize(p.num_i);
  fr.f.resize(p.num_f);
  fr.d.resize(p.num_d);
  fr.b.resize(p.num_b);
  std::vector<std::shared_ptr<std::vector<uint8_t>>> owned(p.params.size());
  for (size_t k = 0; k < p.params.size(); ++k) {
    const Program::Param& prm = p.params[k];
    int64_t n = ElemBytes(prm.dtype);
    for (int64_t d : prm.shape) n *= d;
    if (k < inputs.size()) {
      const NDArray& a = inputs[k];
      TIRGEN_ICHECK(a->shape == prm.shape && a->dtype == prm.dtype)
          << "tir::Interpreter: input " << k << " (" << prm.name << ") does not match the parameter's type";
      if (!prm.written) {
        fr.b[prm.slot] = Buf{const_cast<uint8_t*>(a.data()), static_cast<int64_t>(a.nbytes())};
        continue;
      }
      owned[k] = std::make_shared<std::vector<uint8_t>>(a.data(), a.data() + a.nbytes());
    } else {
      owned[k] = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(n), 0);
    }
    fr.b[prm.slot] = Buf{owned[k]->data(), static_cast<int64_t>(owned[k]->size())};
  }
  p.body(fr);
  std::vector<NDArray> outs;
  for (size_t k = inputs.size(); k < p.params.size(); ++k)
    outs.push_back(NDArray(p.params[k].shape, p.params[k].dtype,
                           std::shared_ptr<const std::vector<uint8_t>>(owned[k])));
  return outs;
}

std::vector<NDArray> Interpret(const PrimFunc& func, const std::vector<NDArray>& inputs) {
  IRModule lowered = transform::LoweringPipeline()(IRModule({{"main", func}}));
  const auto* f = lowered->functions.at("main").as<PrimFuncNode>();
  TIRGEN_ICHECK(f) << "tir::Interpret: the lowering pipeline lost the function";
  return Interpreter(GetRef<PrimFunc>(f)).Run(inputs);
}

}  // namespace tir
}  // namespace tirgen
