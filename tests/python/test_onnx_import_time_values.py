"""Values the importer must know at import time (Reshape / Expand targets), as exporters write
them, and what from_pytorch exports for torch; found by running zoo models:

- torch.onnx.export deduplicates equal initializers and reads the copies through Identity
  nodes, so a Reshape or Expand target may be Identity(initializer) (swin_v2_t). An Identity
  of a weight keeps the weight's known value (shape math folds it) and stays main's parameter;
- a target computed by an op the importer builds in Relay rather than folding on the host
  (ScatterElements on a Shape: torch's boolean-mask assignment; TopK, CumSum) is evaluated
  when it depends on constants only;
- from_pytorch exports ops this torch lacks a symbolic for but that have an exact ONNX form
  (Tensor.zero_, nn.Unflatten, nn.ChannelShuffle, nn.Bilinear, torch.atan2), registering the
  symbolic only for the length of the export.

Numerics against NumPy / PyTorch (rtol 1e-5 / 1e-4)."""
import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen


def _model(nodes, inits, x_shape, out="y"):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, x_shape)
    y = helper.make_tensor_value_info(out, TensorProto.FLOAT, None)
    g = helper.make_graph(nodes, "identity_weights", [x], [y], initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])


def test_reshape_and_expand_targets_read_through_identity_of_initializers():
    shape = numpy_helper.from_array(np.array([2, -1, 3], np.int64), "shape")
    grow = numpy_helper.from_array(np.array([4, 1, 1, 1], np.int64), "grow")
    nodes = [
        helper.make_node("Identity", ["shape"], ["shape_copy"]),
        helper.make_node("Identity", ["shape_copy"], ["shape_copy2"]),  # a chain of them
        helper.make_node("Reshape", ["x", "shape_copy2"], ["r"]),
        helper.make_node("Identity", ["grow"], ["grow_copy"]),
        helper.make_node("Expand", ["r", "grow_copy"], ["e"]),
        # shape math on the copy: Gather of it, Concat with a constant, a second Reshape
        helper.make_node("Constant", [], ["k"], value=numpy_helper.from_array(np.array([0], np.int64))),
        helper.make_node("Gather", ["shape_copy", "k"], ["first"], axis=0),
        helper.make_node("Constant", [], ["rest"], value=numpy_helper.from_array(np.array([-1], np.int64))),
        helper.make_node("Concat", ["first", "rest"], ["flat_shape"], axis=0),
        helper.make_node("Reshape", ["e", "flat_shape"], ["y"]),
    ]
    x = np.random.default_rng(0).standard_normal((2, 2, 3), dtype=np.float32)
    mod, params = tirgen.from_onnx(_model(nodes, [shape, grow], [2, 2, 3]))
    got = tirgen.run(mod, {"x": x}, params=params)[0]
    want = np.broadcast_to(x.reshape(2, -1, 3), (4, 2, 2, 3)).reshape(2, -1)  # shape[0] of the copy
    np.testing.assert_allclose(got, want, rtol=1e-5)


