"""ONNX Loop decided at run time (frontend/onnx/loop_function.cc): a trip count or condition known
only at run time becomes TVM v0.14's let-bound recursive function (relay.loops.while_loop), which
tirgen's executor runs as a backward jump. Compared with the equivalent Python loop in NumPy
(float32 results exact or rtol 1e-6, integer results exact)."""
import io

import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen

F, B, I32, I64 = TensorProto.FLOAT, TensorProto.BOOL, TensorProto.INT32, TensorProto.INT64
X = np.random.RandomState(0).rand(2, 3).astype(np.float32)
A0 = np.random.RandomState(1).rand(2, 3).astype(np.float32)


def vi(name, dtype, shape):
    return helper.make_tensor_value_info(name, dtype, shape)


def model(body_nodes, body_outs, carried, loop_inputs, graph_inputs, graph_outputs, inits=(), body_inits=(),
          extra_nodes=(), loop_outputs=None, opset=13):
    """A graph with one Loop named 'loop'; `carried` are (name, dtype, shape) of the carried values."""
    body = helper.make_graph(body_nodes, "body",
                             [vi("iter", I64, []), vi("cond_in", B, [])] + [vi(n + "_in", t, s) for n, t, s in carried],
                             body_outs, list(body_inits))
    loop = helper.make_node("Loop", loop_inputs, loop_outputs or [n for n, _, _ in carried], name="loop", body=body)
    graph = helper.make_graph([loop] + list(extra_nodes), "g", graph_inputs, graph_outputs, list(inits))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def run(m, inputs):
    mod, params = tirgen.from_onnx(m)
    return mod, tirgen.run(mod, inputs, params=params)


def affine_model(cond_from_data=False, m_input=True):
    """acc <- acc * x + iter (x read from the enclosing graph); with cond_from_data, the loop also
    stops once sum(acc) >= 50."""
    nodes = [helper.make_node("Cast", ["iter"], ["iter_f"], to=F),
             helper.make_node("Mul", ["acc_in", "x"], ["prod"]),
             helper.make_node("Add", ["prod", "iter_f"], ["acc_out"])]
    inits = []
    if cond_from_data:
        nodes += [helper.make_node("ReduceSum", ["acc_out"], ["total"], keepdims=0),
                  helper.make_node("Less", ["total", "fifty"], ["cond_out"])]
        inits.append(numpy_helper.from_array(np.array(50, np.float32), "fifty"))
    else:
        nodes.append(helper.make_node("Identity", ["cond_in"], ["cond_out"]))
    outs = [vi("cond_out", B, []), vi("acc_out", F, [2, 3])]
    graph_inputs = [vi("x", F, [2, 3]), vi("acc0", F, [2, 3])]
    top_inits = []
    if m_input:
        graph_inputs.append(vi("M", I64, []))
    else:
        top_inits.append(numpy_helper.from_array(np.array(1000, np.int64), "M"))
    cond = "" if not cond_from_data else "c0"
    if cond_from_data:
        top_inits.append(numpy_helper.from_array(np.array(True), "c0"))
    return model(nodes, outs, [("acc", F, [2, 3])], ["M", cond, "acc0"], graph_inputs, [vi("acc", F, None)],
                 top_inits, inits)


def affine_reference(x, acc, m, stop_at=None):
    i = 0
    while i < m:
        acc = acc * x + np.float32(i)
        i += 1
        if stop_at is not None and not acc.sum(dtype=np.float32) < stop_at:
            break
    return acc


@pytest.mark.parametrize("m", [0, 1, 7])
def test_trip_count_as_a_model_input(m):
    mod, (acc,) = run(affine_model(), {"x": X, "acc0": A0, "M": np.array(m, np.int64)})
    assert "let %while_loop" in str(mod) and "multiply(" in str(mod)
    np.testing.assert_allclose(acc, affine_reference(X, A0, m), rtol=1e-6)


def test_a_condition_from_data():
    # M is a constant (1000), the condition after each iteration depends on the data.
    mod, (acc,) = run(affine_model(cond_from_data=True, m_input=False), {"x": X + 1, "acc0": A0})
    assert "let %while_loop" in str(mod)
    np.testing.assert_allclose(acc, affine_reference(X + 1, A0, 1000, stop_at=50), rtol=1e-6)


