"""ONNX sequences and optionals (ops_sequence.cc), resolved at import time as TVM v0.14 does: a
sequence is a list of relay expressions, so only ConcatFromSequence / SplitToSequence emit
relay calls. Hand-built graphs against NumPy list semantics (ONNX's), TorchScript list code
exported to ONNX against PyTorch; float32, rtol 1e-6 (data movement only) or 1e-5."""
import io

import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import import_error

F, I64 = TensorProto.FLOAT, TensorProto.INT64
RS = np.random.RandomState(0)
X, Y = RS.randn(2, 3).astype(np.float32), RS.randn(2, 3).astype(np.float32)
W = RS.randn(2, 3).astype(np.float32)  # an initializer (weight) element


def const(name, value):
    return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(np.array(value)))


def build(nodes, outputs, inputs=(("x", X), ("y", Y)), inits=(("w", W),), opset=16):
    """(relay text, outputs) of the graph `nodes` over float inputs, outputs given as value infos."""
    ins = [helper.make_tensor_value_info(n, F, list(a.shape)) for n, a in inputs]
    graph = helper.make_graph(nodes, "g", ins, outputs, [numpy_helper.from_array(a, n) for n, a in inits])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]))
    return str(mod), tirgen.run(mod, dict(inputs), params=params)


def tensor_out(name):
    return helper.make_tensor_value_info(name, F, None)


def seq_out(name):
    return helper.make_tensor_sequence_value_info(name, F, None)


def test_construct_insert_erase_at_and_length_follow_python_lists():
    nodes = [helper.make_node("SequenceConstruct", ["x", "y"], ["s0"]),
             const("m1", -1), const("p0", 0), const("m2", -2),
             # ONNX inserts at -1 before the last element (list.insert); TVM would append.
             helper.make_node("SequenceInsert", ["s0", "w", "m1"], ["s1"]),   # [x, w, y]
             helper.make_node("SequenceInsert", ["s1", "y"], ["s2"]),         # [x, w, y, y]
             helper.make_node("SequenceErase", ["s2", "p0"], ["s3"]),         # [w, y, y]
             helper.make_node("SequenceErase", ["s3"], ["s4"]),               # [w, y]
             helper.make_node("SequenceAt", ["s2", "m2"], ["at"]),            # y
             helper.make_node("SequenceLength", ["s3"], ["n"]),
             helper.make_node("Cast", ["n"], ["nf"], to=F),
             helper.make_node("Mul", ["at", "nf"], ["scaled"]),
             helper.make_node("ConcatFromSequence", ["s4"], ["cat"], axis=1)]
    text, (scaled, cat) = build(nodes, [tensor_out("scaled"), tensor_out("cat")])
    np.testing.assert_allclose(scaled, Y * 3, rtol=1e-6)
    np.testing.assert_array_equal(cat, np.concatenate([W, Y], axis=1))
    # The length folded at import time; one concatenate, no tuple indexing.
    assert text.count("concatenate(") == 1 and "3f" in text, text


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_concat_from_sequence_new_axis_stacks(axis):
    nodes = [helper.make_node("SequenceConstruct", ["x", "y", "w"], ["s"]),
             helper.make_node("ConcatFromSequence", ["s"], ["out"], axis=axis, new_axis=1)]
    text, (out,) = build(nodes, [tensor_out("out")])
    np.testing.assert_array_equal(out, np.stack([X, Y, W], axis=axis))
    shape = ", ".join(str(d) for d in np.stack([X, Y, W], axis=axis).shape)
    assert f"-> Tensor[({shape}), float32]" in text, text  # the type relation's shape


SPLITS = [(None, 1, 0, lambda x: [x[:, i] for i in range(4)]),         # no split, keepdims=0
          (None, 1, 1, lambda x: [x[:, i:i + 1] for i in range(4)]),
          (np.array(1), 1, 0, lambda x: [x[:, i] for i in range(4)]),  # PyTorch's unbind
          (np.array(3), 1, 0, lambda x: [x[:, :3], x[:, 3:]]),         # last chunk shorter, keepdims ignored
          (np.array([1, 3]), -1, 0, lambda x: [x[:, :1], x[:, 1:]]),
          (np.array([2]), 0, 1, lambda x: [x])]


