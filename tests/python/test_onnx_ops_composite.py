"""Ops TVM's frontend composes from existing relay ops (ops_composite.cc, Acosh/Asinh/Atanh in
ops_elemwise.cc, TopK largest=0): one-node ONNX models built with onnx.helper, compared with
NumPy/PyTorch (float32: rtol 1e-5, atol 1e-6 unless stated)."""
import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen

ONNX_TYPES = {"float32": TensorProto.FLOAT, "int64": TensorProto.INT64, "int32": TensorProto.INT32,
              "uint8": TensorProto.UINT8, "uint32": TensorProto.UINT32, "int8": TensorProto.INT8}


def one_node(op, inputs, attrs=None, n_out=1, opset=17, domain="", initializers=()):
    """A model of one node over graph inputs ``inputs`` (name -> numpy array) and constant
    ``initializers`` (name -> numpy array); returns (imported module, params, outputs)."""
    ins = [helper.make_tensor_value_info(n, ONNX_TYPES[str(a.dtype)], a.shape) for n, a in inputs.items()]
    inits = [numpy_helper.from_array(a, n) for n, a in initializers]
    names = list(inputs) + [n for n, _ in initializers]
    outs = [helper.make_tensor_value_info(f"y{i}", TensorProto.UNDEFINED, None) for i in range(n_out)]
    node = helper.make_node(op, names, [o.name for o in outs], domain=domain, **(attrs or {}))
    imports = [helper.make_opsetid("", opset)] + ([helper.make_opsetid(domain, 1)] if domain else [])
    model = helper.make_model(helper.make_graph([node], "g", ins, outs, initializer=inits), opset_imports=imports)
    mod, params = tirgen.from_onnx(model)
    return mod, tirgen.run(mod, dict(inputs), params=params)


def rand(*shape, seed=0):
    return np.random.RandomState(seed).randn(*shape).astype("float32")


