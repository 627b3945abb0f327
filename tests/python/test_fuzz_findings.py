"""Inputs the fuzzers (tests/fuzz, scripts/fuzz.sh) found crashing, checked here for their message:
each is a tirgen.TirgenError that says what is wrong. (tests/fuzz/regressions/<target>/ holds the
raw inputs; the ctest fuzz_replay.<target> replays them through the fuzz target itself.)"""
import onnx
import pytest
from onnx import TensorProto, helper

import tirgen


def onnx_model(nodes, inputs, outputs, opset=13):
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    return m.SerializeToString()


def test_onnx_concat_of_float_and_int64_constants():
    # Constant folding copied int64 elements into a float tensor's (empty) integer storage.
    a = helper.make_node("Constant", [], ["a"], value=helper.make_tensor("a", TensorProto.FLOAT, [2], [1.0, 2.0]))
    b = helper.make_node("Constant", [], ["b"], value=helper.make_tensor("b", TensorProto.INT64, [2], [3, 4]))
    c = helper.make_node("Concat", ["a", "b"], ["c"], axis=0, name="cat")
    add = helper.make_node("Add", ["x", "c"], ["y"])
    data = onnx_model([a, b, c, add], [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])])
    with pytest.raises(tirgen.TirgenError, match="node 'cat' \\(Concat\\): input 1 is int64 but input 0 is float32; "
                                                 "every input needs the same element type"):
        tirgen.from_onnx(data)
