"""LSTM, GRU and RNN forms PyTorch does not export: layout=1 (batch first), sequence_lens,
clip, custom activations with activation_alpha/beta. Hand-built ONNX nodes against a NumPy
reference written from ONNX's operator spec (per batch row, one time step at a time)."""
import sys

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen

ALPHA = {"LeakyRelu": 0.01, "ThresholdedRelu": 1.0, "ScaledTanh": 1.0, "HardSigmoid": 0.2, "Elu": 1.0, "Affine": 1.0}
BETA = {"ScaledTanh": 1.0, "HardSigmoid": 0.5, "Affine": 0.0}
NEEDS_ALPHA = set(ALPHA)
NEEDS_BETA = set(BETA)
DEFAULTS = {"LSTM": ["Sigmoid", "Tanh", "Tanh"], "GRU": ["Sigmoid", "Tanh"], "RNN": ["Tanh"]}
GATES = {"LSTM": 4, "GRU": 3, "RNN": 1}


def act(name, x, a, b):
    return {
        "Relu": lambda: np.maximum(x, 0),
        "Tanh": lambda: np.tanh(x),
        "Sigmoid": lambda: 1 / (1 + np.exp(-x)),
        "Affine": lambda: a * x + b,
        "LeakyRelu": lambda: np.where(x >= 0, x, a * x),
        "ThresholdedRelu": lambda: np.where(x > a, x, 0),
        "ScaledTanh": lambda: a * np.tanh(b * x),
        "HardSigmoid": lambda: np.clip(a * x + b, 0, 1),
        "Elu": lambda: np.where(x >= 0, x, a * (np.exp(x) - 1)),
        "Softsign": lambda: x / (1 + np.abs(x)),
        "Softplus": lambda: np.log1p(np.exp(x)),
    }[name]()


def activations(op, names, alphas, betas, dirs):
    names = names or DEFAULTS[op] * dirs
    alphas, betas = list(alphas), list(betas)
    out = []
    for n in names:
        a = alphas.pop(0) if n in NEEDS_ALPHA and alphas else ALPHA.get(n, 0.0)
        b = betas.pop(0) if n in NEEDS_BETA and betas else BETA.get(n, 0.0)
        out.append((n, a, b))
    return out


def reference(op, x, w, r, bias, lens, h0, c0, p, acts, clip, direction, layout, lbr):
    """ONNX's equations, one batch row and one step at a time."""
    if layout:
        x, h0 = x.swapaxes(0, 1), h0.swapaxes(0, 1)
        c0 = c0.swapaxes(0, 1) if c0 is not None else None
    seq, batch, _ = x.shape
    dirs, hid = w.shape[0], r.shape[-1]
    per = len(DEFAULTS[op])
    y = np.zeros((seq, dirs, batch, hid), np.float64)
    y_h = np.zeros((dirs, batch, hid))
    y_c = np.zeros((dirs, batch, hid))
    cl = (lambda v: np.clip(v, -clip, clip)) if clip else (lambda v: v)
    for d in range(dirs):
        f = lambda k, v: act(acts[d * per + k][0], v, *acts[d * per + k][1:])  # noqa: E731
        W, R = w[d].astype(np.float64), r[d].astype(np.float64)
        Wb, Rb = bias[d, : GATES[op] * hid], bias[d, GATES[op] * hid :]
        g = lambda m, k: m[k * hid : (k + 1) * hid]  # noqa: E731
        backwards = direction == "reverse" or d == 1
        for bt in range(batch):
            h, c = h0[d, bt].astype(np.float64), (c0[d, bt].astype(np.float64) if c0 is not None else None)
            steps = list(range(lens[bt]))
            for t in reversed(steps) if backwards else steps:
                xt = x[t, bt]
                pre = lambda k, hh: g(W, k) @ xt + g(R, k) @ hh + g(Wb, k) + g(Rb, k)  # noqa: E731
                if op == "RNN":
                    h = f(0, cl(pre(0, h)))
                elif op == "GRU":  # z, r, h
                    z = f(0, cl(pre(0, h)))
                    rr = f(0, cl(pre(1, h)))
                    if lbr:
                        n = f(1, cl(g(W, 2) @ xt + g(Wb, 2) + rr * (g(R, 2) @ h + g(Rb, 2))))
                    else:
                        n = f(1, cl(g(W, 2) @ xt + g(R, 2) @ (rr * h) + g(Wb, 2) + g(Rb, 2)))
                    h = (1 - z) * n + z * h
                else:  # i, o, f, c; P: i, o, f
                    pi, po, pf = (p[d, :hid], p[d, hid : 2 * hid], p[d, 2 * hid :]) if p is not None else (0, 0, 0)
                    i = f(0, cl(pre(0, h) + pi * c))
                    fg = f(0, cl(pre(2, h) + pf * c))
                    cc = f(1, cl(pre(3, h)))
                    o_pre = pre(1, h)
                    c = fg * c + i * cc
                    o = f(0, cl(o_pre + po * c))
                    h = o * f(2, c)
                y[t, d, bt] = h
            y_h[d, bt] = h
            if c is not None:
                y_c[d, bt] = c
    if layout:
        y, y_h, y_c = y.transpose(2, 0, 1, 3), y_h.swapaxes(0, 1), y_c.swapaxes(0, 1)
    return [y, y_h, y_c][: 3 if op == "LSTM" else 2]


