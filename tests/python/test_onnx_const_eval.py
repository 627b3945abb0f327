# The ONNX importer's import-time evaluation (shape subgraphs folded to values before Relay
# exists) on inputs ONNX forbids: a clear one-line error, never a crash.
import numpy as np
import pytest

import tirgen


def model(nodes, inputs, outputs, opset=17):
    from onnx import helper

    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]).SerializeToString()


def const(name, array):
    from onnx import helper, numpy_helper

    return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array, name + "_value"))


@pytest.mark.parametrize("folded", [True, False])
def test_concat_of_float_and_int64_is_a_user_error(folded):
    # Both Constants: the importer folds the Concat itself (this null-dereferenced before);
    # a graph input and a Constant: the Concat becomes a Relay call. Both must name the types.
    from onnx import TensorProto, helper

    f = np.array([1.5, 2.5], dtype=np.float32)
    i = np.array([3, 4], dtype=np.int64)
    nodes = [const("i", i), helper.make_node("Concat", ["f", "i"], ["y"], axis=0, name="cat")]
    inputs = []
    if folded:
        nodes.insert(0, const("f", f))
    else:
        inputs.append(helper.make_tensor_value_info("f", TensorProto.FLOAT, [2]))
    out = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model(nodes, inputs, [out]))
    msg = str(e.value)
    assert "input 1 is int64 but input 0 is float32" in msg, msg
    assert "insert a Cast" in msg, msg


def test_concat_of_int64_constants_still_folds():
    from onnx import TensorProto, helper

    nodes = [const("a", np.array([1, 2], dtype=np.int64)), const("b", np.array([3], dtype=np.int64)),
             helper.make_node("Concat", ["a", "b"], ["s"], axis=0),
             helper.make_node("Reshape", ["x", "s"], ["y"])]
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [6])
    out = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    mod, params = tirgen.from_onnx(model(nodes, [x], [out]))
    data = np.arange(6, dtype=np.float32)
    (y,) = tirgen.run(mod, {"x": data}, params=params)
    np.testing.assert_array_equal(y, data.reshape(1, 2, 3))
