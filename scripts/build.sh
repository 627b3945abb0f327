#!/usr/bin/env bash
# Configures and builds everything (library, CLI, tests, benchmarks) in ./build, Release.
# Uses Debian's /usr/bin/python3 (never a pyenv one earlier on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
# ccache is optional (developer machines with several worktrees share compiled objects).
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$PWD")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DPython3_EXECUTABLE=/usr/bin/python3
fi
cmake --build build -j "$(nproc)"
