// NDArray -> TVMScript list text. Weights are printed in "%.17g" (TVM's float literal format),
// which the C library and std::to_chars produce through generic arbitrary-precision code
// (~150 ns a number). A float weight is m * 2^q with m < 2^53: its 17 significant digits are
// floor(m * 5^k * 2^(q+k)) for k = 16 - exponent10, computed exactly in 192-bit integers and
// rounded half to even exactly like printf, at a fraction of the cost.
// Hot loops over multi-megabyte weights: keep them fast in unoptimized (Debug) builds too.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__OPTIMIZE__)
#pragma GCC optimize("O2")
#endif
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

#include "constant_data.h"
#include "printer_doc.h"

namespace tirgen {
namespace script {

namespace {

using u128 = unsigned __int128;

// 5^k as three little-endian 64-bit limbs, k = 0..82 (5^82 < 2^192).
struct Pow5Table {
  static constexpr int kMax = 82;
  uint64_t limb[kMax + 1][3];
  int bits[kMax + 1];  // bit length of 5^k
  Pow5Table() {
    uint64_t v[3] = {1, 0, 0};
    for (int k = 0; k <= kMax; ++k) {
      std::memcpy(limb[k], v, sizeof(v));
      bits[k] = v[2] ? 192 - __builtin_clzll(v[2]) : v[1] ? 128 - __builtin_clzll(v[1]) : 64 - __builtin_clzll(v[0]);
      u128 carry = 0;
      for (uint64_t& x : v) {
        u128 p = static_cast<u128>(x) * 5 + carry;
        x = static_cast<uint64_t>(p);
        carry = p >> 64;
      }
    }
  }
};
const Pow5Table kPow5;

constexpr uint64_t kPow10[] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
                               10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
                               100000000000ull, 1000000000000ull, 10000000000000ull,
                               100000000000000ull, 1000000000000000ull, 10000000000000000ull,
                               100000000000000000ull, 1000000000000000000ull};

// floor(m * 5^k * 2^shift) for shift < 0 (a right shift) or >= 0; how the dropped remainder
// compares with one half goes to *cmp (-1 below, 0 exactly half, 1 above) and whether it is
// zero to *exact. False when the result would not fit 64 bits.
bool ScaledDigits(uint64_t m, int k, int shift, uint64_t* x, int* cmp, bool* exact) {
  const uint64_t* p = kPow5.limb[k];
  if (p[2] == 0 && 64 - __builtin_clzll(m) + kPow5.bits[k] <= 128 && shift < 0 && shift > -128) {
    // The common case (float32 weights of ordinary magnitude): one 128-bit product.
    u128 n = static_cast<u128>(m) * ((static_cast<u128>(p[1]) << 64) | p[0]);
    int s = -shift;
    u128 hi = n >> s;
    if (hi >> 64) return false;
    u128 rem = n & ((static_cast<u128>(1) << s) - 1), half = static_cast<u128>(1) << (s - 1);
    *x = static_cast<uint64_t>(hi);
    *cmp = rem < half ? -1 : rem > half ? 1 : 0;
    *exact = rem == 0;
    return true;
  }
  u128 a = static_cast<u128>(m) * p[0];
  u128 b = static_cast<u128>(m) * p[1] + static_cast<uint64_t>(a >> 64);
  u128 c = static_cast<u128>(m) * p[2] + static_cast<uint64_t>(b >> 64);
  uint64_t n[4] = {static_cast<uint64_t>(a), static_cast<uint64_t>(b), static_cast<uint64_t>(c),
                   static_cast<uint64_t>(c >> 64)};
  if (n[3]) return false;
  if (shift >= 0) {
    // An exact integer: no rounding.
    if (n[1] || n[2] || shift >= 64 || (n[0] >> (63 - shift)) != 0) return false;
    *x = n[0] << shift;
    *cmp = -1;
    *exact = true;
    return true;
  }
  int s = -shift;
  int len = n[2] ? 192 - __builtin_clzll(n[2]) : n[1] ? 128 - __builtin_clzll(n[1]) : n[0] ? 64 - __builtin_clzll(n[0]) : 0;
  if (s >= 192 || len > s + 64) return false;
  // Bits [s, s + 64) of n: everything above s.
  int w = s / 64, o = s % 64;
  uint64_t lo = n[w] >> o;
  if (o && w + 1 < 3) lo |= n[w + 1] << (64 - o);
  *x = lo;
  // Remainder n mod 2^s against 2^(s-1).
  int hb = s - 1;
  bool half_bit = (n[hb / 64] >> (hb % 64)) & 1;
  bool below = false;
  for (int i = 0; i < hb / 64; ++i) below |= n[i] != 0;
  if (hb % 64) below |= (n[hb / 64] & ((uint64_t(1) << (hb % 64)) - 1)) != 0;
  *cmp = !half_bit ? -1 : below ? 1 : 0;
  *exact = !half_bit && !below;
  return true;
}

const char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Eight decimal digits of v < 10^8 into out[0..8): all lanes at once in one register (split
// into 4+4 digits, then 2+2, then 1+1, each by multiply-and-shift), one 8-byte store.
inline void Digits8(uint32_t v, char* out) {
  uint64_t y = (v / 10000) | (static_cast<uint64_t>(v % 10000) << 32);
  uint64_t z = ((y * 5243) >> 19) & 0x0000007F0000007Full;  // / 100 in each 32-bit lane
  y = z | ((y - z * 100) << 16);
  z = ((y * 103) >> 10) & 0x000F000F000F000Full;  // / 10 in each 16-bit lane
  y = z | ((y - z * 10) << 8);
  y |= 0x3030303030303030ull;  // little endian: the first digit lands in out[0]
  std::memcpy(out, &y, 8);
}

// The 17 decimal digits of d (10^16 <= d < 10^17) into out[0..17).
void Digits17(uint64_t d, char* out) {
  uint64_t top = d / 100000000;  // 9 digits
  out[0] = static_cast<char>('0' + top / 100000000);
  Digits8(static_cast<uint32_t>(top % 100000000), out + 1);
  Digits8(static_cast<uint32_t>(d % 100000000), out + 9);
}

// Drops trailing zeros (and a then trailing '.') of a number's fraction ending at `end`.
char* TrimFraction(char* end) {
  while (end[-1] == '0') --end;
  if (end[-1] == '.') --end;
  return end;
}

// %g layout of the 17 digits of d (10^16 <= d < 10^17) with decimal exponent e, written in
// place (no intermediate digit buffer: reading back freshly stored digits with wide loads
// stalls the CPU), trailing zeros dropped.
char* LayoutG17(uint64_t d, int e, char* out) {
  if (e < -4 || e >= 17) {
    Digits17(d, out + 1);
    out[0] = out[1];
    out[1] = '.';
    out = TrimFraction(out + 18);
    *out++ = 'e';
    *out++ = e < 0 ? '-' : '+';
    int a = e < 0 ? -e : e;
    if (a >= 100) {
      *out++ = static_cast<char>('0' + a / 100);
      a %= 100;
    }
    std::memcpy(out, kDigitPairs + 2 * a, 2);
    return out + 2;
  }
  if (e < 0) {  // 0.000ddd: the digits stay together
    int z = -e - 1;
    out[0] = '0';
    out[1] = '.';
    for (int i = 0; i < z; ++i) out[2 + i] = '0';
    Digits17(d, out + 2 + z);
    return TrimFraction(out + 19 + z);
  }
  if (e == 16) {
    Digits17(d, out);
    return out + 17;
  }
  // ddd.ddd: the integer part, then the fraction
  uint64_t scale = kPow10[16 - e];
  uint64_t ip = d / scale, fp = d % scale;
  char* w = std::to_chars(out, out + 17, ip).ptr;
  *w = '.';
  char* f = w + 1;
  for (int i = 15 - e; i >= 0; --i) {
    f[i] = static_cast<char>('0' + fp % 10);
    fp /= 10;
  }
  char* end = TrimFraction(f + 16 - e);
  return end;
}

// IEEE half -> float.
float HalfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign << 31;
    } else {  // subnormal: renormalise
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while ((mant & 0x400) == 0);
      bits = (sign << 31) | ((127 - 15 - e) << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 0x1f) {
    bits = (sign << 31) | 0x7f800000 | (mant << 13);
  } else {
    bits = (sign << 31) | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

float BFloatToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// One float element in TVM's literal format at `out` (room for 32 characters); returns the end.
char* FloatElement(double v, char* out) {
  if (std::isfinite(v)) return FormatG17(v, out);
  std::string s = printer::FormatFloat(v);  // quoted "inf" / "nan": rare, not worth a fast path
  std::memcpy(out, s.data(), s.size());
  return out + s.size();
}

template <class T>
T Load(const uint8_t* p, int64_t i) {
  T v;
  std::memcpy(&v, p + sizeof(T) * i, sizeof(T));
  return v;
}

}  // namespace

char* FormatG17(double v, char* out) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  if (bits >> 63) *out++ = '-';
  int be = static_cast<int>((bits >> 52) & 0x7ff);
  uint64_t m = bits & ((uint64_t(1) << 52) - 1);
  if (be == 0 && m == 0) {
    *out++ = '0';
    return out;
  }
  int q;
  if (be == 0) {
    q = -1074;
  } else {
    m |= uint64_t(1) << 52;
    q = be - 1075;
  }
  int tz = __builtin_ctzll(m);  // fewer significant bits: more room for 5^k
  m >>= tz;
  q += tz;
  int len = 64 - __builtin_clzll(m);
  // value in [2^(q+len-1), 2^(q+len)): its decimal exponent is e0 or e0 + 1.
  int b2 = q + len - 1;
  int e0 = b2 >= 0 ? (b2 * 78913) >> 18 : -((-b2 * 78913 + (1 << 18) - 1) >> 18);  // floor(b2 log10 2)
  int k = 16 - e0;
  uint64_t x;
  int cmp;
  bool exact;
  if (k >= 0 && k <= Pow5Table::kMax && len + kPow5.bits[k] <= 192 &&
      ScaledDigits(m, k, q + k, &x, &cmp, &exact)) {
    int exp10 = e0;
    if (x >= kPow10[17]) {
      // The exponent is e0 + 1: one digit fewer; the dropped digit joins the remainder.
      uint64_t r = x % 10;
      x /= 10;
      cmp = r > 5 ? 1 : r < 5 ? -1 : exact ? 0 : 1;
      ++exp10;
    }
    if (cmp > 0 || (cmp == 0 && (x & 1))) ++x;
    if (x == kPow10[17]) {
      x = kPow10[16];
      ++exp10;
    }
    return LayoutG17(x, exp10, out);
  }
  // Large magnitudes (>= 1e17) and tiny doubles: the library's exact formatter.
  double a = std::fabs(v);
  return std::to_chars(out, out + 32, a, std::chars_format::general, 17).ptr;
}

char* FormatConstantElements(const NDArray& data, DataType dtype, int64_t begin, int64_t end, char* w) {
  auto sep = [&](int64_t i) {
    if (i) {
      w[0] = ',';
      w[1] = ' ';
      w += 2;
    }
  };
  const uint8_t* p = data.data();
  if (dtype.is_floating()) {
    int bits = dtype.bits();
    bool bf = dtype.is_bfloat();
    for (int64_t i = begin; i < end; ++i) {
      sep(i);
      double v = bits == 32   ? Load<float>(p, i)
                 : bits == 64 ? Load<double>(p, i)
                 : bf         ? BFloatToFloat(Load<uint16_t>(p, i))
                              : HalfToFloat(Load<uint16_t>(p, i));
      w = FloatElement(v, w);
    }
  } else if (dtype.is_uint() || dtype.is_bool()) {
    int bytes = dtype.bytes();
    for (int64_t i = begin; i < end; ++i) {
      sep(i);
      uint64_t v = 0;
      std::memcpy(&v, p + bytes * i, bytes);  // little endian
      w = std::to_chars(w, w + 32, v).ptr;
    }
  } else {
    int bits = dtype.bits(), bytes = dtype.bytes();
    for (int64_t i = begin; i < end; ++i) {
      sep(i);
      int64_t v = 0;
      std::memcpy(&v, p + bytes * i, bytes);
      if (bits < 64) v = static_cast<int64_t>(static_cast<uint64_t>(v) << (64 - bits)) >> (64 - bits);
      w = std::to_chars(w, w + 32, v).ptr;
    }
  }
  return w;
}

namespace {

// Pieces of kBatch elements (~350 KB of float text: the kernel copies a written piece while it
// is still in cache). A constant of several batches is formatted by the calling thread and one
// helper, each claiming the next unformatted batch; the caller hands finished batches to `put`
// in order, so its own writing (a write(2) per piece for `tirgen lower`) overlaps the helper's
// formatting. At most kSlots batches are in flight.
constexpr int64_t kBatch = 1 << 14;
constexpr int64_t kSlots = 6;

class ParallelFormatter {
 public:
  ParallelFormatter(const NDArray& data, DataType dtype, int64_t n)
      : data_(data), dtype_(dtype), n_(n), batches_((n + kBatch - 1) / kBatch) {}

