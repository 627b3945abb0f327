// T.allocate_const data -> NDArray. Number lists arrive as one kNumList token, converted here
// straight into the array bytes (millions of elements in well under a second). Values are
// rounded exactly as numpy does: text -> double -> element type (float16: round to nearest
// even directly from the double; bfloat16: through float32, as ml_dtypes does).
// Hot loops over multi-megabyte constant lists: keep them fast in unoptimized (Debug) builds too.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__OPTIMIZE__)
#pragma GCC optimize("O2")
#endif
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "parser_impl.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

namespace {

uint16_t DoubleToHalf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  uint16_t sign = static_cast<uint16_t>((b >> 48) & 0x8000);
  int e = static_cast<int>((b >> 52) & 0x7ff);
  uint64_t m = b & ((uint64_t(1) << 52) - 1);
  if (e == 0x7ff) return sign | 0x7c00 | (m ? 0x200 : 0);
  if (e == 0) return sign;  // double subnormals are far below half's range
  uint64_t full = m | (uint64_t(1) << 52);
  int he = e - 1023 + 15;
  if (he >= 0x1f) return sign | 0x7c00;
  if (he <= 0) {
    int shift = 1051 - e;  // value / 2^-24 = full * 2^(e - 1051)
    if (shift >= 64) return sign;
    uint64_t q = full >> shift, rem = full & ((uint64_t(1) << shift) - 1), half = uint64_t(1) << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) ++q;
    return sign | static_cast<uint16_t>(q);
  }
  uint64_t q = full >> 42, rem = full & ((uint64_t(1) << 42) - 1), half = uint64_t(1) << 41;
  if (rem > half || (rem == half && (q & 1))) ++q;
  if (q == 0x800) {
    q >>= 1;
    ++he;
    if (he >= 0x1f) return sign | 0x7c00;
  }
  return sign | static_cast<uint16_t>(he << 10) | static_cast<uint16_t>(q & 0x3ff);
}

