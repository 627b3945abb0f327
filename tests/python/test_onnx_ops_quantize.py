"""QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear (the qnn dialect, canonicalized to
ordinary relay ops before optimization, as TVM does) against NumPy references written from
ONNX's operator spec; integer outputs exactly. Then fake-quantized PyTorch models exported with
QuantizeLinear/DequantizeLinear pairs against PyTorch."""
import io

import numpy as np
import pytest
import torch
from onnx import TensorProto, helper, numpy_helper

import tirgen
from zoo_models import qat_prepared

NP2ONNX = {np.uint8: TensorProto.UINT8, np.int8: TensorProto.INT8, np.int32: TensorProto.INT32,
           np.float32: TensorProto.FLOAT}


def model(nodes, inputs, outputs, inits=(), opset=13):
    vi = lambda n, a: helper.make_tensor_value_info(n, NP2ONNX[a.dtype.type], list(a.shape))  # noqa: E731
    graph = helper.make_graph(nodes, "g", [vi(n, a) for n, a in inputs],
                              [helper.make_tensor_value_info(o, TensorProto.UNDEFINED, None) for o in outputs],
                              [numpy_helper.from_array(a, n) for n, a in inits])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]).SerializeToString()


def run(data, feed):
    mod, params = tirgen.from_onnx(data)
    return mod, params, tirgen.run(mod, feed, params=params)


def expand(p, ndim, axis):
    return p if p.ndim == 0 else p.reshape([-1 if i == axis else 1 for i in range(ndim)])


def quantize_ref(x, scale, zp, axis, dtype):
    info = np.iinfo(dtype)
    s, z = expand(scale, x.ndim, axis), expand(zp.astype(np.int32), x.ndim, axis)
    return np.clip(np.rint(x / s) + z, info.min, info.max).astype(dtype)


def dequantize_ref(q, scale, zp, axis):
    s, z = expand(scale, q.ndim, axis), expand(zp.astype(np.int32), q.ndim, axis)
    return ((q.astype(np.int32) - z).astype(np.float32) * s).astype(np.float32)


@pytest.mark.parametrize(
    "shape, dtype, per_axis, axis",
    [((2, 3, 4, 5), np.uint8, False, 1), ((2, 3, 4, 5), np.int8, True, 1), ((6, 4), np.int8, True, 0),
     ((2, 3, 4), np.uint8, True, -1), ((7,), np.int8, False, 1)],
)
def test_quantize_dequantize(shape, dtype, per_axis, axis):
    rng = np.random.default_rng(len(shape))
    # Quarter steps of scale 0.5 make exact ties (x / s = k + 0.5): ONNX rounds them to even.
    x = (rng.integers(-600, 600, size=shape) * 0.25).astype(np.float32)
    ax = axis % len(shape) if len(shape) > 1 else 0
    n = shape[ax] if per_axis else None
    scale = (rng.uniform(0.4, 0.6, size=n) if per_axis else np.array(0.5)).astype(np.float32)
    zp = rng.integers(-5, 5, size=n).astype(dtype) if dtype == np.int8 else np.full(n or (), 7, dtype)
    q_ref = quantize_ref(x, scale, zp, ax, dtype)
    assert q_ref.min() == np.iinfo(dtype).min or q_ref.max() == np.iinfo(dtype).max  # saturation is exercised
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"], axis=axis),
             helper.make_node("DequantizeLinear", ["q", "s", "z"], ["y"], axis=axis)]
    mod, params, (q, y) = run(model(nodes, [("x", x)], ["q", "y"], [("s", scale), ("z", zp)]), {"x": x})
    assert "qnn.quantize(" in str(mod) and "qnn.dequantize(" in str(mod)
    assert q.dtype == dtype
    np.testing.assert_array_equal(q, q_ref)
    np.testing.assert_array_equal(y, dequantize_ref(q_ref, scale, zp, ax))
    fused = str(tirgen.relay.optimize(mod, params))
    assert "qnn." not in fused and "round(" in fused, fused


def test_int32_input_is_quantized_in_float32():
    # ONNX allows int32 x; the division by the float32 scale happens in float32.
    x = np.array([-300, -7, 0, 5, 9, 1000], np.int32)
    scale, zp = np.array(2.0, np.float32), np.array(3, np.int8)
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"])]
    _, _, (q,) = run(model(nodes, [("x", x)], ["q"], [("s", scale), ("z", zp)]), {"x": x})
    np.testing.assert_array_equal(q, quantize_ref(x.astype(np.float32), scale, zp, 0, np.int8))


def test_scalar_input_with_a_one_element_scale_stays_scalar():
    x = np.array(2.75, np.float32)
    scale, zp = np.array([0.5], np.float32), np.array([1], np.uint8)
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"])]
    _, _, (q,) = run(model(nodes, [("x", x)], ["q"], [("s", scale), ("z", zp)]), {"x": x})
    assert q.shape == () and q.dtype == np.uint8
    assert int(q) == 7  # rint(5.5) = 6 (ties to even), + 1


def test_rounding_is_half_to_even():
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49, 126.5, 127.5, -128.5], np.float32)
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"])]
    _, _, (q,) = run(model(nodes, [("x", x)], ["q"], [("s", np.float32(1.0) * np.ones((), np.float32)),
                                                       ("z", np.zeros((), np.int8))]), {"x": x})
    np.testing.assert_array_equal(q, np.array([0, 2, 2, 0, -2, -2, 3, 126, 127, -128], np.int8))


