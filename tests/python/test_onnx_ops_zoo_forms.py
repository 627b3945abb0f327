"""Op forms that models written outside the project needed (found by running such models):
ConvTranspose with dilations (a dilated weight), Resize of 3-D and 5-D inputs, LayerNorm without
an affine scale (exported with an empty Scale, which torch's checker refuses), BatchNormalization
in training mode (BatchNorm without running statistics). Each is compared
with PyTorch; the 5-D forms tirgen lacks are refused by the up-front check."""
import numpy as np
import pytest
import torch

import tirgen
from onnx_op_util import Fn, check_module

F = torch.nn.functional


@pytest.mark.parametrize(
    "module, shape",
    [
        (torch.nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, dilation=2, groups=2), (1, 4, 5, 6)),
        (torch.nn.ConvTranspose2d(6, 3, (2, 4), stride=(2, 1), dilation=(1, 3), bias=False), (2, 6, 3, 4)),
        (torch.nn.ConvTranspose1d(3, 2, 3, stride=2, dilation=3, output_padding=1), (1, 3, 7)),
        (torch.nn.ConvTranspose1d(4, 6, 3, stride=1, dilation=2, groups=2, padding=2), (2, 4, 9)),
        (torch.nn.ConvTranspose3d(2, 3, (2, 3, 2), stride=(1, 2, 2), dilation=(2, 1, 3)), (1, 2, 3, 4, 3)),
    ],
    ids=["2d_grouped", "2d_rect", "1d", "1d_grouped", "3d"],
)
def test_dilated_conv_transpose_runs_on_a_dilated_weight(module, shape):
    torch.manual_seed(0)
    check_module(module, (torch.randn(*shape),), expect_ops=["nn.dilate("])


@pytest.mark.parametrize(
    "kw, shape, op",
    [
        (dict(scale_factor=3, mode="linear", align_corners=False), (1, 2, 7), "image.resize2d("),
        (dict(size=11, mode="linear", align_corners=True), (2, 3, 5), "image.resize2d("),
        (dict(scale_factor=2.5, mode="nearest"), (1, 2, 4), "image.resize2d("),
        (dict(scale_factor=2, mode="trilinear", align_corners=True), (1, 2, 3, 4, 4), "image.resize3d("),
        (dict(size=(5, 3, 7), mode="trilinear", align_corners=False), (2, 1, 3, 4, 4), "image.resize3d("),
        (dict(scale_factor=(2, 1.5, 3), mode="nearest"), (1, 2, 3, 4, 2), "image.resize3d("),
    ],
    ids=["linear1d", "linear1d_ac_size", "nearest1d", "trilinear_ac", "trilinear_size", "nearest3d"],
)
def test_resize_of_3d_and_5d_inputs(kw, shape, op):
    torch.manual_seed(0)
    check_module(Fn(lambda x: F.interpolate(x, **kw)), (torch.randn(*shape),), expect_ops=[op])


def test_resize_forms_of_5d_inputs_tirgen_lacks_are_listed_up_front():
    import numpy as np
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 2, 2, 2])
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("a", "b", "c")]
    scales = helper.make_tensor("s", TensorProto.FLOAT, [5], [1, 1, 2, 2, 2])
    roi = helper.make_tensor("r", TensorProto.FLOAT, [10], [0] * 5 + [1] * 5)
    nodes = [
        helper.make_node("Resize", ["x", "", "s"], ["a"], mode="cubic", name="cubic3d"),
        helper.make_node("Resize", ["x", "r", "s"], ["b"], mode="linear", name="crop3d",
                         coordinate_transformation_mode="tf_crop_and_resize"),
        helper.make_node("Resize", ["x", "", "s"], ["c"], mode="nearest", name="symmetric",
                         coordinate_transformation_mode="half_pixel_symmetric"),  # opset 19's, any rank
    ]
    graph = helper.make_graph(nodes, "g", [x], outs, initializer=[scales, roi])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model.SerializeToString())
    msg = str(e.value)
    assert "3 ONNX operator types or forms" in msg, msg
    assert "coordinate_transformation_mode 'half_pixel_symmetric'" in msg and "'symmetric'" in msg, msg
    assert "Resize with mode 'cubic' on a 5-D input" in msg and "'cubic3d'" in msg, msg
    assert "coordinate_transformation_mode 'tf_crop_and_resize' on a 5-D input" in msg and "'crop3d'" in msg, msg


class PlainLayerNorm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.LayerNorm([3, 4], elementwise_affine=False)
        self.b = torch.nn.LayerNorm(4, elementwise_affine=False)

    def forward(self, x):
        return self.a(x) + self.b(x) * 2


