"""ONNX Loop unrolled at import time (ops_control.cc): the body is converted once per iteration
while the trip count and the condition after each iteration are known at import time (other
Loops: test_onnx_loop_run_time.py);
loop-carried values flow from one copy to the next and scan outputs are stacked. Compared with
NumPy (float32, rtol 1e-5) and with PyTorch for a scripted loop."""
import io

import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen


def loop_model(trips=4, stop_after=None, cond_from_data=False, m_input=False, extra_scan=True):
    """acc <- acc * x + iter for `trips` iterations (x from the enclosing graph), scanning acc;
    with stop_after the condition becomes iter < stop_after."""
    f, b, i64 = TensorProto.FLOAT, TensorProto.BOOL, TensorProto.INT64
    nodes = [helper.make_node("Cast", ["iter"], ["iter_f"], to=f),
             helper.make_node("Mul", ["acc_in", "x"], ["prod"]),
             helper.make_node("Add", ["prod", "iter_f"], ["acc_out"])]
    if cond_from_data:
        nodes += [helper.make_node("ReduceSum", ["acc_out"], ["total"], keepdims=0),
                  helper.make_node("Less", ["total", "hundred"], ["cond_out"])]
    elif stop_after is not None:
        nodes.append(helper.make_node("Less", ["iter", "limit"], ["cond_out"]))
    else:
        nodes.append(helper.make_node("Identity", ["cond_in"], ["cond_out"]))
    outs = [helper.make_tensor_value_info("cond_out", b, []), helper.make_tensor_value_info("acc_out", f, [2, 3])]
    if extra_scan:
        outs.append(helper.make_tensor_value_info("acc_out", f, [2, 3]))
    inits = [numpy_helper.from_array(np.array(stop_after or 0, np.int64), "limit"),
             numpy_helper.from_array(np.array(100, np.float32), "hundred")]
    body = helper.make_graph(nodes, "body", [helper.make_tensor_value_info("iter", i64, []),
                                             helper.make_tensor_value_info("cond_in", b, []),
                                             helper.make_tensor_value_info("acc_in", f, [2, 3])], outs, inits)
    loop_outs = ["acc", "accs"] if extra_scan else ["acc"]
    loop = helper.make_node("Loop", ["M", "cond", "acc0"], loop_outs, name="loop", body=body)
    ins = [helper.make_tensor_value_info("x", f, [2, 3]), helper.make_tensor_value_info("acc0", f, [2, 3])]
    top_inits = [numpy_helper.from_array(np.array(True), "cond")]
    if m_input:
        ins.append(helper.make_tensor_value_info("M", i64, []))
    else:
        top_inits.append(numpy_helper.from_array(np.array(trips, np.int64), "M"))
    graph = helper.make_graph([loop], "g", ins, [helper.make_tensor_value_info(n, f, None) for n in loop_outs], top_inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


def reference(x, acc, iterations):
    accs = []
    for i in range(iterations):
        acc = acc * x + i
        accs.append(acc)
    return acc, np.stack(accs)


X = np.random.RandomState(0).rand(2, 3).astype(np.float32)
A0 = np.random.RandomState(1).rand(2, 3).astype(np.float32)


@pytest.mark.parametrize("trips, stop_after, iterations", [(4, None, 4), (10, 2, 3), (1, None, 1)])
def test_loop_unrolls(trips, stop_after, iterations):
    mod, params = tirgen.from_onnx(loop_model(trips, stop_after))
    assert str(mod).count("multiply(") == iterations
    acc, accs = tirgen.run(mod, {"x": X, "acc0": A0}, params=params)
    want_acc, want_accs = reference(X, A0, iterations)
    np.testing.assert_allclose(acc, want_acc, rtol=1e-5)
    np.testing.assert_allclose(accs, want_accs, rtol=1e-5)


def test_zero_iterations_pass_the_initial_values_through():
    mod, params = tirgen.from_onnx(loop_model(0, extra_scan=False))
    (acc,) = tirgen.run(mod, {"x": X, "acc0": A0}, params=params)
    np.testing.assert_array_equal(acc, A0)


def test_a_condition_known_only_at_run_time_makes_the_loop_a_function():
    # The condition after iteration 0 depends on the data: the Loop is not unrolled but becomes
    # the recursive function form (test_onnx_loop_run_time.py), which cannot give a scan output.
    mod, params = tirgen.from_onnx(loop_model(3, cond_from_data=True, extra_scan=False))
    assert "let %while_loop" in str(mod)
    for x in [X, X * 20]:
        (acc,) = tirgen.run(mod, {"x": x, "acc0": A0}, params=params)
        want = A0
        for i in range(3):
            want = want * x + np.float32(i)
            if not want.sum(dtype=np.float32) < 100:
                break
        np.testing.assert_allclose(acc, want, rtol=1e-5)
    # The up-front check sees that the body's condition is not known, so the scan is refused there.
    with pytest.raises(tirgen.TirgenError, match="Loop with a scan output and a body condition known only at run time "
                                                 "\\(tirgen stacks a scan output only by unrolling the Loop\\) "
                                                 "\\(1 node: 'loop'\\)"):
        tirgen.from_onnx(loop_model(3, cond_from_data=True))


def test_scripted_torch_loop_over_a_shape():
    class M(torch.nn.Module):
        def forward(self, x, w):
            h = torch.zeros_like(x[0])
            for i in range(x.size(0)):
                h = torch.tanh(x[i] + h @ w)
            return h

    m = torch.jit.script(M())
    x, w = torch.randn(5, 2, 4), torch.randn(4, 4)
    buf = io.BytesIO()
    torch.onnx.export(m, (x, w), buf, opset_version=13, input_names=["input0", "input1"])
    mod, params = tirgen.from_onnx(buf.getvalue())
    (got,) = tirgen.run(mod, {"input0": x.numpy(), "input1": w.numpy()}, params=params)
    np.testing.assert_allclose(got, m(x, w).detach().numpy(), rtol=1e-5, atol=1e-6)


def body_with_if(else_out="e"):
    """acc_out = acc_in + 1 on iteration 0 (then), acc_in * x after (else, its output named else_out)."""
    f, b, i64 = TensorProto.FLOAT, TensorProto.BOOL, TensorProto.INT64
    then_g = helper.make_graph([helper.make_node("Add", ["acc_in", "one"], ["t"])], "then", [],
                               [helper.make_tensor_value_info("t", f, [2, 3])])
    else_g = helper.make_graph([helper.make_node("Mul", ["acc_in", "x"], [else_out])], "else", [],
                               [helper.make_tensor_value_info(else_out, f, [2, 3])])
    return helper.make_graph(
        [helper.make_node("Equal", ["iter", "zero"], ["first"]),
         helper.make_node("If", ["first"], ["acc_out"], then_branch=then_g, else_branch=else_g),
         helper.make_node("Identity", ["cond_in"], ["cond_out"])],
        "body", [helper.make_tensor_value_info("iter", i64, []), helper.make_tensor_value_info("cond_in", b, []),
                 helper.make_tensor_value_info("acc_in", f, [2, 3])],
        [helper.make_tensor_value_info("cond_out", b, []), helper.make_tensor_value_info("acc_out", f, [2, 3])],
        [numpy_helper.from_array(np.array(0, np.int64), "zero"), numpy_helper.from_array(np.array(1, np.float32), "one")])


def run_loop_graph(nodes, out, trips):
    f = TensorProto.FLOAT
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info("x", f, [2, 3]), helper.make_tensor_value_info("acc0", f, [2, 3])],
        [helper.make_tensor_value_info(out, f, None)], [numpy_helper.from_array(np.array(trips, np.int64), "M")])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]))
    (got,) = tirgen.run(mod, {"x": X, "acc0": A0}, params=params)
    return got


def test_an_if_inside_the_body_is_taken_anew_each_iteration():
    # acc <- acc + 1 on the first iteration, acc * x after: the If's condition folds per copy.
    got = run_loop_graph([helper.make_node("Loop", ["M", "", "acc0"], ["acc"], body=body_with_if())], "acc", 3)
    np.testing.assert_allclose(got, (A0 + 1) * X * X, rtol=1e-5)


def test_an_untaken_branch_in_the_body_does_not_drop_an_outer_value():
    # The else branch (never taken: one iteration, iter == 0) names its output like a value of the
    # main graph (invalid, but never converted); dropping the body's values after the iteration
    # must leave that outer value, which a node after the Loop reads.
    got = run_loop_graph([helper.make_node("Neg", ["x"], ["neg_x"]),
                          helper.make_node("Loop", ["M", "", "acc0"], ["acc"], body=body_with_if("neg_x")),
                          helper.make_node("Add", ["acc", "neg_x"], ["out"])], "out", 1)
    np.testing.assert_allclose(got, A0 + 1 - X, rtol=1e-5)