@pytest.mark.parametrize("m", [0, 2, 100])
def test_both_a_run_time_trip_count_and_a_condition(m):
    mod, (acc,) = run(affine_model(cond_from_data=True), {"x": X + 1, "acc0": A0, "M": np.array(m, np.int64)})
    np.testing.assert_allclose(acc, affine_reference(X + 1, A0, m, stop_at=50), rtol=1e-6)


def doubling_model():
    """x <- 2x while sum(x) <= limit (no trip count); counts the doublings in an int32."""
    nodes = [helper.make_node("Add", ["v_in", "v_in"], ["v_out"]),
             helper.make_node("Add", ["n_in", "one"], ["n_out"]),
             helper.make_node("ReduceSum", ["v_out"], ["s"], keepdims=0),
             helper.make_node("LessOrEqual", ["s", "limit"], ["cond_out"])]
    outs = [vi("cond_out", B, []), vi("v_out", F, [4]), vi("n_out", I32, [])]
    return model(nodes, outs, [("v", F, [4]), ("n", I32, [])], ["", "go", "v0", "n0"],
                 [vi("v0", F, [4]), vi("limit", F, [])], [vi("v", F, None), vi("n", I32, None)],
                 [numpy_helper.from_array(np.array(True), "go"), numpy_helper.from_array(np.array(0, np.int32), "n0")],
                 [numpy_helper.from_array(np.array(1, np.int32), "one")])


@pytest.mark.parametrize("limit", [0.5, 10.0, 1e6])
def test_double_until_the_sum_exceeds_a_threshold_with_carried_values_of_two_dtypes(limit):
    v0 = np.array([0.25, 0.5, 1.0, 0.125], np.float32)
    _, (v, n) = run(doubling_model(), {"v0": v0, "limit": np.array(limit, np.float32)})
    want_v, want_n = v0.copy(), 0
    while True:  # the body runs once before the first test
        want_v, want_n = want_v * 2, want_n + 1
        if not want_v.sum(dtype=np.float32) <= limit:
            break
    np.testing.assert_array_equal(v, want_v)
    assert n.dtype == np.int32 and int(n) == want_n


def test_an_if_inside_the_body_and_an_int64_carried_value():
    """Even iterations add x, odd ones multiply by x (a run-time If in the body); a carried int64
    sums the iteration numbers."""
    then_g = helper.make_graph([helper.make_node("Add", ["acc_in", "x"], ["t"])], "then", [], [vi("t", F, [2, 3])])
    else_g = helper.make_graph([helper.make_node("Mul", ["acc_in", "x"], ["e"])], "else", [], [vi("e", F, [2, 3])])
    nodes = [helper.make_node("Mod", ["iter", "two"], ["parity"]),
             helper.make_node("Equal", ["parity", "zero"], ["even"]),
             helper.make_node("If", ["even"], ["acc_out"], then_branch=then_g, else_branch=else_g),
             helper.make_node("Add", ["k_in", "iter"], ["k_out"]),
             helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    outs = [vi("cond_out", B, []), vi("acc_out", F, [2, 3]), vi("k_out", I64, [])]
    m = model(nodes, outs, [("acc", F, [2, 3]), ("k", I64, [])], ["M", "", "acc0", "k0"],
              [vi("x", F, [2, 3]), vi("acc0", F, [2, 3]), vi("M", I64, [])], [vi("acc", F, None), vi("k", I64, None)],
              [numpy_helper.from_array(np.array(5, np.int64), "k0")],
              [numpy_helper.from_array(np.array(2, np.int64), "two"), numpy_helper.from_array(np.array(0, np.int64), "zero")])
    for trips in [0, 1, 6]:
        mod, (acc, k) = run(m, {"x": X, "acc0": A0, "M": np.array(trips, np.int64)})
        assert "if (" in str(mod)
        want, want_k = A0.copy(), 5
        for i in range(trips):
            want = want + X if i % 2 == 0 else want * X
            want_k += i
        np.testing.assert_allclose(acc, want, rtol=1e-6)
        assert k.dtype == np.int64 and int(k) == want_k


def test_a_hundred_thousand_iterations():
    nodes = [helper.make_node("Add", ["acc_in", "one"], ["acc_out"]), helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3])], [("acc", F, [3])], ["M", "", "acc0"],
              [vi("acc0", F, [3]), vi("M", I64, [])], [vi("acc", F, None)],
              body_inits=[numpy_helper.from_array(np.array(1, np.float32), "one")])
    _, (acc,) = run(m, {"acc0": np.array([0, 1, 2], np.float32), "M": np.array(100000, np.int64)})
    np.testing.assert_array_equal(acc, np.array([100000, 100001, 100002], np.float32))  # exact below 2^24


