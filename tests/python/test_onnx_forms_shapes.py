"""The up-front check with input shapes and import-time operands: a one-element 1-D B scale or
zero point with a batched B is one value and converts (the rank-only check refused it); a
per-column one is still refused up front, naming its size. Operands a converter reads at import
time (Slice's starts, Reshape's shape, TopK's K, ...) computed from a graph input are refused up
front with the model's other needs in one error, and a Loop's carried value that starts known
stays known. References are NumPy; integer outputs exactly, float32 rtol 1e-6."""
import io

import numpy as np
import pytest
from onnx import TensorProto, helper

import tirgen
from onnx_contrib_util import import_error, run


@pytest.mark.parametrize("param_shape", [(), (1,)])
def test_one_value_b_parameters_with_a_batched_b_convert(param_shape):
    rng = np.random.default_rng(3)
    a = rng.integers(0, 256, size=(2, 4, 6)).astype(np.uint8)
    b = rng.integers(0, 256, size=(2, 6, 5)).astype(np.uint8)
    zb = np.full(param_shape, 7, np.uint8)
    node = helper.make_node("MatMulInteger", ["a", "b", "za", "zb"], ["y"])
    _, (y,) = run([node], [("a", a), ("b", b)], ["y"], [("za", np.array(3, np.uint8)), ("zb", zb)])
    np.testing.assert_array_equal(y, np.matmul(a.astype(np.int64) - 3, b.astype(np.int64) - 7))

    sb = np.full(param_shape, 0.5, np.float32)
    node = helper.make_node("QLinearMatMul", ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], ["q"])
    _, (q,) = run([node], [("a", a), ("b", b)], ["q"],
                  [("sa", np.array(0.25, np.float32)), ("za", np.array(3, np.uint8)), ("sb", sb), ("zb", zb),
                   ("sy", np.array(64.0, np.float32)), ("zy", np.array(10, np.uint8))])
    real = np.matmul(a.astype(np.int64) - 3, b.astype(np.int64) - 7) * (0.25 * 0.5 / 64.0)
    # every product here is a multiple of 1/512, so no value lies within 1e-6 of a rounding tie
    # except exact halves, where ONNX rounds to even and TVM away from zero: allow one step there
    want = np.clip(np.rint(real) + 10, 0, 255)
    tie = np.abs(np.abs(real - np.floor(real)) - 0.5) < 1e-9
    diff = np.abs(q.astype(np.int64) - want)
    assert q.dtype == np.uint8 and not np.any(diff[~tie]) and diff.max() <= 1


def test_per_column_b_parameters_with_a_batched_b_are_refused_up_front_naming_their_size():
    a, b = np.zeros((2, 4, 6), np.uint8), np.zeros((2, 6, 5), np.uint8)
    nodes = [helper.make_node("MatMulInteger", ["a", "b", "", "zc"], ["m"], name="mcol"),
             helper.make_node("TopK", ["m", "k"], ["v", "i"], name="topk")]
    msg = import_error(nodes, [("a", a), ("b", b), ("k", np.array([2], np.int64))], ["v"],
                       [("zc", np.zeros(5, np.uint8))])
    assert "2 ONNX operator types or forms" in msg, msg
    assert ("MatMulInteger with a b_zero_point of 5 (per-column) values with a batched B (give one value, "
            "per-tensor, or use a 2-D B) (1 node: 'mcol')") in msg, msg
    assert "TopK with K computed at run time" in msg and "(1 node: 'topk')" in msg, msg


def test_operands_computed_at_run_time_are_listed_up_front_in_one_error():
    x, s = np.zeros((4, 6), np.float32), np.zeros(2, np.int64)
    nodes = [
        helper.make_node("Slice", ["x", "s", "e"], ["a"], name="sl"),
        helper.make_node("Reshape", ["a", "s"], ["b"], name="rs"),
        helper.make_node("Pad", ["x", "p"], ["c"], mode="wrap", name="pw"),
        # the shape of x is static: a Reshape target built from it is known
        helper.make_node("Shape", ["x"], ["shp"]),
        helper.make_node("Reshape", ["x", "shp"], ["d"], name="ok"),
    ]
    msg = import_error(nodes, [("x", x), ("s", s)], ["b", "c", "d"],
                       [("e", np.array([3, 5], np.int64)), ("p", np.zeros(4, np.int64))], opset=19)
    assert "3 ONNX operator types or forms" in msg, msg
    for part in ["Slice with starts computed at run time", "(1 node: 'sl')",
                 "Reshape with shape computed at run time", "(1 node: 'rs')", "Pad with mode 'wrap' (1 node: 'pw')"]:
        assert part in msg, (part, msg)
    assert "'ok'" not in msg, msg


def test_a_loop_carried_value_that_starts_known_stays_known_up_front():
    # for i in range(3): j = j + 1; y_i = x[j:j+2]  (the Slice's bounds come from the carried j)
    one = helper.make_tensor("one", TensorProto.INT64, [1], [1])
    two = helper.make_tensor("two", TensorProto.INT64, [1], [2])
    body = helper.make_graph(
        [helper.make_node("Constant", [], ["c1"], value=one), helper.make_node("Constant", [], ["c2"], value=two),
         helper.make_node("Add", ["j_in", "c1"], ["j_out"]), helper.make_node("Add", ["j_out", "c2"], ["end"]),
         helper.make_node("Slice", ["x", "j_out", "end"], ["piece"]),
         helper.make_node("Identity", ["cond_in"], ["cond_out"])],
        "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []),
         helper.make_tensor_value_info("j_in", TensorProto.INT64, [1])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
         helper.make_tensor_value_info("j_out", TensorProto.INT64, [1]),
         helper.make_tensor_value_info("piece", TensorProto.FLOAT, [2, 3])])
    x = np.arange(18, dtype=np.float32).reshape(6, 3)
    loop = helper.make_node("Loop", ["m", "", "j0"], ["j_last", "pieces"], body=body)
    _, (j_last, pieces) = run([loop], [("x", x)], ["j_last", "pieces"],
                              [("m", np.array(3, np.int64)), ("j0", np.array([-1], np.int64))], opset=13)
    np.testing.assert_array_equal(j_last, [2])
    np.testing.assert_array_equal(pieces, np.stack([x[0:2], x[1:3], x[2:4]]))


def test_embedding_bag_with_run_time_offsets_is_refused_up_front_with_the_other_needs():
    torch = pytest.importorskip("torch")

    class Bags(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.bag = torch.nn.EmbeddingBag(20, 6, mode="sum")

        def forward(self, ids, offsets, x):
            return self.bag(ids, offsets), torch.linalg.det(x)  # Det: not an op tirgen has

    torch.manual_seed(0)
    args = (torch.tensor([1, 2, 3, 4, 5, 6]), torch.tensor([0, 2, 4]), torch.randn(3, 3))
    buf = io.BytesIO()
    torch.onnx.export(Bags(), args, buf, opset_version=17)
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(buf.getvalue())
    msg = str(e.value)
    assert "Slice with starts computed at run time" in msg and "Det" in msg, msg
