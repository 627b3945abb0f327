"""tirgen.run / tirgen.build on Relay modules (optimize -> LowerTE -> build -> executor, the path
`tirgen run` takes). Every golden case runs through tirgen.run and is compared with TVM's output
and with the independent NumPy/PyTorch reference of test_run_golden.py (float32: rtol 1e-5,
atol 1e-5 * max(1, max|want|); integers exactly). A torch model imported with from_pytorch runs
against torch's own output (float32: rtol 1e-4, atol 1e-5 * max(1, max|want|): a few hundred
multiply-adds per output in another order than torch's)."""
import json
import os

import numpy as np
import pytest

import tirgen
from test_run_golden import CASES, GOLDEN, REFERENCES, check

torch = pytest.importorskip("torch")


def golden(rel):
    return os.path.join(GOLDEN, rel)


def relay_module(case):
    with open(golden(case + "/input.relay")) as f:
        return tirgen.relay.parse(f.read())


@pytest.mark.parametrize("case", CASES)
def test_golden_case_runs_through_tirgen_run(case):
    man = json.load(open(golden(case + "/manifest.json")))
    inputs = {i["name"]: np.load(golden(f"{case}/{i['file']}")) for i in man["inputs"]}
    params = dict(np.load(golden(case + "/params.npz"))) if man["params"] else None
    got = tirgen.run(relay_module(case), inputs, params=params, link_params=man["link_params"])
    assert isinstance(got, list) and len(got) == len(man["outputs"])
    refs = REFERENCES[case]({**inputs, **(params or {})})
    for k, name in enumerate(man["outputs"]):
        tvm = np.load(golden(f"{case}/{name}"))
        if np.ma.isMaskedArray(refs[k]):
            tvm = np.ma.array(tvm, mask=refs[k].mask)
        check(got[k], tvm, f"{case} output {k} vs TVM")
        check(got[k], refs[k], f"{case} output {k} vs reference")


def test_run_takes_a_list_or_a_dict_and_every_stage():
    mod = relay_module("add_relu")
    x = np.random.RandomState(0).randn(1, 16, 32, 32).astype("float32")
    y = np.random.RandomState(1).randn(1, 16, 32, 32).astype("float32")
    outs = tirgen.run(mod, [x, y])
    assert len(outs) == 1
    np.testing.assert_allclose(outs[0], np.maximum(x + y, 0), rtol=1e-5, atol=0)
    np.testing.assert_array_equal(tirgen.run(mod, {"y": y, "x": x})[0], outs[0])
    fused = tirgen.relay.optimize(mod)  # already fused: lowered as it is
    np.testing.assert_array_equal(tirgen.run(fused, [x, y])[0], outs[0])
    lowered = tirgen.lower_te(fused)  # already lowered: built as it is
    np.testing.assert_array_equal(tirgen.run(lowered, [x, y])[0], outs[0])
    with pytest.raises(tirgen.TirgenError, match="already lowered"):
        tirgen.run(lowered, [x, y], params={"y": y})


def test_tuple_results_are_flattened_in_order():
    mod = relay_module("tile_repeat_reverse")
    x = np.load(golden("tile_repeat_reverse/input_0.npy"))
    outs = tirgen.run(mod, [x])
    assert len(outs) == 3
    np.testing.assert_array_equal(outs[0], np.tile(x, (2, 1, 2)))
    np.testing.assert_array_equal(outs[1], np.repeat(x, 2, axis=1))
    np.testing.assert_array_equal(outs[2], np.flip(x, axis=2))


def test_build_relay_with_linked_params_is_exact():
    mod = relay_module("conv2d_link_params")
    params = dict(np.load(golden("conv2d_link_params/params.npz")))
    m = tirgen.build(mod, params=params, link_params=True)
    data = np.load(golden("conv2d_link_params/input_0.npy"))
    np.testing.assert_array_equal(m(data), np.load(golden("conv2d_link_params/output_0.npy")))


def test_run_input_errors():
    mod = relay_module("add_relu")
    x = np.zeros((1, 16, 32, 32), "float32")
    with pytest.raises(tirgen.TirgenError, match="y"):
        tirgen.run(mod, [x, np.zeros(2, "float32")])
    with pytest.raises(tirgen.TirgenError, match="y"):
        tirgen.run(mod, {"x": x})
    with pytest.raises(tirgen.TirgenError):
        tirgen.run(mod, [x])
    with pytest.raises(tirgen.TirgenError, match="Relay module"):
        tirgen.run(tirgen.IRModule({"main": tirgen.script.parse(open(golden("add_relu/primfunc_0.py")).read())}), [x])


class SmallNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)
        self.fc = torch.nn.Linear(8 * 4 * 4, 10)

    def forward(self, x):
        y = torch.nn.functional.max_pool2d(torch.relu(self.bn(self.conv(x))), 2)
        return torch.softmax(self.fc(torch.flatten(y, 1)), dim=-1), y.mean()


