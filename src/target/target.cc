// Target parsing, canonical text, SIMD width and compiler flags (see target/target.h).
#include "tirgen/target/target.h"

#include <sched.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "tirgen/support/error.h"

namespace tirgen {
namespace target {
namespace {

struct Cpu {
  const char* name;   ///< the -mcpu value
  int vector_bits;    ///< widest SIMD register (0: the host's, for native)
  const char* march;  ///< the -march value the C compiler gets ("" for native)
};

// The CPUs tirgen knows. znver4/znver5: GCC 12 (the project's compiler, DESIGN.md §8) rejects
// -march=znver4/znver5 (added in GCC 13/14), so they compile as x86-64-v4, their AVX-512 subset
// (F/BW/CD/DQ/VL), tuned for znver3; the generated code uses nothing beyond that subset.
const Cpu kCpus[] = {
    {"native", 0, ""},
    {"x86-64", 128, "x86-64"},
    {"x86-64-v2", 128, "x86-64-v2"},
    {"x86-64-v3", 256, "x86-64-v3"},
    {"haswell", 256, "haswell"},
    {"broadwell", 256, "broadwell"},
    {"skylake", 256, "skylake"},
    {"alderlake", 256, "alderlake"},
    {"znver1", 256, "znver1"},
    {"znver2", 256, "znver2"},
    {"znver3", 256, "znver3"},
    {"x86-64-v4", 512, "x86-64-v4"},
    {"skylake-avx512", 512, "skylake-avx512"},
    {"cascadelake", 512, "cascadelake"},
    {"icelake-server", 512, "icelake-server"},
    {"sapphirerapids", 512, "sapphirerapids"},
    {"znver4", 512, "x86-64-v4 -mtune=znver3"},
    {"znver5", 512, "x86-64-v4 -mtune=znver3"},
};

const Cpu* FindCpu(const std::string& name) {
  for (const Cpu& c : kCpus)
    if (name == c.name) return &c;
  return nullptr;
}

std::string CpuList() {
  std::string s;
  for (const Cpu& c : kCpus) s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

const char* kForms = "valid forms: 'c' or 'llvm', optionally followed by -mcpu=CPU and -num-cores=N (N >= 1)";

[[noreturn]] void Fail(const std::string& text, const std::string& what) {
  throw Error("invalid target '" + text + "': " + what + "; " + kForms);
}

int HostVectorBits() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return 512;
  if (__builtin_cpu_supports("avx2")) return 256;
#endif
  return 128;
}

int HostCores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  unsigned n = std::thread::hardware_concurrency();
  return n > 0 ? static_cast<int>(n) : 1;
}

int ParseCores(const std::string& text, const std::string& v) {
  bool digits = !v.empty() && v.size() <= 5;
  for (char c : v) digits = digits && c >= '0' && c <= '9';
  int n = digits ? std::stoi(v) : 0;
  if (n < 1 || n > 65536) Fail(text, "-num-cores needs an integer from 1 to 65536, got '" + v + "'");
  return n;
}

}  // namespace

Target Target::Parse(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) Fail(text, "empty target");
  if (words[0] != "c" && words[0] != "llvm") Fail(text, "unknown kind '" + words[0] + "'");
  Target t;
  bool seen_mcpu = false, seen_cores = false;
  for (size_t i = 1; i < words.size(); ++i) {
    // -key=value, or -key value (both as TVM accepts them).
    std::string key = words[i], value;
    size_t eq = key.find('=');
    if (eq != std::string::npos) {
      value = key.substr(eq + 1);
      key = key.substr(0, eq);
    } else if (key == "-mcpu" || key == "-num-cores") {
      if (i + 1 >= words.size()) Fail(text, key + " needs a value");
      value = words[++i];
    }
    if (key == "-mcpu") {
      if (seen_mcpu) Fail(text, "-mcpu given twice");
      if (!FindCpu(value)) Fail(text, "unknown -mcpu '" + value + "' (known: " + CpuList() + ")");
      t.mcpu = value;
      seen_mcpu = true;
    } else if (key == "-num-cores") {
      if (seen_cores) Fail(text, "-num-cores given twice");
      t.num_cores = ParseCores(text, value);
      seen_cores = true;
    } else {
      Fail(text, "unknown option '" + words[i] + "'");
    }
  }
  return t;
}

Target Target::Host() {
  Target t;
  t.mcpu = "native";
  t.num_cores = HostCores();
  return t;
}

std::string Target::str() const {
  std::string s = kind;
  if (!mcpu.empty()) s += " -mcpu=" + mcpu;
  if (num_cores > 0) s += " -num-cores " + std::to_string(num_cores);
  return s;
}

nlohmann::json Target::ToJSON() const {
  nlohmann::json j = {{"kind", "llvm"}, {"tag", ""}, {"keys", {"cpu"}}};
  if (!mcpu.empty()) j["mcpu"] = mcpu;
  if (num_cores > 0) j["num-cores"] = num_cores;
  return j;
}

Target Target::FromJSON(const nlohmann::json& j) {
  auto fail = [&](const std::string& what) -> Target {
    throw Error("target " + j.dump() + " is not one of tirgen's: " + what);
  };
  if (!j.is_object()) return fail("a target is a JSON object");
  std::string text;
  for (const auto& [key, value] : j.items()) {
    if (key == "kind") {
      if (value != "llvm" && value != "c") return fail("the kind must be \"llvm\" or \"c\"");
    } else if (key == "tag") {
      if (value != "") return fail("tagged targets are not supported");
    } else if (key == "keys") {
      if (value != nlohmann::json::array({"cpu"})) return fail("the keys must be [\"cpu\"]");
    } else if (key == "mcpu" && value.is_string()) {
      text += " -mcpu=" + value.get<std::string>();
    } else if (key == "num-cores" && value.is_number_integer()) {
      text += " -num-cores=" + std::to_string(value.get<int64_t>());
    } else {
      return fail("no attribute '" + key + "' of this type");
    }
  }
  if (!j.contains("kind")) return fail("it has no kind");
  return Parse("c" + text);
}

int Target::VectorBits() const {
  if (mcpu.empty()) return 128;  // generic x86-64: SSE2
  const Cpu* c = FindCpu(mcpu);
  TIRGEN_ICHECK(c) << "unknown mcpu " << mcpu;
  return c->vector_bits ? c->vector_bits : HostVectorBits();
}

std::vector<std::string> Target::CompilerFlags() const {
  if (mcpu.empty()) return {};
  const Cpu* c = FindCpu(mcpu);
  TIRGEN_ICHECK(c) << "unknown mcpu " << mcpu;
  std::vector<std::string> flags;
  std::string march = *c->march ? c->march : "native";
  std::istringstream words("-march=" + march);
  for (std::string w; words >> w;) flags.push_back(w);
  // GCC 12 auto-vectorizes with 256-bit registers on most AVX-512 CPUs (prefer-vector-width=256,
  // against the clock penalty of zmm on early Skylake-SP). Our explicit vector types are wide
  // anyway; the scalar lane loops of the fallback (exp, select, half types) then get the same
  // width as the schedule rules chose (VectorLanes), so they are not split in two halves.
  if (VectorBits() >= 512) flags.push_back("-mprefer-vector-width=512");
  return flags;
}

int Target::Cores() const { return num_cores > 0 ? num_cores : HostCores(); }

Target DefaultBuildTarget() { return Target::Host(); }

}  // namespace target
}  // namespace tirgen
