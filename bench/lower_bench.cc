// Lowering cost: lower::LowerToPrimFunc of TVM's own fused functions (the golden
// conv2d_bias_relu and dense_bias_relu fused_0.relay), in µs; and whole-module lowering of
// resnet18 (tests/data/tvm/models/resnet18, seeded random weights): relay::Optimize then
// lower::LowerTE, and LowerTE alone on the optimized module, in ms. /0 plain, /1 link-params
// (extract_tasks_bench times Optimize alone). BM_FoldWeightScale: lower::EvaluateConstant of a
// conv weight times its per-channel scale (what FoldScaleAxis leaves to fold), lowering and
// tir::Interpreter together, in elements/s.
// Medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true.
#include <benchmark/benchmark.h>

#include "resnet18_model.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/transforms.h"

namespace {

using namespace tirgen;  // NOLINT

relay::Function GoldenFused(const std::string& name) {
  std::string path = std::string(TIRGEN_BENCH_SOURCE_DIR) + "/tests/data/tvm/golden/" + name + "/fused_0.relay";
  return relay::ParseExpr(ReadFile(path), path).cast<relay::Function>();
}

void BM_LowerToPrimFunc(benchmark::State& state, const std::string& name) {
  relay::Function f = GoldenFused(name);
  for (auto _ : state) benchmark::DoNotOptimize(lower::LowerToPrimFunc(f));
}
BENCHMARK_CAPTURE(BM_LowerToPrimFunc, conv2d_bias_relu, std::string("conv2d_bias_relu"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LowerToPrimFunc, dense_bias_relu, std::string("dense_bias_relu"))
    ->Unit(benchmark::kMicrosecond);

// LowerTE alone, on the module Optimize gives (optimized once, outside the timing).
void BM_Resnet18LowerTE(benchmark::State& state) {
  const tirgen_bench::Model& m = tirgen_bench::Resnet18();
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = state.range(0) != 0;
  IRModule fused = relay::Optimize(m.mod, m.params, config);
  for (auto _ : state) benchmark::DoNotOptimize(lower::LowerTE(fused));
}
BENCHMARK(BM_Resnet18LowerTE)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_Resnet18OptimizeLowerTE(benchmark::State& state) {
  const tirgen_bench::Model& m = tirgen_bench::Resnet18();
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = state.range(0) != 0;
  size_t prim_funcs = 0;
  for (auto _ : state) {
    IRModule lowered = lower::LowerTE(relay::Optimize(m.mod, m.params, config));
    prim_funcs = 0;
    for (const auto& kv : lowered->functions) prim_funcs += kv.second.as<tir::PrimFuncNode>() != nullptr;
  }
  state.counters["prim_funcs"] = static_cast<double>(prim_funcs);
}
BENCHMARK(BM_Resnet18OptimizeLowerTE)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_FoldWeightScale(benchmark::State& state) {
  const int64_t o = state.range(0), i = 256, k = 3;
  std::vector<uint8_t> w(static_cast<size_t>(o * i * k * k * 4), 0x3f), s(static_cast<size_t>(o * 4), 0x3f);
  relay::Expr call = relay::Call(relay::Op::Get("multiply"),
                                 {relay::Constant(NDArray({o, i, k, k}, DataType::Float(32), w)),
                                  relay::Constant(NDArray({o, 1, 1, 1}, DataType::Float(32), s))});
  for (auto _ : state) benchmark::DoNotOptimize(lower::EvaluateConstant(call));
  state.SetItemsProcessed(state.iterations() * o * i * k * k);
}
BENCHMARK(BM_FoldWeightScale)->Arg(64)->Arg(512)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
