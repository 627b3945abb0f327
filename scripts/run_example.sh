#!/usr/bin/env bash
# README's main command: set up, build, then run tirgen on the bundled example:
# parse the bundled TVMScript program (a conv2d whose weight is embedded as AllocateConst)
# and print it back, checking the lossless round trip.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
./build/tirgen script --check examples/conv2d_link_params.py
./build/tirgen script examples/conv2d_link_params.py -o build/example_reprinted.py
echo "re-printed TVMScript written to build/example_reprinted.py ($(wc -c < build/example_reprinted.py) bytes)"
head -n 20 build/example_reprinted.py | cut -c1-160
