"""com.microsoft QLinearAveragePool / QLinearGlobalAveragePool (dequantize, float pool,
quantize), QLinearConcat (requantize each input whose parameters differ from the output's, then
concatenate) and MatMulInteger16 (nn.dense / nn.batch_matmul with an int32 or uint32
out_dtype), as TVM v0.14's frontend lowers them, against NumPy. Integer outputs are exact,
except that a value within 1e-3 of a rounding tie may land one step away (the float average
or scale product is computed in another order; TVM rounds ties away from zero or up)."""
import numpy as np
import pytest
from onnx import TensorProto, helper

from onnx_op_util import import_error, run_contrib_node

def run(op, inputs, params, attrs=None, order=None):
    text, outs = run_contrib_node(op, inputs, params, attrs, order)
    return text, outs[0]


def quantized_close(got, value, scale, zp, dtype):
    """got == clip(round(value / scale) + zp), exactly away from ties (value in float64)."""
    info = np.iinfo(dtype)
    q = value / np.float64(scale)
    want = np.clip(np.floor(q + 0.5) + zp, info.min, info.max)
    tie = np.abs(q - np.floor(q) - 0.5) < 1e-3
    diff = np.abs(got.astype(np.int64) - want.astype(np.int64))
    assert got.dtype == dtype
    assert (diff[~tie] == 0).all(), (got[~tie][diff[~tie] != 0], want[~tie][diff[~tie] != 0])
    assert (diff <= 1).all()


def qinput(dtype, shape, seed=0):
    info = np.iinfo(dtype)
    return np.random.default_rng(seed).integers(info.min, info.max, size=shape, endpoint=True).astype(dtype)


def f32(v):
    return np.array(v, np.float32)


def avg_pool_ref(x, k, s, pads, count_include_pad):
    """2-D average pool of float64 x (N, C, H, W) with pads (top, left, bottom, right)."""
    n, c, h, w = x.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    ones = np.pad(np.ones((h, w)), ((pads[0], pads[2]), (pads[1], pads[3])))
    oh, ow = (xp.shape[2] - k[0]) // s[0] + 1, (xp.shape[3] - k[1]) // s[1] + 1
    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * s[0]:i * s[0] + k[0], j * s[1]:j * s[1] + k[1]]
            cnt = k[0] * k[1] if count_include_pad else ones[i * s[0]:i * s[0] + k[0], j * s[1]:j * s[1] + k[1]].sum()
            out[:, :, i, j] = win.sum(axis=(2, 3)) / cnt
    return out


@pytest.mark.parametrize("dtype, zx, zy", [(np.uint8, 120, 131), (np.int8, -3, 5)])
@pytest.mark.parametrize("count_include_pad", [0, 1])
def test_qlinear_average_pool(dtype, zx, zy, count_include_pad):
    x = qinput(dtype, (2, 3, 7, 6))
    sx, sy = f32(0.05), f32(0.031)
    text, got = run("QLinearAveragePool", [("x", x)], [("sx", sx), ("zx", np.array(zx, dtype)), ("sy", sy), ("zy", np.array(zy, dtype))],
                    {"kernel_shape": [3, 2], "strides": [2, 2], "pads": [1, 0, 1, 1], "count_include_pad": count_include_pad})
    assert "qnn.dequantize(" in text and "nn.avg_pool2d(" in text and "qnn.quantize(" in text, text
    deq = (x.astype(np.float64) - zx) * np.float64(sx)
    quantized_close(got, avg_pool_ref(deq, (3, 2), (2, 2), (1, 0, 1, 1), count_include_pad), sy, zy, dtype)


@pytest.mark.parametrize("shape", [(2, 3, 9), (2, 3, 5, 4), (1, 2, 3, 4, 2)])
def test_qlinear_global_average_pool(shape):
    x = qinput(np.uint8, shape, seed=1)
    sx, sy = f32(0.07), f32(0.02)
    _, got = run("QLinearGlobalAveragePool", [("x", x)], [("sx", sx), ("zx", np.array(128, np.uint8)), ("sy", sy), ("zy", np.array(100, np.uint8))])
    deq = (x.astype(np.float64) - 128) * np.float64(sx)
    axes = tuple(range(2, len(shape)))
    quantized_close(got, deq.mean(axis=axes, keepdims=True), sy, 100, np.uint8)


