// TVMScript print/parse throughput on a PrimFunc holding a 4M-element float32 constant
// (16 MB of weights, ~90 MB of text), and StructuralHash on it (cached NDArray hash).
// MB/s counts bytes of TVMScript text (state.SetBytesProcessed).
#include <benchmark/benchmark.h>

#include "../tests/support/big_constant.h"
#include "tirgen/ir/structural_equal.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"

namespace {

constexpr size_t kElements = 4000000;

const tirgen::tir::PrimFunc& Func() {
  static const tirgen::tir::PrimFunc f = tirgen::testing::BigConstantFunc(kElements);
  return f;
}

const std::string& Text() {
  static const std::string text = tirgen::script::Print(Func());
  return text;
}

void BM_Print(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    std::string text = tirgen::script::Print(Func());
    bytes = text.size();
    benchmark::DoNotOptimize(text);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["text_MB"] = bytes / 1e6;
}

void BM_Parse(benchmark::State& state) {
  const std::string& text = Text();
  for (auto _ : state) {
    tirgen::ObjectRef f = tirgen::script::Parse(text, "<bench>");
    benchmark::DoNotOptimize(f);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

// Steady state: the NDArray content hash is cached after the first call.
void BM_StructuralHash(benchmark::State& state) {
  const auto& f = Func();
  tirgen::StructuralHash(f);
  for (auto _ : state) benchmark::DoNotOptimize(tirgen::StructuralHash(f));
}

// First hash of a freshly built function: includes hashing the 16 MB of weights once.
void BM_StructuralHashFirstCall(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    tirgen::tir::PrimFunc f = tirgen::testing::BigConstantFunc(kElements);
    state.ResumeTiming();
    benchmark::DoNotOptimize(tirgen::StructuralHash(f));
  }
}

void BM_StructuralEqualParsedBack(benchmark::State& state) {
  tirgen::ObjectRef back = tirgen::script::Parse(Text(), "<bench>");
  for (auto _ : state) benchmark::DoNotOptimize(tirgen::StructuralEqual(Func(), back));
}

BENCHMARK(BM_Print)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StructuralHash)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StructuralHashFirstCall)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StructuralEqualParsedBack)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
