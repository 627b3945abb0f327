"""Shared by tests/python/test_onnx_contrib*.py: one graph of onnx.helper nodes over NumPy graph
inputs and initializers, imported and run by tirgen."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen

ONNX = {np.float32: TensorProto.FLOAT, np.float64: TensorProto.DOUBLE, np.uint8: TensorProto.UINT8,
        np.int8: TensorProto.INT8, np.int32: TensorProto.INT32, np.int64: TensorProto.INT64}


def model(nodes, inputs, outputs, params=(), opset=17):
    """``inputs`` (name, array) graph inputs, ``params`` (name, array) initializers, ``outputs``
    names (types left to inference)."""
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info(n, ONNX[a.dtype.type], list(a.shape)) for n, a in inputs],
        [helper.make_tensor_value_info(n, TensorProto.UNDEFINED, None) for n in outputs],
        [numpy_helper.from_array(a, n) for n, a in params])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def run(nodes, inputs, outputs, params=(), opset=17):
    """(module, list of outputs)."""
    mod, p = tirgen.from_onnx(model(nodes, inputs, outputs, params, opset))
    got = tirgen.run(mod, {n: a for n, a in inputs}, params=p)
    return mod, got if isinstance(got, list) else [got]


def import_error(nodes, inputs, outputs, params=(), opset=17):
    """The message of the error importing the graph (the import must fail)."""
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model(nodes, inputs, outputs, params, opset))
    return str(e.value)