@pytest.mark.parametrize("op", ["ScatterElements", "TopK", "CumSum", "ScatterND"])
def test_targets_computed_in_relay_from_constants_are_evaluated(op):
    """Shape(x) (CumSum: a constant) -> op -> Expand / Reshape target."""
    ints = lambda name, v: helper.make_node("Constant", [], [name], value=numpy_helper.from_array(np.array(v, np.int64)))
    nodes = [helper.make_node("Shape", ["x"], ["s"])]  # [2, 1, 3]
    if op == "ScatterElements":  # torch's index_put with a mask: the shape with dim 1 replaced
        nodes += [ints("i", [1]), ints("u", [4]), helper.make_node(op, ["s", "i", "u"], ["t"], axis=0)]
        want_shape = (2, 4, 3)
    elif op == "ScatterND":
        nodes += [ints("i", [[1]]), ints("u", [4]), helper.make_node(op, ["s", "i", "u"], ["t"])]
        want_shape = (2, 4, 3)
    elif op == "TopK":  # dims in descending order: [3, 2, 1]
        nodes += [ints("k", [3]), helper.make_node(op, ["s", "k"], ["t", "idx"])]
        want_shape = (3, 2, 1)
    else:  # on a constant: [1, 1, 1] -> [1, 2, 3]
        nodes = [ints("c", [1, 1, 1]), ints("ax", 0), helper.make_node(op, ["c", "ax"], ["t"])]
        want_shape = (1, 2, 3)
    op_out = "y" if op == "TopK" else "e"
    nodes.append(helper.make_node("Reshape" if op == "TopK" else "Expand", ["x", "t"], [op_out]))
    if op != "TopK":
        nodes.append(helper.make_node("Identity", ["e"], ["y"]))
    x = np.random.default_rng(1).standard_normal((1, 1, 3) if op == "CumSum" else (2, 1, 3), dtype=np.float32)
    mod, params = tirgen.from_onnx(_model(nodes, [], list(x.shape)))
    got = tirgen.run(mod, {"x": x}, params=params)[0]
    want = x.reshape(want_shape) if op == "TopK" else np.broadcast_to(x, want_shape)
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("op", ["TopK", "CumSum"])
def test_targets_computed_from_initializers_are_evaluated(op):
    """The op reads an int64 initializer; its data is bound for the evaluation only."""
    c = numpy_helper.from_array(np.array([1, 3, 2] if op == "TopK" else [1, 1, 1], np.int64), "c")
    k = numpy_helper.from_array(np.array([3] if op == "TopK" else 0, np.int64), "k")
    outs = ["t", "idx"] if op == "TopK" else ["t"]
    nodes = [helper.make_node(op, ["c", "k"], outs), helper.make_node("Reshape", ["x", "t"], ["y"])]
    x = np.arange(6, dtype=np.float32).reshape(6, 1, 1)
    mod, params = tirgen.from_onnx(_model(nodes, [c, k], list(x.shape)))
    got = tirgen.run(mod, {"x": x}, params=params)[0]
    want_shape = (3, 2, 1) if op == "TopK" else (1, 2, 3)  # sorted descending / running sum
    np.testing.assert_array_equal(got, x.reshape(want_shape))


@pytest.mark.parametrize("n", [2000, 30000, 10**6])
def test_large_constant_expressions_are_refused_at_once(n):
    """ConstantOfShape([n]) -> CumSum -> ReduceMax -> Concat -> Reshape target: evaluating it
    at import time would cost O(n^2) in the interpreter; every tensor in a folded expression
    must be small, so the target is refused as not known (quickly, whatever n is)."""
    import time

    n_init = numpy_helper.from_array(np.array([n], np.int64), "n")
    ax = numpy_helper.from_array(np.array(0, np.int64), "ax")
    one = helper.make_tensor("v", TensorProto.INT64, [1], [1])
    nodes = [helper.make_node("ConstantOfShape", ["n"], ["z"], value=one),
             helper.make_node("CumSum", ["z", "ax"], ["c"]),
             helper.make_node("ReduceMax", ["c"], ["m"], keepdims=1),
             helper.make_node("Concat", ["m", "m"], ["t"], axis=0),
             helper.make_node("Reshape", ["x", "t"], ["y"], name="rs")]
    start = time.monotonic()
    with pytest.raises(tirgen.TirgenError, match=r"'rs' \(Reshape\): shape .*must be known at import time"):
        tirgen.from_onnx(_model(nodes, [n_init, ax], [2, 3]))
    assert time.monotonic() - start < 5.0  # the evaluation took 23 s at n = 30000


def test_identity_of_a_float_weight_stays_a_parameter():
    w = numpy_helper.from_array(np.arange(6, dtype=np.float32).reshape(2, 3), "w")
    nodes = [helper.make_node("Identity", ["w"], ["w_copy"]), helper.make_node("Add", ["x", "w_copy"], ["y"])]
    mod, params = tirgen.from_onnx(_model(nodes, [w], [2, 3]))
    assert list(params) == ["w"], params.keys()  # one parameter, under the initializer's name
    assert "%w" in str(mod)
    x = np.ones((2, 3), np.float32)
    np.testing.assert_allclose(tirgen.run(mod, {"x": x}, params=params)[0], x + numpy_helper.to_array(w))


