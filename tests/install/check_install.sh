#!/usr/bin/env bash
# ctest install_consumer: what `cmake --install` gives works outside the build tree.
#   1. install the build into a temporary prefix;
#   2. build examples/cpp_consumer against it (find_package(tirgen CONFIG), tirgen::tirgen)
#      and run it: Relay text -> Optimize -> LowerTE -> TVMScript;
#   3. import the installed Python package with a clean environment (env -i, no PYTHONPATH,
#      cwd elsewhere) and check it is the installed copy, with its tirgen-measure beside it;
#   4. run the installed CLI with a clean environment.
# Usage: check_install.sh BUILD_DIR SOURCE_DIR PYTHON_INSTALL_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
pydir=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tirgen-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/tirgen bin/tirgen-measure lib/libtirgen.a include/tirgen/lower/lower.h \
         lib/cmake/tirgen/tirgenConfig.cmake lib/cmake/tirgen/tirgenConfigVersion.cmake \
         "$pydir/tirgen/__init__.py" "$pydir/tirgen/viz.py" "$pydir/tirgen/tirgen-measure"; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
ls "$prefix/$pydir"/tirgen/_tirgen*.so > /dev/null || fail "not installed: the Python module"

# The consumer, configured with nothing but the prefix (ccache when there is one: CI reruns).
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
cmake -S "$src/examples/cpp_consumer" -B "$tmp/consumer" "${generator[@]}" "${launcher[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" > "$tmp/consumer.log" 2>&1 \
  || { cat "$tmp/consumer.log"; fail "configuring examples/cpp_consumer"; }
cmake --build "$tmp/consumer" -j 2 >> "$tmp/consumer.log" 2>&1 \
  || { cat "$tmp/consumer.log"; fail "building examples/cpp_consumer"; }
grep -q "$src/include" "$tmp/consumer/CMakeCache.txt" && fail "the consumer saw the source tree's headers"
out=$(cd "$tmp" && env -i PATH=/usr/bin:/bin HOME="$tmp" "$tmp/consumer/lower_relay")
echo "$out" | grep -q "def tvmgen_default_fused_nn_dense_add_nn_relu" || fail "consumer output: $out"
echo "$out" | grep -q "@T.prim_func" || fail "consumer output: $out"

# Python from a clean environment; the prefix is a temporary directory, so the site directory
# is added the way Python adds its own (site.addsitedir), not through PYTHONPATH.
cd "$tmp"
env -i PATH=/usr/bin:/bin HOME="$tmp" /usr/bin/python3 - "$prefix/$pydir" "$prefix" <<'PY' || fail "installed Python package"
import os, site, sys
site.addsitedir(sys.argv[1])
import tirgen
assert tirgen.__file__.startswith(sys.argv[2]), tirgen.__file__
assert os.access(os.path.join(os.path.dirname(tirgen.__file__), "tirgen-measure"), os.X_OK)
mod = tirgen.relay.parse('#[version = "0.0.5"]\ndef @main(%x: Tensor[(1, 4), float32]) {\n  nn.relu(%x)\n}\n')
lowered = tirgen.lower_te(tirgen.relay.optimize(mod))
assert "tvmgen_default_fused_nn_relu" in lowered.get_global_vars(), lowered.get_global_vars()
assert tirgen.viz.graph(mod, format="dot").count("subgraph cluster_") == 1
print("python ok:", tirgen.__file__)
PY

# The installed CLI, from another directory, with a clean environment.
out=$(env -i PATH=/usr/bin:/bin HOME="$tmp" "$prefix/bin/tirgen" lower "$src/examples/small_cnn.onnx") \
  || fail "installed tirgen lower"
echo "$out" | grep -q "def tvmgen_default_fused_nn_conv2d_add_nn_relu" || fail "installed tirgen lower: $out"
echo "install ok: $prefix"
