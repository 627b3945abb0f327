"""The zoo (zoo_models.QUICK) end to end: from_pytorch, tirgen.run, compared with PyTorch at
rtol 1e-3 (atol 1e-4 scaled by each output's magnitude; a quantized model's one output step,
zoo_models_more.OUTPUT_STEP). The large torchvision models run in
bench/zoo_bench.py."""
import numpy as np
import pytest
import torch

import tirgen
from zoo_models import QUICK, REFUSED, build, flat_outputs, opset, output_step


def compare(name, rtol=1e-3):
    model, inputs = build(name, QUICK)
    with torch.no_grad():
        want = flat_outputs(model(*inputs))
    mod, params = tirgen.from_pytorch(model, inputs, opset_version=opset(name, QUICK))
    got = tirgen.run(mod, {f"input{i}": x.numpy() for i, x in enumerate(inputs)}, params=params)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        w = w.numpy()
        assert g.shape == w.shape
        if np.issubdtype(w.dtype, np.integer) or w.dtype == np.bool_:  # indices, counts: exactly
            assert g.dtype.kind == w.dtype.kind, (g.dtype, w.dtype)
            np.testing.assert_array_equal(g, w)
        else:
            atol = max(1e-4 * max(1.0, float(np.abs(w).max())), 1.0001 * output_step(name, model))
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol)


KNOWN_BROKEN = {}  # name -> why it is expected to fail (strict xfail: a fix shows up)


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BROKEN[n])) if n in KNOWN_BROKEN else n
     for n in sorted(QUICK)],
)
def test_zoo_model_matches_pytorch(name):
    compare(name)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_zoo_models_tirgen_declines_are_refused_up_front(name):
    (make, inputs), words = REFUSED[name]
    model, inputs = build(name, {name: (make, inputs)})
    with pytest.raises(tirgen.TirgenError, match="cannot import") as e:
        tirgen.from_pytorch(model, inputs)
    assert words in str(e.value), str(e.value)


def test_from_pytorch_restores_training_mode_and_reports_export_errors():
    model, inputs = build("tiny_vit", QUICK)
    model.train()
    tirgen.from_pytorch(model, inputs)
    assert model.training

    class Bad(torch.nn.Module):
        def forward(self, x):
            return torch.linalg.svd(x)[0]  # no ONNX symbolic

    with pytest.raises(tirgen.TirgenError, match="torch.onnx.export .*cannot export Bad"):
        tirgen.from_pytorch(Bad(), torch.randn(3, 3))


def test_from_pytorch_keeps_inputs_forward_does_not_use():
    class Unused(torch.nn.Module):
        def forward(self, x, unused, y):  # the exporter drops `unused`
            return x * 2 + y

    x, u, y = torch.randn(2, 3), torch.randint(0, 5, (4,), dtype=torch.int32), torch.randn(2, 3)
    mod, params = tirgen.from_pytorch(Unused(), (x, u, y))
    main_params = str(mod).split("def @main(", 1)[1].split(") ->", 1)[0]
    assert main_params.index("%input0") < main_params.index("%input1") < main_params.index("%input2")
    assert "%input1: Tensor[(4), int32]" in main_params, main_params
    got = tirgen.run(mod, {"input0": x.numpy(), "input1": u.numpy(), "input2": y.numpy()}, params=params)
    np.testing.assert_allclose(got[0], (x * 2 + y).numpy(), rtol=1e-6)
