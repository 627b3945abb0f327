"""QLinearConv, ConvInteger, QLinearMatMul, MatMulInteger and com.microsoft QGemm (qnn.conv2d /
qnn.dense canonicalized into int32 conv2d / dense plus zero-point terms, then qnn.requantize in
TVM's int64 fixed point).

References. The int32 accumulators come from PyTorch in float64 (exact for these sizes), so
ConvInteger / MatMulInteger are compared exactly. The requantized outputs are compared exactly
with a NumPy model of TVM's fixed-point rule (the multiplier rounded to a Q31 significand,
ties UPWARD for QLinearConv, away from zero (TONEAREST) for QLinearMatMul / QGemm), and with
ONNX's own definition (float scale, round half to even): the two agree except where the scaled
value lies within the Q31 rounding of a tie, where they differ by exactly one step; the test
counts those. (onnx 1.12 on this machine has no onnx.reference; its formula is restated.)"""
import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen
import tirgen.relay

ONNX = {np.uint8: TensorProto.UINT8, np.int8: TensorProto.INT8, np.float32: TensorProto.FLOAT,
        np.int32: TensorProto.INT32}


def run(op, inputs, params, order, domain="", opset=13, **attrs):
    """One node: ``inputs`` are graph inputs, ``params`` initializers, both (name, array);
    ``order`` the node's input names ("" for an absent one)."""
    node = helper.make_node(op, order, ["y"], domain=domain, **attrs)
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info(n, ONNX[a.dtype.type], list(a.shape)) for n, a in inputs],
        [helper.make_tensor_value_info("y", TensorProto.UNDEFINED, None)],
        [numpy_helper.from_array(a, n) for n, a in params])
    opsets = [helper.make_opsetid("", opset)] + ([helper.make_opsetid(domain, 1)] if domain else [])
    model = helper.make_model(graph, opset_imports=opsets)
    mod, p = tirgen.from_onnx(model.SerializeToString())
    return mod, tirgen.run(mod, dict(inputs), params=p)[0]


def f32(v):
    return np.array(v, np.float32)


def conv_acc(x, w, zx, zw, stride=1, pad=0, dilation=1, groups=1):
    """sum (x - zx)(w - zw) in exact integer arithmetic (float64 torch conv of small ints)."""
    zw = np.asarray(zw, np.float64).reshape(-1, 1, 1, 1) if np.ndim(zw) else np.float64(zw)
    xs = torch.from_numpy(x.astype(np.float64) - np.float64(zx))
    ws = torch.from_numpy(w.astype(np.float64) - zw)
    y = torch.nn.functional.conv2d(xs, ws, stride=stride, padding=pad, dilation=dilation, groups=groups)
    return y.numpy().astype(np.int64)


def fixed_point(m):
    """TVM's GetFixedPointMultiplierShift."""
    if m == 0:
        return 0, 0
    sig, exp = np.frexp(m)
    q = int(np.round(sig * (1 << 31)))  # |sig| in [0.5, 1): never a tie in practice
    if q == 1 << 31:
        q //= 2
        exp += 1
    return q, int(exp)


def tvm_requantize(acc, multipliers, zy, dtype, upward, axis=1):
    """TVM's RequantizeLowerInt on int32 ``acc`` (input zero point 0): per-element fixed-point
    multiply (int64, arithmetic shifts), then the output zero point and a clip."""
    acc = acc.astype(np.int64)
    ms = np.atleast_1d(np.asarray(multipliers, np.float64))
    shape = [1] * acc.ndim
    shape[axis] = -1
    qs, shifts = zip(*[fixed_point(m) for m in ms])
    q = np.array(qs, np.int64).reshape(shape if len(ms) > 1 else [])
    s = np.array(shifts, np.int64).reshape(shape if len(ms) > 1 else [])
    lshift, rshift = np.maximum(s, 0), np.maximum(-s, 0)
    prod = (acc << lshift) * q
    total = rshift + 31
    pos = np.left_shift(np.int64(1), total - 1)
    rounding = pos if upward else np.where(prod >= 0, pos, pos - 1)
    out = ((prod + rounding) >> total).astype(np.int64) + int(zy)
    info = np.iinfo(dtype)
    return np.clip(out, info.min, info.max).astype(dtype)


def onnx_requantize(acc, multipliers, zy, dtype, axis=1):
    """ONNX's definition: the accumulator times the float scale ratio, rounded half to even."""
    ms = np.atleast_1d(np.asarray(multipliers, np.float64))
    shape = [1] * acc.ndim
    shape[axis] = -1
    v = np.rint(acc * (ms.reshape(shape) if len(ms) > 1 else ms[0])) + int(zy)
    info = np.iinfo(dtype)
    return np.clip(v, info.min, info.max).astype(dtype)


