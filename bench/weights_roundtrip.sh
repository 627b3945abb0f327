#!/usr/bin/env bash
# Whole-process weight round trip (issue 16 item 3): `tirgen lower --link-params` of resnet18
# (torchvision, random init, ONNX) to a file, then `tirgen script --check` of that file.
# Prints min and median CPU time (user+sys), wall time and peak RSS of each over N runs.
# Usage: bench/weights_roundtrip.sh [N=3] [MODEL.onnx] [TIRGEN=build/tirgen]
# Without MODEL it uses /tmp/weights_resnet18.onnx, exporting it with /usr/bin/python3 + torch
# (+ torchvision) when missing. The output file goes to $TMPDIR (removed before each lower, so
# a run never pays for freeing the previous run's file).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-3}
model=${2:-/tmp/weights_resnet18.onnx}
tirgen=${3:-build/tirgen}
if [ ! -f "$model" ]; then
  /usr/bin/python3 - "$model" <<'PY'
import sys, torch, torchvision
torch.manual_seed(0)
m = torchvision.models.resnet18().eval()
torch.onnx.export(m, torch.randn(1, 3, 224, 224), sys.argv[1], opset_version=13)
PY
fi
out=$(mktemp "${TMPDIR:-/tmp}/weights_roundtrip.XXXXXX.py")
times=$(mktemp)
trap 'rm -f "$out" "$times"' EXIT
measure() {  # label, command...
  local label=$1
  shift
  : > "$times"
  for _ in $(seq "$n"); do
    [ "$label" = lower ] && rm -f "$out"
    /usr/bin/time -f "%e %U %S %M" -a -o "$times" "$@" > /dev/null 2>&1
  done
  /usr/bin/python3 - "$label" "$times" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[2]) if l.strip()]
cpu = [r[1] + r[2] for r in rows]
wall = [r[0] for r in rows]
print("%-6s cpu min %.2f med %.2f s | wall min %.2f med %.2f s | peak %d MB" % (
    sys.argv[1], min(cpu), statistics.median(cpu), min(wall), statistics.median(wall), max(r[3] for r in rows) / 1024))
PY
}
measure lower "$tirgen" lower "$model" --link-params -o "$out"
echo "text: $(stat -c %s "$out") bytes"
measure check "$tirgen" script --check "$out"
