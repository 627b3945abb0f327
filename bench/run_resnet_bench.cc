// A whole resnet18-sized model (tests/data/tvm/models/resnet18/model.relay, as TVM's ONNX
// frontend prints it) through the path `tirgen run` and tirgen.run take: weights (seeded
// uniform(-0.05, 0.05), the declared shapes) bound by name, runtime::LowerForExecution (optimize
// + LowerTE), then runtime::Executor (default CPU schedule, TIR lowering, C generation, system compiler, load).
// BM_Resnet18CompileCold: parsed module -> ready executor with an empty TIRGEN_CACHE_DIR;
// BM_Resnet18CompileCached: the same with the library already cached (no compiler run);
// BM_Resnet18Run: one inference on 1x3x224x224; BM_Resnet18Torch: torchvision's resnet18
// (weights=None, eval, no_grad) on the same input shape, as many threads as tirgen's code
// (bench::TirgenThreads), timed in a child process in the same benchmark run.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "bench_util.h"
#include "tirgen/relay/text.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/support/io.h"

namespace {

using namespace tirgen;  // NOLINT

struct Model {
  IRModule mod;
  std::map<std::string, NDArray> params;
  NDArray image;
};

const Model& Resnet18() {
  static const Model m = [] {
    std::string path = std::string(TIRGEN_BENCH_SOURCE_DIR) + "/tests/data/tvm/models/resnet18/model.relay";
    Model r;
    r.mod = relay::ParseModule(ReadFile(path), path);
    relay::Function main = r.mod.Lookup("main").cast<relay::Function>();
    for (size_t i = 1; i < main->params.size(); ++i) {  // params[0] is the image
      const auto* tt = main->params[i]->type_annotation.as<relay::TensorTypeNode>();
      r.params[main->params[i]->name_hint] = bench::Random(tt->ConstShape(), 10 + i, 0.05f);
    }
    r.image = bench::Random({1, 3, 224, 224}, 1);
    return r;
  }();
  return m;
}

std::unique_ptr<runtime::Executor> Compile(const Model& m) {
  return std::make_unique<runtime::Executor>(runtime::LowerForExecution(m.mod, m.params));
}

void BM_Resnet18CompileCold(benchmark::State& state) {
  const Model& m = Resnet18();
  for (auto _ : state) {
    state.PauseTiming();
    std::string dir = bench::FreshCacheDir();
    bench::ScopedCacheDir cache(dir);
    state.ResumeTiming();
    benchmark::DoNotOptimize(Compile(m));
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    state.ResumeTiming();
  }
}

void BM_Resnet18CompileCached(benchmark::State& state) {
  const Model& m = Resnet18();
  std::string dir = bench::FreshCacheDir();
  bench::ScopedCacheDir cache(dir);
  Compile(m);  // fill the cache
  for (auto _ : state) benchmark::DoNotOptimize(Compile(m));
  std::filesystem::remove_all(dir);
}

void BM_Resnet18Run(benchmark::State& state) {
  const Model& m = Resnet18();
  std::unique_ptr<runtime::Executor> ex = Compile(m);
  ex->Run({m.image});  // warm-up (first-touch of the weights)
  for (auto _ : state) {
    std::vector<NDArray> out = ex->Run({m.image});
    benchmark::DoNotOptimize(out);
  }
}

void BM_Resnet18Torch(benchmark::State& state) {
  bench::RunTorch(state,
                  "import torchvision\n"
                  "torch.manual_seed(0)\n"
                  "m = torchvision.models.resnet18(weights=None).eval()\n"
                  "x = torch.rand(1, 3, 224, 224) * 2 - 1\n"
                  "def f():\n"
                  "    with torch.no_grad():\n"
                  "        return m(x)\n",
                  20);
}

BENCHMARK(BM_Resnet18CompileCold)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Resnet18CompileCached)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Resnet18Run)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(BM_Resnet18Torch)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(20);

}  // namespace

BENCHMARK_MAIN();
