"""ONNX opset 18 models (TVM v0.14's frontend takes them; torch's dynamo exporter writes them).
What opset 18 changed: Split's num_outputs (the last piece may be smaller), Pad's axes input,
every Reduce*'s axes as an input, Resize's antialias / axes / keep_aspect_ratio_policy, LpPool's
ceil_mode, ScatterND / ScatterElements min and max (relay scatter_nd's min / max modes, as TVM
v0.14 has them), and three new ops (CenterCropPad, Col2Im,
GroupNormalization). Forms tirgen does not build are refused up front, one error for all.

References are NumPy (np.split, np.pad, NumPy reductions), written from the ONNX operator
definitions; data movement is compared exactly, reductions at rtol 1e-6."""
import functools

import numpy as np
import pytest
from onnx import helper

import onnx_contrib_util

import_error = functools.partial(onnx_contrib_util.import_error, opset=18)


def run(*args, **kw):
    return onnx_contrib_util.run(*args, **{"opset": 18, **kw})[1]


def ints(v):
    return np.array(v, np.int64)


X = np.arange(2 * 7 * 5, dtype=np.float32).reshape(2, 7, 5) - 20


@pytest.mark.parametrize("axis,n", [(1, 3), (1, 7), (-1, 2), (0, 2), (1, 4)])
def test_split_num_outputs(axis, n):
    outs = [f"y{i}" for i in range(n)]
    got = run([helper.make_node("Split", ["x"], outs, axis=axis, num_outputs=n)], [("x", X)], outs)
    # ONNX: pieces of ceil(d / n), the last one what remains.
    d = X.shape[axis]
    chunk = -(-d // n)
    want = np.split(X, [chunk * (i + 1) for i in range(n - 1)], axis=axis)
    assert len(got) == n
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_split_num_outputs_malformed_is_a_located_error():
    msg = import_error([helper.make_node("Split", ["x"], ["a", "b"], axis=1, num_outputs=3, name="sp")],
                       [("x", X)], ["a", "b"])
    assert "'sp'" in msg and "num_outputs is 3" in msg and "2 outputs" in msg, msg
    # More pieces than the axis has elements leaves an output with nothing in it.
    outs = [f"y{i}" for i in range(3)]
    msg = import_error([helper.make_node("Split", ["x"], outs, axis=0, num_outputs=3, name="sp0")], [("x", X)], outs)
    assert "'sp0'" in msg and "num_outputs 3" in msg, msg


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge"])
@pytest.mark.parametrize("axes,pads", [([2], [1, 3]), ([-1, 1], [2, 0, 1, 3]), ([0, 2], [0, 1, 1, 0]),
                                       ([1], [-2, 1])])
def test_pad_axes_input(mode, axes, pads):
    width = [[0, 0] for _ in range(3)]
    k = len(axes)
    for i, a in enumerate(axes):
        width[a % 3] = [pads[i], pads[i + k]]
    inputs = ["x", "pads", "value", "axes"] if mode == "constant" else ["x", "pads", "", "axes"]
    params = [("pads", ints(pads)), ("axes", ints(axes))]
    if mode == "constant":
        params.append(("value", np.array(7.5, np.float32)))
    (got,) = run([helper.make_node("Pad", inputs, ["y"], mode=mode)], [("x", X)], ["y"], params)
    # Negative pads crop (ONNX); np.pad only pads.
    cropped = X[tuple(slice(max(0, -b), X.shape[i] - max(0, -e)) for i, (b, e) in enumerate(width))]
    pos = [[max(0, b), max(0, e)] for b, e in width]
    kw = {"constant_values": 7.5} if mode == "constant" else {}
    np.testing.assert_array_equal(got, np.pad(cropped, pos, mode=mode, **kw))


def test_pad_axes_malformed_is_a_located_error():
    msg = import_error([helper.make_node("Pad", ["x", "pads", "", "axes"], ["y"], name="pd")], [("x", X)], ["y"],
                       [("pads", ints([1, 1, 1, 1])), ("axes", ints([1, -2]))])
    assert "'pd'" in msg and "axes repeat axis 1" in msg, msg
    msg = import_error([helper.make_node("Pad", ["x", "pads", "", "axes"], ["y"], name="pd2")], [("x", X)], ["y"],
                       [("pads", ints([1, 1, 1])), ("axes", ints([1, 2]))])
    assert "'pd2'" in msg and "pads must have 2 * 2 entries" in msg, msg


@pytest.mark.parametrize("op,fn", [
    ("ReduceMax", np.max), ("ReduceMean", np.mean), ("ReduceProd", np.prod),
    ("ReduceL2", lambda x, axis, keepdims: np.sqrt(np.sum(x * x, axis=axis, keepdims=keepdims))),
    ("ReduceLogSumExp", lambda x, axis, keepdims: np.log(np.sum(np.exp(x), axis=axis, keepdims=keepdims))),
])
@pytest.mark.parametrize("keepdims", [0, 1])
def test_reduce_axes_input(op, fn, keepdims):
    x = np.random.default_rng(1).uniform(0.5, 1.5, size=(2, 3, 4)).astype(np.float32)
    (got,) = run([helper.make_node(op, ["x", "axes"], ["y"], keepdims=keepdims)], [("x", x)], ["y"],
                 [("axes", ints([-1, 0]))])
    want = fn(x.astype(np.float64), axis=(2, 0), keepdims=bool(keepdims))
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_reduce_without_axes_and_noop_with_empty_axes_is_the_input():
    (got,) = run([helper.make_node("ReduceMin", ["x"], ["y"], noop_with_empty_axes=1)], [("x", X)], ["y"])
    np.testing.assert_array_equal(got, X)
    (got,) = run([helper.make_node("ReduceSumSquare", ["x"], ["y"], keepdims=0)], [("x", X)], ["y"])
    np.testing.assert_allclose(got, np.sum(X.astype(np.float64) ** 2), rtol=1e-6)


def test_resize_at_opset_18_still_runs():
    x = np.random.default_rng(2).normal(size=(1, 2, 3, 4)).astype(np.float32)
    node = helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="nearest")
    (got,) = run([node], [("x", x)], ["y"], [("scales", np.array([1, 1, 2, 2], np.float32))])
    np.testing.assert_array_equal(got, x.repeat(2, axis=2).repeat(2, axis=3))