class _ZeroBias(torch.nn.Module):
    """swin_v2's pattern: a copy of a bias with a slice zeroed in place."""

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 6)

    def forward(self, x):
        b = self.lin.bias.clone()
        b[2:4].zero_()
        return torch.nn.functional.linear(x, self.lin.weight, b)


class _Atan2(torch.nn.Module):
    def forward(self, y, x):  # every quadrant, both axes, the origin
        return torch.atan2(y, x), torch.atan2(y.double(), x.double())


class _Shapes(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.unflatten, self.shuffle = torch.nn.Unflatten(1, (2, 3)), torch.nn.ChannelShuffle(3)
        self.bilinear = torch.nn.Bilinear(5, 5, 2)

    def forward(self, x):  # (2, 6, 5)
        return self.unflatten(x), self.shuffle(x.unsqueeze(-1)), self.bilinear(x, x.flip(1)), x.flatten().unflatten(0, (3, -1))


@pytest.mark.parametrize("module, opset", [(_ZeroBias, 17), (_ZeroBias, 11), (_Shapes, 17), (_Shapes, 13)],
                         ids=["zero_", "zero_opset11", "unflatten_shuffle_bilinear", "opset13"])
def test_from_pytorch_exports_ops_torch_has_no_symbolic_for(module, opset):
    torch.manual_seed(0)
    model = module().eval()
    x = torch.randn(2, 6, 5) if module is _Shapes else torch.randn(3, 4)
    with torch.no_grad():
        want = model(x)
    want = want if isinstance(want, tuple) else (want,)
    mod, params = tirgen.from_pytorch(model, x, opset_version=opset)
    got = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w.numpy(), rtol=1e-4, atol=1e-5)


def test_from_pytorch_exports_atan2():
    # signed zeros take the quadrant from the sign bit: atan2(-0, -1) = -pi, atan2(+-0, -0) = +-pi
    y = torch.cat([torch.tensor([1.0, -1.0, 1.0, -1.0, 0.0, 0.0, 2.0, -2.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 3.0,
                                 -0.0, 0.0, -float("inf"), float("inf")]), torch.randn(20)])
    x = torch.cat([torch.tensor([1.0, 1.0, -1.0, -1.0, 1.0, -1.0, 0.0, 0.0, 0.0, -1.0, 1.0, -0.0, -0.0, 0.0, -0.0,
                                 -3.0, -3.0, -2.0, -2.0]), torch.randn(20)])
    mod, params = tirgen.from_pytorch(_Atan2(), (y, x))
    got = tirgen.run(mod, {"input0": y.numpy(), "input1": x.numpy()}, params=params)
    for g, w in zip(got, _Atan2()(y, x)):
        assert g.dtype == w.numpy().dtype
        np.testing.assert_allclose(g, w.numpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w.numpy()))  # -0 and -pi included


def test_from_pytorch_leaves_torchs_symbolic_registry_as_it_was():
    from torch.onnx._internal import registration

    before = {op: registration.registry.is_registered_op(op, 17)
              for op in ("aten::zero", "aten::unflatten", "aten::channel_shuffle", "aten::bilinear", "aten::atan2")}
    tirgen.from_pytorch(_ZeroBias().eval(), torch.randn(3, 4))
    after = {op: registration.registry.is_registered_op(op, 17) for op in before}
    assert after == before
    if before["aten::zero"]:
        return  # a torch that has the symbolic itself
    with pytest.raises(Exception, match="aten::zero"):  # torch's own export is unchanged
        import io

        torch.onnx.export(_ZeroBias().eval(), torch.randn(3, 4), io.BytesIO(), opset_version=17)
