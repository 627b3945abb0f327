"""Issue 18, depth and size: a 100k-node ONNX chain goes through the Python frontend (import,
print) on Python's own 8 MB stack; no timing threshold (figures: bench/depth_bench.sh, whose
input generator builds the model)."""
import sys
from pathlib import Path

import tirgen

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from depth_inputs import relu_chain_model  # noqa: E402


def test_hundred_thousand_node_relu_chain_imports_and_prints():
    mod, params = tirgen.from_onnx(relu_chain_model(100000))
    assert params == {}
    assert str(mod).count("nn.relu(") == 100000
