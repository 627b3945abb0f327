"""ONNX Scan unrolled at import time over its static sequence length (ops_scan.cc, sharing
Loop's unrolling in unroll.cc): compared with a NumPy model of the ONNX spec (scan axes and
directions of inputs and outputs, state variables, values read from the enclosing graph);
float32, rtol 1e-5."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen

F = TensorProto.FLOAT
RS = np.random.RandomState(0)


def vi(name, shape=None):
    return helper.make_tensor_value_info(name, F, shape)


def scan_model(in_axes=None, in_dirs=None, out_axes=None, out_dirs=None, xs=((4, 3), (4, 3)), opset=16):
    """State s (3,): s' = s * w + a_t - b_t (w from the enclosing graph), scan outputs s' and
    a_t * 2 + bias (a body initializer)."""
    body = helper.make_graph(
        [helper.make_node("Mul", ["s", "w"], ["sw"]), helper.make_node("Add", ["sw", "a"], ["swa"]),
         helper.make_node("Sub", ["swa", "b"], ["s_out"]), helper.make_node("Mul", ["a", "two"], ["a2"]),
         helper.make_node("Add", ["a2", "bias"], ["y"]), helper.make_node("Identity", ["s_out"], ["s_scan"])],
        "body", [vi("s", [3]), vi("a", [3]), vi("b", [3])], [vi("s_out", [3]), vi("s_scan", [3]), vi("y", [3])],
        [numpy_helper.from_array(np.array(2, np.float32), "two"),
         numpy_helper.from_array(np.array([0.5, -1, 2], np.float32), "bias")])
    attrs = {"num_scan_inputs": 2}
    for k, v in [("scan_input_axes", in_axes), ("scan_input_directions", in_dirs),
                 ("scan_output_axes", out_axes), ("scan_output_directions", out_dirs)]:
        if v is not None:
            attrs[k] = v
    scan = helper.make_node("Scan", ["s0", "xa", "xb"], ["s_final", "s_all", "ys"], name="scan", body=body, **attrs)
    graph = helper.make_graph([scan], "g", [vi("s0", [3]), vi("xa", list(xs[0])), vi("xb", list(xs[1])), vi("w", [3])],
                              [vi("s_final"), vi("s_all"), vi("ys")])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def scan_ref(s, xa, xb, w, in_axes, in_dirs, out_axes, out_dirs):
    """The ONNX spec's Scan on this body."""
    n = xa.shape[in_axes[0]]
    pick = lambda x, axis, rev, t: np.take(x, n - 1 - t if rev else t, axis=axis)
    s_all, ys = [], []
    for t in range(n):
        a, b = pick(xa, in_axes[0], in_dirs[0], t), pick(xb, in_axes[1], in_dirs[1], t)
        s = s * w + a - b
        s_all.append(s)
        ys.append(a * 2 + np.array([0.5, -1, 2], np.float32))
    outs = []
    for vals, axis, rev in [(s_all, out_axes[0], out_dirs[0]), (ys, out_axes[1], out_dirs[1])]:
        outs.append(np.stack(vals[::-1] if rev else vals, axis=axis))
    return [s] + outs


@pytest.mark.parametrize("in_axes, in_dirs, out_axes, out_dirs, xs", [
    (None, None, None, None, ((4, 3), (4, 3))),
    ([0, 1], [1, 0], [1, -1], [0, 1], ((5, 3), (3, 5))),
    ([-1, 0], [1, 1], [0, 1], [1, 1], ((3, 2), (2, 3))),
])
def test_scan_matches_the_spec(in_axes, in_dirs, out_axes, out_dirs, xs):
    model = scan_model(in_axes, in_dirs, out_axes, out_dirs, xs)
    mod, params = tirgen.from_onnx(model)
    text = str(mod)
    feed = {"s0": RS.randn(3).astype(np.float32), "xa": RS.randn(*xs[0]).astype(np.float32),
            "xb": RS.randn(*xs[1]).astype(np.float32), "w": RS.rand(3).astype(np.float32)}
    got = tirgen.run(mod, feed, params=params)
    want = scan_ref(feed["s0"], feed["xa"], feed["xb"], feed["w"], in_axes or [0, 0], in_dirs or [0, 0],
                    out_axes or [0, 0], out_dirs or [0, 0])
    assert len(got) == 3
    for g, w in zip(got, want):
        assert g.shape == w.shape, (g.shape, w.shape)
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    n = (xs[0][in_axes[0]] if in_axes else xs[0][0])
    assert text.count("multiply(") == 2 * n, text  # one body copy per step
    # The stacked scan outputs' types (the return type of main).
    shapes = [", ".join(map(str, w.shape)) for w in want]
    assert f"-> (Tensor[({shapes[0]}), float32], Tensor[({shapes[1]}), float32], Tensor[({shapes[2]}), float32])" in text, text


def test_scan_inputs_of_different_lengths_are_a_located_error():
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'scan' \(Scan\): scan input 1 has 5 entries along its "
                                                 r"scan axis, scan input 0 has 4"):
        tirgen.from_onnx(scan_model(xs=((4, 3), (5, 3))))


def test_scan_of_a_cumulative_sum_without_state_outputs_used():
    body = helper.make_graph([helper.make_node("Add", ["acc", "x"], ["acc_out"]),
                              helper.make_node("Identity", ["acc_out"], ["y"])],
                             "body", [vi("acc", [2]), vi("x", [2])], [vi("acc_out", [2]), vi("y", [2])])
    scan = helper.make_node("Scan", ["zero", "xs"], ["", "ys"], body=body, num_scan_inputs=1)
    graph = helper.make_graph([scan], "g", [vi("xs", [6, 2])], [vi("ys")],
                              [numpy_helper.from_array(np.zeros(2, np.float32), "zero")])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)]))
    xs = RS.randn(6, 2).astype(np.float32)
    (ys,) = tirgen.run(mod, {"xs": xs}, params=params)
    np.testing.assert_allclose(ys, np.cumsum(xs, axis=0), rtol=1e-5, atol=1e-6)
