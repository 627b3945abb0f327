"""Acceptance: every golden case (tests/data/tvm/golden/*) runs through `tirgen run`
(Relay text -> optimize -> LowerTE -> build -> executor) and its outputs match
  (1) TVM's own outputs (output_<k>.npy), and
  (2) a reference computed here, independently, with PyTorch / NumPy from the case's Relay ops.
Tolerances: float32 rtol 1e-5 and atol 1e-5 * max(1, max|want|) (sums of up to a few hundred
terms in another order than the reference's: near-cancelling sums keep an absolute error relative
to the terms' size); integer and bool outputs exactly (the link-params uint8 conv2d included).
Conventions the references make explicit: relu(NaN) = 0 (TVM's max(x, 0); batch_norm_dropout has
negative variances); gather with an index past the row reads the flat buffer (TVM does no bounds
check), and elements whose flat index is past the buffer are undefined and not compared."""
import glob
import json
import os
import subprocess
import tempfile

import numpy as np
import pytest

import tirgen

torch = pytest.importorskip("torch")
F = torch.nn.functional

SHARED = os.environ.get(
    "TIRGEN_SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "data", "tvm"))
GOLDEN = os.path.join(SHARED, "golden")
CLI = os.environ.get("TIRGEN_CLI", os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirgen.__file__)))), "tirgen"))


def t(a):
    return torch.from_numpy(np.ascontiguousarray(a))


def conv(x, w, **kw):
    return F.conv2d(t(x), t(w), **kw)


def int_conv(d, w):
    """Exact direct convolution (no padding, stride 1) in int64."""
    d = d.astype(np.int64)
    w = w.astype(np.int64)
    kh, kw = w.shape[2:]
    oh, ow = d.shape[2] - kh + 1, d.shape[3] - kw + 1
    out = np.zeros((d.shape[0], w.shape[0], oh, ow), dtype=np.int64)
    for ry in range(kh):
        for rx in range(kw):
            out += np.einsum("nchw,fc->nfhw", d[:, :, ry:ry + oh, rx:rx + ow], w[:, :, ry, rx])
    return out.astype(np.int32)


def relu0(x):
    """TVM's relu, max(x, 0): NaN gives 0."""
    return torch.where(x > 0, x, torch.zeros_like(x))


def gather_flat(a, idx):
    """gather(a, idx, axis=1) on a 2-D array as TVM's unchecked loads compute it; elements read
    past the buffer are masked."""
    flat = np.arange(a.shape[0])[:, None] * a.shape[1] + idx
    inside = flat < a.size
    return np.ma.array(np.where(inside, a.reshape(-1)[np.minimum(flat, a.size - 1)], 0), mask=~inside)


def bn(x, g, b, m, v):
    return F.batch_norm(x, t(m), t(v), t(g), t(b), training=False, eps=1e-5)


def sections(x, idx, axis):
    return np.split(x, idx, axis=axis)


