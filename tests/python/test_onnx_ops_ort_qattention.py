"""com.microsoft QAttention (ops_ort_qattention.cc: TVM v0.14's decomposition, qnn.batch_matmul
projections dequantized, then Attention's float attention) against a NumPy reference: the
dequantized input and weight through ONNX Runtime's Attention (attention_ref). float32 out:
rtol 1e-4, atol 1e-4 x max|out|."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import import_error
from test_onnx_ops_ort_bert import attention_ref

TYPES = {np.dtype("float32"): TensorProto.FLOAT, np.dtype("int32"): TensorProto.INT32,
         np.dtype("int8"): TensorProto.INT8, np.dtype("uint8"): TensorProto.UINT8}


def run(inputs, params, order, attrs):
    node = helper.make_node("QAttention", order, ["y", "present"], domain="com.microsoft", **attrs)
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info(n, TYPES[a.dtype], list(a.shape)) for n, a in inputs],
        [helper.make_tensor_value_info(o, TensorProto.FLOAT, None) for o in ("y", "present")],
        [numpy_helper.from_array(a, n) for n, a in params])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13), helper.make_opsetid("com.microsoft", 1)])
    mod, p = tirgen.from_onnx(m)
    return str(mod), tirgen.run(mod, dict(inputs), params=p)


@pytest.mark.parametrize("in_type, w_type", [(np.uint8, np.int8), (np.int8, np.int8), (np.uint8, np.uint8)])
@pytest.mark.parametrize("zero_points", [True, False])
@pytest.mark.parametrize("unidirectional, past_len", [(0, 0), (1, 0), (0, 2), (1, 3)])
def test_qattention(in_type, w_type, zero_points, unidirectional, past_len):
    rng = np.random.RandomState(0)
    batch, seq, in_hidden, heads, hs = 2, 4, 6, 2, 3
    lo_in, hi_in = np.iinfo(in_type).min, np.iinfo(in_type).max
    lo_w, hi_w = np.iinfo(w_type).min, np.iinfo(w_type).max
    x = rng.randint(lo_in, hi_in + 1, (batch, seq, in_hidden)).astype(in_type)
    w = rng.randint(lo_w, hi_w + 1, (in_hidden, 3 * heads * hs)).astype(w_type)
    b = rng.randn(3 * heads * hs).astype(np.float32)
    s_in, s_w = np.array(0.02, np.float32), np.array(0.01, np.float32)
    zp_in = np.array(3 if in_type == np.int8 else 128, in_type)
    zp_w = np.array(-2 if w_type == np.int8 else 120, w_type)
    mask = np.ones((batch, past_len + seq), np.int32)
    mask[1, -1] = 0
    mask[0, 0] = 0
    inputs = [("x", x), ("mask", mask)]
    params = [("w", w), ("b", b), ("s_in", s_in), ("s_w", s_w)]
    order = ["x", "w", "b", "s_in", "s_w", "mask"]
    if zero_points:
        params += [("zp_in", zp_in), ("zp_w", zp_w)]
        order += ["zp_in", "zp_w"]
    past = None
    if past_len:
        past = rng.randn(2, batch, heads, past_len, hs).astype(np.float32)
        inputs.append(("past", past))
        order += [""] * (8 - len(order)) + ["past"]
    text, (out, present) = run(inputs, params, order, {"num_heads": heads, "unidirectional": unidirectional})
    assert "qnn.batch_matmul(" in text and "qnn.dequantize(" in text
    zx, zw = (int(zp_in), int(zp_w)) if zero_points else (0, 0)
    xf = (x.astype(np.float32) - zx) * s_in
    wf = (w.astype(np.float32) - zw) * s_w
    want, want_present = attention_ref(xf, wf, b, mask, heads, unidirectional, past)
    np.testing.assert_allclose(out, want, rtol=1e-4, atol=1e-4 * np.abs(want).max())
    np.testing.assert_allclose(present, want_present, rtol=1e-4, atol=1e-4 * np.abs(want_present).max())


def test_qattention_unsupported_forms_are_listed_up_front():
    u8, f, i32 = TensorProto.UINT8, TensorProto.FLOAT, TensorProto.INT32
    ins = {"x": (u8, [1, 2, 4]), "w": (u8, [4, 12]), "b": (f, [12]), "s": (f, []), "s2": (f, [3, 4]),
           "m": (i32, [1, 2]), "m3": (i32, [1, 2, 2])}
    nodes = [helper.make_node("QAttention", ["x", "w", "b", "s", "s", "m"], ["a"], name="qkv", domain="com.microsoft",
                              num_heads=2, qkv_hidden_sizes=[4, 4, 4]),
             helper.make_node("QAttention", ["x", "w", "b", "s", "s", "m3"], ["c"], name="mask3",
                              domain="com.microsoft", num_heads=2),
             helper.make_node("QAttention", ["x", "w", "b", "s", "s2", "m"], ["d"], name="wscale",
                              domain="com.microsoft", num_heads=2)]
    msg = import_error(nodes, ins, "acd", domains=["com.microsoft"])
    assert "com.microsoft.QAttention with qkv_hidden_sizes (Q, K and V of different sizes) (1 node: 'qkv')" in msg, msg
    assert "com.microsoft.QAttention with a mask_index of rank 3" in msg, msg
    assert "com.microsoft.QAttention with a quantization parameter of rank 2 (per-tensor only) (1 node: 'wscale')" in msg


def import_text(batch):
    u8, f, i32 = TensorProto.UINT8, TensorProto.FLOAT, TensorProto.INT32
    ins = [helper.make_tensor_value_info(n, t, s) for n, t, s in
           [("x", u8, [batch, 2, 4]), ("w", u8, [4, 12]), ("b", f, [12]), ("s", f, []), ("m", i32, [batch, 2])]]
    node = helper.make_node("QAttention", ["x", "w", "b", "s", "s", "m"], ["y"], name="qa", domain="com.microsoft",
                            num_heads=2)
    graph = helper.make_graph([node], "g", ins, [helper.make_tensor_value_info("y", f, None)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13), helper.make_opsetid("com.microsoft", 1)])
    return str(tirgen.from_onnx(m, shape={"x": [batch, 2, 4], "m": [batch, 2]})[0])


def test_qattention_weight_broadcast_does_not_grow_with_the_batch():
    # One broadcast_to of the weight; batch copies concatenated made the graph (and the import's
    # memory) grow with the batch, up to 2^31 copies.
    small, large = import_text(2), import_text(5000)
    assert "broadcast_to(" in large, large
    assert len(large) < len(small) + 200, (len(small), len(large))


def test_qattention_refuses_an_empty_batch():
    with pytest.raises(tirgen.TirgenError, match=r"'qa'.*batch dimension must be at least 1"):
        import_text(0)
