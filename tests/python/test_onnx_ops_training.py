"""Training ops TVM v0.14's frontend maps (ops_training.cc) and ai.onnx.ml LinearRegressor
(ops_ml.cc). The optimizers (ai.onnx.preview.training Adagrad / Adam / Momentum) are compared
with torch.optim's step where the formulas coincide and with a NumPy transcription of the ONNX
spec otherwise; the losses with torch.nn.functional.nll_loss / cross_entropy (exported by
torch.onnx to NegativeLogLikelihoodLoss / SoftmaxCrossEntropyLoss); LinearRegressor with NumPy.
float32, rtol 1e-5 (atol 1e-6 x max|out|)."""
import numpy as np
import pytest
import torch
import torch.nn.functional as Fn_
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import Fn, check_module, import_error

F, I64 = TensorProto.FLOAT, TensorProto.INT64
TRAINING = "ai.onnx.preview.training"
RS = np.random.RandomState(0)


def run_node(op, inputs, outputs, attrs=None, domain="", opset=16):
    """One node over graph inputs `inputs` ([(name, array)]); returns (relay text, outputs)."""
    from onnx.mapping import NP_TYPE_TO_TENSOR_TYPE

    node = helper.make_node(op, [n for n, _ in inputs], outputs, domain=domain, **(attrs or {}))
    ins = [helper.make_tensor_value_info(n, NP_TYPE_TO_TENSOR_TYPE[a.dtype], list(a.shape)) for n, a in inputs]
    graph = helper.make_graph([node], "g", ins, [helper.make_tensor_value_info(o, 0, None) for o in outputs])
    imports = [helper.make_opsetid("", opset)] + ([helper.make_opsetid(domain, 1)] if domain else [])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=imports))
    return str(mod), tirgen.run(mod, dict(inputs), params=params)


def close(got, want, rtol=1e-5):
    np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-6 * max(1.0, float(np.abs(want).max())))


SHAPES = [(3, 4), (5,)]


def optimizer_inputs(groups, r, t, seed=1, positive_last=False):
    rs = np.random.RandomState(seed)
    ins = [("R", np.array(r, np.float32)), ("T", np.array(t, np.int64))]
    for g in range(groups):
        for i, s in enumerate(SHAPES):
            a = rs.randn(*s).astype(np.float32)
            ins.append((f"in{g}_{i}", np.abs(a) if positive_last and g == groups - 1 else a))
    return ins


@pytest.mark.parametrize("decay, norm, eps", [(0.0, 0.0, 1e-6), (0.1, 0.01, 1e-3)])
def test_adagrad_matches_torch(decay, norm, eps):
    # torch's Adagrad at step k is ONNX's at T = k - 1 (its lr decay counts finished steps).
    r, step, acc0 = 0.1, 3, 0.25
    ins = optimizer_inputs(2, r, step - 1)
    ins += [(f"in2_{i}", np.full(s, acc0, np.float32)) for i, s in enumerate(SHAPES)]
    outs = ["x0", "x1", "h0", "h1"]
    _, got = run_node("Adagrad", ins, outs, {"decay_factor": decay, "norm_coefficient": norm, "epsilon": eps}, TRAINING)
    params = [torch.nn.Parameter(torch.tensor(a)) for _, a in ins[2:4]]
    opt = torch.optim.Adagrad(params, lr=r, lr_decay=decay, weight_decay=norm, eps=eps, initial_accumulator_value=acc0)
    for p, (_, g) in zip(params, ins[4:6]):
        p.grad = torch.tensor(g)
    for p in params:
        opt.state[p]["step"] = torch.tensor(float(step - 1))
    opt.step()
    for g, p in zip(got[:2], params):
        close(g, p.detach().numpy())
    for g, p in zip(got[2:], params):
        close(g, opt.state[p]["sum"].numpy())


def test_adam_first_step_matches_torch():
    # From zero moments at T = 1 with epsilon 0, ONNX's and torch's bias corrections coincide.
    ins = optimizer_inputs(2, 0.01, 1)
    ins += [(f"in{g}_{i}", np.zeros(s, np.float32)) for g in (2, 3) for i, s in enumerate(SHAPES)]
    outs = ["x0", "x1", "v0", "v1", "h0", "h1"]
    _, got = run_node("Adam", ins, outs, {"alpha": 0.8, "beta": 0.99, "epsilon": 0.0, "norm_coefficient": 0.02}, TRAINING)
    params = [torch.nn.Parameter(torch.tensor(a)) for _, a in ins[2:4]]
    opt = torch.optim.Adam(params, lr=0.01, betas=(0.8, 0.99), eps=0.0, weight_decay=0.02)
    for p, (_, g) in zip(params, ins[4:6]):
        p.grad = torch.tensor(g)
    opt.step()
    for g, p in zip(got[:2], params):
        close(g, p.detach().numpy(), rtol=1e-4)
    for g, p in zip(got[2:4], params):
        close(g, opt.state[p]["exp_avg"].numpy())
    for g, p in zip(got[4:], params):
        close(g, opt.state[p]["exp_avg_sq"].numpy())


