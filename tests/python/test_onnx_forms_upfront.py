"""Op forms TVM v0.14's ONNX frontend accepts that tirgen used to refuse, and form refusals the
converters made only at conversion, now found by the up-front check so that one error lists
every op and form a model needs.

- Gemm with an A of rank > 2: TVM flattens A to (N, rest) (nn.batch_flatten) before nn.dense.
  transA=1 on such an A fails TVM's type check (a (1, 0) transpose of a rank-3 tensor), and a 1-D
  A would become a (K, 1) column: both are refused up front, as is a B that is not 2-D.
- DepthToSpace / SpaceToDepth on a non-4-D input, DepthToSpace modes other than DCR / CRD,
  Upsample's (opset-7) attribute scales on the batch or channel axis (TVM asserts them to be 1),
  InstanceNormalization and the global pools on an input without spatial axes.
- Inputs that decide a shape (Reshape targets, TopK's K, CumSum's axis, Reduce axes, ...) when
  they are computed from the model's run-time inputs: shapes are static.

References are NumPy, written here from the ONNX definitions. Tolerance: float32 rtol 1e-5,
atol 1e-5 (dot products of at most 24 terms of unit-size values)."""
import numpy as np
import pytest
from onnx import helper

from onnx_contrib_util import import_error, run


def gemm_reference(a, b, c, alpha, beta, trans_b):
    a2 = a.reshape(a.shape[0], -1)
    b2 = b.T if trans_b else b
    return alpha * (a2 @ b2) + beta * c


@pytest.mark.parametrize("a_shape", [(2, 3, 4), (3, 2, 2, 3), (4, 12)])
@pytest.mark.parametrize("trans_b", [0, 1])
@pytest.mark.parametrize("alpha,beta,with_c", [(1.0, 1.0, True), (0.5, 2.0, True), (1.5, 1.0, False)])
def test_gemm_flattens_an_a_of_rank_above_two(a_shape, trans_b, alpha, beta, with_c):
    rng = np.random.default_rng(sum(a_shape) + 7 * trans_b)
    a = rng.normal(size=a_shape).astype(np.float32)
    k, n = int(np.prod(a_shape[1:])), 5
    b = rng.normal(size=(n, k) if trans_b else (k, n)).astype(np.float32)
    c = rng.normal(size=(n,)).astype(np.float32)
    ins = ["a", "b", "c"] if with_c else ["a", "b"]
    node = helper.make_node("Gemm", ins, ["y"], alpha=alpha, beta=beta, transB=trans_b)
    params = [("b", b), ("c", c)] if with_c else [("b", b)]
    _, (y,) = run([node], [("a", a)], ["y"], params, opset=13)
    want = gemm_reference(a, b, c if with_c else np.float32(0), alpha, beta, trans_b)
    assert y.shape == (a_shape[0], n)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)


def test_gemm_with_a_batched_a_and_a_run_time_b():
    # B a graph input (not an initializer): dense's weight is computed at run time.
    rng = np.random.default_rng(3)
    a = rng.normal(size=(2, 2, 3)).astype(np.float32)
    b = rng.normal(size=(6, 4)).astype(np.float32)
    node = helper.make_node("Gemm", ["a", "b"], ["y"])
    _, (y,) = run([node], [("a", a), ("b", b)], ["y"], opset=13)
    np.testing.assert_allclose(y, a.reshape(2, 6) @ b, rtol=1e-5, atol=1e-5)


def test_gemm_forms_tvm_cannot_convert_are_listed_in_one_error():
    a3 = np.zeros((2, 3, 4), np.float32)
    nodes = [helper.make_node("Gemm", ["a", "w"], ["y"], transA=1, name="g_trans"),
             helper.make_node("Gemm", ["v", "w2"], ["y2"], name="g_vec"),
             helper.make_node("Gemm", ["m", "w3"], ["y3"], name="g_b3")]
    msg = import_error(nodes, [("a", a3), ("v", np.zeros(4, np.float32)), ("m", np.zeros((2, 4), np.float32))],
                       ["y", "y2", "y3"],
                       [("w", np.zeros((2, 5), np.float32)), ("w2", np.zeros((4, 5), np.float32)),
                        ("w3", np.zeros((1, 4, 5), np.float32))], opset=13)
    assert "3 ONNX operator types or forms" in msg, msg
    assert "Gemm with transA=1 with an A of rank 3 (only a 2-D A is transposed; flatten it first) (1 node: 'g_trans')" in msg, msg
    assert "Gemm with an A of rank 1 (2-D, or rank > 2 flattened to (N, rest)) (1 node: 'g_vec')" in msg, msg
    assert "Gemm with a B of rank 3 (B must be 2-D) (1 node: 'g_b3')" in msg, msg