def test_opset_18_forms_tirgen_lacks_are_listed_up_front():
    x4 = np.zeros((1, 2, 4, 4), np.float32)
    sizes = ("sizes", ints([1, 2, 8, 8]))
    nodes = [
        helper.make_node("Resize", ["x", "", "", "sizes"], ["r1"], antialias=1, mode="linear", name="aa"),
        helper.make_node("Resize", ["x", "", "", "sizes"], ["r2"], keep_aspect_ratio_policy="not_larger", name="kp"),
        helper.make_node("Resize", ["x", "", "", "s2"], ["r3"], axes=[2, 3], name="ax"),
        helper.make_node("LpPool", ["x"], ["lp"], kernel_shape=[3, 3], ceil_mode=1, name="lp"),
        helper.make_node("CenterCropPad", ["x", "shape"], ["sc"], name="sc"),
        helper.make_node("GroupNormalization", ["x", "gs", "gb"], ["gn"], num_groups=2, name="gn"),
    ]
    params = [sizes, ("s2", ints([8, 8])), ("shape", ints([1, 2, 3, 3])),
              ("gs", np.ones(2, np.float32)), ("gb", np.zeros(2, np.float32))]
    msg = import_error(nodes, [("x", x4)], ["r1", "r2", "r3", "lp", "sc", "gn"], params)
    assert "6 ONNX operator types or forms tirgen cannot import (opset 18)" in msg, msg
    for part in ["Resize with antialias=1 (1 node: 'aa')",
                 "Resize with keep_aspect_ratio_policy 'not_larger' (1 node: 'kp')",
                 "Resize with the axes attribute (1 node: 'ax')",
                 "LpPool with ceil_mode=1 (1 node: 'lp')",
                 "CenterCropPad (1 node: 'sc')",
                 "GroupNormalization (1 node: 'gn')"]:
        assert part in msg, (part, msg)



