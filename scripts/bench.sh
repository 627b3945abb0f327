#!/usr/bin/env bash
# README's benchmark command: set up, install the benchmark-only dependencies (ONNX Runtime from
# npm), build, then time tirgen against ONNX Runtime and PyTorch on the same threads (whole models
# and single operators) and write the markdown report to build/bench_report.md.
# Arguments go to bench/model_bench.py (e.g. --rounds 9 --threads 2 --models resnet18 --no-ops).
# Not part of scripts/test.sh or CI (it downloads from npm and takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/install_bench_deps.sh
./scripts/build.sh
PYTHONPATH="$PWD/build/python" /usr/bin/python3 bench/model_bench.py --out build/bench_report.md "$@"