uint16_t DoubleToBFloat(double d) {
  float f = static_cast<float>(d);
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f)) return static_cast<uint16_t>((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return static_cast<uint16_t>(u >> 16);
}

// Eight ASCII digits at p, all of them? (SWAR: one 8-byte load, no branch per character.)
inline bool EightDigits(uint64_t v) {
  return ((v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) ==
         0x3333333333333333ull;
}

// Their value (little endian: p[0] is the most significant digit).
inline uint32_t EightDigitsValue(uint64_t v) {
  v -= 0x3030303030303030ull;
  v = (v * 10) + (v >> 8);
  v = (((v & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
       (((v >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
  return static_cast<uint32_t>(v);
}

// A float32 element in the form the printer writes ("%.17g": at most 19 significant digits,
// decimal exponent within 10^+-22), converted without a general decimal-to-binary conversion.
// D * 10^E in double arithmetic lies within 2 ulps of the exact value; the float32 it rounds to
// is numpy's result (text -> nearest double -> nearest float) whenever that double cannot be on
// the other side of a float32 rounding midpoint, i.e. when the estimate keeps a margin of many
// double ulps from both midpoints; then true. Else (other forms, values near a midpoint,
// out of range) false, and the caller converts exactly. *stop is set on success.
bool FastFloat32(const char* p, const char* end, float* out, const char** stop) {
  static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  bool neg = p < end && *p == '-';
  p += neg;
  uint64_t d = 0;
  const char* int_begin = p;
  while (p < end && static_cast<unsigned>(*p - '0') <= 9) d = d * 10 + static_cast<unsigned>(*p++ - '0');
  // Digits held in d so far: kept <= 19 (no overflow); leading zeros do not count.
  int held = d ? static_cast<int>(p - int_begin) : 0;
  if (held > 19) return false;
  bool any = p != int_begin;
  int exp10 = 0;
  if (p < end && *p == '.') {
    const char* frac_begin = ++p;
    if (d == 0)
      while (p < end && *p == '0') ++p;
    const char* sig_begin = p;
    // Eight digits a step (a float32 weight has 17 significant digits).
    uint64_t v;
    while (end - p >= 8 && (std::memcpy(&v, p, 8), EightDigits(v))) {
      if (held + (p - sig_begin) + 8 > 19) return false;
      d = d * 100000000 + EightDigitsValue(v);
      p += 8;
    }
    while (p < end && static_cast<unsigned>(*p - '0') <= 9) {
      if (held + (p - sig_begin) + 1 > 19) return false;
      d = d * 10 + static_cast<unsigned>(*p++ - '0');
    }
    exp10 = -static_cast<int>(p - frac_begin);
    any = any || p != frac_begin;
  }
  if (!any) return false;
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    bool eneg = false;
    if (p < end && (*p == '+' || *p == '-')) eneg = *p++ == '-';
    int e = 0, n = 0;
    while (p < end && static_cast<unsigned>(*p - '0') <= 9 && n < 4) e = e * 10 + (*p++ - '0'), ++n;
    if (n == 0 || n == 4) return false;
    exp10 += eneg ? -e : e;
  }
  float f;
  if (d == 0) {
    f = 0.0f;
  } else {
    if (exp10 < -22 || exp10 > 22) return false;
    double g = exp10 >= 0 ? static_cast<double>(d) * kPow10[exp10] : static_cast<double>(d) / kPow10[-exp10];
    f = static_cast<float>(g);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (u == 0 || u >= 0x7f7fffffu) return false;  // underflow to zero, or the largest floats / inf
    uint32_t lo_bits = u - 1, hi_bits = u + 1;
    float below, above;
    std::memcpy(&below, &lo_bits, 4);
    std::memcpy(&above, &hi_bits, 4);
    double lo = (static_cast<double>(f) + below) * 0.5, hi = (static_cast<double>(f) + above) * 0.5;
    double tol = g * 0x1p-48;
    if (!(g - lo > tol && hi - g > tol)) return false;
  }
  *out = neg ? -f : f;
  *stop = p;
  return true;
}

// The quoted forms the printer gives non-finite floats (printf's spelling, as TVM quotes them).
bool NonFinite(const std::string& s, double* v) {
  double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  if (s == "inf") *v = inf;
  else if (s == "-inf") *v = -inf;
  else if (s == "nan") *v = nan;
  else if (s == "-nan") *v = -nan;
  else return false;
  return true;
}

// Writes element i of `out` from one number; `is_int` tells integer literal text.
struct ElementWriter {
  DataType t;
  uint8_t* out;
  // Returns an error message or nullptr.
  const char* Write(size_t i, bool is_int, int64_t iv, uint64_t uv, bool is_unsigned_big, double dv) {
    if (t.is_floating()) {
      double v = is_int ? (is_unsigned_big ? static_cast<double>(uv) : static_cast<double>(iv)) : dv;
      switch (t.bits()) {
        case 16: {
          uint16_t h = t.is_bfloat() ? DoubleToBFloat(v) : DoubleToHalf(v);
          std::memcpy(out + 2 * i, &h, 2);
          return nullptr;
        }
        case 32: {
          float f = static_cast<float>(v);
          std::memcpy(out + 4 * i, &f, 4);
          return nullptr;
        }
        default:
          std::memcpy(out + 8 * i, &v, 8);
          return nullptr;
      }
    }
    if (!is_int) return "expected an integer for an integer constant";
    if (t.is_bool()) {
      if (iv != 0 && iv != 1) return "value does not fit bool";
      out[i] = static_cast<uint8_t>(iv);
      return nullptr;
    }
    int bits = t.bits();
    if (t.is_uint()) {
      if (!is_unsigned_big && iv < 0) return "negative value for an unsigned constant";
      uint64_t u = is_unsigned_big ? uv : static_cast<uint64_t>(iv);
      if (bits < 64 && u >> bits) return "value does not fit the constant's type";
      std::memcpy(out + (bits / 8) * i, &u, bits / 8);  // little endian
      return nullptr;
    }
    if (is_unsigned_big) return "value does not fit the constant's type";
    if (bits < 64) {
      int64_t lim = int64_t(1) << (bits - 1);
      if (iv < -lim || iv >= lim) return "value does not fit the constant's type";
    }
    std::memcpy(out + (bits / 8) * i, &iv, bits / 8);
    return nullptr;
  }
};

}  // namespace

NDArray Parser::ConstData(const Value& data, DataType dtype, const std::vector<PrimExpr>& extents,
                          const Value& extents_value) {
  if (!dtype.is_scalar() || dtype.is_handle() || dtype.is_void())
    Fail(extents_value, "T.allocate_const() needs a scalar numeric dtype");
  std::vector<int64_t> shape;
  int64_t expect = 1;
  for (const PrimExpr& e : extents) {
    const int64_t* v = as_const_int(e);
    if (!v || *v < 0) Fail(extents_value, "T.allocate_const() extents must be non-negative integer constants");
    shape.push_back(*v);
    if (__builtin_mul_overflow(expect, *v, &expect) || expect > (int64_t(1) << 40))
      Fail(extents_value, "T.allocate_const() extents are too large");
  }
  size_t elem = static_cast<size_t>(dtype.bytes());
  if (data.k == Value::K::kNumList) {
    const Token& t = *data.numlist;
    if (static_cast<int64_t>(t.list_count) != expect) {
      Fail(data, "T.allocate_const() got " + std::to_string(t.list_count) + " values but extents " +
                     "hold " + std::to_string(expect));
    }
    std::vector<uint8_t> bytes(static_cast<size_t>(expect) * elem);
    const Source& src = SrcOf(data);
    const char* s = src.text().data();
    const size_t end = t.list_end;
    // The lexer checked every element is a number literal. Fast paths: FastFloat32 or one
    // std::from_chars straight from the text into the element (a float32 weight costs no
    // token, no copy and no second scan); anything else (hex, '+', out of range, a float in integer data) takes
    // the general per-element path below, which also produces located errors.
    const bool f32 = dtype.is_float() && dtype.bits() == 32, f64 = dtype.is_float() && dtype.bits() == 64;
    const bool i_fast = dtype.is_int() && !dtype.is_bool();
    const int ibits = dtype.bits();
    auto is_sep = [](char c) { return c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    // One element the general way: any number literal, typed checks, located errors.
    ElementWriter w{dtype, bytes.data()};
    auto element = [&](size_t p, size_t i) -> size_t {
      size_t b = p;
      auto fail_at = [&](const std::string& msg) {
        int line, col;
        src.Locate(b, &line, &col);
        src.Fail(line, col, msg);
      };
      bool neg = false;
      if (s[p] == '+' || s[p] == '-') neg = s[p++] == '-';
      size_t q = p;
      bool is_int = true, hex = false;
      if (q + 1 < end && s[q] == '0' && (s[q + 1] == 'x' || s[q + 1] == 'X')) hex = true;
      while (q < end && !is_sep(s[q])) {
        if (!hex && (s[q] == '.' || s[q] == 'e' || s[q] == 'E')) is_int = false;
        ++q;
      }
      int64_t iv = 0;
      uint64_t uv = 0;
      bool big = false;
      double dv = 0;
      if (is_int) {
        const char* first = s + p + (hex ? 2 : 0);
        auto r = std::from_chars(first, s + q, uv, hex ? 16 : 10);
        if (r.ec != std::errc() || r.ptr != s + q) fail_at("integer constant out of range");
        if (neg) {
          if (uv > (uint64_t(1) << 63)) fail_at("integer constant out of range");
          iv = static_cast<int64_t>(0 - uv);
        } else if (uv > static_cast<uint64_t>(INT64_MAX)) {
          big = true;
        } else {
          iv = static_cast<int64_t>(uv);
        }
      } else {
        auto r = std::from_chars(s + p, s + q, dv);
        if (r.ec == std::errc::result_out_of_range) {
          dv = std::strtod(std::string(s + p, q - p).c_str(), nullptr);  // inf or denormal
        } else if (r.ec != std::errc() || r.ptr != s + q) {
          fail_at("invalid number in constant data");
        }
        if (neg) dv = -dv;
      }
      if (is_int && neg && uv == 0 && dtype.is_floating()) {
        is_int = false;  // "-0" in float data is -0.0 (TVM prints negative zero that way)
        dv = -0.0;
      }
      if (const char* err = w.Write(i, is_int, iv, uv, big, dv)) fail_at(std::string(err) + " (" + dtype.str() + ")");
      return q;
    };
    uint8_t* out = bytes.data();
    size_t p = t.list_begin;
    for (size_t i = 0; i < t.list_count; ++i) {
      while (p < end && is_sep(s[p])) ++p;
      if (f32) {
        float f;
        const char* fend;
        if (FastFloat32(s + p, s + end, &f, &fend) && (fend == s + end || is_sep(*fend))) {
          std::memcpy(out + 4 * i, &f, 4);
          p = static_cast<size_t>(fend - s);
          continue;
        }
      }
      if (f32 || f64) {
        double dv;
        auto r = std::from_chars(s + p, s + end, dv);
        if (r.ec == std::errc() && (r.ptr == s + end || is_sep(*r.ptr))) {
          if (f32) {
            float f = static_cast<float>(dv);
            std::memcpy(out + 4 * i, &f, 4);
          } else {
            std::memcpy(out + 8 * i, &dv, 8);
          }
          p = static_cast<size_t>(r.ptr - s);
          continue;
        }
      } else if (i_fast) {
        int64_t iv;
        auto r = std::from_chars(s + p, s + end, iv);
        if (r.ec == std::errc() && (r.ptr == s + end || is_sep(*r.ptr)) &&
            (ibits == 64 || (iv >= -(int64_t(1) << (ibits - 1)) && iv < (int64_t(1) << (ibits - 1))))) {
          std::memcpy(out + (ibits / 8) * i, &iv, ibits / 8);  // little endian
          p = static_cast<size_t>(r.ptr - s);
          continue;
        }
      }
      p = element(p, i);
    }
    return NDArray(shape, dtype, std::move(bytes));
  }
  // General path: nested lists of Python numbers (bool/True/False included) and the quoted
  // non-finite floats the printer writes (a value per element: slower, only for such data).
  std::vector<Value> flat;
  if (!data.IsSeq()) Fail(data, "T.allocate_const() data must be a list of numbers");
  std::function<void(const Value&)> flatten = [&](const Value& v) {
    if (v.IsSeq()) {
      for (const Value& e : ToList(v, "constant data")) flatten(e);
    } else {
      flat.push_back(v);
    }
  };
  flatten(data);
  if (static_cast<int64_t>(flat.size()) != expect) {
    Fail(data, "T.allocate_const() got " + std::to_string(flat.size()) + " values but extents hold " +
                   std::to_string(expect));
  }
  std::vector<uint8_t> bytes(static_cast<size_t>(expect) * elem);
  ElementWriter w{dtype, bytes.data()};
  double nonfinite = 0;
  for (size_t i = 0; i < flat.size(); ++i) {
    const Value& v = flat[i];
    const char* err;
    if (v.neg_zero && dtype.is_floating())
      err = w.Write(i, false, 0, 0, false, -0.0);  // "-0": negative zero, as on the fast path
    else if (v.k == Value::K::kInt || v.k == Value::K::kBool) err = w.Write(i, true, v.i, 0, false, 0);
    else if (v.k == Value::K::kFloat) err = w.Write(i, false, 0, 0, false, v.f);
    else if (v.k == Value::K::kStr && dtype.is_floating() && NonFinite(v.s, &nonfinite))
      err = w.Write(i, false, 0, 0, false, nonfinite);
    else Fail(v, dtype.is_floating() ? "constant data must be numbers (or \"inf\", \"-inf\", \"nan\", \"-nan\")"
                                     : "constant data must be numbers");
    if (err) Fail(v, std::string(err) + " (" + dtype.str() + ")");
  }
  return NDArray(shape, dtype, std::move(bytes));
}

}  // namespace script
}  // namespace tirgen