def scatter_nd_ref(data, indices, updates, reduction):
    """ONNX ScatterND: updates applied in order, combined with what is there."""
    out = data.copy()
    combine = {"none": lambda a, b: b, "add": np.add, "mul": np.multiply, "min": np.minimum, "max": np.maximum}[reduction]
    for pos in np.ndindex(indices.shape[:-1]):
        at = tuple(indices[pos])
        out[at] = combine(out[at], updates[pos])
    return out


@pytest.mark.parametrize("reduction", ["min", "max", "add", "mul", "none"])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
@pytest.mark.parametrize("indices,unique", [
    ([[1], [3], [1]], [[1], [3], [0]]),                                    # rows, one repeated
    ([[[0, 2], [2, 1]], [[0, 2], [3, 0]]], [[[0, 2], [2, 1]], [[1, 2], [3, 0]]]),  # elements
    ([2], [2]),                                                              # one row, no update dims
])
def test_scatter_nd_reductions(reduction, dtype, indices, unique):
    rng = np.random.default_rng(4)
    data = rng.integers(-9, 10, size=(4, 3)).astype(dtype)
    # Repeated positions make "none" order-dependent, which ONNX leaves undefined.
    idx = ints(unique if reduction == "none" else indices)
    upd_shape = idx.shape[:-1] + data.shape[idx.shape[-1]:]
    upd = rng.integers(-9, 10, size=upd_shape).astype(dtype)
    (got,) = run([helper.make_node("ScatterND", ["d", "i", "u"], ["y"], reduction=reduction)],
                 [("d", data), ("u", upd)], ["y"], [("i", idx)])
    np.testing.assert_array_equal(got, scatter_nd_ref(data, idx, upd, reduction))


def scatter_elements_ref(data, indices, updates, axis, reduction):
    """ONNX ScatterElements: updates[p] combined into data at p with p[axis] = indices[p]."""
    out = data.copy()
    combine = {"min": np.minimum, "max": np.maximum}[reduction]
    for pos in np.ndindex(indices.shape):
        at = list(pos)
        at[axis] = indices[pos] % data.shape[axis]
        out[tuple(at)] = combine(out[tuple(at)], updates[pos])
    return out


INF, NAN = np.inf, np.nan
# Rows 0 and 2 hold every special value and are addressed by no update (ONNX: kept exactly);
# rows 1 and 3 hold them too and are addressed, by updates that are ±inf / NaN in places.
SPECIAL_DATA = np.array([[INF, -INF, NAN, -0.0],
                         [INF, -INF, NAN, -INF],
                         [-INF, INF, NAN, 0.0],
                         [-INF, INF, 3.0, INF]], np.float32)


def same_sign(got, want):
    """-0.0 stays -0.0 (assert_array_equal takes it for 0.0); NaN's sign is not compared."""
    real = ~np.isnan(want)
    np.testing.assert_array_equal(np.signbit(got[real]), np.signbit(want[real]))


def int32_extremes_data():
    lo, hi = np.iinfo(np.int32).min, np.iinfo(np.int32).max
    return np.array([[lo, hi, lo, hi], [lo, hi, 5, -5], [hi, lo, 0, lo], [hi, lo, -7, hi]], np.int32)