def test_a_known_trip_count_beyond_the_unroll_limit_becomes_a_loop():
    nodes = [helper.make_node("Add", ["acc_in", "one"], ["acc_out"]), helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3])], [("acc", F, [3])], ["M", "", "acc0"],
              [vi("acc0", F, [3])], [vi("acc", F, None)], [numpy_helper.from_array(np.array(5000, np.int64), "M")],
              body_inits=[numpy_helper.from_array(np.array(1, np.float32), "one")])
    mod, (acc,) = run(m, {"acc0": np.zeros(3, np.float32)})
    assert str(mod).count("let %while_loop") == 1
    np.testing.assert_array_equal(acc, np.full(3, 5000, np.float32))


def test_a_scan_output_past_the_unroll_limit_is_refused_up_front():
    nodes = [helper.make_node("Add", ["acc_in", "one"], ["acc_out"]), helper.make_node("Identity", ["cond_in"], ["cond_out"]),
             helper.make_node("Identity", ["acc_out"], ["scan"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3]), vi("scan", F, [3])], [("acc", F, [3])],
              ["M", "", "acc0"], [vi("acc0", F, [3])], [vi("acc", F, None), vi("scans", F, None)],
              [numpy_helper.from_array(np.array(5000, np.int64), "M")],
              body_inits=[numpy_helper.from_array(np.array(1, np.float32), "one")], loop_outputs=["acc", "scans"],
              extra_nodes=[UNSUPPORTED])
    expect_listed_up_front(m, "a scan output and a trip count above 4096, more than tirgen unrolls (tirgen stacks a "
                              "scan output only by unrolling the Loop)")


def test_the_imported_relay_text_round_trips_and_the_fused_form_runs():
    mod, params = tirgen.from_onnx(affine_model(cond_from_data=True))
    text = mod.astext()
    assert "let %while_loop: fn (" in text, text
    again = tirgen.relay.parse(text)
    assert again.astext() == text
    fused = tirgen.relay.optimize(again, params)
    assert tirgen.relay.parse(fused.astext()).astext() == fused.astext()
    (acc,) = tirgen.run(again, {"x": X + 1, "acc0": A0, "M": np.array(9, np.int64)}, params=params)
    np.testing.assert_allclose(acc, affine_reference(X + 1, A0, 9, stop_at=50), rtol=1e-6)


def test_a_carried_value_whose_type_changes_is_a_located_error():
    nodes = [helper.make_node("Concat", ["acc_in", "acc_in"], ["acc_out"], axis=0),
             helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, None)], [("acc", F, [3])], ["M", "", "acc0"],
              [vi("acc0", F, [3]), vi("M", I64, [])], [vi("acc", F, None)])
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(m)
    msg = str(e.value)
    assert "ONNX node 'loop' (Loop): loop-carried value 0 ('acc_out') is Tensor[(3), float32] before the loop but " \
           "Tensor[(6), float32] after an iteration" in msg, msg
    assert "\n" not in msg


UNSUPPORTED = helper.make_node("TfIdfVectorizer", ["acc0"], ["tfidf"], name="tfidf")


def expect_listed_up_front(m, form):
    """The up-front check lists `form` for the Loop along with the model's other unsupported node."""
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(m)
    msg = str(e.value)
    assert "Loop with " + form + " (1 node: 'loop')" in msg, msg
    assert "TfIdfVectorizer" in msg, msg


def test_a_carried_value_whose_declared_type_changes_is_refused_up_front():
    nodes = [helper.make_node("Concat", ["acc_in", "acc_in"], ["acc_out"], axis=0),
             helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [6])], [("acc", F, [3])], ["M", "", "acc0"],
              [vi("acc0", F, [3]), vi("M", I64, [])], [vi("acc", F, None)], extra_nodes=[UNSUPPORTED])
    expect_listed_up_front(m, "a loop-carried value whose declared type an iteration changes and a trip count known "
                              "only at run time (a run-time loop keeps one static type per carried value)")


