"""com.microsoft SkipLayerNormalization, EmbedLayerNormalization and Attention (ops_ort_bert.cc:
TVM v0.14's decompositions into relay ops) against NumPy written from ONNX Runtime's contrib
operator spec (float32; rtol 1e-4, atol 1e-5; integer outputs exact)."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import import_error


def model(op, inputs, params, n_out, attrs=None, order=None):
    """One com.microsoft node; ``order`` names its inputs ("" for an absent optional one)."""
    types = {np.dtype("float32"): TensorProto.FLOAT, np.dtype("int32"): TensorProto.INT32}
    names = order if order is not None else [n for n, _ in inputs + params]
    outs = [f"y{i}" for i in range(n_out)]
    node = helper.make_node(op, names, outs, domain="com.microsoft", **(attrs or {}))
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info(n, types[a.dtype], list(a.shape)) for n, a in inputs],
        [helper.make_tensor_value_info(o, TensorProto.UNDEFINED, None) for o in outs],
        [numpy_helper.from_array(a, n) for n, a in params])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13), helper.make_opsetid("com.microsoft", 1)])
    mod, p = tirgen.from_onnx(m)
    return str(mod), tirgen.run(mod, dict(inputs), params=p)


def rand(*shape, seed=0):
    return np.random.RandomState(seed).randn(*shape).astype("float32")


def close(got, want):
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + (0 if beta is None else beta), mean, 1 / np.sqrt(var + eps)


@pytest.mark.parametrize("with_beta_bias", [True, False])
def test_skip_layer_normalization(with_beta_bias):
    x, skip, gamma = rand(2, 5, 8), rand(2, 5, 8, seed=1), rand(8, seed=2)
    beta, bias = rand(8, seed=3), rand(8, seed=4)
    params = [("gamma", gamma)] + ([("beta", beta), ("bias", bias)] if with_beta_bias else [])
    text, (y, mean, inv_std, total) = model("SkipLayerNormalization", [("x", x), ("skip", skip)], params, 4,
                                            {"epsilon": 1e-5})
    assert "variance(" in text and "nn.layer_norm" not in text
    s = x + skip + (bias if with_beta_bias else 0)
    want, want_mean, want_inv = layer_norm(s, gamma, beta if with_beta_bias else None, 1e-5)
    close(y, want)
    close(mean, want_mean)
    close(inv_std, want_inv)
    close(total, s)


@pytest.mark.parametrize("segments, mask, positions", [(True, True, False), (False, False, False), (True, False, True)])
def test_embed_layer_normalization(segments, mask, positions):
    rng = np.random.RandomState(0)
    batch, seq, hidden, vocab = 2, 5, 8, 11
    ids = rng.randint(0, vocab, (batch, seq)).astype(np.int32)
    seg = rng.randint(0, 2, (batch, seq)).astype(np.int32)
    pos = rng.randint(0, seq, (batch, seq)).astype(np.int32)
    m = (rng.rand(batch, seq) > 0.3).astype(np.int32)
    word, pos_emb, seg_emb = rand(vocab, hidden, seed=1), rand(seq, hidden, seed=2), rand(2, hidden, seed=3)
    gamma, beta = rand(hidden, seed=4), rand(hidden, seed=5)
    inputs = [("ids", ids)] + ([("seg", seg)] if segments else []) + ([("mask", m)] if mask else []) + \
        ([("pos", pos)] if positions else [])
    params = [("word", word), ("pos_emb", pos_emb), ("gamma", gamma), ("beta", beta)] + ([("seg_emb", seg_emb)] if segments else [])
    order = ["ids", "seg" if segments else "", "word", "pos_emb", "seg_emb" if segments else "", "gamma", "beta",
             "mask" if mask else "", "pos" if positions else ""]
    _, (y, mask_index, total) = model("EmbedLayerNormalization", inputs, params, 3, {"epsilon": 1e-6}, order)
    s = word[ids] + pos_emb[pos if positions else np.arange(seq)[None, :].repeat(batch, 0)] + (seg_emb[seg] if segments else 0)
    close(y, layer_norm(s, gamma, beta, 1e-6)[0])
    close(total, s)
    assert mask_index.dtype == np.int32
    np.testing.assert_array_equal(mask_index, m.sum(1) if mask else np.zeros(batch, np.int32))


def attention_ref(x, w, b, mask, heads, unidirectional, past=None):
    """ONNX Runtime's Attention (mask_index of shape (batch, past + seq)): QKV projections, the
    mask's 0 entries add -10000, unidirectional rows leave future positions at the mask value
    alone, softmax(QK^T / sqrt(head_size)) V, heads merged; and present = stack(K, V)."""
    batch, seq, _ = x.shape
    hidden = w.shape[1] // 3
    hs = hidden // heads
    qkv = x.reshape(batch * seq, -1) @ w + b
    split = lambda t: t.reshape(batch, seq, heads, hs).transpose(0, 2, 1, 3)
    q, k, v = (split(qkv[:, i * hidden:(i + 1) * hidden]) for i in range(3))
    if past is not None:
        k, v = np.concatenate([past[0], k], 2), np.concatenate([past[1], v], 2)
    total = k.shape[2]
    p = total - seq
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hs)
    add = ((1 - mask.astype(np.float32)) * -10000)[:, None, None, :].repeat(seq, 2)
    if unidirectional:
        future = np.arange(total)[None, :] > (p + np.arange(seq))[:, None]
        add = add + np.where(future, -10000, 0)
        scores = np.where(future, add, scores + add)
    else:
        scores = scores + add
    e = np.exp(scores - scores.max(-1, keepdims=True))
    out = (e / e.sum(-1, keepdims=True)) @ v
    return out.transpose(0, 2, 1, 3).reshape(batch, seq, hidden), np.stack([k, v])


@pytest.mark.parametrize("unidirectional", [0, 1])
@pytest.mark.parametrize("past_len", [0, 3])
def test_attention(unidirectional, past_len):
    batch, seq, in_hidden, heads, hs = 2, 4, 6, 2, 5
    x, w, b = rand(batch, seq, in_hidden), rand(in_hidden, 3 * heads * hs, seed=1) * 0.5, rand(3 * heads * hs, seed=2)
    mask = np.ones((batch, past_len + seq), np.int32)
    mask[1, -1] = 0
    mask[0, 1] = 0
    inputs = [("x", x), ("mask", mask)]
    order = ["x", "w", "b", "mask"]
    past = None
    if past_len:
        past = rand(2, batch, heads, past_len, hs, seed=3)
        inputs.append(("past", past))
        order.append("past")
    text, (out, present) = model("Attention", inputs, [("w", w), ("b", b)], 2,
                                 {"num_heads": heads, "unidirectional": unidirectional}, order)
    assert "nn.batch_matmul(" in text and "nn.softmax(" in text
    # the mask broadcasts over the query rows (no seq copies); only past K and V are concatenated
    assert text.count("concatenate(") == (2 if past_len else 0), text
    want, want_present = attention_ref(x, w, b, mask, heads, unidirectional, past)
    close(out, want)
    close(present, want_present)


def test_unsupported_forms_are_listed_up_front():
    f, i32 = TensorProto.FLOAT, TensorProto.INT32
    ins = {"x": (f, [1, 2, 4]), "w": (f, [4, 12]), "b": (f, [12]), "m": (i32, [1, 2]), "m3": (i32, [1, 2, 2]),
           "e": (f, [1, 2, 2, 2])}
    nodes = [helper.make_node("Attention", ["x", "w", "b", "m"], ["a"], name="qkv", domain="com.microsoft",
                              num_heads=2, qkv_hidden_sizes=[4, 4, 4]),
             helper.make_node("Attention", ["x", "w", "b", "m3"], ["c"], name="mask3", domain="com.microsoft", num_heads=2),
             helper.make_node("Attention", ["x", "w", "b", "m", "", "e"], ["d"], name="extra", domain="com.microsoft",
                              num_heads=2),
             helper.make_node("Attention", ["x", "w", "b"], ["g"], name="nomask", domain="com.microsoft", num_heads=2)]
    msg = import_error(nodes, ins, "acdg", domains=["com.microsoft"])
    assert "4 ONNX operator types or forms tirgen cannot import" in msg, msg
    assert "com.microsoft.Attention with qkv_hidden_sizes (Q, K and V of different sizes) (1 node: 'qkv')" in msg, msg
    assert "com.microsoft.Attention with a mask_index of rank 3 (only (batch, total sequence)) (1 node: 'mask3')" in msg, msg
    assert "com.microsoft.Attention with the extra_add input (1 node: 'extra')" in msg, msg
    assert "com.microsoft.Attention with no mask_index (1 node: 'nomask')" in msg, msg