def run_case(op, direction="forward", layout=0, names=None, alphas=(), betas=(), clip=None, lens=None, lbr=0,
             peepholes=False, seq=4, batch=3, inp=5, hid=3, seed=0):
    rng = np.random.default_rng(seed)
    dirs = 2 if direction == "bidirectional" else 1
    gates = GATES[op]
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    x = f32(*((batch, seq, inp) if layout else (seq, batch, inp)))
    w, r, bias = f32(dirs, gates * hid, inp), f32(dirs, gates * hid, hid), f32(dirs, 2 * gates * hid)
    st = (batch, dirs, hid) if layout else (dirs, batch, hid)
    h0 = f32(*st)
    c0 = f32(*st) if op == "LSTM" else None
    p = f32(dirs, 3 * hid) if peepholes else None
    attrs = {"hidden_size": hid, "direction": direction}
    if layout:
        attrs["layout"] = layout
    if op == "GRU":
        attrs["linear_before_reset"] = lbr
    if names:
        attrs["activations"] = names
    if alphas:
        attrs["activation_alpha"] = list(alphas)
    if betas:
        attrs["activation_beta"] = list(betas)
    if clip:
        attrs["clip"] = clip
    inputs = ["x", "w", "r", "b", "lens" if lens is not None else "", "h0"]
    inits = [numpy_helper.from_array(w, "w"), numpy_helper.from_array(r, "r"), numpy_helper.from_array(bias, "b")]
    if op == "LSTM":
        inputs += ["c0", "p" if peepholes else ""]
        if peepholes:
            inits.append(numpy_helper.from_array(p, "p"))
    outs = ["y", "y_h", "y_c"][: 3 if op == "LSTM" else 2]
    vi = lambda n, a, t=TensorProto.FLOAT: helper.make_tensor_value_info(n, t, list(a.shape))  # noqa: E731
    graph_inputs = [vi("x", x), vi("h0", h0)]
    feed = {"x": x, "h0": h0}
    if c0 is not None:
        graph_inputs.append(vi("c0", c0))
        feed["c0"] = c0
    lens_arr = np.full(batch, seq, np.int32) if lens is None else np.array(lens, np.int32)
    if lens is not None:
        graph_inputs.append(vi("lens", lens_arr, TensorProto.INT32))
        feed["lens"] = lens_arr
    node = helper.make_node(op, inputs, outs, name="rnn", **attrs)
    graph = helper.make_graph([node], "g", graph_inputs,
                              [helper.make_tensor_value_info(o, TensorProto.FLOAT, None) for o in outs], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)]).SerializeToString()
    mod, params = tirgen.from_onnx(model)
    got = tirgen.run(mod, feed, params=params)
    acts = activations(op, names, alphas, betas, dirs)
    want = reference(op, x, w, r, bias, lens_arr, h0, c0, p, acts, clip, direction, layout, lbr)
    assert len(got) == len(want)
    for g, wv in zip(got, want):
        assert g.shape == wv.shape, (g.shape, wv.shape)
        # float32 against a float64 reference; unbounded activations (Affine, LeakyRelu)
        # compound rounding over the steps.
        np.testing.assert_allclose(g, wv, rtol=1e-3, atol=1e-5 * max(1.0, float(np.abs(wv).max())))
    return str(mod)


@pytest.mark.parametrize("op", ["LSTM", "GRU", "RNN"])
@pytest.mark.parametrize("direction", ["forward", "reverse", "bidirectional"])
def test_batch_first_layout(op, direction):
    text = run_case(op, direction, layout=1, peepholes=op == "LSTM")
    assert "transpose(" in text