def check_against_onnx(got, acc, multipliers, zy, dtype, axis=1):
    """got equals ONNX's definition except at (near-)ties, where it is one step away."""
    want = onnx_requantize(acc, multipliers, zy, dtype, axis)
    diff = np.abs(got.astype(np.int64) - want.astype(np.int64))
    assert diff.max() <= 1
    ms = np.atleast_1d(np.asarray(multipliers, np.float64))
    shape = [1] * acc.ndim
    shape[axis] = -1
    frac = np.abs(np.abs(acc * (ms.reshape(shape) if len(ms) > 1 else ms[0])) % 1 - 0.5)
    assert np.all(frac[diff == 1] < 1e-6), "a difference away from a rounding tie"
    return int((diff == 1).sum())


def real_multipliers(x_scale, w_scale, y_scale):
    """x_scale * w_scale folded in float32 (as the importer folds it), over y_scale in double."""
    s = (np.float32(x_scale) * np.asarray(w_scale, np.float32)).astype(np.float32)
    return s.astype(np.float64) / np.float64(np.float32(y_scale))


@pytest.mark.parametrize("case", ["per_tensor_u8", "per_channel_i8_bias", "strided_padded", "depthwise",
                                  "grouped_fallback", "dilated", "same_upper", "pointwise_strided"])