def test_a_run_time_scan_output_is_refused_up_front_with_the_other_unsupported_nodes():
    nodes = [helper.make_node("Add", ["acc_in", "acc_in"], ["acc_out"]),
             helper.make_node("Identity", ["cond_in"], ["cond_out"]),
             helper.make_node("Identity", ["acc_out"], ["scan"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3]), vi("scan", F, [3])], [("acc", F, [3])],
              ["M", "", "acc0"], [vi("acc0", F, [3]), vi("M", I64, [])], [vi("acc", F, None), vi("scans", F, None)],
              loop_outputs=["acc", "scans"], extra_nodes=[UNSUPPORTED])
    expect_listed_up_front(m, "a scan output and a trip count known only at run time (tirgen stacks a scan output only "
                              "by unrolling the Loop)")


def test_a_carried_sequence_is_refused_up_front():
    body = helper.make_graph(
        [helper.make_node("Constant", [], ["t"], value=numpy_helper.from_array(np.ones(3, np.float32), "tv")),
         helper.make_node("SequenceInsert", ["s_in", "t"], ["s_out"]), helper.make_node("Identity", ["cond_in"], ["cond_out"])],
        "body", [vi("iter", I64, []), vi("cond_in", B, []), helper.make_tensor_sequence_value_info("s_in", F, None)],
        [vi("cond_out", B, []), helper.make_tensor_sequence_value_info("s_out", F, None)])
    nodes = [helper.make_node("SequenceEmpty", [], ["s0"], dtype=F),
             helper.make_node("Loop", ["M", "", "s0"], ["s"], name="loop", body=body),
             helper.make_node("SequenceLength", ["s"], ["n"]), UNSUPPORTED]
    g = helper.make_graph(nodes, "g", [vi("M", I64, []), vi("acc0", F, [3])], [vi("n", I64, []), vi("tfidf", F, None)])
    expect_listed_up_front(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]),
                           "a loop-carried value that is not a tensor ('s_in') and a trip count known only at run time "
                           "(a run-time loop carries tensors only)")


@pytest.mark.parametrize("trip_count_known", [False, True])
def test_a_body_operand_read_at_import_time_from_the_iteration_number_is_refused_up_front(trip_count_known):
    """Range's limit must be known at import time; the iteration number is known only when the
    Loop is unrolled, and here it is not (a run-time trip count, or a known one with a condition
    the body computes from data)."""
    nodes = [helper.make_node("Range", ["zero", "iter", "step"], ["r"]),
             helper.make_node("Add", ["acc_in", "acc_in"], ["acc_out"]),
             helper.make_node("ReduceSum", ["acc_out"], ["total"], keepdims=0),
             helper.make_node("Less", ["total", "fifty"], ["cond_out"])]
    consts = [numpy_helper.from_array(np.array(v, t), n) for v, t, n in
              [(0, np.int64, "zero"), (1, np.int64, "step"), (50, np.float32, "fifty")]]
    top = [numpy_helper.from_array(np.array(3, np.int64), "M"), numpy_helper.from_array(np.array(True), "c")]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3])], [("acc", F, [3])],
              ["M", "c" if trip_count_known else "", "acc0"],
              [vi("acc0", F, [3])] + ([] if trip_count_known else [vi("M", I64, [])]), [vi("acc", F, None)],
              inits=top if trip_count_known else [], body_inits=consts, extra_nodes=[UNSUPPORTED])
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(m)
    msg = str(e.value)
    assert "Range with limit computed at run time" in msg and "TfIdfVectorizer" in msg, msg


def test_an_unused_scan_output_is_not_computed():
    nodes = [helper.make_node("Add", ["acc_in", "acc_in"], ["acc_out"]),
             helper.make_node("Identity", ["cond_in"], ["cond_out"]),
             helper.make_node("Identity", ["acc_out"], ["scan"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3]), vi("scan", F, [3])], [("acc", F, [3])],
              ["M", "", "acc0"], [vi("acc0", F, [3]), vi("M", I64, [])], [vi("acc", F, None)], loop_outputs=["acc", ""])
    _, (acc,) = run(m, {"acc0": np.ones(3, np.float32), "M": np.array(4, np.int64)})
    np.testing.assert_array_equal(acc, np.full(3, 16, np.float32))


def test_a_trip_count_that_is_not_int64_is_a_located_error():
    nodes = [helper.make_node("Add", ["acc_in", "acc_in"], ["acc_out"]), helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3])], [("acc", F, [3])], ["M", "", "acc0"],
              [vi("acc0", F, [3]), vi("M", I64, [2])], [vi("acc", F, None)])
    with pytest.raises(tirgen.TirgenError, match=r"ONNX node 'loop' \(Loop\): the trip count M must be one int64"):
        tirgen.from_onnx(m)


