"""The legacy ops TVM v0.14's frontend still maps (ops_legacy.cc, SpatialBN in ops_nn.cc):
Upsample (nn.upsampling, 5-D: nn.upsampling3d), Scale, FC (Caffe2's X W^T + b) and SpatialBN, one node each,
against NumPy (float32: rtol 1e-5, atol 1e-5)."""
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import tirgen
from onnx_op_util import import_error


def run(op, inputs, inits=(), attrs=None, opset=11):
    ins = [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(a.shape)) for n, a in inputs]
    node = helper.make_node(op, [n for n, _ in inputs] + [n for n, _ in inits], ["y"], **(attrs or {}))
    graph = helper.make_graph([node], "g", ins, [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                              [numpy_helper.from_array(a, n) for n, a in inits])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]))
    return str(mod), tirgen.run(mod, dict(inputs), params=params)[0]


def rand(*shape, seed=0):
    return np.random.RandomState(seed).randn(*shape).astype("float32")


def upsample_ref(x, scales, mode):
    """ONNX's Upsample: output index o of each spatial axis reads input o / scale (asymmetric),
    nearest floors, linear interpolates (separably, axis by axis; the last index is clamped)."""
    for axis, s in enumerate(scales, start=2):
        n = x.shape[axis]
        pos = np.arange(int(n * s)) / s
        lo = np.floor(pos).astype(int)
        if mode == "nearest":
            x = np.take(x, lo, axis=axis)
            continue
        hi = np.minimum(lo + 1, n - 1)
        t = (pos - lo).reshape([-1] + [1] * (x.ndim - axis - 1))
        x = np.take(x, lo, axis=axis) * (1 - t) + np.take(x, hi, axis=axis) * t
    return x


@pytest.mark.parametrize("mode", ["nearest", "linear"])
@pytest.mark.parametrize("scales", [(2.0, 3.0), (1.5, 0.5)])
def test_upsample_scales_input(mode, scales):
    x = rand(1, 2, 4, 6)
    s = np.array([1, 1, *scales], np.float32)
    text, got = run("Upsample", [("x", x)], [("s", s)], {"mode": mode})
    assert "nn.upsampling(" in text
    np.testing.assert_allclose(got, upsample_ref(x, scales, mode), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["nearest", "linear"])
@pytest.mark.parametrize("scales", [(2.0, 1.0, 3.0), (1.5, 2.0, 0.5)])
def test_upsample_5d_is_upsampling3d(mode, scales):
    # TVM's nn.upsampling3d (NCDHW, asymmetric coordinates; linear is trilinear).
    x = rand(1, 2, 4, 3, 6)
    text, got = run("Upsample", [("x", x)], [("s", np.array([1, 1, *scales], np.float32))], {"mode": mode})
    assert "nn.upsampling3d(" in text and ('method="trilinear"' in text) == (mode == "linear"), text
    assert 'coordinate_transformation_mode="asymmetric"' in text, text
    np.testing.assert_allclose(got, upsample_ref(x, scales, mode), rtol=1e-5, atol=1e-5)


def test_upsample_scales_attribute():
    # Upsample-7's form (scales an attribute), as TVM's converter reads it first.
    x = rand(1, 1, 3, 3)
    _, got = run("Upsample", [("x", x)], attrs={"scales": [1.0, 1.0, 2.0, 2.0]})
    np.testing.assert_array_equal(got, upsample_ref(x, (2, 2), "nearest"))


def test_upsample_fractional_size_is_a_located_error():
    with pytest.raises(tirgen.TirgenError, match="scales\\[2\\] times the input dimension 5 must be a whole"):
        run("Upsample", [("x", rand(1, 1, 5, 4))], [("s", np.array([1, 1, 1.5, 2], np.float32))])


def test_scale_fc_and_spatial_bn():
    x = rand(3, 5)
    _, got = run("Scale", [("x", x)], attrs={"scale": 2.5})
    np.testing.assert_allclose(got, x * 2.5, rtol=1e-6)
    w, b = rand(4, 5, seed=1), rand(4, seed=2)
    _, got = run("FC", [("x", x)], [("w", w), ("b", b)])
    np.testing.assert_allclose(got, x @ w.T + b, rtol=1e-5, atol=1e-5)
    _, got = run("FC", [("x", x)], [("w", w)])
    np.testing.assert_allclose(got, x @ w.T, rtol=1e-5, atol=1e-5)
    x4 = rand(2, 3, 4, 4)
    scale, bias, mean, var = rand(3, seed=3), rand(3, seed=4), rand(3, seed=5), np.abs(rand(3, seed=6)) + 0.1
    text, got = run("SpatialBN", [("x", x4)], [("s", scale), ("b", bias), ("m", mean), ("v", var)],
                    {"epsilon": 1e-3, "is_test": 1})
    assert "nn.batch_norm(" in text
    r = lambda a: a[None, :, None, None]
    np.testing.assert_allclose(got, (x4 - r(mean)) / np.sqrt(r(var) + 1e-3) * r(scale) + r(bias), rtol=1e-5, atol=1e-5)


def test_unsupported_forms_are_listed_up_front():
    f = TensorProto.FLOAT
    nodes = [helper.make_node("Upsample", ["x3", "s"], ["a"], name="up3"),
             helper.make_node("Upsample", ["x", "s"], ["b"], name="up_cubic", mode="cubic"),
             helper.make_node("Upsample", ["x", "s"], ["c"], name="up_dyn"),
             helper.make_node("FC", ["x", "w"], ["d"], name="fc4")]
    msg = import_error(nodes, {"x3": (f, [1, 1, 2]), "x": (f, [1, 1, 2, 2]), "s": (f, [4]), "w": (f, [2, 2])},
                       "abcd", opset=11)
    assert "Upsample with an input of rank 3 (only 4-D NCHW and 5-D NCDHW) (1 node: 'up3')" in msg, msg
    assert "Upsample with mode 'cubic' (1 node: 'up_cubic')" in msg, msg
    assert "Upsample with scales not known at import time (1 node: 'up_dyn')" in msg, msg
    assert "FC with X of rank 4 (only 2-D X and W) (1 node: 'fc4')" in msg, msg