def test_qlinear_conv(case):
    rng = np.random.default_rng(hash(case) % 1000)
    cfg = dict(cin=3, cout=4, k=3, stride=1, pad=0, dilation=1, group=1, dtype=np.uint8, per_channel=False,
               bias=False, auto_pad=None)
    cfg.update({
        "per_tensor_u8": {},
        "per_channel_i8_bias": dict(dtype=np.int8, per_channel=True, bias=True),
        "strided_padded": dict(stride=2, pad=1, bias=True),
        "depthwise": dict(cin=4, cout=4, group=4, pad=1, per_channel=True),
        "grouped_fallback": dict(cin=4, cout=6, group=2, pad=1),
        "dilated": dict(dilation=2, pad=2),
        "same_upper": dict(stride=2, auto_pad="SAME_UPPER"),
        "pointwise_strided": dict(k=1, stride=2, dtype=np.int8),
    }[case])
    dtype = cfg["dtype"]
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, size=(2, cfg["cin"], 9, 8), endpoint=True).astype(dtype)
    w = rng.integers(-128, 127, size=(cfg["cout"], cfg["cin"] // cfg["group"], cfg["k"], cfg["k"]), endpoint=True).astype(np.int8)
    zx = np.array(-3 if dtype == np.int8 else 121, dtype)
    zw = np.array(rng.integers(-5, 5, size=cfg["cout"]), np.int8) if cfg["per_channel"] else np.array(2, np.int8)
    sx, sy = f32(0.02), f32(0.9)
    sw = f32(rng.uniform(0.005, 0.02, size=cfg["cout"])) if cfg["per_channel"] else f32(0.011)
    zy = np.array(5 if dtype == np.int8 else 128, dtype)
    params = [("sx", sx), ("zx", zx), ("w", w), ("sw", sw), ("zw", zw), ("sy", sy), ("zy", zy)]
    order = ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy"]
    bias = None
    if cfg["bias"]:
        bias = rng.integers(-2000, 2000, size=cfg["cout"]).astype(np.int32)
        params.append(("b", bias))
        order.append("b")
    attrs = dict(kernel_shape=[cfg["k"]] * 2, strides=[cfg["stride"]] * 2, dilations=[cfg["dilation"]] * 2, group=cfg["group"])
    pad = cfg["pad"]
    if cfg["auto_pad"]:
        attrs["auto_pad"] = cfg["auto_pad"]
        total = max(0, (-(-9 // 2) - 1) * 2 + 3 - 9), max(0, (-(-8 // 2) - 1) * 2 + 3 - 8)
        xp = np.pad(x, [(0, 0), (0, 0), (total[0] // 2, total[0] - total[0] // 2), (total[1] // 2, total[1] - total[1] // 2)],
                    constant_values=zx)
        acc = conv_acc(xp, w, zx, zw, cfg["stride"], 0, cfg["dilation"], cfg["group"])
    else:
        attrs["pads"] = [pad] * 4
        xp = np.pad(x, [(0, 0), (0, 0), (pad, pad), (pad, pad)], constant_values=zx)
        acc = conv_acc(xp, w, zx, zw, cfg["stride"], 0, cfg["dilation"], cfg["group"])
    if bias is not None:
        acc = acc + bias.reshape(1, -1, 1, 1)
    mod, got = run("QLinearConv", [("x", x)], params, order, **attrs)
    assert "qnn.conv2d" in str(mod) and "qnn.requantize" in str(mod)
    ms = real_multipliers(sx, sw, sy)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, tvm_requantize(acc, ms, zy, dtype, upward=True))
    check_against_onnx(got, acc, ms, zy, dtype)


def test_qlinear_conv_upward_ties_differ_from_onnx():
    """Exact ties: a 1x1 conv whose scale ratio is 0.5 makes every odd accumulator a tie. TVM's
    UPWARD rounds -2.5 to -2 and 2.5 to 3 (ONNX, half to even: -2 and 2); tirgen follows TVM."""
    x = np.arange(-128, 128, dtype=np.int8).reshape(1, 1, 16, 16)
    w = np.ones((1, 1, 1, 1), np.int8)
    params = [("sx", f32(1.0)), ("zx", np.array(0, np.int8)), ("w", w), ("sw", f32(0.5)), ("zw", np.array(0, np.int8)),
              ("sy", f32(1.0)), ("zy", np.array(0, np.int8))]
    _, got = run("QLinearConv", [("x", x)], params, ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy"])
    v = x.astype(np.int64)
    np.testing.assert_array_equal(got, np.floor(v / 2 + 0.5).astype(np.int8))  # UPWARD
    ties = check_against_onnx(got, v, [0.5], 0, np.int8)
    assert ties == 64  # the odd positives: 2.5 -> 3 here, 2 in ONNX; odd negatives agree


@pytest.mark.parametrize("dtype", [np.uint8, np.int8])
def test_conv_integer(dtype):
    rng = np.random.default_rng(3)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, size=(1, 2, 7, 6), endpoint=True).astype(dtype)
    w = rng.integers(info.min, info.max, size=(3, 2, 3, 3), endpoint=True).astype(dtype)
    zx, zw = np.array(7, dtype), np.array(3, dtype)
    mod, got = run("ConvInteger", [("x", x)], [("w", w), ("zx", zx), ("zw", zw)], ["x", "w", "zx", "zw"], opset=13,
                   pads=[1, 0, 1, 0], strides=[1, 2])
    xp = np.pad(x, [(0, 0), (0, 0), (1, 1), (0, 0)], constant_values=zx)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, conv_acc(xp, w, zx, zw, (1, 2)))


def test_conv_integer_without_zero_points_and_graph_input_weight():
    """Weights as a graph input (not constant) and absent zero points (0)."""
    rng = np.random.default_rng(4)
    x = rng.integers(0, 255, size=(1, 3, 5, 5)).astype(np.uint8)
    w = rng.integers(0, 255, size=(2, 3, 2, 2)).astype(np.uint8)
    _, got = run("ConvInteger", [("x", x), ("w", w)], [], ["x", "w"], opset=13)
    np.testing.assert_array_equal(got, conv_acc(x, w, 0, 0))


def matmul_acc(a, b, za, zb):
    return (a.astype(np.int64) - int(za)) @ (b.astype(np.int64) - np.asarray(zb, np.int64))


@pytest.mark.parametrize("a_shape", [(5, 7), (2, 3, 7), (7,)])
@pytest.mark.parametrize("per_column", [False, True])
def test_qlinear_matmul(a_shape, per_column):
    rng = np.random.default_rng(5)
    a = rng.integers(0, 255, size=a_shape, endpoint=True).astype(np.uint8)
    b = rng.integers(-128, 127, size=(7, 6), endpoint=True).astype(np.int8)
    za, zy = np.array(128, np.uint8), np.array(-2, np.int8)
    zb = np.array(rng.integers(-3, 3, size=6), np.int8) if per_column else np.array(1, np.int8)
    sa, sy = f32(0.03), f32(0.07)
    sb = f32(rng.uniform(0.01, 0.03, size=6)) if per_column else f32(0.02)
    mod, got = run("QLinearMatMul", [("a", a)], [("sa", sa), ("za", za), ("b", b), ("sb", sb), ("zb", zb), ("sy", sy),
                                                  ("zy", zy)], ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], opset=13)
    assert "qnn.dense" in str(mod)
    acc = matmul_acc(a, b, za, zb)
    ms = real_multipliers(sa, sb, sy)
    assert got.dtype == np.int8 and got.shape == acc.shape
    np.testing.assert_array_equal(got, tvm_requantize(acc, ms, zy, np.int8, upward=False, axis=-1))
    check_against_onnx(got, acc, ms, zy, np.int8, axis=-1)


def test_qlinear_matmul_tonearest_ties_away_from_zero():
    """Scale ratio 0.5: TONEAREST rounds -2.5 to -3 and 2.5 to 3; ONNX (half to even) to -2, 2."""
    a = np.arange(-128, 128, dtype=np.int8).reshape(256, 1)
    b = np.ones((1, 1), np.int8)
    z = np.array(0, np.int8)
    _, got = run("QLinearMatMul", [("a", a)], [("sa", f32(1)), ("za", z), ("b", b), ("sb", f32(0.5)), ("zb", z),
                                                ("sy", f32(1)), ("zy", z)], ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], opset=13)
    v = a.astype(np.float64) / 2
    np.testing.assert_array_equal(got, (np.sign(v) * np.floor(np.abs(v) + 0.5)).astype(np.int8))
    assert check_against_onnx(got, a.astype(np.int64), [0.5], 0, np.int8, axis=-1) == 64


def test_qlinear_matmul_dynamic_output_scale_dequantizes_and_quantizes():
    """A y_scale that is a graph input: TVM's dequantize -> quantize path (float, half to even)."""
    rng = np.random.default_rng(6)
    a = rng.integers(0, 255, size=(4, 5)).astype(np.uint8)
    b = rng.integers(0, 255, size=(5, 3)).astype(np.uint8)
    sy = f32(0.3)
    _, got = run("QLinearMatMul", [("a", a), ("sy", sy)], [("sa", f32(0.1)), ("za", np.array(100, np.uint8)), ("b", b),
                 ("sb", f32(0.05)), ("zb", np.array(90, np.uint8)), ("zy", np.array(10, np.uint8))],
                 ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], opset=13)
    acc = matmul_acc(a, b, 100, 90)
    deq = acc.astype(np.float32) * (np.float32(0.1) * np.float32(0.05))
    want = np.clip(np.rint(deq / sy) + 10, 0, 255).astype(np.uint8)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("zero_points", ["both", "none", "b_per_column"])
def test_matmul_integer(zero_points):
    rng = np.random.default_rng(7)
    a = rng.integers(0, 255, size=(2, 4, 6)).astype(np.uint8)
    b = rng.integers(0, 255, size=(6, 5)).astype(np.uint8)
    za, zb = np.array(12, np.uint8), np.array(200, np.uint8)
    params, order = [("b", b)], ["a", "b"]
    if zero_points == "both":
        params += [("za", za), ("zb", zb)]
        order += ["za", "zb"]
    elif zero_points == "b_per_column":
        za, zb = 0, rng.integers(0, 255, size=5).astype(np.uint8)  # a_zero_point absent: 0
        params += [("zb", zb)]
        order += ["", "zb"]
    else:
        za, zb = 0, 0
    _, got = run("MatMulInteger", [("a", a)], params, order, opset=13)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, matmul_acc(a, b, za, zb))


@pytest.mark.parametrize("trans_a, trans_b, with_c, quantized", [(0, 0, False, True), (1, 1, True, True), (0, 1, True, False)])
def test_qgemm(trans_a, trans_b, with_c, quantized):
    rng = np.random.default_rng(8)
    a = rng.integers(0, 255, size=(6, 4) if trans_a else (4, 6)).astype(np.uint8)
    b = rng.integers(0, 255, size=(5, 6) if trans_b else (6, 5)).astype(np.uint8)
    sa, za, sb, zb = f32(0.02), np.array(110, np.uint8), f32(0.03), np.array(120, np.uint8)
    alpha = 0.5
    params = [("sa", sa), ("za", za), ("b", b), ("sb", sb), ("zb", zb)]
    order = ["a", "sa", "za", "b", "sb", "zb"]
    c = rng.integers(-500, 500, size=(5,)).astype(np.int32)
    if with_c:
        params.append(("c", c))
    order.append("c" if with_c else "")
    sy, zy = f32(0.05), np.array(128, np.uint8)
    if quantized:
        params += [("sy", sy), ("zy", zy)]
        order += ["sy", "zy"]
    _, got = run("QGemm", [("a", a)], params, order, domain="com.microsoft", transA=trans_a, transB=trans_b, alpha=alpha)
    am = a.T if trans_a else a
    bm = b.T if trans_b else b
    acc = matmul_acc(am, bm, za, zb) + (c if with_c else 0)
    scale = np.float32(np.float32(sa) * np.float32(sb)) * np.float32(alpha)
    if quantized:
        m = np.float64(scale) / np.float64(sy)
        np.testing.assert_array_equal(got, tvm_requantize(acc, [m], zy, np.uint8, upward=False, axis=-1))
    else:
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, acc.astype(np.float32) * scale)


