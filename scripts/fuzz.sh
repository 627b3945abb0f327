#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/*.cc) with clang + ASan/UBSan in build-fuzz/ and runs
# each for SECONDS (default 60) at nice 19, seeded with tests/fuzz/corpus/<kind> plus the TVM
# goldens and generated ONNX models. New inputs go to build-fuzz/corpus/<target> (not committed);
# a crash leaves crash-* in build-fuzz/findings/<target>: turn each into a regression test.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
all=(script_parser_fuzz onnx_import_fuzz relay_text_fuzz npy_fuzz trace_fuzz pipeline_fuzz)
targets=("${@:-${all[@]}}")
[ $# -eq 0 ] && targets=("${all[@]}")
command -v clang++ >/dev/null || { sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo;
  $sudo apt-get update -q && $sudo apt-get install -y -q clang libclang-rt-14-dev; }
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DTIRGEN_FUZZ=ON -DTIRGEN_BUILD_TESTS=OFF -DTIRGEN_BUILD_BENCH=OFF \
  -DTIRGEN_BUILD_PYTHON=OFF >/dev/null
nice -n 19 cmake --build build-fuzz -j 2 --target "${targets[@]}"

seed() {  # seed TARGET: fills build-fuzz/corpus/TARGET
  local dir=build-fuzz/corpus/$1
  mkdir -p "$dir"
  case $1 in
    script_parser_fuzz) find tests/data/tvm -name '*.py' ! -name trace.py -size -20k -exec cp {} "$dir"/ \; ;;
    onnx_import_fuzz)
      cp examples/*.onnx "$dir"/
      /usr/bin/python3 tests/data/onnx/make_models.py "$dir/gen" >/dev/null 2>&1 && cp "$dir"/gen/*.onnx "$dir"/ || true
      rm -rf "$dir/gen" ;;
    relay_text_fuzz | pipeline_fuzz)
      cp tests/fuzz/corpus/relay/* "$dir"/
      find tests/data/tvm/golden -name '*.relay' -size -4k -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$dir" \; ;;
    npy_fuzz) cp tests/fuzz/corpus/npy/* "$dir"/ ;;
    trace_fuzz)
      cp tests/fuzz/corpus/trace/* "$dir"/
      find tests/data/tvm/golden-schedule -name trace.py -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$dir" \; ;;
  esac
}

for t in "${targets[@]}"; do
  seed "$t"
  mkdir -p "build-fuzz/findings/$t"
  echo "== $t ($seconds s)"
  # -rss_limit_mb: a hostile shape must be refused, not allocated; -timeout: no input may hang.
  nice -n 19 "./build-fuzz/$t" "build-fuzz/corpus/$t" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=2048 -timeout=20 -artifact_prefix="build-fuzz/findings/$t/" -print_final_stats=1 \
    2>&1 | grep -E "^(#[0-9]+ +DONE|stat::|==[0-9]+==ERROR|SUMMARY|Done )" || true
done