  void Run(const std::function<void(std::string_view)>& put) {
    std::thread helper([this] { Helper(); });
    try {
      std::unique_lock<std::mutex> lk(mu_);
      while (emitted_ < batches_) {
        Slot& s = slots_[emitted_ % kSlots];
        if (s.ready && s.batch == emitted_) {
          lk.unlock();
          put(std::string_view(s.buf.get(), s.len));
          lk.lock();
          s.ready = false;
          ++emitted_;
          cv_.notify_all();
          continue;
        }
        if (!Claim(lk)) cv_.wait(lk);
      }
    } catch (...) {
      {
        std::lock_guard<std::mutex> g(mu_);
        stop_ = true;
      }
      cv_.notify_all();
      helper.join();
      throw;
    }
    helper.join();
  }

 private:
  struct Slot {
    std::unique_ptr<char[]> buf;
    size_t len = 0;
    int64_t batch = -1;
    bool ready = false;
  };

  void Helper() {
    std::unique_lock<std::mutex> lk(mu_);
    while (!stop_ && next_ < batches_) {
      if (!Claim(lk)) cv_.wait(lk);
    }
  }

  // Formats the next batch when its slot is free (called and returning with mu_ held).
  bool Claim(std::unique_lock<std::mutex>& lk) {
    if (next_ >= batches_ || next_ - emitted_ >= kSlots) return false;
    int64_t b = next_++;
    Slot& s = slots_[b % kSlots];
    lk.unlock();
    if (!s.buf) s.buf.reset(new char[kBatch * kConstantElementRoom]);
    int64_t begin = b * kBatch, end = begin + kBatch < n_ ? begin + kBatch : n_;
    s.len = static_cast<size_t>(FormatConstantElements(data_, dtype_, begin, end, s.buf.get()) - s.buf.get());
    lk.lock();
    s.batch = b;
    s.ready = true;
    cv_.notify_all();
    return true;
  }

  const NDArray& data_;
  DataType dtype_;
  int64_t n_, batches_;
  std::mutex mu_;
  std::condition_variable cv_;
  Slot slots_[kSlots];
  int64_t next_ = 0, emitted_ = 0;
  bool stop_ = false;
};

}  // namespace

void AppendConstantList(const NDArray& data, DataType dtype,
                        const std::function<void(std::string_view)>& put) {
  int64_t n = data.defined() ? data->NumElements() : 0;
  put("[");
  if (n > kBatch && std::thread::hardware_concurrency() > 1) {
    ParallelFormatter(data, dtype, n).Run(put);
  } else if (n > 0) {
    std::unique_ptr<char[]> buf(new char[(n < kBatch ? n : kBatch) * kConstantElementRoom]);
    for (int64_t b = 0; b < n; b += kBatch) {
      char* e = FormatConstantElements(data, dtype, b, b + kBatch < n ? b + kBatch : n, buf.get());
      put(std::string_view(buf.get(), static_cast<size_t>(e - buf.get())));
    }
  }
  put("]");
}

}  // namespace script
}  // namespace tirgen