def adam_spec(r, t, x, g, v, h, alpha=0.9, beta=0.999, eps=1e-6, norm=0.0, post=0.0):
    g = norm * x + g
    v = alpha * v + (1 - alpha) * g
    h = beta * h + (1 - beta) * g * g
    r = r * np.sqrt(1 - beta ** t) / (1 - alpha ** t) if t > 0 else r
    return (1 - post) * (x - r * v / (np.sqrt(h) + eps)), v, h


@pytest.mark.parametrize("t", [0, 5])
def test_adam_matches_the_spec(t):
    # Defaults (alpha 0.9, beta 0.999, epsilon 1e-6: ONNX's), T = 0 skips the bias correction.
    ins = optimizer_inputs(4, 0.05, t, positive_last=True)
    outs = ["x0", "x1", "v0", "v1", "h0", "h1"]
    text, got = run_node("Adam", ins, outs, {"norm_coefficient_post": 0.1}, TRAINING)
    pair = "Tensor[(3, 4), float32], Tensor[(5), float32]"
    assert f"-> ({pair}, {pair}, {pair})" in text, text  # every result has its tensor's type
    a = [v for _, v in ins]
    for i in range(2):
        want = adam_spec(0.05, t, a[2 + i], a[4 + i], a[6 + i], a[8 + i], post=0.1)
        for k in range(3):
            close(got[2 * k + i], want[k], rtol=1e-4)


@pytest.mark.parametrize("nesterov", [False, True])
def test_momentum_first_step_matches_torch_sgd(nesterov):
    ins = optimizer_inputs(2, 0.1, 0)
    ins += [(f"in2_{i}", np.zeros(s, np.float32)) for i, s in enumerate(SHAPES)]
    mode = "nesterov" if nesterov else "standard"
    _, got = run_node("Momentum", ins, ["x0", "x1", "v0", "v1"],
                      {"alpha": 0.9, "beta": 0.5, "mode": mode, "norm_coefficient": 0.01}, TRAINING)
    params = [torch.nn.Parameter(torch.tensor(a)) for _, a in ins[2:4]]
    opt = torch.optim.SGD(params, lr=0.1, momentum=0.9, nesterov=nesterov, weight_decay=0.01)
    for p, (_, g) in zip(params, ins[4:6]):
        p.grad = torch.tensor(g)
    opt.step()
    for g, p in zip(got[:2], params):
        close(g, p.detach().numpy())
    for g, p in zip(got[2:], params):
        close(g, opt.state[p]["momentum_buffer"].numpy())


@pytest.mark.parametrize("nesterov", [False, True])
def test_momentum_later_step_matches_the_spec(nesterov):
    # T > 0: the gradient is scaled by beta (torch's 1 - dampening).
    ins = optimizer_inputs(3, 0.1, 4)
    mode = "nesterov" if nesterov else "standard"
    _, got = run_node("Momentum", ins, ["x0", "x1", "v0", "v1"],
                      {"alpha": 0.9, "beta": 0.5, "mode": mode, "norm_coefficient": 0.01}, TRAINING)
    a = [v for _, v in ins]
    for i in range(2):
        x, g, v = a[2 + i], a[4 + i], a[6 + i]
        g = 0.01 * x + g
        v = 0.9 * v + 0.5 * g
        close(got[i], x - 0.1 * (g + 0.9 * v if nesterov else v))
        close(got[2 + i], v)


LOGITS = torch.randn(6, 5, generator=torch.Generator().manual_seed(0))
LOGITS_4D = torch.randn(2, 4, 3, 2, generator=torch.Generator().manual_seed(1))
# Targets including class 0, the last class and (for ignore_index) the ignored values.
TARGET = torch.tensor([0, 4, 2, 2, 1, 3])
TARGET_4D = torch.tensor([[[0, 3], [1, 1], [2, 0]], [[3, 3], [0, 2], [1, 1]]])
WEIGHT = torch.rand(5, generator=torch.Generator().manual_seed(2)) + 0.1


@pytest.mark.parametrize("reduction", ["none", "sum", "mean"])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("ignore_index", [-100, 2])
@pytest.mark.parametrize("loss", ["nll", "cross_entropy"])
def test_losses_match_torch(reduction, weighted, ignore_index, loss):
    w = WEIGHT if weighted else None
    fn = Fn_.nll_loss if loss == "nll" else Fn_.cross_entropy
    op = "NegativeLogLikelihoodLoss" if loss == "nll" else "SoftmaxCrossEntropyLoss"
    x = torch.log_softmax(LOGITS, 1) if loss == "nll" else LOGITS
    m = Fn(lambda x, t: fn(x, t, weight=w, ignore_index=ignore_index, reduction=reduction))
    text = check_module(m, (x, TARGET), rtol=1e-5, atol=1e-6, opset=13)
    assert "gather(" in text, text