def test_qlinear_concat():
    a, b, c = qinput(np.uint8, (2, 3, 4), 2), qinput(np.uint8, (2, 1, 4), 3), qinput(np.uint8, (2, 2, 4), 4)
    sy, zy = f32(0.1), np.array(128, np.uint8)
    params = [("sy", sy), ("zy", zy), ("sa", f32(0.1)), ("za", np.array(128, np.uint8)),  # a has y's parameters
              ("sb", f32(0.25)), ("zb", np.array(7, np.uint8)), ("sc", f32(0.03)), ("zc", np.array(200, np.uint8))]
    order = ["sy", "zy", "a", "sa", "za", "b", "sb", "zb", "c", "sc", "zc"]
    text, got = run("QLinearConcat", [("a", a), ("b", b), ("c", c)], params, {"axis": -2}, order=order)
    assert text.count("qnn.requantize(") == 2, text  # a is concatenated as it is
    np.testing.assert_array_equal(got[:, :3], a)
    quantized_close(got[:, 3:4], (b.astype(np.float64) - 7) * np.float64(f32(0.25)), sy, 128, np.uint8)
    quantized_close(got[:, 4:], (c.astype(np.float64) - 200) * np.float64(f32(0.03)), sy, 128, np.uint8)


@pytest.mark.parametrize("ta, tb, out", [(np.int16, np.int16, np.int32), (np.uint16, np.int16, np.int32),
                                         (np.uint16, np.uint16, np.uint32)])
@pytest.mark.parametrize("a_shape, b_shape", [((3, 5), (5, 4)), ((2, 3, 5), (5, 4)), ((2, 3, 5), (2, 5, 4))])
def test_matmul_integer16(ta, tb, out, a_shape, b_shape):
    rng = np.random.default_rng(5)
    lo = lambda t: 0 if t == np.uint16 else -3000
    a = rng.integers(lo(ta), 3000, size=a_shape).astype(ta)
    b = rng.integers(lo(tb), 3000, size=b_shape).astype(tb)
    text, got = run("MatMulInteger16", [("a", a), ("b", b)], [])
    assert ("nn.dense(" in text) == (len(b_shape) == 2), text
    assert got.dtype == out
    np.testing.assert_array_equal(got, np.matmul(a.astype(np.int64), b.astype(np.int64)).astype(out))


def test_unsupported_forms_are_listed_up_front():
    u8 = TensorProto.UINT8
    params = ["s", "z", "s", "z"]
    nodes = [helper.make_node("QLinearAveragePool", ["x6"] + params, ["a"], name="qap6", domain="com.microsoft",
                              kernel_shape=[1, 1, 1, 1]),
             helper.make_node("QLinearGlobalAveragePool", ["x2"] + params, ["b"], name="qgap2", domain="com.microsoft")]
    msg = import_error(nodes, {"x6": (u8, [1, 1, 2, 2, 2, 2]), "x2": (u8, [1, 2]), "s": (TensorProto.FLOAT, []), "z": (u8, [])},
                       "ab", domains=["com.microsoft"])
    assert "com.microsoft.QLinearAveragePool with an input of rank 6" in msg, msg
    assert "com.microsoft.QLinearGlobalAveragePool with an input of rank 2 (ranks 3 to 5) (1 node: 'qgap2')" in msg, msg


def test_channels_last_is_refused_up_front():
    # ONNX Runtime's channels_last=1 means NHWC data; importing it as NCHW would give wrong numbers
    u8 = TensorProto.UINT8
    params = ["s", "z", "s", "z"]
    nodes = [helper.make_node("QLinearAveragePool", ["x"] + params, ["a"], name="qap_nhwc", domain="com.microsoft",
                              kernel_shape=[2, 2], channels_last=1),
             helper.make_node("QLinearGlobalAveragePool", ["x"] + params, ["b"], name="qgap_nhwc",
                              domain="com.microsoft", channels_last=1)]
    msg = import_error(nodes, {"x": (u8, [1, 4, 4, 3]), "s": (TensorProto.FLOAT, []), "z": (u8, [])},
                       "ab", domains=["com.microsoft"])
    assert "com.microsoft.QLinearAveragePool with channels_last=1" in msg and "'qap_nhwc'" in msg, msg
    assert "com.microsoft.QLinearGlobalAveragePool with channels_last=1" in msg and "'qgap_nhwc'" in msg, msg
