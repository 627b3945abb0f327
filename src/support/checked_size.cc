#include "tirgen/support/checked_size.h"

#include <cerrno>
#include <cstdlib>

#include "tirgen/support/error.h"

namespace tirgen {
namespace support {
namespace {

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

}  // namespace

int64_t MaxTensorBytes() {
  static const int64_t limit = [] {
    const char* env = std::getenv("TIRGEN_MAX_TENSOR_BYTES");
    if (env && *env) {
      char* end = nullptr;
      errno = 0;
      long long v = std::strtoll(env, &end, 10);
      if (errno == 0 && *end == '\0' && v > 0) return static_cast<int64_t>(v);
    }
    return int64_t(16) << 30;
  }();
  return limit;
}

int64_t CheckedNumElements(const std::vector<int64_t>& shape, int64_t element_bytes,
                           const std::string& what) {
  int64_t limit = MaxTensorBytes();
  int64_t per = element_bytes > 0 ? element_bytes : 1;
  int64_t n = 1;
  bool zero = false;
  for (int64_t d : shape) zero |= d == 0;
  for (int64_t d : shape) {
    if (d < 0)
      throw Error(what + ": negative dimension " + std::to_string(d) + " in shape " + ShapeText(shape));
    if (zero) {  // an empty tensor: no bytes, but strides and prefix products still multiply dims
      if (d != 0 && __builtin_mul_overflow(n, d, &n))
        throw Error(what + ": shape " + ShapeText(shape) +
                    " is empty but its other dimensions multiply beyond 64 bits");
      continue;
    }
    if (__builtin_mul_overflow(n, d, &n) || n > limit / per)
      throw Error(what + ": shape " + ShapeText(shape) + " needs more than " +
                  std::to_string(limit) +
                  " bytes (the limit per tensor; set TIRGEN_MAX_TENSOR_BYTES to raise it)");
  }
  return zero ? 0 : n;
}

int64_t ParseInt64(const std::string& text, const std::string& what) {
  const char* s = text.c_str();
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s, &end, 10);
  if (text.empty() || end == s || *end != '\0' || (text[0] != '-' && (text[0] < '0' || text[0] > '9')))
    throw Error(what + ": '" + text + "' is not an integer");
  if (errno == ERANGE)
    throw Error(what + ": " + text + " is out of range (at most 9223372036854775807)");
  return static_cast<int64_t>(v);
}

}  // namespace support
}  // namespace tirgen
