"""ONNX If whose condition is known at import time (exported models' shape checks): the taken
branch is imported in place, reading the enclosing graph's values; a run-time condition, a
branch with the wrong output count and unsupported ops inside a branch are clear errors.
Floats to rtol 1e-5."""
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


def test_run_time_condition_is_a_located_error():
    cond = [helper.make_node("ReduceSum", ["x"], ["sum"], keepdims=0),
            helper.make_node("Constant", [], ["z"], value=helper.make_tensor("z", TensorProto.FLOAT, [], [0.0])),
            helper.make_node("Greater", ["sum", "z"], ["c"])]
    model = _if_model(cond, [helper.make_node("Exp", ["x"], ["b0"])], [helper.make_node("Neg", ["x"], ["b0"])])
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'the_if' \(If\): the condition \('c'\) is only known at run time"):
        tirgen.from_onnx(model)


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
