"""Op forms of standard ONNX ops that TVM v0.14's frontend accepts and tirgen used to refuse:
LayerNormalization's Mean / InvStdDev outputs, MaxPool's storage_order=1 (column-major Indices),
QLinearMatMul / MatMulInteger with a batched second input (qnn.batch_matmul), the decomposed
Reduce* ops on a 0-d input; and float64 BatchNormalization / LayerNormalization, which were an
internal error. Forms that passed the up-front check and failed at conversion (refused up front
now, or converted): batched quantized matmuls with a per-column B or a 1-D A, LayerNormalization's
float16 stash_type, opset-12 BatchNormalization with the saved statistics alone.

References are NumPy, written here from the ONNX operator definitions (onnx 1.12 on this machine
has no onnx.reference). Tolerances: float32 outputs rtol 1e-5 (reductions of a few dozen terms),
float64 ones 1e-10; integer outputs exactly, except requantized values within 1e-6 of a rounding tie, where
TVM's TONEAREST (ties away from zero) and ONNX's half-to-even differ by exactly one step."""
import itertools

import numpy as np
import pytest
from onnx import TensorProto, helper

import tirgen
from onnx_contrib_util import import_error, run


# ---------------------------------------------------------------- LayerNormalization statistics

@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("axis", [-1, 1, -2])
def test_layer_norm_mean_and_inv_std_dev_outputs(dtype, axis):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2, 3, 4, 5)).astype(dtype) * 3 + 1
    a = axis % 4
    scale = rng.normal(size=x.shape[a:]).astype(dtype)
    bias = rng.normal(size=x.shape[a:]).astype(dtype)
    node = helper.make_node("LayerNormalization", ["x", "s", "b"], ["y", "mean", "inv"], axis=axis, epsilon=1e-3)
    _, (y, mean, inv) = run([node], [("x", x)], ["y", "mean", "inv"], [("s", scale), ("b", bias)])
    # ONNX: statistics over axes [axis, rank) in stash_type (float32 by default), kept dims.
    xs = x.astype(np.float32)
    axes = tuple(range(a, 4))
    want_mean = xs.mean(axis=axes, keepdims=True)
    want_inv = 1 / np.sqrt(((xs - want_mean) ** 2).mean(axis=axes, keepdims=True) + np.float32(1e-3))
    want_y = (x - x.mean(axis=axes, keepdims=True)) / np.sqrt(x.var(axis=axes, keepdims=True) + 1e-3) * scale + bias
    assert mean.dtype == np.float32 and inv.dtype == np.float32 and y.dtype == dtype
    assert mean.shape == x.shape[:a] + (1,) * (4 - a) and inv.shape == mean.shape
    np.testing.assert_allclose(mean, want_mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(inv, want_inv, rtol=1e-5)
    np.testing.assert_allclose(y, want_y, rtol=1e-5, atol=1e-5)


def test_layer_norm_stats_in_double_stash_type_and_only_inv_std_dev():
    x = np.random.default_rng(2).normal(size=(3, 8)).astype(np.float32)
    node = helper.make_node("LayerNormalization", ["x", "s"], ["y", "", "inv"], stash_type=TensorProto.DOUBLE)
    _, (y, inv) = run([node], [("x", x)], ["y", "inv"], [("s", np.ones(8, np.float32))])
    xd = x.astype(np.float64)
    assert inv.dtype == np.float64
    np.testing.assert_allclose(inv, 1 / np.sqrt(xd.var(axis=1, keepdims=True) + 1e-5), rtol=1e-12)
    np.testing.assert_allclose(y, (xd - xd.mean(1, keepdims=True)) * inv, rtol=1e-5, atol=1e-6)


def test_layer_norm_integer_stash_type_is_refused_up_front():
    x = np.zeros((2, 4), np.float32)
    nodes = [helper.make_node("LayerNormalization", ["x", "s"], ["y", "mean"], stash_type=TensorProto.INT32, name="ln"),
             helper.make_node("NoSuchOp", ["y"], ["z"], name="bad")]
    msg = import_error(nodes, [("x", x)], ["z", "mean"], [("s", np.ones(4, np.float32))])
    assert "LayerNormalization with stash_type=6 for the Mean/InvStdDev outputs (1 = float32 or 11 = float64) (1 node: 'ln')" in msg, msg
    assert "NoSuchOp" in msg, msg


def test_layer_norm_float16_stash_type_is_refused_up_front_with_other_forms():
    # float16 statistics need float16 relay constants, which tirgen cannot make: refused in the
    # up-front check (it used to pass it and fail at conversion), listed with the other form.
    x = np.zeros((2, 4), np.float32)
    nodes = [helper.make_node("LayerNormalization", ["x", "s"], ["y", "", "inv"], stash_type=TensorProto.FLOAT16, name="ln"),
             helper.make_node("Pad", ["y", "p"], ["z"], mode="wrap", name="pw")]
    msg = import_error(nodes, [("x", x)], ["z", "inv"], [("s", np.ones(4, np.float32)), ("p", np.zeros(4, np.int64))],
                       opset=19)
    assert "2 ONNX operator types or forms" in msg, msg
    assert "LayerNormalization with stash_type=10 for the Mean/InvStdDev outputs (1 = float32 or 11 = float64) (1 node: 'ln')" in msg, msg
    assert "Pad with mode 'wrap' (1 node: 'pw')" in msg, msg


# ---------------------------------------------------------------- MaxPool storage_order

def max_pool_ref(x, kernel, strides, pads, column_major):
    """Max and ONNX flat index of each window (first maximum in the window's row-major tap order;
    padding never wins); spatial dims of the index row-major, or column-major for storage_order=1."""
    n, c, *spatial = x.shape
    d = len(spatial)
    out = [(spatial[i] + pads[i] + pads[i + d] - kernel[i]) // strides[i] + 1 for i in range(d)]
    vals = np.zeros((n, c, *out), x.dtype)
    idx = np.zeros((n, c, *out), np.int64)
    if column_major:
        flat = [int(np.prod(spatial[:i])) for i in range(d)]
    else:
        flat = [int(np.prod(spatial[i + 1:])) for i in range(d)]
    plane = int(np.prod(spatial))
    for b, ch in itertools.product(range(n), range(c)):
        for o in itertools.product(*[range(e) for e in out]):
            best, at = None, None
            for t in itertools.product(*[range(k) for k in kernel]):
                p = [o[i] * strides[i] - pads[i] + t[i] for i in range(d)]
                if any(p[i] < 0 or p[i] >= spatial[i] for i in range(d)):
                    continue
                v = x[(b, ch, *p)]
                if best is None or v > best:
                    best, at = v, p
            vals[(b, ch, *o)] = best
            idx[(b, ch, *o)] = (b * c + ch) * plane + sum(at[i] * flat[i] for i in range(d))
    return vals, idx


@pytest.mark.parametrize("shape,kernel,strides,pads", [
    ((2, 3, 5, 7), [2, 3], [1, 2], [0, 1, 1, 0]),
    ((1, 2, 4, 5, 3), [2, 2, 2], [2, 1, 1], [1, 0, 1, 0, 1, 0]),
    ((2, 2, 9), [3], [2], [1, 1]),
])
@pytest.mark.parametrize("order", [0, 1])
def test_max_pool_indices_by_storage_order(shape, kernel, strides, pads, order):
    x = np.random.default_rng(3).permutation(np.prod(shape)).reshape(shape).astype(np.float32)  # no ties
    node = helper.make_node("MaxPool", ["x"], ["y", "i"], kernel_shape=kernel, strides=strides, pads=pads,
                            storage_order=order)
    _, (y, i) = run([node], [("x", x)], ["y", "i"], opset=12)
    want_y, want_i = max_pool_ref(x, kernel, strides, pads, column_major=order == 1)
    np.testing.assert_array_equal(y, want_y)
    assert i.dtype == np.int64
    np.testing.assert_array_equal(i, want_i)
    # Each index points at its maximum in the input read in that order.
    if order == 1:
        n, c = shape[:2]
        cm = x.reshape(n * c, *shape[2:]).transpose(0, *range(len(shape) - 2, 0, -1)).reshape(-1)
        np.testing.assert_array_equal(cm[i], y)


def test_max_pool_storage_order_without_indices_is_the_plain_pool():
    x = np.random.default_rng(4).normal(size=(1, 2, 6, 6)).astype(np.float32)
    node = helper.make_node("MaxPool", ["x"], ["y"], kernel_shape=[3, 3], strides=[2, 2], storage_order=1)
    mod, (y,) = run([node], [("x", x)], ["y"])
    assert "nn.max_pool2d" in str(mod)
    np.testing.assert_array_equal(y, max_pool_ref(x, [3, 3], [2, 2], [0] * 4, True)[0])


def test_max_pool_storage_order_outside_0_and_1_is_refused_up_front():
    x = np.zeros((1, 1, 4, 4), np.float32)
    node = helper.make_node("MaxPool", ["x"], ["y"], kernel_shape=[2, 2], storage_order=2, name="mp")
    msg = import_error([node], [("x", x)], ["y"])
    assert "MaxPool with storage_order=2 (0 or 1) (1 node: 'mp')" in msg, msg


# ---------------------------------------------------------------- batched quantized matmul

def f32(v):
    return np.array(v, np.float32)


def onnx_requantize(acc, multiplier, zp, dtype):
    """ONNX QLinearMatMul: round half to even of acc * a_scale * b_scale / y_scale, + zero point,
    saturated. Also returns where the scaled value is within 1e-6 of a tie."""
    real = acc.astype(np.float64) * multiplier
    info = np.iinfo(dtype)
    tie = np.abs(np.abs(real - np.floor(real)) - 0.5) < 1e-6
    return np.clip(np.rint(real) + int(zp), info.min, info.max).astype(dtype), tie


@pytest.mark.parametrize("a_shape,b_shape", [
    ((2, 3, 4, 5), (3, 5, 6)),   # B broadcast over A's leading batch dim
    ((4, 5), (2, 5, 3)),         # A broadcast over B's batch
    ((2, 1, 4, 5), (1, 3, 5, 2)),  # both broadcast
])
@pytest.mark.parametrize("b_dtype", [np.uint8, np.int8])
def test_qlinear_matmul_batched_second_input(a_shape, b_shape, b_dtype):
    rng = np.random.default_rng(5)
    a = rng.integers(0, 256, size=a_shape).astype(np.uint8)
    info = np.iinfo(b_dtype)
    b = rng.integers(info.min, info.max + 1, size=b_shape).astype(b_dtype)
    za, zb, zy = np.array(120, np.uint8), np.array(7 if b_dtype == np.uint8 else -3, b_dtype), np.array(100, np.uint8)
    sa, sb, sy = f32(0.02), f32(0.03), f32(0.7)
    node = helper.make_node("QLinearMatMul", ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], ["y"])
    mod, (y,) = run([node], [("a", a), ("b", b)], ["y"],
                    [("sa", sa), ("za", za), ("sb", sb), ("zb", zb), ("sy", sy), ("zy", zy)], opset=13)
    assert "qnn.batch_matmul" in str(mod)
    acc = np.matmul(a.astype(np.int64) - 120, b.astype(np.int64) - int(zb))
    want, tie = onnx_requantize(acc, float(sa) * float(sb) / float(sy), zy, np.uint8)
    assert y.shape == want.shape and y.dtype == np.uint8
    diff = np.abs(y.astype(np.int64) - want)
    assert diff.max() <= 1 and not np.any(diff[~tie]), (diff.max(), np.count_nonzero(diff[~tie]))


def test_matmul_integer_batched_second_input_is_exact():
    rng = np.random.default_rng(6)
    a = rng.integers(0, 256, size=(3, 4, 6)).astype(np.uint8)
    b = rng.integers(-128, 128, size=(3, 6, 5)).astype(np.int8)
    node = helper.make_node("MatMulInteger", ["a", "b", "za", "zb"], ["y"])
    _, (y,) = run([node], [("a", a), ("b", b)], ["y"], [("za", np.array(9, np.uint8)), ("zb", np.array(-5, np.int8))])
    assert y.dtype == np.int32
    np.testing.assert_array_equal(y, np.matmul(a.astype(np.int64) - 9, b.astype(np.int64) + 5))


def test_batched_quantized_matmul_malformed_inputs_are_located_errors():
    a = np.zeros((2, 3, 4), np.uint8)
    b = np.zeros((2, 4, 5), np.uint8)
    # Per-column zero points cannot go through qnn.batch_matmul.
    node = helper.make_node("MatMulInteger", ["a", "b", "", "zb"], ["y"], name="mmi")
    msg = import_error([node], [("a", a), ("b", b)], ["y"], [("zb", np.zeros(5, np.uint8))])
    assert "'mmi'" in msg and "b_zero_point of 5 (per-column) values with a batched B" in msg, msg
    # Batch dims that do not broadcast.
    node = helper.make_node("MatMulInteger", ["a", "b"], ["y"], name="mm2")
    msg = import_error([node], [("a", a), ("b", np.zeros((3, 4, 5), np.uint8))], ["y"])
    assert "'mm2'" in msg and "batch dimensions do not broadcast" in msg, msg
    # A 1-D B is refused up front, with the node named.
    node = helper.make_node("MatMulInteger", ["a", "b"], ["y"], name="mm1")
    msg = import_error([node], [("a", a), ("b", np.zeros(4, np.uint8))], ["y"])
    assert "MatMulInteger with a second input of rank 1 (2-D or batched) (1 node: 'mm1')" in msg, msg


def test_batched_quantized_matmul_forms_are_refused_up_front_with_other_forms():
    # A per-column B scale / zero point and a 1-D A cannot go through qnn.batch_matmul; the
    # up-front check lists them with the model's other unsupported forms in one error.
    a, b = np.zeros((2, 4, 6), np.uint8), np.zeros((2, 6, 5), np.uint8)
    u8, f = lambda v: np.array(v, np.uint8), lambda v: np.array(v, np.float32)
    nodes = [
        helper.make_node("QLinearMatMul", ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], ["q"], name="qcol"),
        helper.make_node("MatMulInteger", ["a", "b", "", "zc"], ["m"], name="mcol"),
        helper.make_node("MatMulInteger", ["a1", "b"], ["v"], name="m1d"),
        helper.make_node("Cast", ["m"], ["mf"], to=TensorProto.FLOAT),
        helper.make_node("Pad", ["mf", "p"], ["w"], mode="wrap", name="pw"),
    ]
    params = [("sa", f(0.1)), ("za", u8(1)), ("sb", f([0.1] * 5)), ("zb", u8(2)), ("sy", f(1.0)), ("zy", u8(0)),
              ("zc", np.zeros(5, np.uint8)), ("a1", np.zeros(6, np.uint8)), ("p", np.zeros(6, np.int64))]
    msg = import_error(nodes, [("a", a), ("b", b)], ["q", "v", "w"], params, opset=19)
    assert "4 ONNX operator types or forms" in msg, msg
    for part in ["QLinearMatMul with a b_scale of 5 (per-column) values with a batched B (give one value, "
                 "per-tensor, or use a 2-D B) (1 node: 'qcol')",
                 "MatMulInteger with a b_zero_point of 5 (per-column) values with a batched B (give one value, "
                 "per-tensor, or use a 2-D B) (1 node: 'mcol')",
                 "MatMulInteger with a 1-D A with a batched B (give A a unit row, rank 2, or use a 2-D B) (1 node: 'm1d')",
                 "Pad with mode 'wrap' (1 node: 'pw')"]:
        assert part in msg, (part, msg)