def test_torch_scripted_while_loop():
    """torch.jit.script with a data-dependent while loop, through from_pytorch and from_onnx."""
    class M(torch.nn.Module):
        def forward(self, x):
            while bool(x.sum() < 100.0):
                x = x * 2.0
            return x

    x = torch.tensor([0.5, 1.0, 1.5])
    m = torch.jit.script(M())
    want = m(x).numpy()
    buf = io.BytesIO()
    torch.onnx.export(m, (x,), buf, opset_version=13, input_names=["x"])
    mod, params = tirgen.from_onnx(buf.getvalue())
    assert "let %while_loop" in str(mod)
    (got,) = tirgen.run(mod, {"x": x.numpy()}, params=params)
    np.testing.assert_array_equal(got, want)
    y = torch.tensor([3.0, 4.0, 5.0])
    (got,) = tirgen.run(mod, {"x": y.numpy()}, params=params)
    np.testing.assert_array_equal(got, m(y).numpy())
    # from_pytorch exports the scripted module the same way (opset 17).
    mod, params = tirgen.from_pytorch(m, (x,))
    assert "let %while_loop" in str(mod)
    (got,) = tirgen.run(mod, {"input0": y.numpy()}, params=params)
    np.testing.assert_array_equal(got, m(y).numpy())


@pytest.mark.parametrize("case, message", [
    ("float_condition", "the condition must be one bool, got float32"),
    ("int_body_condition", "the body's condition output must be one bool, got int64"),
    ("missing_carried_output", "the body has fewer outputs than 1 + 1 (condition, loop-carried values)"),
])
def test_malformed_run_time_loops_are_one_line_errors(case, message):
    cond_out = "iter" if case == "int_body_condition" else "cond_in"
    nodes = [helper.make_node("Add", ["acc_in", "acc_in"], ["acc_out"]), helper.make_node("Identity", [cond_out], ["cond_out"])]
    outs = [vi("cond_out", I64 if case == "int_body_condition" else B, [])]
    if case != "missing_carried_output":
        outs.append(vi("acc_out", F, [3]))
    m = model(nodes, outs, [("acc", F, [3])], ["", "c", "acc0"],
              [vi("acc0", F, [3]), vi("c", F if case == "float_condition" else B, [])], [vi("acc", F, None)])
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(m)
    msg = str(e.value)
    assert "ONNX node 'loop' (Loop): " + message in msg, msg
    assert "\n" not in msg


def test_a_loop_inside_a_loop_body():
    """The outer loop runs M times; its body runs an inner loop iter + 1 times (a trip count the
    outer iteration gives), adding x each time, then halves the result."""
    inner = helper.make_graph([helper.make_node("Add", ["a_in", "x"], ["a_out"]),
                               helper.make_node("Identity", ["c2_in"], ["c2_out"])],
                              "inner", [vi("j", I64, []), vi("c2_in", B, []), vi("a_in", F, [3])],
                              [vi("c2_out", B, []), vi("a_out", F, [3])])
    nodes = [helper.make_node("Add", ["iter", "one"], ["m2"]),
             helper.make_node("Loop", ["m2", "", "acc_in"], ["acc_mid"], body=inner, name="inner"),
             helper.make_node("Mul", ["acc_mid", "half"], ["acc_out"]),
             helper.make_node("Identity", ["cond_in"], ["cond_out"])]
    m = model(nodes, [vi("cond_out", B, []), vi("acc_out", F, [3])], [("acc", F, [3])], ["M", "", "acc0"],
              [vi("x", F, [3]), vi("acc0", F, [3]), vi("M", I64, [])], [vi("acc", F, None)],
              body_inits=[numpy_helper.from_array(np.array(1, np.int64), "one"),
                          numpy_helper.from_array(np.array(0.5, np.float32), "half")])
    mod, params = tirgen.from_onnx(m)
    assert mod.astext().count("let %while_loop") == 2
    x, a0 = np.array([1, 2, 3], np.float32), np.array([0.5, 0, -1], np.float32)
    for trips in [0, 1, 4]:
        (got,) = tirgen.run(mod, {"x": x, "acc0": a0, "M": np.array(trips, np.int64)}, params=params)
        want = a0.copy()
        for i in range(trips):
            for _ in range(i + 1):
                want = want + x
            want = want * np.float32(0.5)
        np.testing.assert_array_equal(got, want)  # exact: sums and halvings of small binary fractions