def test_from_pytorch_imports_layer_norm_without_affine_the_checker_refused():
    import numpy as np

    torch.manual_seed(0)
    model, x = PlainLayerNorm().eval(), torch.randn(2, 3, 4)
    mod, params = tirgen.from_pytorch(model, x)
    got = tirgen.run(mod, {"input0": x.numpy()}, params=params)
    with torch.no_grad():
        np.testing.assert_allclose(got[0], model(x).numpy(), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize(
    "fn, shape",
    [
        (lambda x: F.max_pool2d(x, 2, return_indices=True), (2, 3, 6, 8)),
        (lambda x: F.max_pool2d(x, 3, stride=2, padding=1, return_indices=True), (1, 2, 7, 9)),
        (lambda x: F.max_pool2d(x, (2, 3), stride=(2, 1), dilation=(2, 1), ceil_mode=True, return_indices=True),
         (1, 2, 9, 7)),
        (lambda x: F.max_pool1d(x, 3, stride=2, padding=1, return_indices=True), (2, 3, 10)),
        (lambda x: F.max_pool3d(x, 2, stride=(1, 2, 2), return_indices=True), (1, 2, 3, 4, 6)),
        # ties: PyTorch and tirgen both keep the first maximum of the window
        (lambda x: F.max_pool2d(torch.round(x), 2, return_indices=True), (1, 2, 6, 6)),
    ],
    ids=["2d", "2d_pad_stride", "2d_dilated_ceil", "1d", "3d", "ties"],
)
def test_max_pool_indices_output(fn, shape):
    torch.manual_seed(0)
    check_module(Fn(fn), (torch.randn(*shape),), expect_ops=["argmax("])


def test_max_pool_indices_never_point_into_the_padding():
    # uint8 pads with 0, which ties with a real 0: the window's first element inside the input
    # wins (PyTorch's and ONNX's rule), never the padded tap (index -1, or the previous channel)
    import numpy as np
    from onnx import TensorProto, helper

    node = helper.make_node("MaxPool", ["x"], ["y", "i"], kernel_shape=[2], pads=[1, 1], strides=[1])
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.UINT8, [1, 2, 3])],
                              [helper.make_tensor_value_info("y", TensorProto.UINT8, None),
                               helper.make_tensor_value_info("i", TensorProto.INT64, None)])
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]))
    x = np.array([[[0, 0, 5], [0, 3, 0]]], dtype="uint8")
    values, indices = tirgen.run(mod, {"x": x}, params=params)
    np.testing.assert_array_equal(values, [[[0, 0, 5, 5], [0, 3, 3, 0]]])
    np.testing.assert_array_equal(indices, [[[0, 0, 2, 2], [3, 4, 4, 5]]])


@pytest.mark.parametrize(
    "module, shape, opset",
    [
        (torch.nn.BatchNorm2d(3, track_running_stats=False), (2, 3, 4, 5), 17),
        (torch.nn.BatchNorm1d(4, track_running_stats=False, affine=False), (5, 4), 15),
        (torch.nn.BatchNorm1d(4, track_running_stats=False), (2, 4, 7), 13),
        (torch.nn.BatchNorm3d(2, track_running_stats=False, eps=1e-3), (2, 2, 3, 2, 4), 11),
    ],
    ids=["2d", "1d_rank2_opset15", "1d_opset13", "3d_opset11"],
)
def test_batch_norm_without_running_stats_normalizes_with_the_batchs(module, shape, opset):
    """torch exports BatchNorm(track_running_stats=False) in eval as a training-mode
    BatchNormalization: Y uses the batch's mean and biased variance."""
    torch.manual_seed(0)
    if module.affine:
        torch.nn.init.uniform_(module.weight, 0.5, 1.5)
        torch.nn.init.uniform_(module.bias, -1, 1)
    check_module(module, (torch.randn(*shape) * 3 + 1,), opset=opset)


def _bn_training_reference(x, s, b, mean, var, momentum, eps):
    axes = (0,) + tuple(range(2, x.ndim))
    bm, bv = x.mean(axis=axes), x.var(axis=axes)
    per_c = (-1,) + (1,) * (x.ndim - 2)
    y = s.reshape(per_c) * (x - bm.reshape(per_c)) / np.sqrt(bv.reshape(per_c) + eps) + b.reshape(per_c)
    return y, mean * momentum + bm * (1 - momentum), var * momentum + bv * (1 - momentum), bm, bv


@pytest.mark.parametrize("opset, attrs, names", [
    (15, dict(training_mode=1, momentum=0.7, epsilon=1e-3), ("y", "rm", "rv")),
    (11, dict(momentum=0.8), ("y", "rm", "rv", "sm", "sv")),  # training by its outputs; saved = batch's
], ids=["opset15", "opset11_by_outputs"])
def test_batch_norm_training_mode_running_outputs(opset, attrs, names):
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 2, 4, 3)).astype(np.float32)
    s, b, m, v = (rng.uniform(0.5, 1.5, 2).astype(np.float32) for _ in range(4))
    node = helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"], list(names), **attrs)
    inits = [numpy_helper.from_array(a, n) for a, n in ((s, "s"), (b, "b"), (m, "m"), (v, "v"))]
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in names]
    graph = helper.make_graph([node], "bn", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)], outs,
                              initializer=inits)
    mod, params = tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]))
    got = tirgen.run(mod, {"x": x}, params=params)
    want = _bn_training_reference(x, s, b, m, v, attrs["momentum"], attrs.get("epsilon", 1e-5))
    assert len(got) == len(names)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5)


def test_batch_norm_running_outputs_without_training_mode_are_refused_up_front():
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4])
    p = [helper.make_tensor_value_info(n, TensorProto.FLOAT, [3]) for n in "sbmv"]
    nodes = [helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"], ["z", "rm"], name="no_mode")]
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("z", "rm")]
    graph = helper.make_graph(nodes, "g", [x] + p, outs)
    with pytest.raises(tirgen.TirgenError, match="cannot import") as e:
        tirgen.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 15)]))
    assert "running mean/var outputs without training_mode" in str(e.value) and "'no_mode'" in str(e.value), str(e.value)