# ---------------------------------------------------------------- reductions of a 0-d input

@pytest.mark.parametrize("op,fn", [
    ("ReduceL1", np.abs), ("ReduceL2", np.abs), ("ReduceSumSquare", np.square),
    ("ReduceLogSum", np.log), ("ReduceLogSumExp", lambda v: v),
])
@pytest.mark.parametrize("keepdims", [0, 1])
def test_decomposed_reduce_of_a_0d_input_is_0d(op, fn, keepdims):
    # ONNX: a 0-d input reduces over no axes to a 0-d result, keepdims or not.
    x = np.array(2.5 if op == "ReduceLogSum" else -2.5, np.float32)
    _, (y,) = run([helper.make_node(op, ["x"], ["y"], keepdims=keepdims)], [("x", x)], ["y"], opset=13)
    assert y.shape == () and y.dtype == np.float32
    np.testing.assert_allclose(y, fn(x), rtol=1e-6)


def test_decomposed_reduce_of_a_0d_input_with_an_axis_is_a_located_error():
    x = np.array(1.0, np.float32)
    with pytest.raises(tirgen.TirgenError) as e:
        run([helper.make_node("ReduceL2", ["x"], ["y"], axes=[0], name="l2")], [("x", x)], ["y"], opset=13)
    assert "'l2'" in str(e.value) and "out of range for a tensor of rank 0" in str(e.value), str(e.value)


