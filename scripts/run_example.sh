#!/usr/bin/env bash
# README's main command: set up, build, then lower the bundled PyTorch-authored model
# (examples/small_cnn.onnx, made by examples/make_small_cnn.py) to TensorIR printed as TVMScript,
# check the text reads back losslessly, and run the lowered program against PyTorch.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
out=build/example
rm -rf "$out" && mkdir -p "$out/run"
./build/tirgen lower examples/small_cnn.onnx -o "$out/small_cnn.py" --emit-dir "$out/primfuncs"
./build/tirgen script --check "$out/small_cnn.py"
echo "TVMScript IRModule written to $out/small_cnn.py ($(grep -c '@T.prim_func' "$out/small_cnn.py") PrimFuncs)," \
     "one file per PrimFunc in $out/primfuncs/:"
ls "$out/primfuncs"
sed -n '/def tvmgen_default_fused_nn_conv2d_add_nn_relu/,/T.block("conv2d_nchw")/p' "$out/small_cnn.py" | cut -c1-150
# The same lowering, compiled to C and run on the bundled input, next to PyTorch's output.
./build/tirgen run examples/small_cnn.onnx --input image=examples/small_cnn_input.npy --output-dir "$out/run"
/usr/bin/python3 - "$out/run/output_0.npy" <<'EOF'
import sys
sys.path.insert(0, "examples")
import numpy as np
import torch
import make_small_cnn
got = np.load(sys.argv[1])
ref = make_small_cnn.model()(torch.from_numpy(np.load("examples/small_cnn_input.npy"))).detach().numpy()
err = float(np.abs(got - ref).max())
print("tirgen's class probabilities:", " ".join(f"{p:.4f}" for p in got[0]),
      f"(max |tirgen - PyTorch| = {err:.2e}, tolerance 1e-5)")
sys.exit(0 if err <= 1e-5 else 1)
EOF
