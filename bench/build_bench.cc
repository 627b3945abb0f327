// Build pipeline cost and generated-code speed on model-sized operators, built from TOPI
// computes (te::CreatePrimFunc, block form) through runtime::BuildModule:
//   conv2d+bias+relu 1x64x56x56 (64 filters 3x3, pad 1) and 1x256x14x14 (256 filters 3x3, pad 1).
// BM_Compile*Cold: lowering + C generation + system compiler into an empty cache;
// BM_Compile*Cached: the same with the library already cached (no compiler run);
// BM_Run*: one call of the built function, as lowered and with the default CPU schedule the
// executor applies (BM_RunDefaultSchedule); BM_Torch*: PyTorch (Debian's python3, as many
// threads as tirgen's code: bench::TirgenThreads) on the same computation, timed in a child
// process in the same benchmark run.
// Compare medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "bench_util.h"
#include "tirgen/runtime/build.h"
#include "tirgen/te/create_primfunc.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/elemwise.h"
#include "tirgen/topi/nn.h"
#include "tirgen/topi/transform.h"

namespace {

using namespace tirgen;  // NOLINT
using bench::FreshCacheDir;
using bench::Random;
using bench::RunTorch;

struct ConvShape {
  int64_t c, h, f;  // channels, height = width, filters (3x3, pad 1, stride 1)
};
const ConvShape kShapes[] = {{64, 56, 64}, {256, 14, 256}};

tir::PrimFunc ConvBiasRelu(const ConvShape& s) {
  auto i64 = [](int64_t v) { return tir::PrimExpr(tir::IntImm(DataType::Int(64), v)); };
  te::Tensor x = te::placeholder({i64(1), i64(s.c), i64(s.h), i64(s.h)}, DataType::Float(32), "p0");
  te::Tensor w = te::placeholder({i64(s.f), i64(s.c), i64(3), i64(3)}, DataType::Float(32), "p1");
  te::Tensor b = te::placeholder({i64(s.f)}, DataType::Float(32), "p2");
  te::Tensor conv = topi::conv2d(x, w, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1, "NCHW", DataType::Float(32));
  te::Tensor out = topi::relu(topi::add(conv, topi::expand_dims(b, 1, 2)));
  return te::CreatePrimFunc({x, w, b, out}, {}, DataType::Int(64));
}

void BM_CompileCold(benchmark::State& state) {
  tir::PrimFunc f = ConvBiasRelu(kShapes[state.range(0)]);
  for (auto _ : state) {
    state.PauseTiming();
    std::string dir = FreshCacheDir();
    bench::ScopedCacheDir cache(dir);
    state.ResumeTiming();
    runtime::Module m = runtime::BuildModule(f);
    benchmark::DoNotOptimize(m);
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    state.ResumeTiming();
  }
}

void BM_CompileCached(benchmark::State& state) {
  tir::PrimFunc f = ConvBiasRelu(kShapes[state.range(0)]);
  std::string dir = FreshCacheDir();
  bench::ScopedCacheDir cache(dir);
  runtime::BuildModule(f);  // fill the cache
  for (auto _ : state) {
    runtime::Module m = runtime::BuildModule(f);
    benchmark::DoNotOptimize(m);
  }
  std::filesystem::remove_all(dir);
}

void BM_Run(benchmark::State& state) {
  const ConvShape& s = kShapes[state.range(0)];
  runtime::Module m = runtime::BuildModule(ConvBiasRelu(s));
  std::vector<NDArray> in = {Random({1, s.c, s.h, s.h}, 1), Random({s.f, s.c, 3, 3}, 2), Random({s.f}, 3)};
  for (auto _ : state) {
    std::vector<NDArray> out = m.Run("main", in);
    benchmark::DoNotOptimize(out);
  }
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * s.f * s.c * 9 * s.h * s.h, benchmark::Counter::kIsIterationInvariantRate);
}

// The same function after the default CPU schedule for the host (weights not packed: they are
// arguments here).
void BM_RunDefaultSchedule(benchmark::State& state) {
  const ConvShape& s = kShapes[state.range(0)];
  runtime::Module m = runtime::BuildModule(tir::ScheduleForCpu(ConvBiasRelu(s), target::Target::Host()).func);
  std::vector<NDArray> in = {Random({1, s.c, s.h, s.h}, 1), Random({s.f, s.c, 3, 3}, 2), Random({s.f}, 3)};
  for (auto _ : state) {
    std::vector<NDArray> out = m.Run("main", in);
    benchmark::DoNotOptimize(out);
  }
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * s.f * s.c * 9 * s.h * s.h, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Torch(benchmark::State& state) {
  const ConvShape& s = kShapes[state.range(0)];
  std::ostringstream py;
  py << "x = torch.rand(1, " << s.c << ", " << s.h << ", " << s.h << ") * 2 - 1\n"
     << "w = torch.rand(" << s.f << ", " << s.c << ", 3, 3) * 2 - 1\n"
     << "b = torch.rand(" << s.f << ") * 2 - 1\n"
     << "f = lambda: torch.relu(torch.nn.functional.conv2d(x, w, b, padding=1))\n";
  RunTorch(state, py.str(), 200);
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * s.f * s.c * 9 * s.h * s.h, benchmark::Counter::kIsIterationInvariantRate);
}

// Arg: 0 = 1x64x56x56, 1 = 1x256x14x14.
BENCHMARK(BM_CompileCold)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_CompileCached)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Run)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunDefaultSchedule)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Torch)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(100);

}  // namespace

BENCHMARK_MAIN();