def close(got, want, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


def test_gelu_bias_gelu_fast_gelu_and_mish():
    x, b = rand(2, 3, 8), rand(8, seed=1)
    t = torch.from_numpy
    _, (g,) = one_node("Gelu", {"x": x}, domain="com.microsoft")
    close(g, torch.nn.functional.gelu(t(x)).numpy())
    _, (g,) = one_node("BiasGelu", {"x": x, "b": b}, domain="com.microsoft")
    close(g, torch.nn.functional.gelu(t(x + b)).numpy())
    _, (g,) = one_node("FastGelu", {"x": x, "b": b}, domain="com.microsoft")
    close(g, torch.nn.functional.gelu(t(x + b), approximate="tanh").numpy(), rtol=1e-4, atol=1e-5)
    _, (g,) = one_node("Mish", {"x": x})
    close(g, torch.nn.functional.mish(t(x)).numpy(), rtol=1e-5, atol=1e-5)


def test_shrink():
    x = rand(4, 5) * 2
    _, (g,) = one_node("Shrink", {"x": x}, {"lambd": 0.7, "bias": 0.2})
    close(g, np.where(x < -0.7, x + 0.2, np.where(x > 0.7, x - 0.2, 0)))


@pytest.mark.parametrize("opset, axis", [(13, -1), (13, 1), (11, 1), (11, 0)])
def test_hardmax(opset, axis):
    x = rand(2, 3, 4)
    mod, (g,) = one_node("Hardmax", {"x": x}, {"axis": axis}, opset=opset)
    assert "one_hot(" in str(mod)
    if opset >= 13:
        want = (np.arange(x.shape[axis]).reshape([-1 if i == axis % 3 else 1 for i in range(3)])
                == np.expand_dims(x.argmax(axis), axis)).astype("float32")
    else:  # coerced to 2-D at axis
        flat = x.reshape(int(np.prod(x.shape[:axis])), -1)
        want = np.eye(flat.shape[1], dtype="float32")[flat.argmax(1)].reshape(x.shape)
    np.testing.assert_array_equal(g, want)


def test_mean_variance_normalization():
    x = rand(2, 3, 4, 5)
    _, (g,) = one_node("MeanVarianceNormalization", {"x": x})
    m = x.mean((0, 2, 3), keepdims=True)
    close(g, (x - m) / np.sqrt((x * x).mean((0, 2, 3), keepdims=True) - m * m), rtol=1e-4, atol=1e-5)
    _, (g,) = one_node("MeanVarianceNormalization", {"x": x}, {"axes": [1, -1]})
    m = x.mean((1, 3), keepdims=True)
    close(g, (x - m) / np.sqrt((x * x).mean((1, 3), keepdims=True) - m * m), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_one_hot(axis):
    idx = np.array([[0, 2, -1], [4, -5, 1]], dtype="int64")
    values = np.array([-2.0, 3.0], dtype="float32")
    mod, (g,) = one_node("OneHot", {"idx": idx}, {"axis": axis},
                         initializers=[("depth", np.array(5, dtype="int64")), ("values", values)])
    assert "one_hot(" in str(mod)
    hot = torch.nn.functional.one_hot(torch.from_numpy(idx % 5), 5).numpy()
    want = np.moveaxis(np.where(hot == 1, 3.0, -2.0), -1, axis).astype("float32")
    np.testing.assert_array_equal(g, want)


def test_reverse_sequence():
    x = rand(4, 3, 2)  # (time, batch, feature)
    lens = np.array([4, 1, 3], dtype="int64")
    mod, (g,) = one_node("ReverseSequence", {"x": x, "lens": lens}, {"time_axis": 0, "batch_axis": 1})
    assert "reverse_sequence(" in str(mod)
    want = x.copy()
    for b, n in enumerate(lens):
        want[:n, b] = x[:n, b][::-1]
    np.testing.assert_array_equal(g, want)


@pytest.mark.parametrize("k", [0, 2, -1])
def test_eye_like(k):
    _, (g,) = one_node("EyeLike", {"x": rand(3, 5)}, {"k": k, "dtype": TensorProto.INT32})
    np.testing.assert_array_equal(g, np.eye(3, 5, k, dtype="int32"))


def test_cast_like():
    x = rand(3, 4) * 10
    _, (g,) = one_node("CastLike", {"x": x, "t": np.zeros(1, dtype="int32")})
    assert g.dtype == np.int32
    np.testing.assert_array_equal(g, x.astype("int32"))


def test_bitwise_and_shift():
    rs = np.random.RandomState(0)
    a = rs.randint(-100, 100, (3, 4)).astype("int32")
    b = rs.randint(-100, 100, (4,)).astype("int32")
    for op, f in [("BitwiseAnd", np.bitwise_and), ("BitwiseOr", np.bitwise_or), ("BitwiseXor", np.bitwise_xor)]:
        _, (g,) = one_node(op, {"a": a, "b": b})
        np.testing.assert_array_equal(g, f(a, b))
    _, (g,) = one_node("BitwiseNot", {"a": a})
    np.testing.assert_array_equal(g, ~a)
    u = rs.randint(0, 1 << 20, (5,)).astype("uint32")
    s = np.array([0, 1, 3, 7, 11], dtype="uint32")
    _, (g,) = one_node("BitShift", {"u": u, "s": s}, {"direction": "LEFT"})
    np.testing.assert_array_equal(g, u << s)
    _, (g,) = one_node("BitShift", {"u": u, "s": s}, {"direction": "RIGHT"})
    np.testing.assert_array_equal(g, u >> s)
    with pytest.raises(tirgen.TirgenError, match="unsigned integers are expected"):
        one_node("BitShift", {"a": a, "b": b})


def test_inverse_hyperbolic():
    x = np.linspace(-0.9, 0.9, 12, dtype="float32")
    for op, f in [("Asinh", np.arcsinh), ("Atanh", np.arctanh)]:
        _, (g,) = one_node(op, {"x": x})
        close(g, f(x))
    _, (g,) = one_node("Acosh", {"x": 1.5 + x})
    close(g, np.arccosh(1.5 + x))


def test_topk_smallest():
    x = np.array([[1.0, 3.0, 3.0, 2.0, 1.0], [5.0, -1.0, 0.0, 2.0, 4.0]], dtype="float32")
    mod, (v, i) = one_node("TopK", {"x": x}, {"largest": 0}, n_out=2,
                           initializers=[("k", np.array([3], dtype="int64"))])
    assert "is_ascend=True" in str(mod)
    np.testing.assert_array_equal(v, [[1.0, 1.0, 2.0], [-1.0, 0.0, 2.0]])
    np.testing.assert_array_equal(i, [[0, 4, 3], [1, 2, 3]])