@pytest.mark.parametrize("split, axis, keepdims, ref", SPLITS)
def test_split_to_sequence_is_a_graph_output_of_its_elements(split, axis, keepdims, ref):
    x = RS.randn(2, 4).astype(np.float32)
    nodes, ins = [], ["x"]
    if split is not None:
        nodes.append(const("split", split.astype(np.int64)))
        ins.append("split")
    nodes.append(helper.make_node("SplitToSequence", ins, ["parts"], axis=axis, keepdims=keepdims))
    text, got = build(nodes, [seq_out("parts")], inputs=[("x", x)], inits=())
    want = ref(x)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_known_elements_stay_known_so_shape_lists_fold():
    # A shape assembled in a sequence reaches Reshape as a constant.
    nodes = [helper.make_node("Shape", ["x"], ["shape"]),
             helper.make_node("SplitToSequence", ["shape"], ["dims"], keepdims=1),
             helper.make_node("SequenceEmpty", [], ["empty"], dtype=I64),
             helper.make_node("SequenceAt", ["dims", "one"], ["d1"]),
             helper.make_node("SequenceAt", ["dims", "zero"], ["d0"]),
             helper.make_node("SequenceInsert", ["empty", "d1"], ["r1"]),
             helper.make_node("SequenceInsert", ["r1", "d0"], ["r2"]),
             helper.make_node("ConcatFromSequence", ["r2"], ["new_shape"], axis=0),
             helper.make_node("Reshape", ["x", "new_shape"], ["out"])]
    inits = [("one", np.array(1, np.int64)), ("zero", np.array(0, np.int64))]
    ins = [helper.make_tensor_value_info("x", F, [2, 3])]
    graph = helper.make_graph(nodes, "g", ins, [tensor_out("out")], [numpy_helper.from_array(a, n) for n, a in inits])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)]))
    assert "reshape(%x, newshape=[3, 2])" in str(mod), str(mod)
    (out,) = tirgen.run(mod, {"x": X}, params=params)
    np.testing.assert_array_equal(out, X.reshape(3, 2))


def test_optional_has_and_get_element():
    opt_type = helper.make_optional_type_proto(helper.make_tensor_type_proto(F, [2, 3]))
    nodes = [helper.make_node("Optional", ["x"], ["full"]),
             helper.make_node("Optional", [], ["none"], type=helper.make_tensor_type_proto(F, [2, 3])),
             helper.make_node("OptionalHasElement", ["full"], ["has_full"]),
             helper.make_node("OptionalHasElement", ["none"], ["has_none"]),
             helper.make_node("OptionalGetElement", ["full"], ["got"]),
             helper.make_node("Cast", ["has_full"], ["a"], to=F),
             helper.make_node("Cast", ["has_none"], ["b"], to=F),
             helper.make_node("Add", ["a", "b"], ["ab"]),
             helper.make_node("Mul", ["got", "ab"], ["out"])]
    text, (out, opt) = build(nodes, [tensor_out("out"), helper.make_value_info("full", opt_type)])
    np.testing.assert_array_equal(out, X)  # has_full + has_none == 1, folded
    np.testing.assert_array_equal(opt, X)  # an optional graph output is its value


def test_an_if_on_an_optional_takes_the_branch_at_import_time():
    then_g = helper.make_graph([helper.make_node("OptionalGetElement", ["opt"], ["t"])], "then", [], [tensor_out("t")])
    else_g = helper.make_graph([helper.make_node("Identity", ["y"], ["e"])], "else", [], [tensor_out("e")])
    nodes = [helper.make_node("Optional", ["x"], ["opt"]),
             helper.make_node("OptionalHasElement", ["opt"], ["has"]),
             helper.make_node("If", ["has"], ["out"], then_branch=then_g, else_branch=else_g)]
    _, (out,) = build(nodes, [tensor_out("out")])
    np.testing.assert_array_equal(out, X)


def test_torchscript_list_built_in_a_loop():
    class M(torch.nn.Module):
        def forward(self, x):
            outs: list[torch.Tensor] = []
            for i in range(x.size(0)):
                outs.append(torch.relu(x[i]) * float(i + 1))
            return torch.stack(outs, 1), torch.cat(outs, 0)

    m = torch.jit.script(M())
    x = torch.randn(3, 2, 4)
    buf = io.BytesIO()
    torch.onnx.export(m, (x,), buf, opset_version=13, input_names=["input0"])
    mod, params = tirgen.from_onnx(buf.getvalue())
    got = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    for g, w in zip(got, m(x)):
        np.testing.assert_allclose(g, w.numpy(), rtol=1e-5, atol=1e-6)


