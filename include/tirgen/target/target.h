// CPU targets for the C backend, written as TVM writes them: "c" (portable C, no ISA flags),
// "c -mcpu=native", "c -mcpu=x86-64-v3", "c -mcpu=x86-64-v4", "c -mcpu=znver4", each with an
// optional "-num-cores N". `llvm` is accepted as an alias of `c` (TVM users write it; tirgen
// has one CPU backend). A target decides the compiler flags, the SIMD width the schedule rules
// and the code generator use, and the thread count of parallel loops.
//
// Layer: target sits just above support (it knows nothing of IR); codegen, tir/schedule rules
// and runtime read it.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace tirgen {
namespace target {

struct Target {
  /// Always "c" for now.
  std::string kind = "c";
  /// "" for generic C (no -march: SSE2 on x86-64), else the -mcpu value ("native", "x86-64-v3",
  /// "x86-64-v4", "znver4", ...).
  std::string mcpu;
  /// Threads for parallel loops; 0 = every core the host has (TIRGEN_NUM_THREADS overrides at
  /// run time).
  int num_cores = 0;

  /// Parses a target string; tirgen::Error naming the bad part and listing the valid forms.
  static Target Parse(const std::string& text);
  /// The host: "c -mcpu=native" with the host's core count.
  static Target Host();
  /// Canonical text, parseable by Parse (same target -> same text).
  std::string str() const;
  /// TVM's Target.export() of the same CPU target, as tuning records store it:
  /// {"keys": ["cpu"], "kind": "llvm", "mcpu": ..., "num-cores": N, "tag": ""} (mcpu and
  /// num-cores only when set). The kind is "llvm": TVM's "c" kind has no num-cores attribute.
  nlohmann::json ToJSON() const;
  /// Reads ToJSON's form back ("c" or "llvm" kind, "cpu" keys, empty tag, mcpu, num-cores);
  /// tirgen::Error naming what tirgen's targets cannot express (another kind, a tag, a host,
  /// any other attribute).
  static Target FromJSON(const nlohmann::json& json);
  bool operator==(const Target& other) const {
    return kind == other.kind && mcpu == other.mcpu && num_cores == other.num_cores;
  }
  bool operator!=(const Target& other) const { return !(*this == other); }
  /// Widest SIMD register the target's code may use, in bits (128 for generic x86-64, 256 for
  /// AVX2, 512 for AVX-512; native: what the host's CPU supports).
  int VectorBits() const;
  /// Lanes of one SIMD register for elements of `bits` bits (VectorBits() / bits, at least 1).
  int VectorLanes(int bits) const { return VectorBits() / bits > 0 ? VectorBits() / bits : 1; }
  /// Flags the C compiler gets for this target (e.g. {"-march=x86-64-v4"}); part of the build
  /// cache key.
  std::vector<std::string> CompilerFlags() const;
  /// num_cores, or the host's core count when 0.
  int Cores() const;
};

/// The target `tirgen build`/`run`, runtime::BuildModule and the Executor use when none is
/// given: the host (code is built where it runs).
Target DefaultBuildTarget();

}  // namespace target
}  // namespace tirgen
