// Pieces the runner (parent) and tirgen-measure (child) share: the task file they exchange,
// and 16-bit float conversion for inputs and comparisons.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tirgen/support/forked.h"

namespace tirgen {
namespace tuner {

// Task file keys (JSON): "args" (one .npy per parameter, in order), "names" (the parameters'
// buffer names, for messages), "expected" (the reference's
// arguments after its call, or empty; null for one not compared), "save" (where to write this run's arguments after the
// call, or empty), "repeat" (0 = no timing), "number", "min_repeat_ms", "rtol", "atol".

// How a child process ended.
struct ChildExit {
  bool timed_out = false;  ///< killed (with its process group) at the deadline
  int signal = 0;          ///< the signal that ended it, or 0
  int code = 0;            ///< its exit code, when it exited
};

/// Runs `argv` (argv[0] a path) in a new process group, stdin from /dev/null, stdout and
/// stderr into `log_file`; kills the group after `timeout_seconds`. tirgen::Error when it
/// cannot be started.
ChildExit RunChild(const std::vector<std::string>& argv, const std::string& log_file, double timeout_seconds);
using support::SignalName;

inline float BFloat16ToFloat(uint16_t bits) {
  uint32_t u = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

inline float Float16ToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 31, man = h & 1023;
  float mag = exp == 0    ? man * 0x1p-24f  // subnormal
              : exp == 31 ? (man ? __builtin_nanf("") : __builtin_inff())
                          : (1.0f + man / 1024.0f) * static_cast<float>(1u << exp) * 0x1p-15f;
  return sign ? -mag : mag;
}

// k / 64 for k in [-64, 64) as float16 bits: exact (a normal number or zero).
inline uint16_t SixtyFourthsToFloat16(int k) {
  if (k == 0) return 0;
  uint16_t sign = k < 0 ? 0x8000 : 0;
  unsigned m = static_cast<unsigned>(k < 0 ? -k : k);
  int top = 31 - __builtin_clz(m);  // m = 2^top * (1 + frac)
  uint16_t man = static_cast<uint16_t>(((m << 10) >> top) & 1023);
  return static_cast<uint16_t>(sign | ((top - 6 + 15) << 10) | man);
}

}  // namespace tuner
}  // namespace tirgen
