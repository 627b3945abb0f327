// Helpers shared by the build/run benchmarks: seeded random float32 arrays, fresh compile-cache
// directories (set for a scope, the previous TIRGEN_CACHE_DIR restored after), and PyTorch timed
// in a child process within the same benchmark run, on as many threads as tirgen's code uses.
#pragma once

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace bench {

/// float32 values uniform in [-scale, scale], seeded.
inline NDArray Random(std::vector<int64_t> shape, unsigned seed, float scale = 1.0f) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<float> v(static_cast<size_t>(n));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-scale, scale);
  for (float& x : v) x = u(rng);
  std::vector<uint8_t> bytes(v.size() * 4);
  std::memcpy(bytes.data(), v.data(), bytes.size());
  return NDArray(std::move(shape), DataType::Float(32), std::move(bytes));
}

/// A cache directory path not used before in this process (not created).
inline std::string FreshCacheDir() {
  static int k = 0;
  return (std::filesystem::temp_directory_path() /
          ("tirgen_bench_" + std::to_string(getpid()) + "_" + std::to_string(k++))).string();
}

/// Sets TIRGEN_CACHE_DIR to `dir` for its lifetime, then restores the previous value (unset only
/// if it was unset), so benchmarks after a cold-compile one use the cache the caller chose.
class ScopedCacheDir {
 public:
  explicit ScopedCacheDir(const std::string& dir) {
    if (const char* v = std::getenv("TIRGEN_CACHE_DIR")) old_ = v;
    setenv("TIRGEN_CACHE_DIR", dir.c_str(), 1);
  }
  ~ScopedCacheDir() {
    if (old_) setenv("TIRGEN_CACHE_DIR", old_->c_str(), 1);
    else unsetenv("TIRGEN_CACHE_DIR");
  }
  ScopedCacheDir(const ScopedCacheDir&) = delete;
  ScopedCacheDir& operator=(const ScopedCacheDir&) = delete;

 private:
  std::optional<std::string> old_;
};

/// Threads tirgen's parallel loops run on: TIRGEN_NUM_THREADS, else OMP_NUM_THREADS (the
/// generated code is OpenMP), else every core.
inline int TirgenThreads() {
  for (const char* name : {"TIRGEN_NUM_THREADS", "OMP_NUM_THREADS"})
    if (const char* v = std::getenv(name))
      if (std::atoi(v) > 0) return std::atoi(v);
  unsigned n = std::thread::hardware_concurrency();
  return n > 0 ? static_cast<int>(n) : 1;
}

/// PyTorch in a child process: `setup` defines f (and imports); the child prints the time of
/// each of `n` calls (seconds), which become this benchmark's iteration times. Torch runs on
/// TirgenThreads() threads (torch.set_num_threads), the comparison is on equal cores.
inline void RunTorch(benchmark::State& state, const std::string& setup, int n) {
  std::string py = "import time, torch\ntorch.set_num_threads(" + std::to_string(TirgenThreads()) +
                   ")\n" + setup + "f()\nfor _ in range(" + std::to_string(n) +
                   "):\n    t = time.perf_counter(); f(); print(time.perf_counter() - t)\n";
  std::string cmd = "/usr/bin/python3 -c '" + py + "' 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    state.SkipWithError("cannot start /usr/bin/python3");
    return;
  }
  std::vector<double> times;
  double t;
  while (fscanf(p, "%lf", &t) == 1) times.push_back(t);
  if (pclose(p) != 0 || times.empty()) {
    state.SkipWithError("PyTorch (python3-torch) not available");
    return;
  }
  size_t i = 0;
  for (auto _ : state) state.SetIterationTime(times[i++ % times.size()]);
}

}  // namespace bench
}  // namespace tirgen
