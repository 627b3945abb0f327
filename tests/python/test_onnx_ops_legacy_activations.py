"""Affine, ScaledTanh and ParametricSoftplus, the opset-1 experimental activations TVM's ONNX
frontend still maps, against NumPy (defaults and given alpha/beta)."""
import numpy as np
import pytest
from onnx import TensorProto, helper

import tirgen


def run(op, x, **attrs):
    node = helper.make_node(op, ["x"], ["y"], **attrs)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)]).SerializeToString()
    mod, params = tirgen.from_onnx(model)
    return tirgen.run(mod, {"x": x}, params=params)[0]


X = np.linspace(-60, 60, 97, dtype=np.float32).reshape(1, 97)


@pytest.mark.parametrize(
    "op, attrs, fn",
    [
        ("Affine", {}, lambda x: x),
        ("Affine", {"alpha": 0.5, "beta": -2.0}, lambda x: 0.5 * x - 2.0),
        ("ScaledTanh", {}, np.tanh),
        ("ScaledTanh", {"alpha": 2.0, "beta": 0.1}, lambda x: 2.0 * np.tanh(0.1 * x)),
        ("ParametricSoftplus", {}, lambda x: np.logaddexp(0, x)),
        # beta * x reaches 120: the stable form stays finite where log(exp(.) + 1) overflows.
        ("ParametricSoftplus", {"alpha": 0.5, "beta": 2.0}, lambda x: 0.5 * np.logaddexp(0, 2.0 * x)),
    ],
)
def test_legacy_activation(op, attrs, fn):
    np.testing.assert_allclose(run(op, X, **attrs), fn(X.astype(np.float64)), rtol=1e-5, atol=1e-6)