# case -> f(a) with `a` = inputs and params by name; returns the outputs in order.
REFERENCES = {
    "add_relu": lambda a: [np.maximum(a["x"] + a["y"], 0)],
    "argmax": lambda a: [np.argmax(a["x"], axis=1).astype(np.int32)],
    "avg_pool2d": lambda a: [F.avg_pool2d(t(a["x"]), 3, 2, 1, count_include_pad=False)],
    "batch_matmul": lambda a: [t(a["a"]) @ t(a["b"]).transpose(-1, -2)],
    "batch_norm_dropout": lambda a: [relu0(bn(t(a["x"]), a["g"], a["b"], a["m"], a["v"]))],
    "concat_split": lambda a: (lambda s: [np.exp(s[0]), s[1], -s[2]])(
        sections(np.concatenate([a["a"], a["b"]], axis=1), [2, 6], 1)),
    "conv2d_bias_relu": lambda a: [F.relu(conv(a["x"], a["w"], bias=t(a["b"]), padding=1))],
    "conv2d_bn_relu": lambda a: [F.relu(bn(conv(a["x"], a["w"], padding=1),
                                           a["gamma"], a["beta"], a["mean"], a["var"]))],
    "conv2d_depthwise": lambda a: [conv(a["x"], a["w"], padding=1, groups=16)],
    "conv2d_link_params": lambda a: [int_conv(a["data"], a["weight"])],
    "conv2d_nhwc": lambda a: [F.conv2d(t(a["x"]).permute(0, 3, 1, 2), t(a["w"]).permute(3, 2, 0, 1),
                                       padding=1).permute(0, 2, 3, 1)],
    "dense_bias_relu": lambda a: [F.relu(F.linear(t(a["x"]), t(a["w"]), t(a["b"])))],
    "expand_squeeze_broadcast": lambda a: [
        np.broadcast_to(np.expand_dims(np.squeeze(a["x"], 2), 2), (3, 8, 5))],
    "full_like_copy": lambda a: [np.zeros_like(a["x"]) + np.ones_like(a["x"]) + a["x"] * np.float32(2.5)],
    "global_avg_pool2d": lambda a: [a["x"].mean(axis=(2, 3)).reshape(a["x"].shape[0], -1)],
    "group_conv2d": lambda a: [conv(a["x"], a["w"], padding=1, groups=2)],
    "layer_norm": lambda a: [F.layer_norm(t(a["x"]), a["x"].shape[-1:], t(a["gamma"]), t(a["beta"]), eps=1e-5)],
    "max_pool2d": lambda a: [F.max_pool2d(t(a["x"]), 3, 2, 1)],
    "mean_variance": lambda a: [(t(a["x"]) - t(a["x"]).mean(-1, keepdim=True)) /
                                torch.sqrt(t(a["x"]).var(-1, unbiased=False, keepdim=True) + 1e-5)],
    "mlp_link_params": lambda a: [F.linear(F.relu(F.linear(t(a["x"]), t(a["w1"]), t(a["b1"]))),
                                           t(a["w2"]), t(a["b2"]))],
    "reshape_special": lambda a: (lambda s: [s.reshape(s.shape[0], -1).reshape(-1, 3, 2, 2)])(
        np.squeeze(a["x"])),
    "residual_block": lambda a: [F.relu(conv(F.relu(conv(a["x"], a["w1"], padding=1)).numpy(), a["w2"],
                                             padding=1) + t(a["x"]))],
    "softmax": lambda a: [F.softmax(t(a["x"]), dim=-1)],
    "split_sections": lambda a: (lambda s: [torch.sigmoid(t(s[0])), torch.tanh(t(s[1])), s[2]])(
        sections(a["x"], 3, 1)),
    "stack_gather": lambda a: [np.stack([a["a"], a["b"]]), gather_flat(a["a"], a["idx"])],
    "take_embedding": lambda a: [a["table"][a["idx"]]],
    "tile_repeat_reverse": lambda a: [np.tile(a["x"], (2, 1, 2)), np.repeat(a["x"], 2, axis=1),
                                      np.flip(a["x"], axis=2)],
    "transpose_reshape": lambda a: [a["x"].transpose(0, 2, 1, 3).reshape(8, 15)],
    "unary_chain": lambda a: (lambda x: [(torch.sigmoid(x) + torch.tanh(x)) * torch.exp(-x.abs()) +
                                         torch.erf(x) + torch.log(x.abs() + 1) +
                                         torch.rsqrt(x.abs() + 1)])(t(a["x"])),
}

CASES = sorted(os.path.basename(os.path.dirname(p)) for p in glob.glob(os.path.join(GOLDEN, "*", "manifest.json")))


def as_numpy(v):
    return v.numpy() if isinstance(v, torch.Tensor) else np.asarray(v)


def check(got, want, what):
    if np.ma.isMaskedArray(want):  # undefined elements are not compared
        got = np.where(want.mask, 0, got)
        want = want.filled(0)
    want = as_numpy(want)
    assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
    if np.issubdtype(want.dtype, np.floating):
        scale = max(1.0, float(np.nanmax(np.abs(want))) if want.size else 1.0)
        np.testing.assert_allclose(got, want.astype(got.dtype), rtol=1e-5, atol=1e-5 * scale, err_msg=what)
    else:
        np.testing.assert_array_equal(got, want.astype(got.dtype), err_msg=what)


def test_every_golden_case_has_a_reference():
    assert set(CASES) == set(REFERENCES)


@pytest.mark.parametrize("case", CASES)
def test_golden_case_runs_and_matches(case):
    d = os.path.join(GOLDEN, case)
    man = json.load(open(os.path.join(d, "manifest.json")))
    args = [CLI, "run", os.path.join(d, "input.relay")]
    values = {}
    for inp in man["inputs"]:
        args += ["--input", f"{inp['name']}={os.path.join(d, inp['file'])}"]
        values[inp["name"]] = np.load(os.path.join(d, inp["file"]))
    if man["params"]:
        args += ["--params", os.path.join(d, "params.npz")]
        values.update(dict(np.load(os.path.join(d, "params.npz"))))
    if man["link_params"]:
        args.append("--link-params")
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run(args + ["--output-dir", out], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        got = [np.load(os.path.join(out, f"output_{k}.npy")) for k in range(len(man["outputs"]))]
        assert not os.path.exists(os.path.join(out, f"output_{len(man['outputs'])}.npy"))
    refs = REFERENCES[case](values)
    assert len(refs) == len(got)
    for k, name in enumerate(man["outputs"]):
        tvm = np.load(os.path.join(d, name))
        if np.ma.isMaskedArray(refs[k]):  # TVM's undefined elements too
            tvm = np.ma.array(tvm, mask=refs[k].mask)
        check(got[k], tvm, f"{case} output {k} vs TVM")
    for k, ref in enumerate(refs):
        check(got[k], ref, f"{case} output {k} vs reference")
