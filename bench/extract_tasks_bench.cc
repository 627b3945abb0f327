// Task extraction of resnet18 (tests/data/tvm/models/resnet18/model.relay, seeded random
// weights) next to relay::Optimize alone (bind params, pass prefix, FuseOps) on the same input in
// the same run: the difference is what lowering and deduplicating the 24 primitive functions
// costs. BM_ExtractTasks/0 plain, /1 link-params, /2 link-params + ignore-ndarray.
// Compare medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true.
#include <benchmark/benchmark.h>

#include "resnet18_model.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/transforms.h"

namespace {

using namespace tirgen;  // NOLINT

using tirgen_bench::Resnet18;

void BM_Optimize(benchmark::State& state) {
  const tirgen_bench::Model& m = Resnet18();
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = state.range(0) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(relay::Optimize(m.mod, m.params, config));
}
BENCHMARK(BM_Optimize)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_ExtractTasks(benchmark::State& state) {
  const tirgen_bench::Model& m = Resnet18();
  lower::ExtractOptions options;
  options.link_params = state.range(0) != 0;
  if (state.range(0) == 2) options.equality = lower::ModuleEquality::kIgnoreNDArray;
  size_t tasks = 0;
  for (auto _ : state) tasks = lower::ExtractTasks(m.mod, m.params, options).size();
  state.counters["tasks"] = static_cast<double>(tasks);
}
BENCHMARK(BM_ExtractTasks)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
