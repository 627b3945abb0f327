"""tirgen.from_onnx / tirgen.from_pytorch: the ONNX frontend from Python (Debian's torch)."""
import io

import numpy as np
import onnx
import pytest
import torch

import tirgen


def small_net():
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4 * 5 * 5, 2)
    ).eval()


def export_bytes(module, x, **kw):
    buf = io.BytesIO()
    torch.onnx.export(module, x, buf, opset_version=13, input_names=["data"], **kw)
    return buf.getvalue()


def test_from_pytorch_returns_module_and_numpy_params():
    net = small_net()
    mod, params = tirgen.from_pytorch(net, torch.randn(1, 3, 5, 5))
    text = str(mod)
    assert text.startswith('#[version = "0.0.5"]\ndef @main(%input0: Tensor[(1, 3, 5, 5), float32]')
    for op in ("nn.conv2d(", "nn.bias_add(", "nn.relu(", "nn.batch_flatten(", "nn.dense("):
        assert op in text, op
    assert set(params) == {"0.weight", "0.bias", "3.weight", "3.bias"}
    for name, value in params.items():
        assert isinstance(value, np.ndarray)
        # TVM's printer prefixes names that do not start with a letter with "v".
        assert "%" + ("v" if name[0].isdigit() else "") + name + ": " in text
    np.testing.assert_array_equal(params["0.weight"], net[0].weight.detach().numpy())
    np.testing.assert_array_equal(params["3.bias"], net[3].bias.detach().numpy())


def test_from_onnx_accepts_path_bytes_and_model_proto(tmp_path):
    data = export_bytes(small_net(), torch.randn(1, 3, 5, 5))
    path = tmp_path / "net.onnx"
    path.write_bytes(data)
    texts = [str(tirgen.from_onnx(m)[0]) for m in (str(path), path, data, onnx.load_from_string(data))]
    assert texts[0].startswith('#[version = "0.0.5"]\ndef @main(%data: ')
    assert all(t == texts[0] for t in texts)
    assert mod_astext_has_metadata(data)


def mod_astext_has_metadata(data):
    mod, _ = tirgen.from_onnx(data, freeze_params=True)
    return "#[metadata]" in mod.astext() and "meta[relay.Constant]" in str(mod)


def test_freeze_params_binds_weights():
    mod, params = tirgen.from_onnx(export_bytes(small_net(), torch.randn(1, 3, 5, 5)), freeze_params=True)
    assert params == {}
    assert str(mod).startswith('#[version = "0.0.5"]\ndef @main(%data: Tensor[(1, 3, 5, 5), float32]')
    assert "%v0.weight" not in str(mod)


def test_dynamic_batch_needs_shape():
    net = small_net()
    data = export_bytes(net, torch.randn(1, 3, 5, 5), dynamic_axes={"data": {0: "batch"}})
    with pytest.raises(tirgen.TirgenError, match="dynamic dimension"):
        tirgen.from_onnx(data)
    mod, _ = tirgen.from_onnx(data, shape={"data": (4, 3, 5, 5)})
    assert "Tensor[(4, 2), float32]" in str(mod)


def test_errors_are_tirgen_errors():
    data = export_bytes(small_net(), torch.randn(1, 3, 5, 5))
    with pytest.raises(tirgen.TirgenError, match="corrupt or truncated"):
        tirgen.from_onnx(data[: len(data) // 2])
    with pytest.raises(TypeError):
        tirgen.from_onnx(42)


def test_multiple_outputs_are_a_tuple():
    class Two(torch.nn.Module):
        def forward(self, x):
            return x.relu(), x.sigmoid()

    mod, params = tirgen.from_pytorch(Two(), torch.randn(2, 3))
    assert params == {}
    assert "-> (Tensor[(2, 3), float32], Tensor[(2, 3), float32])" in str(mod)
