#!/usr/bin/env bash
# Installs every Debian package tirgen needs (idempotent). Runs `apt-get update` at most once,
# and only when a package is missing. Safe to run repeatedly.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev pybind11-dev python3-dev
  libprotobuf-dev protobuf-compiler libonnx-dev
  libxgboost-dev
  python3-numpy python3-pytest python3-onnx python3-torch python3-torchvision
  python3-distributed python3-matplotlib
  graphviz  # `tirgen graph` and tirgen.viz: Graphviz's dot lays the pictures out
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
