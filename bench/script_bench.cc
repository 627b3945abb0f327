// TVMScript print/parse throughput on a PrimFunc holding a 4M-element float32 constant
// (16 MB of weights, ~90 MB of text), and StructuralHash on it (cached NDArray hash).
// MB/s counts bytes of TVMScript text (state.SetBytesProcessed). Two kinds of values:
//   /0  bit patterns over the whole float32 range (tests/support/big_constant.h: the worst case,
//       half of them outside the formatter's exact-integer fast path)
//   /1  trained-weight-like values, N(0, 0.05) (what a model's weights look like)
// BM_PrintStreamed is the CLI's way (`tirgen lower`, `script --check`): pieces handed on as
// rendered, never the whole text. BM_Check is `tirgen script --check` in one process: parse,
// then print streamed and compare piece by piece. BM_DeepSum/N parses and prints an N-term sum
// `A[0] + A[1] + ...` (time should grow linearly with N; run on a 1 GB stack as the CLI does).
// The whole-process resnet18 figures (lower --link-params + script --check, CPU, wall, peak)
// come from bench/weights_roundtrip.sh.
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>

#include "../tests/support/big_constant.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/structural_equal.h"

namespace {

constexpr size_t kElements = 4000000;

const tirgen::tir::PrimFunc& Func() {
  static const tirgen::tir::PrimFunc f = tirgen::testing::BigConstantFunc(kElements);
  return f;
}

// The same function with N(0, 0.05) weights instead of bit patterns.
const tirgen::tir::PrimFunc& WeightsFunc() {
  static const tirgen::tir::PrimFunc f = [] {
    using namespace tirgen;  // NOLINT
    tir::PrimFunc g = testing::BigConstantFunc(kElements);
    const auto* alloc = g->body.as<tir::AllocateConstNode>();
    std::mt19937 rng(5);
    std::normal_distribution<float> normal(0.0f, 0.05f);
    std::vector<uint8_t> bytes(kElements * 4);
    for (size_t i = 0; i < kElements; ++i) {
      float v = normal(rng);
      std::memcpy(bytes.data() + 4 * i, &v, 4);
    }
    tir::Stmt body = tir::AllocateConst(alloc->buffer_var, alloc->dtype, alloc->extents,
                                        NDArray(alloc->data->shape, alloc->dtype, std::move(bytes)), alloc->body);
    return tir::PrimFunc(g->params, body, g->buffer_map, g->attrs);
  }();
  return f;
}

const tirgen::tir::PrimFunc& FuncOf(const benchmark::State& state) {
  return state.range(0) == 0 ? Func() : WeightsFunc();
}

const std::string& Text(int kind = 0) {
  static const std::string text[2] = {tirgen::script::Print(Func()), tirgen::script::Print(WeightsFunc())};
  return text[kind];
}

void BM_Print(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    std::string text = tirgen::script::Print(FuncOf(state));
    bytes = text.size();
    benchmark::DoNotOptimize(text);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["text_MB"] = bytes / 1e6;
}

void BM_PrintStreamed(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    tirgen::script::Print(FuncOf(state), [&bytes](std::string_view piece) {
      benchmark::DoNotOptimize(piece.data());
      bytes += piece.size();
    });
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}

void BM_Parse(benchmark::State& state) {
  const std::string& text = Text(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    tirgen::ObjectRef f = tirgen::script::Parse(text, "<bench>");
    benchmark::DoNotOptimize(f);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.counters["text_MB"] = text.size() / 1e6;
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

void BM_Check(benchmark::State& state) {
  const std::string& text = Text(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    tirgen::ObjectRef f = tirgen::script::Parse(text, "<bench>");
    size_t pos = 0;
    bool same = true;
    tirgen::script::Print(f, [&](std::string_view piece) {
      same = same && text.compare(pos, piece.size(), piece) == 0;
      pos += piece.size();
    });
    if (!same || pos != text.size()) state.SkipWithError("print(parse(x)) differs from x");
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_DeepSum(benchmark::State& state) {
  std::string text =
      "# from tvm.script import tir as T\n\n@T.prim_func\n"
      "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((1,), \"float32\")):\n    B[0] = A[0]";
  for (int64_t i = 1; i < state.range(0); ++i) text += " + A[" + std::to_string(i % 16) + "]";
  text += "\n";
  for (auto _ : state) {
    tirgen::support::RunWithStack(std::size_t(1) << 30, [&] {
      std::string back = tirgen::script::Print(tirgen::script::Parse(text, "<bench>"));
      if (back != text) state.SkipWithError("print(parse(x)) differs from x");
    });
  }
  state.counters["terms"] = static_cast<double>(state.range(0));
}

BENCHMARK(BM_Print)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PrintStreamed)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Parse)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Check)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DeepSum)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_StructuralHash)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_StructuralHashFirstCall)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StructuralEqualParsedBack)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
