"""Trilu, CumSum, TopK and ScatterND from PyTorch through ONNX, compared with PyTorch (and
ScatterND from onnx.helper against NumPy)."""
import numpy as np
import pytest
import torch

import tirgen
from onnx_op_util import Fn, check_module, export, run_onnx


def rand(*shape):
    torch.manual_seed(0)
    return torch.randn(*shape)


@pytest.mark.parametrize("diag", [0, 1, -2])
def test_trilu(diag):
    check_module(Fn(lambda x: torch.triu(x, diag)), (rand(2, 4, 5),), expect_ops=["trilu("])
    check_module(Fn(lambda x: torch.tril(x, diag)), (rand(5, 3),), expect_ops=["upper=False"])


def causal_softmax(x):
    n = x.shape[-1]
    mask = torch.triu(torch.ones(n, n), 1).bool()
    return x.masked_fill(mask, float("-inf")).softmax(-1)


def test_gpt_style_causal_mask_as_input():
    mask = torch.triu(torch.ones(6, 6), 1).bool()
    check_module(Fn(lambda x, m: x.masked_fill(m, float("-inf")).softmax(-1)), (rand(2, 6, 6), mask))


# A (8, 8) bool mask over (2, 8, 8) scores: GCC 12 miscompiled the C select this lowers to
# (a masked vector load under an int8 condition) until the code generator bound both sides first.
def test_gpt_style_causal_mask():
    check_module(Fn(causal_softmax), (rand(2, 8, 8),))


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_cumsum(dim):
    check_module(Fn(lambda x: torch.cumsum(x, dim)), (rand(3, 4, 5),), expect_ops=["cumsum("])


def test_cumsum_integers_and_flip():
    x = torch.randint(-5, 5, (4, 6))
    check_module(Fn(lambda x: torch.cumsum(x, 1)), (x,))
    check_module(Fn(lambda x: torch.cumsum(x.flip(1), 1).flip(1)), (rand(4, 6),))


def test_cumsum_exclusive_reverse_onnx():
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 5])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    axis = helper.make_tensor("axis", TensorProto.INT64, [], [1])
    node = helper.make_node("CumSum", ["x", "axis"], ["y"], exclusive=1, reverse=1)
    graph = helper.make_graph([node], "g", [x], [y], initializer=[axis])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    mod, params = tirgen.from_onnx(model)
    assert "exclusive=True" in str(mod) and "reverse(" in str(mod)
    data = np.random.RandomState(0).randn(3, 5).astype("float32")
    (got,) = tirgen.run(mod, {"x": data}, params=params)
    want = np.flip(np.cumsum(np.flip(data, 1), 1), 1) - data
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("k, dim", [(1, -1), (3, 1), (4, 0)])
def test_topk(k, dim):
    # distinct values, so the indices are unique
    x = torch.randperm(4 * 6 * 5).reshape(4, 6, 5).float() / 7

    def f(x):
        v, i = torch.topk(x, k, dim)
        return v, i

    check_module(Fn(f), (x,), expect_ops=["topk("])


def test_topk_ties_take_the_lower_index():
    # ONNX: equal values come lower index first (PyTorch's CPU topk does not promise an order).
    x = torch.tensor([[1.0, 3.0, 3.0, 2.0, 3.0]])
    _, (values, indices) = run_onnx(export(Fn(lambda x: torch.topk(x, 4)), (x,)), (x,))
    np.testing.assert_array_equal(values, [[3.0, 3.0, 3.0, 2.0]])
    np.testing.assert_array_equal(indices, [[1, 2, 4, 3]])


@pytest.mark.parametrize("dim", [0, -1])
def test_topk_smallest(dim):
    x = torch.randperm(4 * 6 * 5).reshape(4, 6, 5).float() / 7
    check_module(Fn(lambda x: torch.topk(x, 2, dim, largest=False)), (x,), expect_ops=["is_ascend=True"])


def test_scatter_nd_from_index_put():
    def f(x, v):
        y = x.clone()
        y[torch.tensor([0, 2]), torch.tensor([1, 3])] = v
        return y

    check_module(Fn(f), (rand(3, 4, 5), rand(2, 5)), expect_ops=["scatter_nd("])


def test_scatter_nd_modes_onnx():
    from onnx import TensorProto, helper

    rs = np.random.RandomState(0)
    data = rs.randn(4, 3).astype("float32")
    idx = np.array([[[1], [3]], [[1], [0]]], dtype="int64")  # (2, 2, 1): position 1 twice
    upd = rs.randn(2, 2, 3).astype("float32")
    for mode in ("none", "add", "mul"):
        x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 3])
        u = helper.make_tensor_value_info("u", TensorProto.FLOAT, [2, 2, 3])
        y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
        i = helper.make_tensor("i", TensorProto.INT64, idx.shape, idx.flatten())
        node = helper.make_node("ScatterND", ["x", "i", "u"], ["y"], reduction=mode)
        graph = helper.make_graph([node], "g", [x, u], [y], initializer=[i])
        mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)]))
        (got,) = tirgen.run(mod, {"x": data, "u": upd}, params=params)
        want = data.copy()
        for a in range(2):
            for b in range(2):
                r = idx[a, b, 0]
                if mode == "none":
                    want[r] = upd[a, b]  # the last write wins (TVM's in-order loop)
                elif mode == "add":
                    want[r] += upd[a, b]
                else:
                    want[r] *= upd[a, b]
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=mode)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_scatter_elements_from_scatter(dim):
    # torch.Tensor.scatter exports ScatterElements; indices smaller than data off the axis.
    x = rand(4, 5, 6)
    idx = torch.from_numpy(np.random.RandomState(1).randint(0, x.shape[dim], (3, 4, 5)))
    src = rand(3, 4, 5) * 10
    check_module(Fn(lambda x, s: x.scatter(dim, idx, s)), (x, src), expect_ops=["scatter_elements("])


