// Fused function names (see fused_name.h).
#include "tirgen/lower/fused_name.h"

#include <cstring>
#include <sstream>

namespace tirgen {
namespace lower {

namespace {
uint64_t ShiftMix(uint64_t v) { return v ^ (v >> 47); }
}  // namespace

uint64_t LibstdcxxHash(const std::string& s) {
  const uint64_t mul = (uint64_t{0xc6a4a793} << 32) + uint64_t{0x5bd1e995};
  const char* buf = s.data();
  const size_t len = s.size();
  const size_t aligned = len & ~size_t{7};
  uint64_t hash = uint64_t{0xc70f6907} ^ (len * mul);
  for (size_t i = 0; i < aligned; i += 8) {
    uint64_t word;
    std::memcpy(&word, buf + i, 8);  // little endian, as on every target tirgen supports
    hash ^= ShiftMix(word * mul) * mul;
    hash *= mul;
  }
  if (len & 7) {
    uint64_t tail = 0;
    for (size_t n = len & 7; n-- > 0;) tail = (tail << 8) + static_cast<unsigned char>(buf[aligned + n]);
    hash ^= tail;
    hash *= mul;
  }
  hash = ShiftMix(hash) * mul;
  return ShiftMix(hash);
}

std::string TruncateFusedName(const std::string& readable) {
  constexpr size_t kMaxFuncNameLength = 80;  // TVM's, also TVM_CRT_MAX_STRLEN_FUNCTION_NAME
  if (readable.size() <= kMaxFuncNameLength) return readable;
  std::ostringstream os;
  os << readable.substr(0, kMaxFuncNameLength) << "_" << std::hex << LibstdcxxHash(readable) << "_";
  return os.str();
}

std::string FusedName(const std::string& readable) {
  std::string name = TruncateFusedName(readable);
  for (char& c : name)
    if (c == '.') c = '_';
  return name;
}

}  // namespace lower
}  // namespace tirgen
