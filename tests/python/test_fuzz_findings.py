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


# The Concat of a float and an int64 Constant (onnx_import) is checked in test_onnx_const_eval.py.


def test_onnx_constant_of_shape_with_a_dimension_beyond_int32():
    # An empty shape (a 0 dim) passed the size check; the 2^45 dim then failed as an internal
    # error building relay's int32 shape attribute.
    shape = helper.make_node("Constant", [], ["s"], value=helper.make_tensor("s", TensorProto.INT64, [2], [2**45, 0]))
    fill = helper.make_node("ConstantOfShape", ["s"], ["y"], name="fill")
    data = onnx_model([shape, fill], [], [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2**45, 0])])
    with pytest.raises(tirgen.TirgenError, match="node 'fill' \\(ConstantOfShape\\): shape has a dimension "
                                                 "35184372088832 beyond int32"):
        tirgen.from_onnx(data)


def test_onnx_pad_beyond_int32():
    # Relay's pad_width attribute is int32: a larger pad was an internal error.
    pads = helper.make_node("Constant", [], ["p"], value=helper.make_tensor("p", TensorProto.INT64, [2], [0, 3071344640]))
    pad = helper.make_node("Pad", ["x", "p"], ["y"], name="pad")
    data = onnx_model([pads, pad], [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None])])
    with pytest.raises(tirgen.TirgenError, match="attribute value 3071344640 is beyond int32"):
        tirgen.from_onnx(data)


def test_onnx_int64_constant_arithmetic_wraps():
    # Folding int64 constants overflowed (UBSan); it wraps as numpy and ONNX Runtime do:
    # (2^62 + 5) * 2 wraps to -2^63 + 10, plus 2^63 - 9 is 1, the shape of the output.
    def const(name, value):
        return helper.make_node("Constant", [], [name], value=helper.make_tensor(name, TensorProto.INT64, [1], [value]))
    nodes = [const("a", 2**62 + 5), const("b", 2), const("c", 2**63 - 9), helper.make_node("Mul", ["a", "b"], ["ab"]),
             helper.make_node("Add", ["ab", "c"], ["s"]), helper.make_node("ConstantOfShape", ["s"], ["y"])]
    mod, _ = tirgen.from_onnx(onnx_model(nodes, [], [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None])]))
    assert "-> Tensor[(1), float32]" in mod.astext()