def test_scatter_add_with_duplicates():
    # every index addresses one of 2 rows: duplicates add up (ScatterElements reduction=add).
    x = rand(3, 4)
    idx = torch.tensor([[0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 0, 1]])
    src = rand(3, 4) + 2
    check_module(Fn(lambda x, s: x.scatter_add(0, idx, s)), (x, src), opset=16)


def test_scatter_elements_reductions_negative_indices_onnx():
    from onnx import TensorProto, helper, numpy_helper

    data = np.random.RandomState(0).randn(3, 4).astype("float32")
    upd = np.random.RandomState(1).randn(2, 4).astype("float32") * 3
    idx = np.array([[0, -1, 2, 0], [0, 2, -3, 1]], dtype="int64")
    for mode, comb in [("none", None), ("add", np.add), ("mul", np.multiply), ("max", np.maximum), ("min", np.minimum)]:
        want = data.copy()
        for i in range(2):
            for j in range(4):
                r = idx[i, j] % 3
                want[r, j] = upd[i, j] if comb is None else comb(want[r, j], upd[i, j])
        node = helper.make_node("ScatterElements", ["d", "i", "u"], ["y"], axis=0, reduction=mode)
        g = helper.make_graph([node], "g", [helper.make_tensor_value_info("d", TensorProto.FLOAT, (3, 4))],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                              initializer=[numpy_helper.from_array(idx, "i"), numpy_helper.from_array(upd, "u")])
        model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
        mod, params = tirgen.from_onnx(model)
        (got,) = tirgen.run(mod, {"d": data}, params=params)
        np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=mode)


def test_scatter_elements_relation():
    text = """#[version = "0.0.5"]
def @main(%d: Tensor[(3, 4), float32], %i: Tensor[(2, 5), int64], %u: Tensor[(2, 5), float32]) {
  scatter_elements(%d, %i, %u, axis=0)
}"""
    with pytest.raises(tirgen.TirgenError, match="indices dim 1 exceeds data's"):
        tirgen.relay.parse(text)
    with pytest.raises(tirgen.TirgenError, match="reduction \"mean\" is not one of"):
        tirgen.relay.parse(text.replace("(2, 5)", "(2, 4)").replace("axis=0", "axis=0, reduction=\"mean\""))


def test_scatter_nd_over_a_whole_tensor_is_linear_in_its_size():
    # torch exports a slice assignment (attn[:, 1:, 1:] += rel, as MViT's relative positions) as
    # ScatterND whose updates cover the whole slice. 261,121 updates into 262,144 elements: a
    # reduction per output element over every update position (7e10 steps) takes minutes; TVM's
    # copy-then-loop form takes milliseconds. The bound leaves room for a loaded machine.
    import time

    def f(x, rel):
        y = x.clone()
        y[:, 1:, 1:] += rel
        return y

    x, rel = rand(1, 512, 512), rand(1, 511, 511)
    t = time.perf_counter()
    check_module(Fn(f), (x, rel), expect_ops=["scatter_nd("])
    assert time.perf_counter() - t < 60, time.perf_counter() - t


@pytest.mark.parametrize("mode", ["none", "add", "mul", "min", "max"])
def test_scatter_nd_out_of_range_and_negative_indices(mode):
    # Negative indices count from the end; an index outside the data writes nothing (no
    # out-of-bounds store), in every mode.
    from onnx import TensorProto, helper

    data = np.arange(12, dtype=np.float32).reshape(4, 3)
    idx = np.array([[-1], [7], [1], [-9]], dtype=np.int64)
    upd = np.full((4, 3), 5.0, np.float32)
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    node = helper.make_node("ScatterND", ["x", "i", "u"], ["y"], reduction=mode)
    graph = helper.make_graph([node], "g", [x], [y], initializer=[
        helper.make_tensor("i", TensorProto.INT64, idx.shape, idx.flatten()),
        helper.make_tensor("u", TensorProto.FLOAT, upd.shape, upd.flatten())])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)]))
    (got,) = tirgen.run(mod, {"x": data}, params=params)
    want = data.copy()
    op = {"none": lambda a, b: b, "add": np.add, "mul": np.multiply, "min": np.minimum, "max": np.maximum}[mode]
    for r in (3, 1):
        want[r] = op(want[r], 5.0)
    np.testing.assert_array_equal(got, want)


def test_scatter_nd_of_constants_is_folded():
    # All of ScatterND's inputs are initializers: FoldConstant evaluates its te.extern loop
    # with the TIR interpreter (whose parameter buffers then carry a symbolic elem_offset).
    from onnx import TensorProto, helper

    data = np.arange(12, dtype=np.float32).reshape(4, 3)
    idx = np.array([[2], [0], [2]], dtype=np.int64)
    upd = np.arange(9, dtype=np.float32).reshape(3, 3) + 100
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    nodes = [helper.make_node("ScatterND", ["d", "i", "u"], ["s"], reduction="add"),
             helper.make_node("Add", ["s", "x"], ["y"])]
    graph = helper.make_graph(nodes, "g", [x], [y], initializer=[
        helper.make_tensor("d", TensorProto.FLOAT, data.shape, data.flatten()),
        helper.make_tensor("i", TensorProto.INT64, idx.shape, idx.flatten()),
        helper.make_tensor("u", TensorProto.FLOAT, upd.shape, upd.flatten())])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)]),
                                   freeze_params=True)
    xv = np.ones((4, 3), np.float32)
    (got,) = tirgen.run(mod, {"x": xv}, params=params)
    want = data.copy()
    for r, u in zip(idx[:, 0], upd):
        want[r] += u
    np.testing.assert_array_equal(got, want + xv)
