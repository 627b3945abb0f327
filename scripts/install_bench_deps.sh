#!/usr/bin/env bash
# Installs what the comparison benchmarks need beyond scripts/setup.sh: ONNX Runtime's CPU build
# from npm (onnxruntime-node, its native library is inside the package) into build/bench_node.
# Benchmarks only: neither scripts/test.sh nor CI calls this. Idempotent (nothing to do when the
# package is there). Node.js and npm are Debian packages (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/bench_node
if [ -f "$dir/node_modules/onnxruntime-node/package.json" ]; then
  exit 0
fi
if ! command -v npm >/dev/null; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends nodejs npm
fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"name": "tirgen-bench", "private": true}' > "$dir/package.json"
# --ignore-scripts: no install hooks run; the CPU binaries ship in the package itself.
(cd "$dir" && npm install --ignore-scripts --no-audit --no-fund onnxruntime-node)