@pytest.mark.parametrize("link_params", [False, True])
def test_torch_model_via_from_pytorch(link_params):
    pytest.importorskip("onnx")
    torch.manual_seed(0)
    net = SmallNet().eval()
    with torch.no_grad():  # non-trivial batch-norm statistics
        net.bn.running_mean.uniform_(-0.5, 0.5)
        net.bn.running_var.uniform_(0.5, 2.0)
    x = torch.randn(2, 3, 8, 8)
    mod, params = tirgen.from_pytorch(net, x)
    got = tirgen.run(mod, {"input0": x.numpy()}, params=params, link_params=link_params)
    with torch.no_grad():
        want = [w.numpy() for w in net(x)]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5 * max(1.0, float(np.abs(w).max())))


def test_conv2d_transpose_legalized_layouts_match_torch():
    # Legalize: an OIHW kernel is transposed to IOHW, NHWC data to NCHW and the result back.
    mod = tirgen.relay.parse("""#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4, 3, 3), float32], %w: Tensor[(2, 4, 3, 3), float32],
          %y: Tensor[(1, 3, 4, 4), float32], %v: Tensor[(3, 3, 2, 4), float32]) {
  %0 = nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[3, 3], strides=[2, 2], kernel_layout="OIHW");
  %1 = nn.conv2d_transpose(%y, %v, channels=2, kernel_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1],
                           data_layout="NHWC", kernel_layout="HWOI");
  (%0, %1)
}
""")
    rng = np.random.RandomState(0)
    x, w = rng.randn(1, 4, 3, 3).astype("float32"), rng.randn(2, 4, 3, 3).astype("float32")
    y, v = rng.randn(1, 3, 4, 4).astype("float32"), rng.randn(3, 3, 2, 4).astype("float32")
    got = tirgen.run(mod, [x, w, y, v])
    T = torch.from_numpy
    want0 = torch.nn.functional.conv_transpose2d(T(x), T(w).permute(1, 0, 2, 3), stride=2)
    want1 = torch.nn.functional.conv_transpose2d(
        T(y).permute(0, 3, 1, 2), T(v).permute(3, 2, 0, 1), stride=2, padding=1).permute(0, 2, 3, 1)
    np.testing.assert_allclose(got[0], want0.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[1], want1.numpy(), rtol=1e-5, atol=1e-5)


def test_norms_expanded_by_simplify_inference_match_torch():
    # instance_norm, group_norm and l2_normalize have no compute: SimplifyInference expands them.
    mod = tirgen.relay.parse("""#[version = "0.0.5"]
def @main(%x: Tensor[(2, 4, 3, 5), float32], %g: Tensor[(4), float32], %b: Tensor[(4), float32]) {
  %0 = nn.instance_norm(%x, %g, %b, epsilon=1e-3f);
  %1 = nn.group_norm(%x, %g, %b, num_groups=2);
  %2 = nn.l2_normalize(%x, eps=1e-10f, axis=[1, 3]);
  (%0, %1, %2)
}
""")
    rng = np.random.RandomState(0)
    x = rng.randn(2, 4, 3, 5).astype("float32")
    g, b = rng.randn(4).astype("float32"), rng.randn(4).astype("float32")
    got = tirgen.run(mod, [x, g, b])
    F, T = torch.nn.functional, torch.from_numpy
    np.testing.assert_allclose(got[0], F.instance_norm(T(x), weight=T(g), bias=T(b), eps=1e-3).numpy(),
                               rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(got[1], F.group_norm(T(x), 2, T(g), T(b), eps=1e-5).numpy(), rtol=1e-4, atol=1e-5)
    want2 = x / np.sqrt(np.maximum((x.astype("float64") ** 2).sum(axis=(1, 3), keepdims=True), 1e-10))
    np.testing.assert_allclose(got[2], want2, rtol=1e-5, atol=1e-6)


def test_fast_softmax_matches_torch_softmax():
    # nn.fast_softmax: TVM's softmax with topi.math.fast_exp (a degree-7 polynomial on the reduced
    # argument; relative error ~1e-7), so rtol 1e-5 against torch's exact softmax.
    mod = tirgen.relay.parse("""#[version = "0.0.5"]
def @main(%x: Tensor[(3, 5, 4), float32]) {
  %0 = nn.fast_softmax(%x, axis=1);
  %1 = nn.fast_softmax(%x);
  (%0, %1)
}
""")
    x = (np.random.RandomState(1).randn(3, 5, 4) * 4).astype("float32")
    got = tirgen.run(mod, [x])
    for k, axis in enumerate([1, -1]):
        want = torch.softmax(torch.from_numpy(x).double(), dim=axis).numpy()
        np.testing.assert_allclose(got[k], want, rtol=1e-5, atol=1e-7)
