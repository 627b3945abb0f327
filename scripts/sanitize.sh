#!/usr/bin/env bash
# Builds everything with clang + ASan/UBSan in build-asan/ (scripts/asan_build.sh) and runs the
# whole suite on it: every ctest (gtest cases, CLI tests, fuzz replays) with leak checking, then
# pytest with the sanitizer runtime preloaded into /usr/bin/python3. Any ASan/UBSan report fails
# the test that triggered it. Not part of CI: the sanitized build alone takes 40-90 minutes on two
# cores, and the suite runs several times slower than in the normal build.
# Usage: [JOBS=N] [SANITIZE_PER_TEST=1] scripts/sanitize.sh [CTEST_ARGS...]   (e.g. -R Relay: a subset,
# one process per test)
#
# The C programs tirgen compiles at run time (codegen's cc -O3 -shared) are not instrumented:
# they are loaded into a sanitized process, so ASan still checks their malloc/free, but not their
# loads and stores (--check-bounds is the tool for those).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/asan_build.sh
runtime=$(clang++ -print-file-name=libclang_rt.asan-x86_64.so)
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# `tirgen run`'s guarded child resets the fault signals to their defaults, so a fault in the
# compiled program is reported as outside ASan (exit 2), and ASan still reports tirgen's own.
status=0
# C++: leaks are findings too. Sanitized code runs 2-4x slower, hence the longer timeout.
if [ $# -gt 0 ] || [ "${SANITIZE_PER_TEST:-0}" = 1 ]; then
  # One process per test (ctest's way): a report names its test, at a sanitized process start-up
  # and leak check per case (about 2.5 hours for the suite on 2 loaded cores).
  ASAN_OPTIONS=detect_leaks=1 \
    bash -c 'cd build-asan && nice -n 19 ctest -j "${JOBS:-2}" --timeout 3600 -E "^python_tests$" "$@"' \
    _ "$@" || status=1
else
  # Default: the gtest cases in JOBS processes (gtest sharding; the binary passes in one process,
  # in any order), then the other ctests. A report's stack names the test (gtest prints each
  # case's start); the shard logs stay in build-asan/sanitize-shard-N.log.
  jobs=${JOBS:-2}
  pids=()
  for ((i = 0; i < jobs; ++i)); do
    (cd build-asan && ASAN_OPTIONS=detect_leaks=1 GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$i \
       nice -n 19 ./tirgen_tests > "sanitize-shard-$i.log" 2>&1) &
    pids+=($!)
  done
  for ((i = 0; i < jobs; ++i)); do
    if wait "${pids[$i]}"; then
      echo "sanitize: gtest shard $i of $jobs passed ($(grep -c '^\[       OK \]' "build-asan/sanitize-shard-$i.log") cases)"
    else
      echo "sanitize: gtest shard $i of $jobs FAILED: build-asan/sanitize-shard-$i.log"
      grep -E '^\[  FAILED  \]|ERROR: (Address|Leak)Sanitizer|runtime error:' "build-asan/sanitize-shard-$i.log" | head -40
      status=1
    fi
  done
  ASAN_OPTIONS=detect_leaks=1 \
    bash -c 'cd build-asan && nice -n 19 ctest -j "${JOBS:-2}" --timeout 3600 -LE "^gtest$" -E "^python_tests$"' \
    || status=1
fi
# Python is not instrumented, so the runtime must be the first library loaded (LD_PRELOAD); the
# CLI and the compiler that the tests spawn inherit it harmlessly (every sanitized binary here
# uses the same shared runtime). CPython, numpy and torch keep memory alive at exit by design,
# so leak checking is off for this part. pytest's default capture (--capture=fd) points fd 2 at a
# temporary file during each test: a sanitizer report there vanished with the process it
# aborted (the first run stopped at 12% with no report in its log), so only Python's sys.stderr
# is captured and native reports reach the log.
if [ $# -eq 0 ]; then
  LD_PRELOAD=$runtime ASAN_OPTIONS=detect_leaks=0 PYTHONPATH=build-asan/python \
    TIRGEN_SHARED_DIR="$PWD/tests/data/tvm" \
    nice -n 19 /usr/bin/python3 -m pytest -q -rs --capture=sys -p no:cacheprovider tests/python || status=1
fi
exit $status
