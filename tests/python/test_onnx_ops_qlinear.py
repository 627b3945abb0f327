"""com.microsoft QLinearAdd / QLinearMul / QLinearLeakyRelu / QLinearSigmoid / QLinearSoftmax
(dequantize, float op, quantize, as TVM and ONNX Runtime compute them) against NumPy written
from ONNX Runtime's definition. One float op between dequantize and quantize (Add, Mul,
LeakyRelu) gives the same float32 value as NumPy, so those match exactly; sigmoid and softmax
go through libm, so a value within an ulp of a rounding tie may land one step away."""
import numpy as np
import pytest

import tirgen
from onnx_op_util import run_contrib_node

def run(op, inputs, params, **attrs):
    """One com.microsoft node: ``inputs`` are graph inputs, ``params`` initializers (scales,
    zero points), both lists of (name, array) in node input order ("" for an absent one)."""
    order = attrs.pop("order", None)
    return run_contrib_node(op, inputs, params, attrs, order)[1][0]


def dq(q, s, z):
    return ((q.astype(np.int32) - np.int32(z)).astype(np.float32) * np.float32(s)).astype(np.float32)


def qz(v, s, z, dtype):
    info = np.iinfo(dtype)
    return np.clip(np.rint(v / np.float32(s)) + np.int32(z), info.min, info.max).astype(dtype)


def f32(v):
    return np.array(v, np.float32)


@pytest.mark.parametrize("op, fn", [("QLinearAdd", np.add), ("QLinearMul", np.multiply)])
@pytest.mark.parametrize("dtype", [np.uint8, np.int8])
def test_binary(op, fn, dtype):
    rng = np.random.default_rng(0)
    info = np.iinfo(dtype)
    a = rng.integers(info.min, info.max, size=(2, 3, 4), endpoint=True).astype(dtype)
    b = rng.integers(info.min, info.max, size=(3, 1), endpoint=True).astype(dtype)  # broadcasts
    za, zb, zc = [np.array(v, dtype) for v in ((3, -4, 1) if dtype == np.int8 else (120, 131, 128))]
    sa, sb, sc = f32(0.05), f32(0.03), f32(0.11 if op == "QLinearAdd" else 0.4)
    got = run(op, [("a", a), ("b", b)],
              [("sa", sa), ("za", za), ("sb", sb), ("zb", zb), ("sc", sc), ("zc", zc)],
              order=["a", "sa", "za", "b", "sb", "zb", "sc", "zc"])
    want = qz(fn(dq(a, sa, za), dq(b, sb, zb)), sc, zc, dtype)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, want)


def test_leaky_relu_default_alpha_and_absent_zero_points():
    x = np.arange(-128, 128, dtype=np.int8).reshape(16, 16)
    got = run("QLinearLeakyRelu", [("x", x)], [("sx", f32(0.1)), ("sy", f32(0.05))], order=["x", "sx", "", "sy"])
    v = dq(x, 0.1, 0)
    np.testing.assert_array_equal(got, qz(np.where(v >= 0, v, np.float32(0.01) * v), 0.05, 0, np.int8))


@pytest.mark.parametrize("op", ["QLinearSigmoid", "QLinearSoftmax"])
def test_sigmoid_softmax(op):
    x = np.random.default_rng(1).integers(0, 256, size=(3, 17)).astype(np.uint8)
    sx, zx, sy, zy = f32(0.04), np.array(128, np.uint8), f32(1 / 256), np.array(0, np.uint8)
    got = run(op, [("x", x)], [("sx", sx), ("zx", zx), ("sy", sy), ("zy", zy)], axis=-1)
    v = dq(x, sx, zx).astype(np.float64)
    if op == "QLinearSigmoid":
        f = 1 / (1 + np.exp(-v))
    else:
        e = np.exp(v - v.max(axis=-1, keepdims=True))
        f = e / e.sum(axis=-1, keepdims=True)
    want = qz(f.astype(np.float32), sy, zy, np.uint8)
    diff = np.abs(got.astype(int) - want.astype(int))
    assert diff.max() <= 1 and (diff == 0).mean() > 0.95, (diff.max(), (diff == 0).mean())


def test_per_channel_scale_is_refused_with_the_node():
    x = np.zeros((2, 3), np.uint8)
    with pytest.raises(tirgen.TirgenError, match=r"QLinearSigmoid.*input 1 must hold one value"):
        run("QLinearSigmoid", [("x", x)], [("sx", np.ones(3, np.float32)), ("zx", np.zeros(3, np.uint8)),
                                           ("sy", f32(1.0)), ("zy", np.array(0, np.uint8))])


def test_scale_of_rank_two_is_refused_as_tvm_does():
    """TVM's get_scalar asserts rank <= 1; the QLinear ops read their scales and zero points
    through the same helper as QLinearConv/MatMul and QuantizeLinear, so a (1, 1) scale is
    refused here too (it was read as a scalar before)."""
    x = np.zeros((2, 3), np.uint8)
    with pytest.raises(tirgen.TirgenError, match=r"QLinearSigmoid.*input 1 must be a scalar or 1-D, not rank 2"):
        run("QLinearSigmoid", [("x", x)], [("sx", np.ones((1, 1), np.float32)), ("zx", np.array(0, np.uint8)),
                                           ("sy", f32(1.0)), ("zy", np.array(0, np.uint8))])
