#!/usr/bin/env bash
# Builds the Debian package from an existing build directory (no second build: cpack installs
# what ./scripts/build.sh built) and checks what it holds and declares.
#   ./scripts/package_deb.sh [BUILD_DIR (build)] [OUT_DIR (BUILD_DIR/package)]
# Prints the .deb's path last. Install it with `sudo apt install ./tirgen_<version>_amd64.deb`.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-$build/package}
[ -f "$build/CPackConfig.cmake" ] || { echo "error: $build: no configured build; run ./scripts/build.sh first" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/tirgen_*.deb
(cd "$build" && cpack -G DEB -B "$out" > cpack.log 2>&1) \
  || { cat "$build/cpack.log" >&2; echo "error: cpack failed" >&2; exit 1; }
deb=$(ls "$out"/tirgen_*_amd64.deb)

fail() { echo "error: $deb: $*" >&2; exit 1; }
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
info=$(dpkg-deb -I "$deb")
py=$(grep -o 'lib/python3[.0-9]*/dist-packages' <<< "$contents" | head -1)
[ -n "$py" ] || fail "no Python package"
for f in ./usr/bin/tirgen ./usr/bin/tirgen-measure ./usr/lib/libtirgen.a \
         ./usr/include/tirgen/lower/lower.h ./usr/include/tirgen/viz/graph.h \
         ./usr/lib/cmake/tirgen/tirgenConfig.cmake ./usr/lib/cmake/tirgen/tirgenConfigVersion.cmake \
         ./usr/lib/cmake/tirgen/tirgenTargets.cmake \
         "./usr/$py/tirgen/__init__.py" "./usr/$py/tirgen/viz.py" "./usr/$py/tirgen/tirgen-measure"; do
  grep -qxF "$f" <<< "$contents" || fail "does not contain $f"
done
grep -q "^./usr/$py/tirgen/_tirgen\.cpython-.*\.so$" <<< "$contents" || fail "does not contain the Python module"
if grep -v '^./usr/' <<< "$contents" | grep -q .; then fail "installs outside /usr"; fi
depends=$(sed -n 's/^ Depends: //p' <<< "$info")
for d in gcc libc6-dev python3 python3-numpy libprotobuf libonnx1 libxgboost0 libstdc++6; do
  grep -q "\(^\|, \)$d" <<< "$depends" || fail "Depends lacks $d: $depends"
done
grep -q '^ Recommends: .*graphviz' <<< "$info" || fail "does not recommend graphviz"
dpkg-deb -I "$deb" prerm > /dev/null || fail "no prerm script"
echo "package ok: $(sed -n 's/^ Package: //p' <<< "$info") $(sed -n 's/^ Version: //p' <<< "$info"), $(wc -l <<< "$contents") entries"
echo "$deb"