@pytest.mark.parametrize("op", ["LSTM", "GRU", "RNN"])
@pytest.mark.parametrize("direction", ["forward", "reverse", "bidirectional"])
def test_sequence_lens(op, direction):
    # Row 1 stops after one step, row 2 after three of four: Y is zero past each end, Y_h
    # (and Y_c) hold the last valid step, a backwards pass starts at each row's own end.
    run_case(op, direction, lens=[4, 1, 3], layout=1 if op == "GRU" else 0)


@pytest.mark.parametrize("op, clip", [("LSTM", 0.5), ("GRU", 0.3), ("RNN", 0.2)])
def test_clip(op, clip):
    text = run_case(op, "bidirectional", clip=clip, lbr=1)
    assert f"a_min=-{clip}f" in text, text


def test_clip_binds(monkeypatch):
    # The clip changes the result (the pre-activations reach beyond 0.1): checked against the
    # unclipped reference, the clipped run must fail.
    unclipped = reference

    def without_clip(*a):
        return unclipped(*a[:10], None, *a[11:])

    monkeypatch.setattr(sys.modules[__name__], "reference", without_clip)
    with pytest.raises(AssertionError):
        run_case("RNN", "forward", clip=0.1)


@pytest.mark.parametrize(
    "op, direction, names, alphas, betas",
    [
        ("LSTM", "forward", ["HardSigmoid", "ScaledTanh", "Softsign"], [0.3, 0.8], [0.4, 1.2]),
        ("LSTM", "bidirectional", ["Sigmoid", "Elu", "Tanh", "HardSigmoid", "Tanh", "Softplus"], [0.5, 0.25], [0.6]),
        ("GRU", "bidirectional", ["LeakyRelu", "Tanh", "Sigmoid", "Affine"], [0.2, 0.7], [0.1]),
        ("GRU", "forward", ["Sigmoid", "Relu"], [], []),
        ("RNN", "bidirectional", ["Relu", "ThresholdedRelu"], [0.1], []),
        ("RNN", "reverse", ["ScaledTanh"], [], []),  # defaults alpha = beta = 1
    ],
)
def test_custom_activations(op, direction, names, alphas, betas):
    run_case(op, direction, names=names, alphas=alphas, betas=betas, lbr=0)


def test_unsupported_forms_are_listed_up_front():
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 1, 3])
    w = numpy_helper.from_array(np.zeros((1, 8, 3), np.float32), "w")
    r = numpy_helper.from_array(np.zeros((1, 8, 2), np.float32), "r")
    w1 = numpy_helper.from_array(np.zeros((1, 6, 3), np.float32), "w1")
    r1 = numpy_helper.from_array(np.zeros((1, 6, 2), np.float32), "r1")
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("a", "b", "c")]
    nodes = [
        helper.make_node("LSTM", ["x", "w", "r"], ["a"], hidden_size=2, input_forget=1, name="lstm_if"),
        helper.make_node("GRU", ["x", "w1", "r1"], ["b"], hidden_size=2, activations=["Sigmoid", "Gelu"],
                         name="gru_act"),
        helper.make_node("GRU", ["x", "w1", "r1"], ["c"], hidden_size=2, activations=["Sigmoid"], name="gru_n"),
    ]
    graph = helper.make_graph(nodes, "g", [x], outs, [w, r, w1, r1])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)]).SerializeToString()
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model)
    msg = str(e.value)
    assert "LSTM with input_forget=1 (1 node: 'lstm_if')" in msg, msg
    assert "GRU with activation Gelu (1 node: 'gru_act')" in msg, msg
    assert "GRU with 1 activations (2 per direction are needed) (1 node: 'gru_n')" in msg, msg


@pytest.mark.parametrize("direction, dirs", [("forward", 2), ("bidirectional", 1)])
def test_direction_must_match_ws_first_dimension(direction, dirs):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 1, 3])
    w = numpy_helper.from_array(np.zeros((dirs, 6, 3), np.float32), "w")
    r = numpy_helper.from_array(np.zeros((dirs, 6, 2), np.float32), "r")
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    node = helper.make_node("GRU", ["x", "w", "r"], ["y"], hidden_size=2, direction=direction, name="gru")
    graph = helper.make_graph([node], "g", [x], [y], [w, r])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)]).SerializeToString()
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model)
    want = 2 if direction == "bidirectional" else 1
    assert f"W's first dimension is {dirs} but direction '{direction}' needs {want}" in str(e.value), str(e.value)
