#!/usr/bin/env bash
# Runs the libFuzzer targets (tests/fuzz/*_fuzz.cc, built with clang + ASan/UBSan in build-asan/
# by scripts/asan_build.sh) one after the other at nice 19, each for SECONDS (default 60) or, with
# FUZZ_RUNS=N, for N executions. Each starts from tests/fuzz/corpus/<name> (the committed,
# minimized corpus) plus the TVM goldens and generated ONNX models; new inputs go to
# build-asan/fuzz/corpus/<target> (not committed). A crash, leak, timeout or out-of-memory leaves
# its input in build-asan/fuzz/findings/<target>: fix it and commit the input to
# tests/fuzz/regressions/<name>/ (the ctest fuzz_replay.<name> replays it in the normal build).
# FUZZ_MERGE=1 afterwards minimizes the working corpus back into tests/fuzz/corpus/<name>.
# FUZZ_NO_BUILD=1 uses the targets as built (while another asan_build.sh is running in
# build-asan/, a second ninja there would race it).
# Usage: [FUZZ_RUNS=N] [FUZZ_MERGE=1] [FUZZ_NO_BUILD=1] scripts/fuzz.sh [SECONDS] [TARGET...]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
all=(script_parser_fuzz onnx_import_fuzz relay_text_fuzz npy_fuzz trace_fuzz pipeline_fuzz)
targets=()
for t in "${@:-${all[@]}}"; do  # short names (npy) name the same targets as npy_fuzz
  t=${t%_fuzz}_fuzz
  [[ " ${all[*]} " == *" $t "* ]] || { echo "error: fuzz.sh: unknown target '$t' (targets: ${all[*]})" >&2; exit 2; }
  targets+=("$t")
done
[ -n "${FUZZ_NO_BUILD:-}" ] || ./scripts/asan_build.sh "${targets[@]}"
# UBSan reports stop the run (they are findings); leaks are checked by libFuzzer itself. The
# targets link clang's shared ASan runtime after libstdc++ (libFuzzer's own dependency), so it
# is preloaded to come first.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
asan_runtime=$(clang++ -print-file-name=libclang_rt.asan-x86_64.so)
work=build-asan/fuzz

seed() {  # seed TARGET NAME: fills $work/corpus/TARGET
  local dir=$work/corpus/$1
  mkdir -p "$dir"
  [ -d "tests/fuzz/corpus/$2" ] && cp tests/fuzz/corpus/"$2"/* "$dir"/
  case $1 in
    script_parser_fuzz)  # named by path: 533 programs share 36 base names
      find tests/data/tvm -name '*.py' ! -name trace.py -size -20k -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$dir" \; ;;
    onnx_import_fuzz)
      cp examples/*.onnx "$dir"/
      /usr/bin/python3 tests/data/onnx/make_models.py "$dir/gen" >/dev/null 2>&1 && cp "$dir"/gen/*.onnx "$dir"/ || true
      rm -rf "$dir/gen" ;;
    relay_text_fuzz | pipeline_fuzz)
      cp tests/fuzz/corpus/relay_text/* "$dir"/
      find tests/data/tvm/golden -name '*.relay' -size -4k -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$dir" \; ;;
    trace_fuzz)
      find tests/data/tvm/golden-schedule -name trace.py -exec sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$dir" \; ;;
  esac
}

for t in "${targets[@]}"; do
  name=${t%_fuzz}
  seed "$t" "$name"
  mkdir -p "$work/findings/$t"
  max_len=65536
  [ "$t" = pipeline_fuzz ] && max_len=4096  # the target skips larger inputs
  # libFuzzer's entropic schedule updates a frequency per covered feature on every run; with the
  # whole library instrumented (272k counters) that bookkeeping dominates every target: CPU per
  # input with it / without it was 5.7 / 0.8 ms (pipeline), 3.5 / 0.9 ms (script_parser, 1500
  # runs) and 1.0 / 0.3 ms (onnx_import, 5000 runs), with the same coverage reached.
  schedule=(-entropic=0)
  limit=(-max_total_time="$seconds")
  [ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
  echo "== $t (${FUZZ_RUNS:-$seconds s}${FUZZ_RUNS:+ runs})"
  # -rss_limit_mb: a hostile shape must be refused, not allocated; -timeout: no input may hang
  # (wall clock: every input takes milliseconds of CPU, but a nice-19 fuzzer on a loaded machine
  # got 5% of a core, and 10 s flagged a 10 ms input as a hang).
  # The pipeline target caps its input at 4 KB itself.
  LD_PRELOAD=$asan_runtime nice -n 19 "./build-asan/$t" "$work/corpus/$t" "${limit[@]}" -max_len=$max_len \
    -rss_limit_mb=2048 -timeout=60 -artifact_prefix="$work/findings/$t/" -print_final_stats=1 "${schedule[@]}" \
    2>&1 | grep --line-buffered -E "^(#[0-9]+[[:space:]]+(DONE|pulse)|stat::|==[0-9]+==ERROR|SUMMARY|Done |    #[0-9]+ )" || true
  if [ -n "${FUZZ_MERGE:-}" ]; then
    # Minimized into a fresh directory first: the committed corpus is replaced only by a merge
    # that worked and kept something.
    merged=$work/merged/$name
    rm -rf "$merged" && mkdir -p "$merged"
    if LD_PRELOAD=$asan_runtime nice -n 19 "./build-asan/$t" -merge=1 -max_len=$max_len -rss_limit_mb=2048 \
         -timeout=60 "$merged" "$work/corpus/$t" >/dev/null 2>&1 && [ -n "$(ls "$merged")" ]; then
      rm -rf "tests/fuzz/corpus/$name" && mv "$merged" "tests/fuzz/corpus/$name"
    else
      echo "error: fuzz.sh: minimizing the $t corpus failed; tests/fuzz/corpus/$name is unchanged" >&2
    fi
    echo "   corpus: $(ls "tests/fuzz/corpus/$name" | wc -l) files, $(du -sh "tests/fuzz/corpus/$name" | cut -f1)"
  fi
done
