"""NonZero, Unique, Compress and NonMaxSuppression: their output shape depends on input values,
so tirgen (static shapes) folds them when the deciding inputs are constants and otherwise lists
them, with the reason, in the one up-front error. Folded results are compared with NumPy /
ONNX's definitions."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen

ONNX = {np.float32: TensorProto.FLOAT, np.int64: TensorProto.INT64, np.bool_: TensorProto.BOOL,
        np.int32: TensorProto.INT32}


def model(nodes, inputs, outputs, inits):
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info(n, ONNX[a.dtype.type], list(a.shape)) for n, a in inputs],
        [helper.make_tensor_value_info(o, TensorProto.UNDEFINED, None) for o in outputs],
        [numpy_helper.from_array(a, n) for n, a in inits])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()


def run(nodes, inputs, outputs, inits):
    mod, p = tirgen.from_onnx(model(nodes, inputs, outputs, inits))
    return tirgen.run(mod, dict(inputs), params=p)


def test_nonzero_of_a_constant_is_folded():
    c = np.array([[0, 1.5, 0], [2, 0, -1]], np.float32)
    x = np.ones((3, 4), np.float32)
    # NonZero's count (3) sizes a Slice of x through Shape -> Gather: out = x[:, :count]
    nodes = [helper.make_node("NonZero", ["c"], ["nz"]), helper.make_node("Shape", ["nz"], ["s"]),
             helper.make_node("Gather", ["s", "one_idx"], ["s1"]),
             helper.make_node("Slice", ["x", "zero", "s1", "one"], ["y"])]
    inits = [("c", c), ("zero", np.array([0], np.int64)), ("one", np.array([1], np.int64)),
             ("one_idx", np.array([1], np.int64))]
    got = run(nodes, [("x", x)], ["y", "nz"], inits)
    np.testing.assert_array_equal(got[1], np.array(np.nonzero(c), np.int64))
    assert got[0].shape == (3, 3)


@pytest.mark.parametrize("axis, sorted_", [(None, 1), (None, 0), (0, 1), (1, 0)])
def test_unique_of_a_constant_matches_onnx(axis, sorted_):
    c = np.array([[2, 1, 2], [0, 1, 0], [2, 1, 2]], np.int64)
    attrs = {"sorted": sorted_}
    if axis is not None:
        attrs["axis"] = axis
    node = helper.make_node("Unique", ["c"], ["y", "idx", "inv", "cnt"], **attrs)
    z = np.zeros((1,), np.float32)
    got = run([node], [("z", z)], ["y", "idx", "inv", "cnt"], [("c", c)])
    y, idx, inv, cnt = np.unique(c if axis is None else c, axis=axis, return_index=True, return_inverse=True,
                                 return_counts=True)
    if not sorted_:  # ONNX: first-occurrence order
        order = np.argsort(idx)
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        y = y[order] if axis is None else np.take(y, order, axis=axis)
        idx, cnt, inv = idx[order], cnt[order], rank[inv.ravel()]
    np.testing.assert_array_equal(got[0], y)
    np.testing.assert_array_equal(got[1], idx)
    np.testing.assert_array_equal(got[2], inv.ravel())
    np.testing.assert_array_equal(got[3], cnt)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_compress_with_a_constant_condition_is_a_take(axis):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    cond = np.array([True, False, True], np.bool_)
    attrs = {} if axis is None else {"axis": axis}
    node = helper.make_node("Compress", ["x", "c"], ["y"], **attrs)
    mod, p = tirgen.from_onnx(model([node], [("x", x)], ["y"], [("c", cond)]))
    assert "take(" in str(mod)
    got = tirgen.run(mod, {"x": x}, params=p)[0]
    np.testing.assert_array_equal(got, np.compress(cond, x, axis=axis))


def test_non_max_suppression_of_constants_is_folded():
    boxes = np.array([[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1],
                       [0, 100, 1, 101]]], np.float32)
    scores = np.array([[[0.9, 0.75, 0.6, 0.95, 0.5, 0.3]]], np.float32)
    node = helper.make_node("NonMaxSuppression", ["b", "s", "m", "iou", "st"], ["y"])
    inits = [("b", boxes), ("s", scores), ("m", np.array([3], np.int64)), ("iou", np.array([0.5], np.float32)),
             ("st", np.array([0.0], np.float32))]
    got = run([node], [("z", np.zeros((1,), np.float32))], ["y"], inits)[0]
    # ONNX's own test case (nonmaxsuppression_suppress_by_IOU): boxes 3, 0, 5 survive.
    np.testing.assert_array_equal(got, np.array([[0, 0, 3], [0, 0, 0], [0, 0, 5]], np.int64))


def test_non_constant_inputs_are_listed_with_the_reason_up_front():
    x = np.ones((2, 3), np.float32)
    nodes = [helper.make_node("NonZero", ["x"], ["a"]), helper.make_node("Compress", ["x", "m"], ["b"], axis=0),
             helper.make_node("Unique", ["x"], ["c"])]
    data = model(nodes, [("x", x), ("m", np.array([True, False], np.bool_))], ["a", "b", "c"], [])
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(data)
    msg = str(e.value)
    assert "3 ONNX operator types or forms" in msg
    assert "NonZero with a non-constant input (the output shape depends on input values" in msg
    assert "Compress with a non-constant condition" in msg and "Unique with a non-constant input" in msg


def test_unique_keeps_int64_beyond_double_precision_apart_and_refuses_nan():
    big = 2 ** 53
    c = np.array([big + 1, big, big + 1], np.int64)  # equal as doubles
    got = run([helper.make_node("Unique", ["c"], ["y"])], [("z", np.zeros((1,), np.float32))], ["y"], [("c", c)])
    np.testing.assert_array_equal(got[0], np.array([big, big + 1], np.int64))
    nan = np.array([1, np.nan, 1], np.float32)
    with pytest.raises(tirgen.TirgenError, match="X holds NaN, which Unique cannot order"):
        tirgen.from_onnx(model([helper.make_node("Unique", ["c"], ["y"], name="u")], [("z", np.zeros((1,), np.float32))],
                               ["y"], [("c", nan)]))


def test_non_max_suppression_threshold_must_be_one_value():
    boxes = np.zeros((1, 2, 4), np.float32)
    scores = np.zeros((1, 1, 2), np.float32)
    node = helper.make_node("NonMaxSuppression", ["b", "s", "m", "iou"], ["y"], name="nms")
    inits = [("b", boxes), ("s", scores), ("m", np.array([3], np.int64)), ("iou", np.zeros((0,), np.float32))]
    with pytest.raises(tirgen.TirgenError,
                       match=r"ONNX node 'nms' \(NonMaxSuppression\): iou_threshold must have one element, it has 0"):
        tirgen.from_onnx(model([node], [("z", np.zeros((1,), np.float32))], ["y"], inits))
