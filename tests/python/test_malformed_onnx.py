"""Malformed and extreme ONNX models (issue 18): every one is a tirgen.TirgenError naming the
model and what is wrong, never a crash, an internal error or an allocation of the declared size."""
import onnx
import pytest
from onnx import TensorProto, helper

import tirgen


def model(nodes, inputs, outputs, initializers=(), ir_version=8, opset=13):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = ir_version
    return m.SerializeToString()


def raw_tensor(name, dims, raw):
    """A float initializer with the given dims and raw bytes (make_tensor refuses a mismatch)."""
    t = TensorProto()
    t.name, t.data_type, t.raw_data = name, TensorProto.FLOAT, raw
    t.dims.extend(dims)
    return t


X = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])
Y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])


def test_two_producers_of_one_value():
    data = model([helper.make_node("Relu", ["x"], ["y"], name="a"), helper.make_node("Neg", ["x"], ["y"], name="b")],
                 [X], [Y])
    with pytest.raises(tirgen.TirgenError, match="node 'b' \\(Neg\\) writes value 'y', which node 'a' \\(Relu\\) "
                                                 "already defines"):
        tirgen.from_onnx(data)


def test_node_overwriting_a_graph_input():
    data = model([helper.make_node("Relu", ["x"], ["x"], name="a")], [X], [X])
    with pytest.raises(tirgen.TirgenError, match="writes value 'x', which a graph input already defines"):
        tirgen.from_onnx(data)


def test_unknown_ir_version():
    data = model([helper.make_node("Relu", ["x"], ["y"])], [X], [Y], ir_version=99)
    with pytest.raises(tirgen.TirgenError, match="ONNX IR version 99 is not supported"):
        tirgen.from_onnx(data)


def test_initializer_whose_element_count_overflows():
    # (2^32)^2 elements wraps to 0 in 64-bit arithmetic once multiplied by the element size.
    w = raw_tensor("w", [2**32, 2**32], b"")
    data = model([helper.make_node("Add", ["x", "w"], ["y"])], [X], [Y], initializers=[w])
    with pytest.raises(tirgen.TirgenError, match="initializer 'w': shape \\(4294967296, 4294967296\\) needs more than"):
        tirgen.from_onnx(data)


def test_initializer_larger_than_its_data_is_not_allocated():
    w = raw_tensor("w", [1 << 20, 1 << 10], b"\0\0\0\0")
    data = model([helper.make_node("Add", ["x", "w"], ["y"])], [X], [Y], initializers=[w])
    with pytest.raises(tirgen.TirgenError, match="raw_data has 4 bytes but its shape needs 4294967296"):
        tirgen.from_onnx(data)


def test_external_data_offset_not_a_number(tmp_path):
    w = raw_tensor("w", [4], b"")
    w.data_location = TensorProto.EXTERNAL
    for key, value in (("location", "w.bin"), ("offset", "abc")):
        entry = w.external_data.add()
        entry.key, entry.value = key, value
    (tmp_path / "w.bin").write_bytes(b"\0" * 16)
    path = tmp_path / "m.onnx"
    path.write_bytes(model([helper.make_node("Add", ["x", "w"], ["y"])], [X], [Y], initializers=[w]))
    with pytest.raises(tirgen.TirgenError, match="external_data offset: 'abc' is not an integer"):
        tirgen.from_onnx(str(path))


def test_relu_chain_of_ten_thousand_nodes_fuses():
    n = 10000
    nodes = [helper.make_node("Relu", ["x" if i == 0 else f"t{i - 1}"], ["y" if i == n - 1 else f"t{i}"])
             for i in range(n)]
    mod, params = tirgen.from_onnx(model(nodes, [X], [Y]))
    fused = tirgen.relay.optimize(mod)
    assert str(fused).count("Primitive=1") == (n + 255) // 256
