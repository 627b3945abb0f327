// Task extraction of resnet18 (tests/data/tvm/models/resnet18/model.relay, seeded random
// weights) next to relay::Optimize alone (bind params, pass prefix, FuseOps) on the same input in
// the same run: the difference is what lowering and deduplicating the 24 primitive functions
// costs. BM_ExtractTasks/0 plain, /1 link-params, /2 link-params + ignore-ndarray.
// Compare medians: --benchmark_repetitions=5 --benchmark_report_aggregates_only=true.
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>

#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/io.h"

namespace {

using namespace tirgen;  // NOLINT

struct Model {
  IRModule mod;
  std::map<std::string, NDArray> params;
};

const Model& Resnet18() {
  static const Model model = [] {
    std::string path = std::string(TIRGEN_BENCH_SOURCE_DIR) + "/tests/data/tvm/models/resnet18/model.relay";
    Model m;
    m.mod = relay::ParseModule(ReadFile(path), path);
    std::mt19937 rng(1);
    std::normal_distribution<float> normal;
    for (const auto& p : m.mod->functions.at("main").as<relay::FunctionNode>()->params) {
      if (p->name_hint == "input_0") continue;
      std::vector<int64_t> shape = p->type_annotation.as<relay::TensorTypeNode>()->ConstShape();
      size_t n = 1;
      for (int64_t d : shape) n *= static_cast<size_t>(d);
      std::vector<float> v(n);
      for (float& x : v) x = normal(rng);
      std::vector<uint8_t> bytes(n * sizeof(float));
      std::memcpy(bytes.data(), v.data(), bytes.size());
      m.params.emplace(p->name_hint, NDArray(shape, DataType::Float(32), std::move(bytes)));
    }
    return m;
  }();
  return model;
}

void BM_Optimize(benchmark::State& state) {
  const Model& m = Resnet18();
  relay::OptimizeConfig config;
  config.link_params = state.range(0) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(relay::Optimize(m.mod, m.params, config));
}
BENCHMARK(BM_Optimize)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_ExtractTasks(benchmark::State& state) {
  const Model& m = Resnet18();
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
