"""Issue 18, depth and size: a 100k-node ONNX chain goes through the Python frontend (import,
print) on Python's own 8 MB stack, and task extraction and relay.build take a 10k-long let
chain (they run on a 1 GB worker stack, as the CLI does); no timing threshold (figures:
bench/depth_bench.sh, whose input generator builds the models)."""
import sys
from pathlib import Path

import tirgen

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from depth_inputs import relay_chain, relu_chain_model  # noqa: E402


def test_hundred_thousand_node_relu_chain_imports_and_prints():
    mod, params = tirgen.from_onnx(relu_chain_model(100000))
    assert params == {}
    assert str(mod).count("nn.relu(") == 100000


def test_let_chain_tasks_and_build_from_python(tmp_path):
    import numpy as np
    n = 10000
    path = tmp_path / "let_chain.relay"
    relay_chain(n, str(path), let=True)
    tasks = tirgen.extract_tasks(str(path))  # was "nested too deeply" on Python's stack
    assert sum(t.weight for t in tasks) == n
    ex = tirgen.relay.build(tirgen.relay.parse(path.read_text()))
    x = np.linspace(-1, 1, 4, dtype="float32")
    np.testing.assert_array_equal(ex(x)[0], np.maximum(x, 0))