@pytest.mark.parametrize("reduction", ["min", "max"])
@pytest.mark.parametrize("indices", [[[1], [3], [1]], [[-1], [1]], [[[1, 1], [3, 3]], [[-3, 2], [1, 3]]]])
def test_scatter_nd_min_max_keep_infinities_and_nan(reduction, indices):
    idx = ints(indices)
    upd_shape = idx.shape[:-1] + SPECIAL_DATA.shape[idx.shape[-1]:]
    # Cycles through ±inf, NaN and finite values, so addressed positions see all-±inf updates too.
    pool = np.array([-INF, INF, -INF, NAN, 2.0, -INF, INF, -1.0], np.float32)
    upd = np.resize(pool, upd_shape).astype(np.float32)
    (got,) = run([helper.make_node("ScatterND", ["d", "i", "u"], ["y"], reduction=reduction)],
                 [("d", SPECIAL_DATA), ("u", upd)], ["y"], [("i", idx)])
    want = scatter_nd_ref(SPECIAL_DATA, idx % 4, upd, reduction)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got[[0, 2]], SPECIAL_DATA[[0, 2]])
    same_sign(got, want)


@pytest.mark.parametrize("reduction", ["min", "max"])
@pytest.mark.parametrize("indices", [[[1], [3], [1]], [[[0, 1], [2, 3]], [[1, 1], [3, 0]]]])
def test_scatter_nd_min_max_int32_extremes_are_exact(reduction, indices):
    data = int32_extremes_data()
    idx = ints(indices)
    upd_shape = idx.shape[:-1] + data.shape[idx.shape[-1]:]
    i32 = np.iinfo(np.int32)
    upd = np.resize(np.array([i32.min, i32.max, 4, i32.max, i32.min, -3], np.int32), upd_shape)
    (got,) = run([helper.make_node("ScatterND", ["d", "i", "u"], ["y"], reduction=reduction)],
                 [("d", data), ("u", upd)], ["y"], [("i", idx)])
    np.testing.assert_array_equal(got, scatter_nd_ref(data, idx, upd, reduction))


@pytest.mark.parametrize("reduction", ["min", "max"])
@pytest.mark.parametrize("axis,indices", [
    (0, [[1, 3, 1, 3], [3, 1, -1, 1], [1, 1, 3, 3]]),  # rows 0 and 2 untouched, repeats
    (1, [[1], [3], [-3], [1]]),                        # one column per row, narrower than data
    (-1, [[3, 1, 3], [1, -1, 1], [3, 3, 1], [1, 3, 1]]),
])
def test_scatter_elements_min_max_keep_infinities_and_nan(reduction, axis, indices):
    data = SPECIAL_DATA.T.copy() if axis != 0 else SPECIAL_DATA
    idx = ints(indices)
    pool = np.array([-INF, INF, NAN, -INF, 1.5, INF, -INF, -2.0, INF], np.float32)
    upd = np.resize(pool, idx.shape).astype(np.float32)
    (got,) = run([helper.make_node("ScatterElements", ["d", "i", "u"], ["y"], axis=axis, reduction=reduction)],
                 [("d", data), ("u", upd)], ["y"], [("i", idx)])
    want = scatter_elements_ref(data, idx, upd, axis % 2, reduction)
    np.testing.assert_array_equal(got, want)
    same_sign(got, want)


@pytest.mark.parametrize("reduction", ["min", "max"])
@pytest.mark.parametrize("axis", [0, 1])
def test_scatter_elements_min_max_int32_extremes_are_exact(reduction, axis):
    data = int32_extremes_data()
    i32 = np.iinfo(np.int32)
    idx = ints([[1, 3, 1], [3, 1, 3]])
    upd = np.array([[i32.max, i32.min, 9], [i32.min, i32.max, -9]], np.int32)
    (got,) = run([helper.make_node("ScatterElements", ["d", "i", "u"], ["y"], axis=axis, reduction=reduction)],
                 [("d", data), ("u", upd)], ["y"], [("i", idx)])
    np.testing.assert_array_equal(got, scatter_elements_ref(data, idx, upd, axis, reduction))
