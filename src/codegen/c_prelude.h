#pragma once
// Fixed helper code at the top of every generated C file.
#include <string>

namespace tirgen {
namespace codegen {

inline const char* CPrelude() {
  return R"PRELUDE(#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* float16 / bfloat16 are stored as raw bits and computed in float. */
static inline float tg_h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ffu, u;
  if (e == 0) {
    if (m == 0) { u = s; } else {
      e = 113; while (!(m & 0x400u)) { m <<= 1; --e; }
      u = s | (e << 23) | ((m & 0x3ffu) << 13);
    }
  } else if (e == 31) { u = s | 0x7f800000u | (m << 13); }
  else { u = s | ((e + 112) << 23) | (m << 13); }
  float f; memcpy(&f, &u, 4); return f;
}
static inline uint16_t tg_f2h(float f) {
  uint32_t u; memcpy(&u, &f, 4);
  uint32_t s = (u >> 16) & 0x8000u, e = (u >> 23) & 0xff, m = u & 0x7fffffu;
  if (e == 0xff) return (uint16_t)(s | 0x7c00u | (m ? 0x200u : 0));
  int32_t ne = (int32_t)e - 112;
  if (ne >= 31) return (uint16_t)(s | 0x7c00u);
  if (ne <= 0) {
    if (ne < -10) return (uint16_t)s;
    m |= 0x800000u;
    uint32_t shift = (uint32_t)(14 - ne), r = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1))) ++r;
    return (uint16_t)(s | r);
  }
  uint32_t r = ((uint32_t)ne << 10) | (m >> 13), rem = m & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (r & 1))) ++r; /* may carry into inf: correct */
  return (uint16_t)(s | r);
}
static inline float tg_bf2f(uint16_t h) { uint32_t u = (uint32_t)h << 16; float f; memcpy(&f, &u, 4); return f; }
static inline uint16_t tg_f2bf(float f) {
  uint32_t u; memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40u);
  u += 0x7fffu + ((u >> 16) & 1u); return (uint16_t)(u >> 16);
}
static inline float tg_round_f16(float f) { return tg_h2f(tg_f2h(f)); }
static inline float tg_round_bf16(float f) { return tg_bf2f(tg_f2bf(f)); }
/* TVM legalizes exp10 for LLVM as exp(x * ln 10) with ln 10 rounded to 2.302585093. */
static inline float tg_exp10f(float x) { return expf(x * 2.302585093f); }
static inline double tg_exp10(double x) { return exp(x * 2.302585093); }
static inline float tg_sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }
static inline double tg_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Integer floor division/modulo (rounds toward -inf), min/max for every C type. */
#define TG_INT_HELPERS(T, N) \
  static inline T tg_floordiv_##N(T a, T b) { T q = a / b, r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q; } \
  static inline T tg_floormod_##N(T a, T b) { T r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r; }
#define TG_MINMAX(T, N) \
  static inline T tg_min_##N(T a, T b) { return a < b ? a : b; } \
  static inline T tg_max_##N(T a, T b) { return a > b ? a : b; }
TG_INT_HELPERS(int8_t, i8) TG_INT_HELPERS(int16_t, i16) TG_INT_HELPERS(int32_t, i32) TG_INT_HELPERS(int64_t, i64)
TG_INT_HELPERS(uint8_t, u8) TG_INT_HELPERS(uint16_t, u16) TG_INT_HELPERS(uint32_t, u32) TG_INT_HELPERS(uint64_t, u64)
/* Checked integer division (README "Integer division"), used where the divisor is not a
   constant other than 0 and -1: by zero it sets the function's fault flag (the call returns -3,
   reported as "integer division by zero") and gives 0; MIN / -1 wraps to MIN and MIN % -1 is 0
   (numpy's results), never SIGFPE. */
static inline void tg_fault_set(int32_t* f) { __atomic_store_n(f, 1, __ATOMIC_RELAXED); }
/* A condition GCC must not if-convert into a masked vector load: GCC 12 with AVX2/AVX-512 reads
   wrong lanes when a conditional load is masked by a test of loaded values (an int8/bool mask
   choosing float32, an int32 rank choosing float32 in topk over a leading axis). */
static inline int tg_opaque_cond(int c) { __asm__("" : "+r"(c)); return c; }
#define TG_CHECKED_DIV(T, N, NEG1) \
  static inline T tg_div_##N(T a, T b, int32_t* f) { if (b == 0) { tg_fault_set(f); return 0; } if (NEG1 && b == (T)-1) return (T)(0 - (uint64_t)a); return a / b; } \
  static inline T tg_mod_##N(T a, T b, int32_t* f) { if (b == 0) { tg_fault_set(f); return 0; } if (NEG1 && b == (T)-1) return 0; return a % b; } \
  static inline T tg_floordiv_chk_##N(T a, T b, int32_t* f) { if (b == 0) { tg_fault_set(f); return 0; } if (NEG1 && b == (T)-1) return (T)(0 - (uint64_t)a); return tg_floordiv_##N(a, b); } \
  static inline T tg_floormod_chk_##N(T a, T b, int32_t* f) { if (b == 0) { tg_fault_set(f); return 0; } if (NEG1 && b == (T)-1) return 0; return tg_floormod_##N(a, b); }
