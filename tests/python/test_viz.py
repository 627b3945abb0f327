"""tirgen.viz.graph: the fused model as SVG (Graphviz) or DOT text, IRModule._repr_svg_ for
notebooks, and the same picture as `tirgen graph` writes."""
import os
import shutil
import subprocess

import pytest

import tirgen

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "small_cnn.onnx")
CLI = os.environ.get("TIRGEN_CLI", os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirgen.__file__)))), "tirgen"))
HAVE_DOT = shutil.which("dot") is not None
needs_dot = pytest.mark.skipif(not HAVE_DOT, reason="Graphviz `dot` is not installed (apt install graphviz)")

RELU3 = """#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4), float32], %y: Tensor[(2, 4), float32]) {
  %0 = nn.relu(%x);
  %1 = nn.relu(%y);
  (%0, %1)
}
"""


def test_dot_text_matches_the_cli():
    mod, params = tirgen.from_onnx(EXAMPLE)
    dot = tirgen.viz.graph(mod, params, format="dot")
    assert dot.startswith("digraph tirgen {")
    assert dot.count("subgraph cluster_") == 8
    cli = subprocess.run([CLI, "graph", EXAMPLE, "-o", "-"], capture_output=True, text=True, check=True)
    assert cli.stdout == dot


def test_fused_module_and_function_are_drawn():
    mod = tirgen.relay.parse(RELU3)
    fused = tirgen.relay.optimize(mod)
    assert tirgen.viz.graph(fused, format="dot") == tirgen.viz.graph(mod, format="dot")
    assert tirgen.viz.graph(mod["main"], format="dot") == tirgen.viz.graph(mod, format="dot")
    labels = [line.strip() for line in tirgen.viz.graph(mod, format="dot").splitlines()
              if line.strip().startswith("label=\"tvmgen")]
    assert sorted(labels) == ['label="tvmgen_default_fused_nn_relu";', 'label="tvmgen_default_fused_nn_relu_1";']
    unfused = tirgen.viz.graph(mod, unfused=True, format="dot")
    assert "subgraph" not in unfused and unfused.count("nn.relu") == 2


@needs_dot
def test_svg_and_repr_svg():
    mod, params = tirgen.from_onnx(EXAMPLE)
    svg = tirgen.viz.graph(mod, params)
    assert svg.startswith("<?xml") and svg.count('class="cluster"') == 8
    linked = tirgen.viz.graph(mod, params, link_params=True)
    assert linked.count('class="cluster"') == 8
    relu = tirgen.relay.parse(RELU3)
    assert relu._repr_svg_().count('class="cluster"') == 2


def test_repr_svg_is_none_without_a_relay_main():
    prim = tirgen.lower_te(tirgen.relay.optimize(tirgen.relay.parse(RELU3)))
    tir_only = tirgen.IRModule({"main": prim["tvmgen_default_fused_nn_relu"]})
    assert tir_only._repr_svg_() is None


def test_errors():
    mod = tirgen.relay.parse(RELU3)
    with pytest.raises(ValueError, match="format must be one of"):
        tirgen.viz.graph(mod, format="pdf")
    with pytest.raises(tirgen.TirgenError, match="already optimized"):
        tirgen.viz.graph(tirgen.relay.optimize(mod), params={"x": __import__("numpy").zeros((1, 4), "float32")})
    with pytest.raises(TypeError):
        tirgen.viz.graph("not a module")


def test_missing_dot_names_the_package(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(tirgen.TirgenError, match="apt install graphviz"):
        tirgen.viz.graph(tirgen.relay.parse(RELU3))