def test_converter_time_form_refusals_are_found_up_front_together():
    # Each of these used to pass the up-front check and fail alone at conversion; now a model with
    # all of them gets one error naming every one, with the unknown op.
    x3 = np.zeros((1, 8, 4), np.float32)
    x4 = np.zeros((1, 8, 4, 4), np.float32)
    nodes = [helper.make_node("DepthToSpace", ["x3"], ["d"], blocksize=2, name="d2s"),
             helper.make_node("SpaceToDepth", ["x3"], ["s"], blocksize=2, name="s2d"),
             helper.make_node("DepthToSpace", ["x4"], ["d2"], blocksize=2, mode="XYZ", name="d2s_mode"),
             helper.make_node("Upsample", ["x4"], ["u"], scales=[2.0, 1.0, 2.0, 2.0], name="up"),
             helper.make_node("GlobalAveragePool", ["x2"], ["g"], name="gap"),
             helper.make_node("InstanceNormalization", ["x2", "sc", "bi"], ["i"], name="inorm"),
             helper.make_node("NoSuchOp", ["x4"], ["z"], name="bad")]
    one = np.ones(8, np.float32)
    msg = import_error(nodes, [("x3", x3), ("x4", x4), ("x2", np.zeros((2, 8), np.float32))],
                       ["d", "s", "d2", "u", "g", "i", "z"], [("sc", one), ("bi", one)], opset=11)
    assert "7 ONNX operator types or forms" in msg, msg
    assert "GlobalAveragePool with an input of rank 2 (N, C, spatial...: rank 3 or more) (1 node: 'gap')" in msg, msg
    assert "InstanceNormalization with an input of rank 2 (N, C, spatial...: rank 3 or more) (1 node: 'inorm')" in msg, msg
    assert "DepthToSpace with an input of rank 3 (only 4-D NCHW) (1 node: 'd2s')" in msg, msg
    assert "SpaceToDepth with an input of rank 3 (only 4-D NCHW) (1 node: 's2d')" in msg, msg
    assert "DepthToSpace with mode 'XYZ' (DCR or CRD) (1 node: 'd2s_mode')" in msg, msg
    assert "Upsample with scales of the batch or channel dimension other than 1 (1 node: 'up')" in msg, msg
    assert "NoSuchOp" in msg, msg


@pytest.mark.parametrize("mode", ["DCR", "CRD"])
def test_depth_to_space_still_converts(mode):
    # The new form check must not refuse the supported form. NumPy: ONNX's reshape/transpose.
    x = np.arange(1 * 8 * 2 * 3, dtype=np.float32).reshape(1, 8, 2, 3)
    node = helper.make_node("DepthToSpace", ["x"], ["y"], blocksize=2, mode=mode)
    _, (y,) = run([node], [("x", x)], ["y"], opset=13)
    if mode == "DCR":
        t = x.reshape(1, 2, 2, 2, 2, 3).transpose(0, 3, 4, 1, 5, 2)
    else:
        t = x.reshape(1, 2, 2, 2, 2, 3).transpose(0, 1, 4, 2, 5, 3)
    np.testing.assert_array_equal(y, t.reshape(1, 2, 4, 6))


def test_run_time_values_the_importer_needs_are_listed_up_front():
    # Shapes are static, so these inputs must be known at import time; computed from a graph
    # input, each used to be refused alone at conversion (TVM takes most through dyn.* ops that
    # only its VM runs, and CumSum's axis not at all). A Reshape target computed from the
    # input's static shape stays importable.
    x = np.zeros((2, 6), np.float32)
    nodes = [helper.make_node("Reshape", ["x", "s"], ["r"], name="reshape_rt"),
             helper.make_node("TopK", ["x", "k"], ["tv", "ti"], name="topk_rt"),
             helper.make_node("CumSum", ["x", "ax"], ["c"], name="cumsum_rt"),
             helper.make_node("ReduceSum", ["x", "axes"], ["rs"], name="reduce_rt"),
             helper.make_node("Shape", ["x"], ["xs"]),
             helper.make_node("Reshape", ["x", "xs"], ["same"], name="reshape_static"),
             helper.make_node("NoSuchOp", ["x"], ["z"], name="bad")]
    ints = lambda *v: np.array(v, np.int64)  # noqa: E731
    msg = import_error(nodes, [("x", x), ("s", ints(3, 4)), ("k", ints(2)), ("ax", ints(1)), ("axes", ints(1))],
                       ["r", "tv", "c", "rs", "same", "z"], opset=13)
    assert "5 ONNX operator types or forms" in msg, msg
    why = "computed at run time (tirgen imports static shapes: it must follow from constants and input shapes)"
    assert f"Reshape with shape {why} (1 node: 'reshape_rt')" in msg, msg
    assert f"TopK with K {why} (1 node: 'topk_rt')" in msg, msg
    assert f"CumSum with axis {why} (1 node: 'cumsum_rt')" in msg, msg
    assert f"ReduceSum with axes {why} (1 node: 'reduce_rt')" in msg, msg
    assert "reshape_static" not in msg, msg
