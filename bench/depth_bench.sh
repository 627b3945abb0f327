#!/usr/bin/env bash
# Times every subcommand on the depth/size stress inputs of issue 18 (bench/depth_inputs.py):
# one line per (N, input, subcommand) with wall and CPU seconds, peak RSS in MB, exit code and
# the first line of stderr when it failed. Usage: bench/depth_bench.sh [N...] (default 10000 50000
# 100000).
# Env: TIRGEN (default build/tirgen), TIRGEN_PYTHONPATH (default build/python, for the rows that
# call tirgen.extract_tasks from Python), TIMEOUT per command in seconds (default 300),
# ONLY=regex filter on "input subcommand".
set -uo pipefail
cd "$(dirname "$0")/.."
tirgen=${TIRGEN:-build/tirgen}
pypath=${TIRGEN_PYTHONPATH:-$PWD/build/python}
timeout=${TIMEOUT:-300}
only=${ONLY:-.}
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10000 50000 100000)
work=$(mktemp -d /tmp/tirgen_depth_bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
export TIRGEN_CACHE_DIR="$work/cache"
/usr/bin/python3 -c "import numpy; numpy.save('$work/x.npy', numpy.linspace(-1, 1, 4, dtype='float32'))"
/usr/bin/python3 -c "import numpy; numpy.save('$work/A.npy', numpy.linspace(-1, 1, 16, dtype='float32')); numpy.save('$work/B.npy', numpy.zeros(16, dtype='float32'))"

# measure LABEL CMD...: one table row (bench/run_measured.py times it: no GNU time or bc needed).
measure() {
  local label=$1; shift
  [[ "$label" =~ $only ]] || return 0
  local wall cpu rss rc
  read -r wall cpu rss rc < <(/usr/bin/python3 bench/run_measured.py "$timeout" "$work/out" "$work/err" "$@")
  local note=""
  [ "$rc" -ne 0 ] && note=$(head -1 "$work/err" | cut -c1-150)
  [ "$rc" -eq 124 ] && note="timeout ${timeout}s"
  printf "%-7s %-34s %7.2f s %7.2f s cpu %6d MB  rc=%-3s %s\n" "$n" "$label" "$wall" "$cpu" "$rss" "$rc" "$note"
}

for n in "${sizes[@]}"; do
  d="$work/in$n"
  /usr/bin/python3 bench/depth_inputs.py "$n" "$d"
  for f in relu_chain.onnx let_chain.relay call_chain.relay; do
    [[ $f == *.relay ]] && measure "$f relay" "$tirgen" relay "$d/$f" -o "$work/o.txt"
    measure "$f fuse" "$tirgen" fuse "$d/$f" -o "$work/o.txt"
    measure "$f lower" "$tirgen" lower "$d/$f" -o "$work/o.txt"
    measure "$f tasks" "$tirgen" tasks "$d/$f" -o "$work/o.txt"
    [[ $f == *.relay ]] && measure "$f opt" "$tirgen" opt "$d/$f" --pass InferType,SimplifyExpr,FoldConstant -o "$work/o.txt"
    measure "$f build" "$tirgen" build "$d/$f" -o "$work/o.so"
    measure "$f run" "$tirgen" run "$d/$f" --input x="$work/x.npy" --output-dir "$work/out_run"
    measure "$f py extract_tasks" env PYTHONPATH="$pypath" /usr/bin/python3 -c \
      "import sys, tirgen; tirgen.extract_tasks(sys.argv[1])" "$d/$f"
  done
  for f in sum.py nest.py for_nest.py; do
    measure "$f script" "$tirgen" script "$d/$f" -o "$work/o.py"
    measure "$f script --check" "$tirgen" script --check "$d/$f"
    measure "$f opt" "$tirgen" opt "$d/$f" --pass tir.Simplify -o "$work/o.py"
    measure "$f build" "$tirgen" build "$d/$f" -o "$work/o.so"
    measure "$f run" "$tirgen" run "$d/$f" --input A="$work/A.npy" --output-dir "$work/out_run"
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