@pytest.mark.parametrize("reduction", ["none", "mean"])
def test_losses_over_spatial_dims_match_torch(reduction):
    w = WEIGHT[:4]
    m = Fn(lambda x, t: Fn_.cross_entropy(x, t, weight=w, ignore_index=3, reduction=reduction))
    check_module(m, (LOGITS_4D, TARGET_4D), rtol=1e-5, atol=1e-6, opset=13)
    m = Fn(lambda x, t: Fn_.nll_loss(x, t, reduction=reduction))
    check_module(m, (LOGITS_4D, TARGET_4D), rtol=1e-5, atol=1e-6, opset=13)


def test_softmax_cross_entropy_log_prob_output_and_types():
    x, t = LOGITS.numpy(), TARGET.numpy()
    text, (loss, log_prob) = run_node("SoftmaxCrossEntropyLoss", [("x", x), ("t", t)], ["loss", "log_prob"],
                                      {"reduction": "sum"}, opset=13)
    close(loss, Fn_.cross_entropy(LOGITS, TARGET, reduction="sum").numpy())
    close(log_prob, torch.log_softmax(LOGITS, 1).numpy())
    assert "-> (float32, Tensor[(6, 5), float32])" in text, text
    text, (loss,) = run_node("NegativeLogLikelihoodLoss", [("x", x), ("t", t)], ["loss"], {"reduction": "none"}, opset=13)
    assert "-> Tensor[(6), float32]" in text, text


def test_unsupported_forms_are_listed_up_front():
    f = {"x": (F, [2, 3]), "t": (I64, [2]), "r": (F, []), "n": (I64, [])}
    nodes = [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t"], ["a"], name="nll", reduction="max"),
             helper.make_node("Momentum", ["r", "n", "x", "x", "x"], ["b"], name="mom", domain=TRAINING,
                              alpha=0.9, beta=0.9, norm_coefficient=0.0, mode="heavy_ball"),
             helper.make_node("LinearRegressor", ["x"], ["c"], name="lin", domain="ai.onnx.ml",
                              coefficients=[1.0, 2.0, 3.0], post_transform="SOFTMAX")]
    msg = import_error(nodes, f, ["a", "b", "c"], opset=13, domains=(TRAINING, "ai.onnx.ml"))
    assert "NegativeLogLikelihoodLoss with reduction 'max' (none, sum or mean) (1 node: 'nll')" in msg, msg
    assert "ai.onnx.preview.training.Momentum with mode 'heavy_ball' (standard or nesterov) (1 node: 'mom')" in msg, msg
    assert "ai.onnx.ml.LinearRegressor with post_transform 'SOFTMAX' (1 node: 'lin')" in msg, msg


@pytest.mark.parametrize("targets, k, intercepts, dtype", [(1, 4, True, np.float32), (3, 4, True, np.float32),
                                                           (2, 3, False, np.float32), (1, 2, True, np.int64)])
def test_linear_regressor(targets, k, intercepts, dtype):
    x = (RS.randn(5, 4) * 3).astype(dtype)
    coef = RS.randn(targets * k).astype(np.float32)
    attrs = {"coefficients": coef.tolist(), "targets": targets}
    b = RS.randn(targets).astype(np.float32)
    if intercepts:
        attrs["intercepts"] = b.tolist()
    text, (y,) = run_node("LinearRegressor", [("x", x)], ["y"], attrs, domain="ai.onnx.ml", opset=13)
    # Only the first k features when there are fewer coefficients per target (TVM's rule).
    want = x[:, :k].astype(np.float32) @ coef.reshape(targets, k).T + (b if intercepts else 0)
    close(y, want)
    assert "nn.dense(" in text and f"-> Tensor[(5, {targets}), float32]" in text, text


@pytest.mark.parametrize("index, tdt", [(4294967296, np.int32), (-2147483649, np.int32), (128, np.int8), (-129, np.int8)])
def test_an_ignore_index_outside_the_target_dtype_is_refused(index, tdt):
    # It would wrap in the target's dtype (4294967296 -> 0 in int32) and ignore a real class.
    x, t = LOGITS.numpy(), TARGET.numpy().astype(tdt)
    with pytest.raises(tirgen.TirgenError, match=rf"ignore_index {index} does not fit the target's dtype"):
        run_node("NegativeLogLikelihoodLoss", [("x", x), ("t", t)], ["loss"], {"ignore_index": index}, opset=13)


def test_an_ignore_index_at_the_edge_of_the_target_dtype_is_kept():
    x, t = LOGITS.numpy(), TARGET.numpy().astype(np.int32)
    _, (loss,) = run_node("NegativeLogLikelihoodLoss", [("x", x), ("t", t)], ["loss"],
                          {"ignore_index": 2147483647, "reduction": "sum"}, opset=13)
    close(loss, Fn_.nll_loss(LOGITS, TARGET, reduction="sum").numpy())