def test_unsupported_forms_are_listed_up_front():
    """QLinearConv on a 3-D input and MatMulInteger with a 1-D B are named together, before
    anything is converted."""
    x = helper.make_tensor_value_info("x", TensorProto.UINT8, [1, 2, 5, 5, 5])
    a = helper.make_tensor_value_info("a", TensorProto.UINT8, [2, 3])
    b = helper.make_tensor_value_info("b", TensorProto.UINT8, [3])
    inits = [numpy_helper.from_array(f32(0.1), "s"), numpy_helper.from_array(np.array(0, np.uint8), "z"),
             numpy_helper.from_array(np.zeros((2, 2, 1, 1, 1), np.uint8), "w")]
    nodes = [helper.make_node("QLinearConv", ["x", "s", "z", "w", "s", "z", "s", "z"], ["y"]),
             helper.make_node("MatMulInteger", ["a", "b"], ["m"])]
    graph = helper.make_graph(nodes, "g", [x, a, b], [helper.make_tensor_value_info("y", TensorProto.UINT8, None),
                                                      helper.make_tensor_value_info("m", TensorProto.INT32, None)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model.SerializeToString())
    msg = str(e.value)
    assert "QLinearConv" in msg and "rank 5" in msg and "MatMulInteger" in msg and "second input of rank 1" in msg


@pytest.mark.parametrize("depthwise", [False, True])
def test_qlinear_conv_zero_points_as_graph_inputs(depthwise):
    """Zero points known only at run time: TVM's dynamic-zero-point canonical form (all four
    terms, the kernel zero point broadcast along the channels)."""
    rng = np.random.default_rng(9)
    cin, cout, group = (3, 3, 3) if depthwise else (2, 3, 1)
    x = rng.integers(0, 255, size=(1, cin, 6, 6)).astype(np.uint8)
    w = rng.integers(-128, 127, size=(cout, cin // group, 3, 3)).astype(np.int8)
    zx, zw = np.array(117, np.uint8), np.array(-3, np.int8)
    sx, sw, sy, zy = f32(0.02), f32(0.01), f32(0.5), np.array(100, np.uint8)
    mod, got = run("QLinearConv", [("x", x), ("zx", zx), ("zw", zw)], [("sx", sx), ("w", w), ("sw", sw), ("sy", sy), ("zy", zy)],
                   ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy"], pads=[1, 1, 1, 1], group=group)
    xp = np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=zx)
    acc = conv_acc(xp, w, zx, zw, groups=group)
    np.testing.assert_array_equal(got, tvm_requantize(acc, real_multipliers(sx, sw, sy), zy, np.uint8, upward=True))


def test_requantize_lowers_to_tvms_fixed_point_multiply():
    """The canonical form as TVM emits it: per-tensor UPWARD is fixed_point_multiply(multiplier,
    shift) (T.q_multiply_shift in the PrimFunc), per-channel fixed_point_multiply_per_axis,
    TONEAREST int64 relay arithmetic with a where on the sign."""
    x = np.zeros((1, 4, 2, 2), np.uint8)
    w = np.ones((4, 4, 1, 1), np.int8)
    params = [("sx", f32(0.25)), ("zx", np.array(0, np.uint8)), ("w", w), ("sw", f32(1.0)), ("zw", np.array(0, np.int8)),
              ("sy", f32(0.3)), ("zy", np.array(3, np.uint8))]
    data_model = helper.make_model(helper.make_graph(
        [helper.make_node("QLinearConv", ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy"], ["y"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.UINT8, [1, 4, 2, 2])],
        [helper.make_tensor_value_info("y", TensorProto.UINT8, None)],
        [numpy_helper.from_array(a, n) for n, a in params]), opset_imports=[helper.make_opsetid("", 13)])
    mod, p = tirgen.from_onnx(data_model.SerializeToString())
    q, shift = fixed_point(np.float64(np.float32(0.25)) / np.float64(np.float32(0.3)))
    optimized = tirgen.relay.optimize(mod, p)
    assert f"fixed_point_multiply(" in str(optimized) and f"multiplier={q}, shift={shift}" in str(optimized)
    lowered = tirgen.lower_te(optimized)
    text = "".join(lowered[n].script() for n in lowered.get_global_vars() if n != "main")
    assert f"T.q_multiply_shift(" in text and f", {q}, 31, {shift})" in text, text