# ---------------------------------------------------------------- float64 normalizations

def test_float64_batch_norm_and_layer_norm_run():
    # SimplifyInference wrote epsilon as 4 bytes whatever the dtype: float64 models were an
    # internal error.
    rng = np.random.default_rng(7)
    x = rng.normal(size=(2, 3, 4, 5))
    g, b, m, v = rng.normal(size=3), rng.normal(size=3), rng.normal(size=3), rng.uniform(0.5, 2, size=3)
    s5, b5 = rng.normal(size=5), rng.normal(size=5)
    nodes = [helper.make_node("BatchNormalization", ["x", "g", "b", "m", "v"], ["bn"], epsilon=1e-3),
             helper.make_node("LayerNormalization", ["x", "s5", "b5"], ["ln"], epsilon=1e-3)]
    _, (bn, ln) = run(nodes, [("x", x)], ["bn", "ln"], [("g", g), ("b", b), ("m", m), ("v", v), ("s5", s5), ("b5", b5)])
    c = (slice(None), None, None)
    eps = float(np.float32(1e-3))  # the attribute is a float32
    assert bn.dtype == np.float64 and ln.dtype == np.float64
    np.testing.assert_allclose(bn, (x - m[c]) / np.sqrt(v[c] + eps) * g[c] + b[c], rtol=1e-10, atol=1e-10)
    want = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * s5 + b5
    np.testing.assert_allclose(ln, want, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("outputs", [["y", "", "", "sm", "sv"], ["y", "", "", "sm"], ["y", "", "", "", "sv"]])
def test_batch_norm_opset_12_saved_statistics_alone_is_training_mode(outputs):
    # Before opset 14 a node with any optional output is in training mode (ONNX's output cases
    # are Y alone, test mode, or all five): the saved mean / var outputs alone used to be read
    # as test mode and failed at conversion. Y normalizes with the batch's statistics; the saved
    # mean / var are the batch's (biased variance), as the converter gives them with the running
    # outputs. float32, rtol 1e-5.
    rng = np.random.default_rng(8)
    x = rng.normal(size=(2, 3, 4, 5)).astype(np.float32) * 2 + 1
    g, b = rng.normal(size=3).astype(np.float32), rng.normal(size=3).astype(np.float32)
    m, v = np.zeros(3, np.float32), np.ones(3, np.float32)
    node = helper.make_node("BatchNormalization", ["x", "g", "b", "m", "v"], outputs, epsilon=1e-3, name="bn")
    named = [o for o in outputs if o]
    _, got = run([node], [("x", x)], named, [("g", g), ("b", b), ("m", m), ("v", v)], opset=12)
    xd = x.astype(np.float64)
    mean, var = xd.mean(axis=(0, 2, 3)), xd.var(axis=(0, 2, 3))
    c = (1, 3, 1, 1)
    want = {"y": (xd - mean.reshape(c)) / np.sqrt(var.reshape(c) + 1e-3) * g.reshape(c) + b.reshape(c),
            "sm": mean, "sv": var}
    for name, y in zip(named, got):
        np.testing.assert_allclose(y, want[name], rtol=1e-5, atol=1e-5, err_msg=name)
