// Placeholder until the full target parser lands: host detection and the flags it implies.
#include "tirgen/target/target.h"

#include <thread>

#include "tirgen/support/error.h"

namespace tirgen {
namespace target {

Target Target::Parse(const std::string& text) {
  Target t;
  if (text == "c" || text == "llvm" || text.empty()) return t;
  if (text == "c -mcpu=native") return Host();
  throw Error("unknown target '" + text + "'");
}

Target Target::Host() {
  Target t;
  t.mcpu = "native";
  return t;
}

std::string Target::str() const { return mcpu.empty() ? "c" : "c -mcpu=" + mcpu; }

int Target::VectorBits() const {
  if (mcpu.empty()) return 128;
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return 512;
  if (__builtin_cpu_supports("avx2")) return 256;
  return 128;
}

std::vector<std::string> Target::CompilerFlags() const {
  if (mcpu.empty()) return {};
  return {"-march=" + mcpu};
}

int Target::Cores() const {
  if (num_cores > 0) return num_cores;
  unsigned n = std::thread::hardware_concurrency();
  return n ? static_cast<int>(n) : 1;
}

}  // namespace target
}  // namespace tirgen
