"""ONNX DFT (opset 17; ops_signal.cc) through relay `dft` (topi/signal.cc) against numpy.fft:
real and complex inputs, forward and inverse, onesided, every signal axis (negative ones too),
dft_length cropping and zero-padding. float32: rtol 1e-4, atol 1e-4 x max|out|; float64: rtol
1e-9, atol 1e-9 x max|out|."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import import_error

RNG = np.random.RandomState(0)


def dft_model(shape, dtype, attrs, dft_length=None):
    onnx_type = TensorProto.FLOAT if dtype == np.float32 else TensorProto.DOUBLE
    inputs = ["x"] + (["n"] if dft_length is not None else [])
    inits = [numpy_helper.from_array(np.array(dft_length, np.int64), "n")] if dft_length is not None else []
    node = helper.make_node("DFT", inputs, ["y"], **attrs)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", onnx_type, shape)],
                              [helper.make_tensor_value_info("y", onnx_type, None)], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def reference(x, axis, inverse, onesided, n):
    sig = x[..., 0] + (1j * x[..., 1] if x.shape[-1] == 2 else 0)
    out = np.fft.ifft(sig, n=n, axis=axis) if inverse else np.fft.fft(sig, n=n, axis=axis)
    if onesided:
        out = np.take(out, np.arange(n // 2 + 1), axis=axis)
    return np.stack([out.real, out.imag], -1)


def check(shape, axis=1, inverse=0, onesided=0, dft_length=None, dtype=np.float32):
    x = RNG.randn(*shape).astype(dtype)
    attrs = {"inverse": inverse, "onesided": onesided}
    if axis is not None:
        attrs["axis"] = axis
    mod, params = tirgen.from_onnx(dft_model(list(shape), dtype, attrs, dft_length))
    got = tirgen.run(mod, {"x": x}, params=params)[0]
    rank = len(shape)
    ax = 1 if axis is None else (axis + rank if axis < 0 else axis)
    n = dft_length if dft_length is not None else shape[ax]
    want = reference(x.astype(np.float64), ax, inverse, onesided, n)
    assert got.shape == want.shape and got.dtype == dtype
    tol = 1e-4 if dtype == np.float32 else 1e-9
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * np.abs(want).max())
    return str(mod)


@pytest.mark.parametrize("last", [1, 2])
@pytest.mark.parametrize("inverse", [0, 1])
@pytest.mark.parametrize("onesided", [0, 1])
def test_dft_real_and_complex(last, inverse, onesided):
    text = check((2, 12, last), inverse=inverse, onesided=onesided)
    assert "dft(" in text and ("inverse=True" in text) == bool(inverse)


@pytest.mark.parametrize("axis", [0, 1, 2, -2, -3, None])
def test_dft_axes(axis):
    check((3, 5, 6, 2), axis=axis)


@pytest.mark.parametrize("n", [5, 8, 16])
def test_dft_length_crops_and_pads(n):
    check((2, 8, 2), dft_length=n)
    check((2, 8, 1), dft_length=n, onesided=1)


def test_dft_float64_and_a_long_axis():
    check((1, 256, 2), dtype=np.float64)
    check((1, 1000, 1), inverse=1)


def test_dft_unsupported_forms_are_listed_up_front():
    nodes = [helper.make_node("DFT", ["x2"], ["a"]),
             helper.make_node("DFT", ["x3", "n"], ["b"]),
             helper.make_node("DFT", ["x3"], ["c"], axis=2)]
    err = import_error(nodes, {"x2": (TensorProto.FLOAT, [4, 2]), "x3": (TensorProto.FLOAT, [2, 4, 2]),
                               "n": (TensorProto.INT64, [])}, ["a", "b", "c"])
    assert "DFT with an input of rank 2" in err
    assert "DFT with a dft_length computed at run time" in err
    assert "DFT with axis 2 (the last axis holds the complex parts)" in err


def test_a_zero_length_transform_axis_is_refused():
    # (1, 0, 2) on the default axis 1 without dft_length: nothing to transform (it reached a
    # floormod by 0 at lowering before).
    with pytest.raises(tirgen.TirgenError, match=r"DFT.*transformed axis 1 has length 0"):
        tirgen.from_onnx(dft_model([1, 0, 2], np.float32, {}), shape={"x": [1, 0, 2]})
    # A dft_length pads the empty axis and is kept (all zeros).
    mod, params = tirgen.from_onnx(dft_model([1, 0, 2], np.float32, {}, dft_length=4), shape={"x": [1, 0, 2]})
    out = tirgen.run(mod, {"x": np.zeros((1, 0, 2), np.float32)}, params=params)[0]
    np.testing.assert_array_equal(out, np.zeros((1, 4, 2), np.float32))


def test_relay_dft_refuses_a_zero_length_axis():
    from tirgen import relay
    text = ('#[version = "0.0.5"]\ndef @main(%re: Tensor[(3, 0), float32], %im: Tensor[(3, 0), float32]) {\n'
            "  dft(%re, %im)\n}\n")
    with pytest.raises(tirgen.TirgenError, match=r"transformed \(last\) axis has length 0"):
        tirgen.run(relay.parse(text), {"re": np.zeros((3, 0), np.float32), "im": np.zeros((3, 0), np.float32)})
