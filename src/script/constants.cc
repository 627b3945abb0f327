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
  ElementWriter w{dtype, nullptr};
  if (data.k == Value::K::kNumList) {
    const Token& t = *data.numlist;
    if (static_cast<int64_t>(t.list_count) != expect) {
      Fail(data, "T.allocate_const() got " + std::to_string(t.list_count) + " values but extents " +
                     "hold " + std::to_string(expect));
    }
    std::vector<uint8_t> bytes(static_cast<size_t>(expect) * elem);
    w.out = bytes.data();
    const char* s = src_.text().data();
    size_t p = t.list_begin, end = t.list_end;
    // The lexer checked every element is a number literal. Fast path: one std::from_chars
    // straight from the text into the element (a float32 weight costs no token, no copy and
    // no second scan); anything else (hex, '+', out of range, a float in integer data) takes
    // the general per-element path below, which also produces located errors.
    const bool f32 = dtype.is_float() && dtype.bits() == 32, f64 = dtype.is_float() && dtype.bits() == 64;
    const bool i_fast = dtype.is_int() && !dtype.is_bool();
    const int ibits = dtype.bits();
    auto is_sep = [](char c) { return c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    // One element the general way: any number literal, typed checks, located errors.
    auto element = [&](size_t p, size_t i) -> size_t {
      size_t b = p;
      auto fail_at = [&](const std::string& msg) {
        int line, col;
        src_.Locate(b, &line, &col);
        Fail(line, col, msg);
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
    for (size_t i = 0; i < t.list_count; ++i) {
      while (p < end && is_sep(s[p])) ++p;
      if (f32 || f64) {
        double dv;
        auto r = std::from_chars(s + p, s + end, dv);
        if (r.ec == std::errc() && (r.ptr == s + end || is_sep(*r.ptr))) {
          if (f32) {
            float f = static_cast<float>(dv);
            std::memcpy(bytes.data() + 4 * i, &f, 4);
          } else {
            std::memcpy(bytes.data() + 8 * i, &dv, 8);
          }
          p = static_cast<size_t>(r.ptr - s);
          continue;
        }
      } else if (i_fast) {
        int64_t iv;
        auto r = std::from_chars(s + p, s + end, iv);
        if (r.ec == std::errc() && (r.ptr == s + end || is_sep(*r.ptr)) &&
            (ibits == 64 || (iv >= -(int64_t(1) << (ibits - 1)) && iv < (int64_t(1) << (ibits - 1))))) {
          std::memcpy(bytes.data() + (ibits / 8) * i, &iv, ibits / 8);  // little endian
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
  w.out = bytes.data();
  double nonfinite = 0;
  for (size_t i = 0; i < flat.size(); ++i) {
    const Value& v = flat[i];
    const char* err;
    if (v.k == Value::K::kInt && v.i == 0 && dtype.is_floating() && v.line > 0 &&
        src_.text()[src_.Offset(v.line, v.col)] == '-')
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