def test_missing_zero_point_is_uint8_zero():
    x = np.linspace(-3, 300, 24, dtype=np.float32).reshape(2, 12)
    scale = np.ones((), np.float32) * np.float32(1.5)
    nodes = [helper.make_node("QuantizeLinear", ["x", "s"], ["q"]), helper.make_node("DequantizeLinear", ["q", "s"], ["y"])]
    _, _, (q, y) = run(model(nodes, [("x", x)], ["q", "y"], [("s", scale)]), {"x": x})
    want = quantize_ref(x, scale, np.zeros((), np.uint8), 1, np.uint8)
    np.testing.assert_array_equal(q, want)
    np.testing.assert_array_equal(y, dequantize_ref(want, scale, np.zeros((), np.uint8), 1))


def test_dequantize_int32_with_a_one_element_scale():
    q = np.arange(-6, 6, dtype=np.int32).reshape(3, 4)
    scale = np.array([0.25], np.float32)
    nodes = [helper.make_node("DequantizeLinear", ["q", "s"], ["y"])]
    _, _, (y,) = run(model(nodes, [("q", q)], ["y"], [("s", scale)]), {"q": q})
    np.testing.assert_array_equal(y, q.astype(np.float32) * np.float32(0.25))


@pytest.mark.parametrize("lo, hi", [(-2.0, 3.0), (0.5, 4.0), (-3.0, -0.25)])
def test_dynamic_quantize_linear(lo, hi):
    x = np.random.default_rng(5).uniform(lo, hi, size=(3, 8)).astype(np.float32)
    nodes = [helper.make_node("DynamicQuantizeLinear", ["x"], ["y", "s", "z"])]
    _, _, (y, s, z) = run(model(nodes, [("x", x)], ["y", "s", "z"], opset=11), {"x": x})
    x_min, x_max = np.minimum(0, x.min()), np.maximum(0, x.max())
    s_ref = np.float32((x_max - x_min) / np.float32(255))
    z_ref = np.uint8(np.clip(np.rint(np.float32(0) - x_min / s_ref), 0, 255))
    y_ref = np.clip(np.rint(x / s_ref) + z_ref, 0, 255).astype(np.uint8)
    assert s.shape == () and z.shape == () and z.dtype == np.uint8 and y.dtype == np.uint8
    np.testing.assert_allclose(s, s_ref, rtol=1e-6)
    assert z == z_ref
    np.testing.assert_array_equal(y, y_ref)


def test_bad_per_axis_scale_is_a_located_error():
    x = np.zeros((2, 3), np.float32)
    nodes = [helper.make_node("QuantizeLinear", ["x", "s", "z"], ["q"], axis=1, name="quant")]
    data = model(nodes, [("x", x)], ["q"], [("s", np.ones(4, np.float32)), ("z", np.zeros(4, np.uint8))])
    with pytest.raises(tirgen.TirgenError, match=r"qnn.quantize: scale must be a scalar or have shape \(3\)"):
        tirgen.from_onnx(data)


class FakeQuantNet(torch.nn.Module):
    """conv (per-channel int8 weights) -> relu -> linear (per-tensor), activations quantized to
    uint8: what torch.ao's QAT modules compute, exported as QuantizeLinear/DequantizeLinear."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.fc = torch.nn.Linear(8 * 6 * 6, 10)

    def forward(self, x):
        x = torch.fake_quantize_per_tensor_affine(x, 0.02, 128, 0, 255)
        w = torch.fake_quantize_per_channel_affine(self.conv.weight, torch.full((8,), 0.01),
                                                   torch.zeros(8, dtype=torch.int32), 0, -128, 127)
        x = torch.relu(torch.nn.functional.conv2d(x, w, self.conv.bias, padding=1))
        x = torch.fake_quantize_per_tensor_affine(x, 0.05, 0, 0, 255)
        fw = torch.fake_quantize_per_tensor_affine(self.fc.weight, 0.003, 0, -128, 127)
        return torch.nn.functional.linear(x.flatten(1), fw, self.fc.bias)


def test_fake_quantized_torch_model_matches_pytorch():
    torch.manual_seed(0)
    net = FakeQuantNet().eval()
    x = torch.randn(2, 3, 6, 6)
    buf = io.BytesIO()
    torch.onnx.export(net, (x,), buf, opset_version=13, input_names=["input0"])
    data = buf.getvalue()
    import onnx

    ops = {n.op_type for n in onnx.load_from_string(data).graph.node}
    assert {"QuantizeLinear", "DequantizeLinear"} <= ops, ops
    with torch.no_grad():
        want = net(x).numpy()
    mod, params = tirgen.from_onnx(data)
    (got,) = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-4 * float(np.abs(want).max()))


class QatNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        import torch.ao.quantization as tq

        self.quant, self.dequant = tq.QuantStub(), tq.DeQuantStub()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.relu = torch.nn.ReLU()
        self.fc = torch.nn.Linear(8 * 6 * 6, 10)

    def forward(self, x):
        x = self.relu(self.conv(self.quant(x)))
        return self.dequant(self.fc(x.flatten(1)))


def test_torch_ao_qat_model_matches_pytorch():
    torch.manual_seed(1)
    net = qat_prepared(QatNet(), [torch.randn(4, 3, 6, 6) for _ in range(3)])
    x = torch.randn(2, 3, 6, 6)
    buf = io.BytesIO()
    torch.onnx.export(net, (x,), buf, opset_version=13, input_names=["input0"])
    import onnx

    nodes = onnx.load_from_string(buf.getvalue()).graph.node
    assert sum(n.op_type == "QuantizeLinear" for n in nodes) >= 4, [n.op_type for n in nodes]
    with torch.no_grad():
        want = net(x).numpy()
    mod, params = tirgen.from_onnx(buf.getvalue())
    (got,) = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-4 * float(np.abs(want).max()))
