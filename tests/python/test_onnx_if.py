"""ONNX If. A condition known at import time (exported models' shape checks): the taken branch is
imported in place, reading the enclosing graph's values. A condition known only at run time: a
relay If of both branches (TVM's frontend rule) that the executor runs as a jump, checked on both
sides against NumPy and a scripted PyTorch model; branches of two types, a branch with the wrong
output count and unsupported ops inside a branch are clear errors. Floats to rtol 1e-5."""
import numpy as np
import pytest
import torch
from onnx import TensorProto, helper

import tirgen
from onnx_op_util import check_module


def test_local_response_norm_exports_a_shape_if():
    torch.manual_seed(0)
    x = torch.randn(1, 4, 8, 8)
    text = check_module(torch.nn.LocalResponseNorm(3), (x,), rtol=1e-5)
    assert "if " not in text  # the branch is gone, not a relay If


def _if_model(cond_node, then_nodes, else_nodes, branch_out="b", then_outputs=1, opset=17):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    out = lambda n: [helper.make_tensor_value_info(f"{branch_out}{k}", TensorProto.FLOAT, None) for k in range(n)]
    then_g = helper.make_graph(then_nodes, "then", [], out(then_outputs))
    else_g = helper.make_graph(else_nodes, "else", [], out(1))
    node = helper.make_node("If", ["c"], ["y"], then_branch=then_g, else_branch=else_g, name="the_if")
    graph = helper.make_graph(cond_node + [node], "g", [x], [y])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _shape_cond(rank):
    # c = (rank of x == rank): Shape -> Size -> Equal, known at import time
    return [
        helper.make_node("Shape", ["x"], ["s"]),
        helper.make_node("Size", ["s"], ["r"]),
        helper.make_node("Constant", [], ["k"], value=helper.make_tensor("k", TensorProto.INT64, [], [rank])),
        helper.make_node("Equal", ["r", "k"], ["c"]),
    ]


@pytest.mark.parametrize("rank, want", [(2, lambda x: np.exp(x)), (3, lambda x: -x)])
def test_taken_branch_reads_the_enclosing_graph(rank, want):
    model = _if_model(_shape_cond(rank), [helper.make_node("Exp", ["x"], ["b0"])],
                      [helper.make_node("Neg", ["x"], ["b0"])])
    mod, params = tirgen.from_onnx(model)
    data = np.random.RandomState(0).randn(2, 3).astype("float32")
    (got,) = tirgen.run(mod, {"x": data}, params=params)
    np.testing.assert_allclose(got, want(data), rtol=1e-5)


def _sum_positive():
    # c = sum(x) > 0: known only at run time
    return [helper.make_node("ReduceSum", ["x"], ["sum"], keepdims=0),
            helper.make_node("Constant", [], ["z"], value=helper.make_tensor("z", TensorProto.FLOAT, [], [0.0])),
            helper.make_node("Greater", ["sum", "z"], ["c"])]


def test_run_time_condition_runs_the_taken_branch():
    # TVM's frontend rule: a relay If of both branches; the executor runs one of them
    model = _if_model(_sum_positive(), [helper.make_node("Exp", ["x"], ["b0"])], [helper.make_node("Neg", ["x"], ["b0"])])
    mod, params = tirgen.from_onnx(model)
    assert "if (" in str(mod)
    for sign in (1, -1):
        data = sign * np.abs(np.random.RandomState(0).randn(2, 3)).astype("float32")
        (got,) = tirgen.run(mod, {"x": data}, params=params)
        np.testing.assert_allclose(got, np.exp(data) if sign > 0 else -data, rtol=1e-5)


def test_run_time_if_with_several_outputs_pass_through_and_a_one_element_condition():
    # the condition is a [1] tensor (TVM takes element 0); then_branch passes the graph input on
    cond = _sum_positive() + [helper.make_node("Unsqueeze", ["c", "ax"], ["c1"])]
    ax = helper.make_node("Constant", [], ["ax"], value=helper.make_tensor("ax", TensorProto.INT64, [1], [0]))
    model = _if_model([ax] + cond, [helper.make_node("Identity", ["x"], ["b0"]), helper.make_node("Exp", ["x"], ["b1"])],
                      [helper.make_node("Neg", ["x"], ["b0"]), helper.make_node("Abs", ["x"], ["b1"])], then_outputs=2)
    model.graph.node[-1].input[0] = "c1"
    else_g = next(a.g for a in model.graph.node[-1].attribute if a.name == "else_branch")
    else_g.output.append(helper.make_tensor_value_info("b1", TensorProto.FLOAT, None))
    model.graph.node[-1].output.append("y2")
    model.graph.output.append(helper.make_tensor_value_info("y2", TensorProto.FLOAT, None))
    mod, params = tirgen.from_onnx(model)
    for sign in (1, -1):
        data = sign * np.abs(np.random.RandomState(1).randn(2, 3)).astype("float32")
        got = tirgen.run(mod, {"x": data}, params=params)
        want = (data, np.exp(data)) if sign > 0 else (-data, np.abs(data))
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-5)


def test_run_time_branches_of_two_types_are_a_located_error():
    model = _if_model(_sum_positive(), [helper.make_node("Exp", ["x"], ["b0"])],
                      [helper.make_node("ReduceSum", ["x"], ["b0"], keepdims=0)])
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'the_if' \(If\): output 0 is Tensor\[\(2, 3\), float32\] in "
                       r"then_branch but float32 in else_branch"):
        tirgen.from_onnx(model)


def test_scripted_data_dependent_branch_from_pytorch():
    class Gate(torch.nn.Module):
        def forward(self, x):
            if bool(x.sum() > 0):
                y = torch.relu(x) * 2
            else:
                y = torch.sigmoid(x) - 1
            return y + x

    import io
    buf = io.BytesIO()
    torch.onnx.export(torch.jit.script(Gate()), (torch.randn(2, 5),), buf, input_names=["x"], opset_version=17)
    mod, params = tirgen.from_onnx(buf.getvalue())
    for sign in (1, -1):
        x = sign * torch.rand(2, 5)
        (got,) = tirgen.run(mod, {"x": x.numpy()}, params=params)
        np.testing.assert_allclose(got, Gate()(x).numpy(), rtol=1e-5, atol=1e-6)


def test_branch_output_count_must_match():
    model = _if_model(_shape_cond(2), [helper.make_node("Exp", ["x"], ["b0"]), helper.make_node("Neg", ["x"], ["b1"])],
                      [helper.make_node("Neg", ["x"], ["b0"])], then_outputs=2)
    with pytest.raises(tirgen.TirgenError, match="then_branch has 2 outputs but the node 1"):
        tirgen.from_onnx(model)


def test_unsupported_ops_inside_branches_are_listed_up_front():
    model = _if_model(_shape_cond(2), [helper.make_node("TfIdfVectorizer", ["x"], ["b0"])],
                      [helper.make_node("Neg", ["x"], ["b0"], name="neg")])
    with pytest.raises(tirgen.TirgenError, match=r"TfIdfVectorizer \(1 node: 'the_if'\.then_branch#0\)"):
        tirgen.from_onnx(model)


def test_branch_may_not_redefine_an_enclosing_value():
    model = _if_model(_shape_cond(2), [helper.make_node("Exp", ["x"], ["s"]), helper.make_node("Neg", ["s"], ["b0"])],
                      [helper.make_node("Neg", ["x"], ["b0"])])
    with pytest.raises(tirgen.TirgenError, match="redefines a value of the enclosing graph"):
        tirgen.from_onnx(model)
