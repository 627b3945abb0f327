#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (+ASan/UBSan) and runs each for SECONDS (default 60),
# seeded with the TVM golden TVMScript files (and ONNX models for the ONNX importer).
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
command -v clang++ >/dev/null || { sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo;
  $sudo apt-get update -q && $sudo apt-get install -y -q clang libclang-rt-14-dev; }
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DTIRGEN_FUZZ=ON -DTIRGEN_BUILD_TESTS=OFF -DTIRGEN_BUILD_BENCH=OFF
cmake --build build-fuzz -j "$(nproc)" --target script_parser_fuzz onnx_import_fuzz
corpus=build-fuzz/corpus/script && mkdir -p "$corpus"
find tests/data/tvm -name '*.py' ! -name trace.py -size -20k -exec cp {} "$corpus"/ \;
./build-fuzz/script_parser_fuzz "$corpus" -max_total_time="$seconds" -max_len=8192
onnx_corpus=build-fuzz/corpus/onnx && mkdir -p "$onnx_corpus"
cp examples/*.onnx "$onnx_corpus"/
/usr/bin/python3 tests/data/onnx/make_models.py "$onnx_corpus/gen" >/dev/null 2>&1 &&
  cp "$onnx_corpus"/gen/*.onnx "$onnx_corpus"/ || true
rm -rf "$onnx_corpus/gen"
./build-fuzz/onnx_import_fuzz "$onnx_corpus" -max_total_time="$seconds" -max_len=65536