TG_CHECKED_DIV(int8_t, i8, 1) TG_CHECKED_DIV(int16_t, i16, 1) TG_CHECKED_DIV(int32_t, i32, 1) TG_CHECKED_DIV(int64_t, i64, 1)
TG_CHECKED_DIV(uint8_t, u8, 0) TG_CHECKED_DIV(uint16_t, u16, 0) TG_CHECKED_DIV(uint32_t, u32, 0) TG_CHECKED_DIV(uint64_t, u64, 0)
TG_MINMAX(int8_t, i8) TG_MINMAX(int16_t, i16) TG_MINMAX(int32_t, i32) TG_MINMAX(int64_t, i64)
TG_MINMAX(uint8_t, u8) TG_MINMAX(uint16_t, u16) TG_MINMAX(uint32_t, u32) TG_MINMAX(uint64_t, u64)
TG_MINMAX(int, b)
#if defined(__SSE2__)
/* x86's minss/maxss compute exactly `a < b ? a : b` / `a > b ? a : b` (the second operand
   when equal or unordered), branch-free: GCC sometimes compiles the conditional form to
   compare-and-jump in unrolled epilogues (a relu6 write-back was seen spending its time in
   vcomiss + jumps). */
#include <emmintrin.h>
static inline float tg_min_f32(float a, float b) { return _mm_cvtss_f32(_mm_min_ss(_mm_set_ss(a), _mm_set_ss(b))); }
static inline float tg_max_f32(float a, float b) { return _mm_cvtss_f32(_mm_max_ss(_mm_set_ss(a), _mm_set_ss(b))); }
static inline double tg_min_f64(double a, double b) { return _mm_cvtsd_f64(_mm_min_sd(_mm_set_sd(a), _mm_set_sd(b))); }
static inline double tg_max_f64(double a, double b) { return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(a), _mm_set_sd(b))); }
#else
TG_MINMAX(float, f32) TG_MINMAX(double, f64)
#endif

static inline void* tg_alloc(size_t n) {
  void* p = NULL;
  if (posix_memalign(&p, 64, n ? n : 1) != 0) return NULL;
  return p;
}
)PRELUDE";
}

// Thread count of `#pragma omp parallel for num_threads(tg_num_threads())`: TIRGEN_NUM_THREADS
// when set to a positive integer (read once per library), else the target's core count, baked
// in. Emitted only into files with parallel loops (the count is part of the cache key).
inline std::string COpenMpPrelude(int cores) {
  return R"PRELUDE(
static int tg_num_threads(void) {
  static int cached = 0;
  int n = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (n > 0) return n;
  const char* s = getenv("TIRGEN_NUM_THREADS");
  n = s ? atoi(s) : 0;
  if (n < 1) n = )PRELUDE" + std::to_string(cores) + R"PRELUDE(;
  __atomic_store_n(&cached, n, __ATOMIC_RELAXED);
  return n;
}
)PRELUDE";
}

// Bound checks (InstrumentBoundCheckers, `--check-bounds`): an index outside [0, extent) sets the
// function's fault flag to 2 (the call returns -4), leaves the first message of the call in the
// library for tg_fault_message (runtime::Module reads it) and gives index 0, so the access stays
// inside the buffer. Emitted only into files with checks.
inline const char* CBoundCheckPrelude() {
  return R"PRELUDE(
#include <stdio.h>
static char tg_bound_message[256];
static int32_t tg_bound_claimed;
/* The message of the last bound fault; the next fault may write a new one. */
const char* tg_fault_message(void) {
  __atomic_store_n(&tg_bound_claimed, 0, __ATOMIC_RELEASE);
  return tg_bound_message;
}
static inline int64_t tg_check_index(int64_t i, int64_t n, const char* what, int32_t* f) {
  if (i >= 0 && i < n) return i;
  if (!__atomic_exchange_n(&tg_bound_claimed, 1, __ATOMIC_ACQUIRE))
    snprintf(tg_bound_message, sizeof tg_bound_message, "buffer %s index %lld out of bounds (extent %lld)",
             what, (long long)i, (long long)n);
  __atomic_store_n(f, 2, __ATOMIC_RELAXED);
  return 0;
}
)PRELUDE";
}

}  // namespace codegen
}  // namespace tirgen
