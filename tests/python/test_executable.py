"""tirgen.relay.build: a Relay module optimized, lowered and built once; the Executable runs only
compiled code, as often as wanted. A torch model (conv + relu + linear) imported with
from_pytorch is compared with torch on several inputs (float32: rtol 1e-4, atol 1e-5 *
max(1, max|want|), as test_run.py: a few hundred multiply-adds per output in another order)."""
import numpy as np
import pytest

import tirgen

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")


class ConvReluLinear(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.fc = torch.nn.Linear(8 * 6 * 6, 10)

    def forward(self, x):
        return self.fc(torch.flatten(torch.relu(self.conv(x)), 1))


@pytest.fixture(scope="module")
def model():
    torch.manual_seed(0)
    net = ConvReluLinear().eval()
    mod, params = tirgen.from_pytorch(net, torch.randn(2, 3, 6, 6))
    return net, tirgen.relay.build(mod, params=params)


def check(got, net, x):
    with torch.no_grad():
        want = net(torch.from_numpy(x)).numpy()
    assert isinstance(got, list) and len(got) == 1  # one output: still a list, as tirgen.run
    assert got[0].shape == want.shape and got[0].dtype == want.dtype
    np.testing.assert_allclose(got[0], want, rtol=1e-4, atol=1e-5 * max(1.0, float(np.abs(want).max())))


def test_executable_runs_many_inputs_like_torch(model):
    net, ex = model
    assert ex.input_names == ["input0"]
    assert ex.target.startswith("c -mcpu=native")  # the host by default
    assert isinstance(ex, tirgen.Executable)
    rng = np.random.RandomState(0)
    for _ in range(3):
        x = rng.randn(2, 3, 6, 6).astype("float32")
        check(ex(x), net, x)
    x = rng.randn(2, 3, 6, 6).astype("float32")
    check(ex(input0=x), net, x)  # by name
    check(ex(torch.from_numpy(x)), net, x)  # a torch tensor
    strided = np.asfortranarray(x)  # not C-contiguous: converted
    check(ex(strided), net, x)


def test_outputs_are_not_overwritten_by_a_later_call(model):
    net, ex = model
    rng = np.random.RandomState(1)
    x1, x2 = rng.randn(2, 3, 6, 6).astype("float32"), rng.randn(2, 3, 6, 6).astype("float32")
    first = ex(x1)
    kept = first[0].copy()
    second = ex(x2)
    np.testing.assert_array_equal(first[0], kept)
    assert not np.array_equal(first[0], second[0])
    check(first, net, x1)


def test_wrong_inputs_raise_clear_errors(model):
    _, ex = model
    x = np.zeros((2, 3, 6, 6), "float32")
    with pytest.raises(tirgen.TirgenError, match=r"input 'input0' must be float32\(2, 3, 6, 6\), got float32\(1, 3, 6, 6\)"):
        ex(np.zeros((1, 3, 6, 6), "float32"))
    with pytest.raises(tirgen.TirgenError, match=r"input 'input0' must be float32\(2, 3, 6, 6\), got float64"):
        ex(x.astype("float64"))
    with pytest.raises(tirgen.TirgenError, match="main takes 1 inputs, 2 given"):
        ex(x, x)
    with pytest.raises(tirgen.TirgenError, match=r"unknown input 'data' \(main's inputs: input0\)"):
        ex(data=x)
    with pytest.raises(tirgen.TirgenError, match="positionally or by name, not both"):
        ex(x, input0=x)


def test_calls_from_several_threads_are_each_right(model):
    # Compiled code runs without the GIL; runs of one Executable are serialized.
    import threading

    net, ex = model
    xs = [np.random.RandomState(10 + i).randn(2, 3, 6, 6).astype("float32") for i in range(4)]
    got = [None] * len(xs)

    def work(i):
        for _ in range(3):
            got[i] = ex(xs[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(xs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for g, x in zip(got, xs):
        check(g, net, x)


def test_benchmark_returns_positive_seconds(model):
    _, ex = model
    x = np.random.RandomState(2).randn(2, 3, 6, 6).astype("float32")
    t = ex.benchmark(x, repeat=3)
    assert isinstance(t, float) and 0 < t < 10
    assert 0 < ex.benchmark(input0=x, repeat=2, number=2, min_repeat_ms=1) < 10
    with pytest.raises(tirgen.TirgenError, match="repeat must be at least 1"):
        ex.benchmark(x, repeat=0)


def test_profile_lists_every_compiled_function(model):
    net, ex = model
    x = np.random.RandomState(3).randn(2, 3, 6, 6).astype("float32")
    rows = ex.profile(x, repeat=3)
    names = [r[0] for r in rows]
    assert names and all(n.startswith("tvmgen_default_fused_") for n in names)
    assert len(set(names)) == len(names)
    assert any("conv2d" in n for n in names) and any("dense" in n for n in names)
    assert all(isinstance(s, float) and s >= 0 and c >= 1 for _, s, c in rows)
    assert [s for _, s, _ in rows] == sorted((s for _, s, _ in rows), reverse=True)
    with pytest.raises(tirgen.TirgenError, match="repeat must be at least 1"):
        ex.profile(x, repeat=0)
    check(ex(x), net, x)  # runs as before after profiling


def test_build_takes_every_stage_and_a_target():
    mod = tirgen.relay.parse("""#[version = "0.0.5"]
def @main(%x: Tensor[(4,), float32], %y: Tensor[(4,), float32]) {
  (add(%x, %y), nn.relu(%x))
}
""")
    x, y = np.array([1, -2, 3, -4], "float32"), np.ones(4, "float32")
    for m in [mod, tirgen.relay.optimize(mod), tirgen.lower_te(tirgen.relay.optimize(mod))]:
        ex = tirgen.relay.build(m, target="llvm")
        assert ex.target == "c" and ex.input_names == ["x", "y"]  # llvm is an alias of c
        got = ex(x, y)
        np.testing.assert_array_equal(got[0], x + y)
        np.testing.assert_array_equal(got[1], np.maximum(x, 0))
    got = tirgen.relay.build(mod, params={"y": y})(x)  # y bound: one input left
    np.testing.assert_array_equal(got[0], x + y)
