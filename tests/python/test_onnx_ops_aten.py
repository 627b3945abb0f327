"""ONNX ATen nodes (PyTorch's fallback; ops_aten.cc) mapped as TVM v0.14 maps them: size,
arange, index_put, reshape and embedding_bag, against NumPy (float32: rtol 1e-5, atol 1e-6;
integers exact). Any other ATen operator is refused up front, naming the supported ones."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import import_error

TYPES = {np.dtype("float32"): TensorProto.FLOAT, np.dtype("int64"): TensorProto.INT64,
         np.dtype("int32"): TensorProto.INT32}


def aten(operator, inputs, inits=(), n_out=1, domain="", order=None, **attrs):
    """Runs one ATen node: ``inputs`` (graph inputs) and ``inits`` (initializers) are (name,
    array), the node's inputs in that order unless ``order`` names them; returns (relay text,
    outputs)."""
    names = order or [n for n, _ in inputs] + [n for n, _ in inits]
    outs = [f"y{i}" for i in range(n_out)]
    node = helper.make_node("ATen", names, outs, operator=operator, domain=domain, **attrs)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(n, TYPES[a.dtype], a.shape) for n, a in inputs],
                              [helper.make_tensor_value_info(o, TensorProto.UNDEFINED, None) for o in outs],
                              [numpy_helper.from_array(a, n) for n, a in inits])
    opsets = [helper.make_opsetid("", 17)] + ([helper.make_opsetid(domain, 1)] if domain else [])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=opsets))
    return str(mod), tirgen.run(mod, dict(inputs), params=params)


@pytest.mark.parametrize("mode, reduce", [(0, np.sum), (1, np.mean), (2, np.max)])
@pytest.mark.parametrize("domain", ["", "org.pytorch.aten"])
def test_embedding_bag(mode, reduce, domain):
    rng = np.random.RandomState(0)
    weight = rng.randn(10, 4).astype(np.float32)
    indices = rng.randint(0, 10, size=12).astype(np.int64)
    offsets = np.array([0, 3, 6, 9], np.int64)
    text, outs = aten("embedding_bag", [("indices", indices), ("offsets", offsets)], [("weight", weight)],
                      n_out=4, domain=domain, order=["weight", "indices", "offsets"], mode=mode)
    want = reduce(weight[indices.reshape(4, 3)], axis=1)
    np.testing.assert_allclose(outs[0], want, rtol=1e-5, atol=1e-6)
    assert all(np.asarray(o).shape == () and float(o) == 0 for o in outs[1:])


def test_embedding_bag_refuses_unequal_known_bags():
    with pytest.raises(tirgen.TirgenError, match=r"offsets must start bags of equal length \(0, 3, \.\.\.\); offset 1 is 2"):
        aten("embedding_bag", [("indices", np.zeros(6, np.int64))],
             [("weight", np.zeros((4, 2), np.float32)), ("offsets", np.array([0, 2], np.int64))],
             order=["weight", "indices", "offsets"])


@pytest.mark.parametrize("accumulate", [0, 1])
def test_index_put_with_1d_values(accumulate):
    data = np.arange(20, dtype=np.float32).reshape(4, 5)
    rows, cols = np.array([0, 2, 3], np.int64), np.array([1, 4, 0], np.int64)
    values = np.array([10, 20, 30], np.float32)
    text, outs = aten("index_put", [("data", data), ("rows", rows), ("cols", cols), ("values", values)],
                      [("acc", np.array(accumulate, np.int64))])
    assert "scatter_nd(" in text
    want = data.copy()
    if accumulate:
        np.add.at(want, (rows, cols), values)
    else:
        want[rows, cols] = values
    np.testing.assert_array_equal(outs[0], want)


def test_index_put_pairs_2d_values_with_the_product_of_the_indices():
    data = np.zeros((4, 5), np.float32)
    rows, cols = np.array([1, 3], np.int64), np.array([0, 2, 4], np.int64)
    values = np.arange(6, dtype=np.float32).reshape(2, 3) + 1
    _, outs = aten("index_put", [("data", data), ("rows", rows), ("cols", cols), ("values", values)],
                   [("acc", np.array(0, np.int64))])
    want = data.copy()
    want[np.ix_(rows, cols)] = values
    np.testing.assert_array_equal(outs[0], want)


def test_size_arange_reshape():
    x = np.zeros((2, 3, 7), np.float32)
    assert int(aten("size", [("x", x)])[1][0]) == 7
    assert int(aten("size", [("x", x)], [("dim", np.array(1, np.int64))])[1][0]) == 3
    r = aten("arange", [], [("a", np.array(2, np.int64)), ("b", np.array(11, np.int64)), ("c", np.array(3, np.int64))])[1][0]
    np.testing.assert_array_equal(r, [2, 5, 8])
    y = aten("reshape", [("x", np.arange(6, dtype=np.float32).reshape(2, 3))], [("s", np.array([3, -1], np.int64))])[1][0]
    np.testing.assert_array_equal(y, np.arange(6, dtype=np.float32).reshape(3, 2))


def test_other_aten_operators_are_refused_up_front():
    nodes = [helper.make_node("ATen", ["x"], ["a"], operator="upsample_bilinear2d"),
             helper.make_node("ATen", ["x", "s"], ["b"], operator="reshape")]
    err = import_error(nodes, {"x": (TensorProto.FLOAT, [2, 3]), "s": (TensorProto.INT64, [2])}, ["a", "b"])
    assert ("ATen with operator 'upsample_bilinear2d' (tirgen, as TVM, maps only size, arange, index_put, "
            "reshape, embedding_bag)") in err
    assert "ATen with operator 'reshape' with a shape computed at run time" in err


def test_index_put_refuses_index_products_beyond_int32():
    # 4 index tensors of 2^22: the unfolded indices would need 2^88 entries (the tile and repeat
    # counts overflowed int64 before this was checked).
    n = 1 << 22
    names = ["data", "i0", "i1", "i2", "i3", "values", "acc"]
    ins = [helper.make_tensor_value_info("data", TensorProto.FLOAT, [2, 2, 2, 2])]
    ins += [helper.make_tensor_value_info(f"i{k}", TensorProto.INT64, [n]) for k in range(4)]
    ins.append(helper.make_tensor_value_info("values", TensorProto.FLOAT, [n, n]))
    node = helper.make_node("ATen", names, ["y"], operator="index_put")
    graph = helper.make_graph([node], "g", ins, [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                              [numpy_helper.from_array(np.array(0, np.int64), "acc")])
    with pytest.raises(tirgen.TirgenError, match=r"ATen.*index tensors' sizes multiply past 2\^31 - 1"):
        tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