def test_torchscript_unbind_and_list_indexing():
    class M(torch.nn.Module):
        def forward(self, x):
            parts = torch.unbind(x, 1)
            return parts[-1] - parts[0] + parts[len(parts) // 2]

    m = torch.jit.script(M())
    x = torch.randn(2, 5, 3)
    buf = io.BytesIO()
    torch.onnx.export(m, (x,), buf, opset_version=13, input_names=["input0"])
    mod, params = tirgen.from_onnx(buf.getvalue())
    (got,) = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    np.testing.assert_allclose(got, m(x).numpy(), rtol=1e-5, atol=1e-6)


def test_torchscript_list_indexed_by_the_loop_counter():
    # SequenceAt(parts, i) inside a Loop: the iteration number is known once the Loop is
    # unrolled, so the up-front check must not refuse the position.
    class M(torch.nn.Module):
        def forward(self, x):
            parts = torch.unbind(x, 0)
            acc = parts[0] * 0.0  # (zeros_like would be folded by the exporter to a keepdims shape)
            for i in range(len(parts)):
                acc = acc + parts[i] * float(i + 1)
            return acc

    m = torch.jit.script(M())
    x = torch.randn(4, 3)
    buf = io.BytesIO()
    torch.onnx.export(m, (x,), buf, opset_version=13, input_names=["input0"])
    mod, params = tirgen.from_onnx(buf.getvalue())
    (got,) = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    np.testing.assert_allclose(got, m(x).numpy(), rtol=1e-5, atol=1e-6)


def test_errors_are_located():
    seq_in = helper.make_tensor_sequence_value_info("s", F, [2])
    graph = helper.make_graph([helper.make_node("SequenceLength", ["s"], ["n"])], "g", [seq_in],
                              [helper.make_tensor_value_info("n", I64, [])])
    with pytest.raises(tirgen.TirgenError, match="graph input 's' is a sequence, whose length or presence is known "
                                                 "only at run time"):
        tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)]))
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'at' \(SequenceAt\): position 2 is out of range for a "
                                                 r"sequence of 2 tensors \(accepted: \[-2, 1\]\)"):
        build([helper.make_node("SequenceConstruct", ["x", "y"], ["s"]), const("two", 2),
               helper.make_node("SequenceAt", ["s", "two"], ["o"], name="at")], [tensor_out("o")])
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'add' \(Add\): input 0 \('s'\) is a sequence, where Add "
                                                 r"takes a tensor"):
        build([helper.make_node("SequenceConstruct", ["x", "y"], ["s"]),
               helper.make_node("Add", ["s", "x"], ["o"], name="add")], [tensor_out("o")])
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'get' \(OptionalGetElement\): the optional \('e'\) is "
                                                 r"empty"):
        build([helper.make_node("Optional", [], ["e"], type=helper.make_tensor_type_proto(F, [2, 3])),
               helper.make_node("OptionalGetElement", ["e"], ["o"], name="get")], [tensor_out("o")])
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'sp' \(SplitToSequence\): would make a sequence of "
                                                 r"70000 tensors, more than tirgen builds \(65536\)"):
        build([helper.make_node("SplitToSequence", ["x"], ["s"], axis=1, name="sp"),
               helper.make_node("SequenceAt", ["s", "zero"], ["o"])], [tensor_out("o")],
              inputs=[("x", np.zeros((1, 70000), np.float32))], inits=[("zero", np.array(0, np.int64))])
    with pytest.raises(tirgen.TirgenError, match=r"split sizes sum to 2, not the axis size 3"):
        build([const("sizes", np.array([1, 1], np.int64)), helper.make_node("SplitToSequence", ["x", "sizes"], ["s"], axis=1),
               helper.make_node("ConcatFromSequence", ["s"], ["o"])], [tensor_out("o")])
    with pytest.raises(tirgen.TirgenError, match="graph output 'e' is an empty optional"):
        build([helper.make_node("Optional", [], ["e"], type=helper.make_tensor_type_proto(F, [2, 3])),
               helper.make_node("Neg", ["x"], ["o"])], [tensor_out("o"), tensor_out("e")])


def test_run_time_positions_and_splits_are_listed_up_front():
    i = {"x": (F, [2, 3]), "p": (I64, []), "q": (I64, [2])}
    nodes = [helper.make_node("SequenceConstruct", ["x", "x"], ["s"]),
             helper.make_node("SequenceAt", ["s", "p"], ["a"], name="at_p"),
             helper.make_node("SequenceErase", ["s", "p"], ["b"], name="erase_p"),
             helper.make_node("SplitToSequence", ["x", "q"], ["c"], name="split_q"),
             helper.make_node("NoSuchOp", ["x"], ["d"], name="other")]
    msg = import_error(nodes, i, ["a", "d"], opset=16)
    assert "SequenceAt with a position known only at run time (1 node: 'at_p')" in msg, msg
    assert "SequenceErase with a position known only at run time (1 node: 'erase_p')" in msg, msg
    assert "SplitToSequence with a split known only at run time (1 node: 'split_q')" in msg, msg
    assert "NoSuchOp (1 node: 'other')" in msg, msg
