"""ONNX opsets 19 and 20 (TVM v0.14's frontend takes them). What they changed for ops tirgen has:
the standard Gelu (20; approximate "none" or "tanh"), DFT's axis as an input (20, default -2),
GridSample's mode names linear / cubic (20), AveragePool's dilations (19). The rest concerns
float8 and string types (refused as dtypes), Pad's wrap mode and Resize's half_pixel_symmetric
(refused up front) and new ops (DeformConv, AffineGrid, ImageDecoder, string ops: listed as
missing).

References are NumPy written from the ONNX definitions (math.erf, np.fft, window loops).
Tolerances: Gelu rtol 1e-5 / atol 1e-6 in float32 and 1e-12 in float64; DFT rtol 1e-4 (float32
sums of 16 terms); pools exactly (a max) or rtol 1e-6 (a mean)."""
import functools
import math

import numpy as np
import pytest
from onnx import helper

import onnx_contrib_util

import_error = functools.partial(onnx_contrib_util.import_error, opset=20)


def run(*args, **kw):
    return onnx_contrib_util.run(*args, **{"opset": 20, **kw})[1]


def gelu_ref(x, approximate):
    x = x.astype(np.float64)
    if approximate == "tanh":
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))


@pytest.mark.parametrize("approximate", [None, "none", "tanh"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_standard_gelu(approximate, dtype):
    x = np.linspace(-6, 6, 3 * 41).reshape(3, 41).astype(dtype)
    attrs = {} if approximate is None else {"approximate": approximate}
    (y,) = run([helper.make_node("Gelu", ["x"], ["y"], **attrs)], [("x", x)], ["y"])
    assert y.dtype == dtype
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == np.float32 else dict(rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(y, gelu_ref(x, approximate), **tol)
    # The two forms differ (by up to ~5e-4 near |x| = 2), so the attribute is honoured.
    other = "none" if approximate == "tanh" else "tanh"
    assert np.abs(gelu_ref(x, approximate) - gelu_ref(x, other)).max() > 1e-4


def test_gelu_unknown_approximate_is_refused_up_front():
    x = np.zeros((2, 3), np.float32)
    msg = import_error([helper.make_node("Gelu", ["x"], ["y"], approximate="sigmoid", name="g")], [("x", x)], ["y"])
    assert "Gelu with approximate 'sigmoid' (none or tanh) (1 node: 'g')" in msg, msg


def dft_ref(x, axis, inverse=False):
    c = x[..., 0] + 1j * x[..., 1] if x.shape[-1] == 2 else x[..., 0].astype(np.complex128)
    y = np.fft.ifft(c, axis=axis) if inverse else np.fft.fft(c, axis=axis)
    return np.stack([y.real, y.imag], axis=-1)


@pytest.mark.parametrize("axis", [None, 1, -3, 2])
def test_dft_axis_input(axis):
    x = np.random.default_rng(1).normal(size=(2, 16, 8, 2)).astype(np.float32)
    inputs, params = ["x"], []
    if axis is not None:
        inputs, params = ["x", "", "axis"], [("axis", np.array(axis, np.int64))]
    (y,) = run([helper.make_node("DFT", inputs, ["y"])], [("x", x)], ["y"], params)
    a = -2 if axis is None else axis  # of x's rank 4; the signal (without the last axis) has the same axes
    want = dft_ref(x.astype(np.float64), a + 4 if a < 0 else a)
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4 * np.abs(want).max())


def test_dft_axis_out_of_range_is_a_located_error():
    x = np.zeros((2, 4, 2), np.float32)
    msg = import_error([helper.make_node("DFT", ["x", "", "axis"], ["y"], name="f")], [("x", x)], ["y"],
                       [("axis", np.array(2, np.int64))])
    assert "'f'" in msg and "axis 2 is out of range" in msg, msg


@pytest.mark.parametrize("mode16,mode20", [("bilinear", "linear"), ("bicubic", "cubic"), ("nearest", "nearest")])
def test_grid_sample_opset_20_mode_names(mode16, mode20):
    rng = np.random.default_rng(2)
    x = rng.normal(size=(1, 2, 5, 6)).astype(np.float32)
    grid = rng.uniform(-1.1, 1.1, size=(1, 4, 3, 2)).astype(np.float32)
    nodes = lambda mode: [helper.make_node("GridSample", ["x", "grid"], ["y"], mode=mode)]
    (old,) = onnx_contrib_util.run(nodes(mode16), [("x", x), ("grid", grid)], ["y"], opset=16)[1]
    (new,) = run(nodes(mode20), [("x", x), ("grid", grid)], ["y"])
    np.testing.assert_array_equal(new, old)
    if mode16 == "bilinear":  # the default at both opsets
        (dflt,) = run([helper.make_node("GridSample", ["x", "grid"], ["y"])], [("x", x), ("grid", grid)], ["y"])
        np.testing.assert_array_equal(dflt, old)


def test_grid_sample_opset_16_mode_name_at_opset_20_is_refused_up_front():
    x = np.zeros((1, 1, 3, 3), np.float32)
    grid = np.zeros((1, 2, 2, 2), np.float32)
    msg = import_error([helper.make_node("GridSample", ["x", "grid"], ["y"], mode="bilinear", name="gs")],
                       [("x", x), ("grid", grid)], ["y"])
    assert "GridSample with mode 'bilinear' (1 node: 'gs')" in msg, msg


def pool_ref(x, kernel, strides, dilations, reduce):
    n, c, h, w = x.shape
    eh, ew = (kernel[0] - 1) * dilations[0] + 1, (kernel[1] - 1) * dilations[1] + 1
    oh, ow = (h - eh) // strides[0] + 1, (w - ew) // strides[1] + 1
    out = np.zeros((n, c, oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            win = x[:, :, i * strides[0]:i * strides[0] + eh:dilations[0], j * strides[1]:j * strides[1] + ew:dilations[1]]
            out[:, :, i, j] = reduce(win.astype(np.float64), axis=(2, 3))
    return out


@pytest.mark.parametrize("op,reduce", [("AveragePool", np.mean), ("MaxPool", np.max)])
def test_pools_with_dilations_at_opset_19(op, reduce):
    x = np.random.default_rng(3).normal(size=(1, 2, 9, 8)).astype(np.float32)
    node = helper.make_node(op, ["x"], ["y"], kernel_shape=[2, 3], strides=[2, 1], dilations=[3, 2])
    (y,) = onnx_contrib_util.run([node], [("x", x)], ["y"], opset=19)[1]
    np.testing.assert_allclose(y, pool_ref(x, [2, 3], [2, 1], [3, 2], reduce), rtol=1e-6)


def test_opset_19_and_20_forms_and_ops_tirgen_lacks_are_listed_up_front():
    x = np.zeros((1, 2, 4, 4), np.float32)
    nodes = [
        helper.make_node("Pad", ["x", "pads"], ["p"], mode="wrap", name="pw"),
        helper.make_node("Resize", ["x", "", "scales"], ["r"], coordinate_transformation_mode="half_pixel_symmetric",
                         mode="linear", name="rs"),
        helper.make_node("AffineGrid", ["theta", "size"], ["a"], name="ag"),
    ]
    params = [("pads", np.zeros(8, np.int64)), ("scales", np.array([1, 1, 2, 2], np.float32)),
              ("theta", np.zeros((1, 2, 3), np.float32)), ("size", np.array([1, 2, 4, 4], np.int64))]
    msg = import_error(nodes, [("x", x)], ["p", "r", "a"], params)
    assert "3 ONNX operator types or forms tirgen cannot import (opset 20)" in msg, msg
    for part in ["Pad with mode 'wrap' (1 node: 'pw')",
                 "Resize with coordinate_transformation_mode 'half_pixel_symmetric' (1 node: 'rs')",
                 "AffineGrid (1 node: 'ag')"]:
        assert part in msg, (part, msg)


def test_opset_21_is_refused_with_the_supported_range():
    x = np.zeros((2, 3), np.float32)
    msg = import_error([helper.make_node("Relu", ["x"], ["y"])], [("x", x)], ["y"], opset=21)
    assert "ai.onnx opset 21 is not supported (tirgen imports opsets 11 to 20" in msg, msg
