#!/usr/bin/env bash
# Configures build-asan/ (clang, ASan + UBSan, libFuzzer coverage on the library, -O1) and builds
# the given targets (default: everything) at nice 19. scripts/sanitize.sh and scripts/fuzz.sh
# share this one build: on a small machine a second sanitized build of the library costs more
# than the coverage instrumentation slows the test suite. JOBS (default 2) sets the parallelism.
# Usage: scripts/asan_build.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang++ >/dev/null && [ -n "$(clang++ -print-file-name=libclang_rt.fuzzer-x86_64.a | grep /)" ] || {
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q && $sudo apt-get install -y -q clang libclang-rt-14-dev; }
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$PWD")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f build-asan/CMakeCache.txt ]; then
  cmake -S . -B build-asan -G Ninja "${launcher[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DTIRGEN_SANITIZE=ON -DTIRGEN_FUZZ=ON -DTIRGEN_BUILD_BENCH=OFF \
    -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
fi
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
nice -n 19 cmake --build build-asan -j "${JOBS:-2}" "${targets[@]}"
