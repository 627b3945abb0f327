// ONNX import cost of torchvision resnet18 (opset 13, 46 MB of weights) next to the cost of
// merely parsing the file with protobuf, measured in the same run:
//   BM_ProtobufParse   bytes -> onnx::ModelProto (the floor any importer pays)
//   BM_Import          bytes -> relay IRModule + params (parse, convert, InferType)
//   BM_ImportOptimize  import + relay::Optimize (bind params, TVM's pass prefix, FuseOps)
//   BM_ImportOptimizeLower  the above + lower::LowerTE (every fused function to a PrimFunc):
//                      what `tirgen lower model.onnx` does before printing
// The model comes from $TIRGEN_BENCH_ONNX, else tests/data/onnx/make_models.py generates it
// (Debian's python3 + torch) into /tmp. The ratio Import/ProtobufParse is the number to watch.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/io.h"

#ifndef TIRGEN_BENCH_SOURCE_DIR
#define TIRGEN_BENCH_SOURCE_DIR "."
#endif

namespace {

std::string ModelPath() {
  if (const char* p = std::getenv("TIRGEN_BENCH_ONNX")) return p;
  std::string dir = std::filesystem::temp_directory_path().string() + "/tirgen_bench_onnx";
  std::string path = dir + "/resnet18/resnet18.onnx";
  if (!std::filesystem::exists(path)) {
    std::string cmd = std::string("/usr/bin/python3 ") + TIRGEN_BENCH_SOURCE_DIR +
                      "/tests/data/onnx/make_models.py " + dir + "/resnet18 resnet18 > /dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0) {
      std::cerr << "cannot generate resnet18.onnx (" << cmd << "); set TIRGEN_BENCH_ONNX\n";
      std::exit(1);
    }
  }
  return path;
}

const std::string& Bytes() {
  static const std::string bytes = tirgen::ReadFile(ModelPath());
  return bytes;
}

void BM_ProtobufParse(benchmark::State& state) {
  for (auto _ : state) {
    tirgen::frontend::OnnxModelInfo info = tirgen::frontend::InspectOnnx(Bytes());
    benchmark::DoNotOptimize(info);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Bytes().size()));
}

void BM_Import(benchmark::State& state) {
  for (auto _ : state) {
    tirgen::frontend::OnnxImport r = tirgen::frontend::ImportOnnxBytes(Bytes(), "resnet18.onnx");
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Bytes().size()));
}

void BM_ImportOptimize(benchmark::State& state) {
  for (auto _ : state) {
    tirgen::frontend::OnnxImport r = tirgen::frontend::ImportOnnxBytes(Bytes(), "resnet18.onnx");
    tirgen::IRModule fused = tirgen::relay::Optimize(r.mod, r.params, tirgen::lower::DefaultOptimizeConfig());
    benchmark::DoNotOptimize(fused);
  }
}

void BM_ImportOptimizeLower(benchmark::State& state) {
  for (auto _ : state) {
    tirgen::frontend::OnnxImport r = tirgen::frontend::ImportOnnxBytes(Bytes(), "resnet18.onnx");
    tirgen::IRModule lowered = tirgen::lower::LowerTE(tirgen::relay::Optimize(r.mod, r.params, tirgen::lower::DefaultOptimizeConfig()));
    benchmark::DoNotOptimize(lowered);
  }
}

BENCHMARK(BM_ProtobufParse)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_Import)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_ImportOptimize)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_ImportOptimizeLower)->Unit(benchmark::kMillisecond)->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
