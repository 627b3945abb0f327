"""LpPool and GlobalLpPool on 1-, 2- and 3-D inputs against a NumPy reference of ONNX's
definition, sum over the window of |x|^p, to the power 1/p (zero padding). Odd p runs on
positive inputs: tirgen, like TVM and torch's lp_pool, raises x to p without abs."""
import itertools

import numpy as np
import pytest
from onnx import TensorProto, helper

import tirgen


def lp_reference(x, kernel, strides, pads, p):
    n = len(kernel)
    padded = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [(pads[i], pads[i + n]) for i in range(n)])
    out_shape = [(padded.shape[2 + i] - kernel[i]) // strides[i] + 1 for i in range(n)]
    out = np.zeros(x.shape[:2] + tuple(out_shape))
    for idx in itertools.product(*[range(s) for s in out_shape]):
        win = tuple(slice(idx[i] * strides[i], idx[i] * strides[i] + kernel[i]) for i in range(n))
        out[(Ellipsis,) + idx] = (np.abs(padded[(slice(None), slice(None)) + win]) ** p).sum(
            axis=tuple(range(2, 2 + n))) ** (1.0 / p)
    return out


def run(op, x, **attrs):
    node = helper.make_node(op, ["x"], ["y"], name="lp", **attrs)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]).SerializeToString()
    mod, params = tirgen.from_onnx(model)
    return str(mod), tirgen.run(mod, {"x": x}, params=params)[0]


@pytest.mark.parametrize(
    "shape, kernel, strides, pads, p",
    [
        ((2, 3, 9), [3], [2], [1, 0], 2),
        ((1, 2, 6, 7), [2, 3], [1, 2], [0, 1, 1, 0], 2),
        ((1, 2, 6, 7), [3, 3], [2, 2], [1, 1, 1, 1], 3),
        ((1, 2, 4, 5, 6), [2, 2, 3], [2, 1, 2], [0, 0, 1, 0, 1, 1], 1),
        ((1, 2, 4, 5, 6), [3, 2, 2], [1, 2, 2], [1, 0, 0, 1, 0, 0], 2),
    ],
)
def test_lp_pool(shape, kernel, strides, pads, p):
    rng = np.random.default_rng(len(shape) * 10 + p)
    x = rng.standard_normal(shape).astype(np.float32)
    if p % 2:
        x = np.abs(x) + 0.1
    text, got = run("LpPool", x, kernel_shape=kernel, strides=strides, pads=pads, p=p)
    assert f"nn.avg_pool{len(kernel)}d(" in text and "count_include_pad=True" in text, text
    np.testing.assert_allclose(got, lp_reference(x, kernel, strides, pads, p), rtol=1e-4, atol=1e-5)


def test_lp_pool_same_upper():
    x = np.random.default_rng(1).standard_normal((1, 1, 5, 5)).astype(np.float32)
    _, got = run("LpPool", x, kernel_shape=[2, 2], strides=[2, 2], auto_pad="SAME_UPPER")
    np.testing.assert_allclose(got, lp_reference(x, [2, 2], [2, 2], [0, 0, 1, 1], 2), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("shape, p", [((2, 3, 7), 2), ((1, 3, 4, 5), 2), ((1, 2, 3, 4, 2), 3)])
def test_global_lp_pool(shape, p):
    x = np.random.default_rng(2).standard_normal(shape).astype(np.float32)
    if p % 2:
        x = np.abs(x)
    _, got = run("GlobalLpPool", x, p=p)
    n = len(shape) - 2
    want = lp_reference(x, list(shape[2:]), [1] * n, [0] * (2 * n), p)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_lp_pool_forms_up_front():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 2, 2, 2, 2])
    x2 = helper.make_tensor_value_info("x2", TensorProto.FLOAT, [1, 1, 4])
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("a", "b")]
    nodes = [helper.make_node("GlobalLpPool", ["x"], ["a"], name="g6"),
             helper.make_node("LpPool", ["x2"], ["b"], kernel_shape=[2], p=0, name="p0")]
    model = helper.make_model(helper.make_graph(nodes, "g", [x, x2], outs),
                              opset_imports=[helper.make_opsetid("", 17)]).SerializeToString()
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model)
    msg = str(e.value)
    assert "GlobalLpPool with an input of rank 6" in msg, msg
    assert "LpPool with p=0 (1 node: 'p0')" in msg, msg
