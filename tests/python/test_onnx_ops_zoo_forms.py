"""Op forms that models written outside the project needed (found by running such models):
ConvTranspose with dilations (a dilated weight), Resize of 3-D and 5-D inputs, LayerNorm without
an affine scale (exported with an empty Scale, which torch's checker refuses). Each is compared
with PyTorch; the 5-D forms tirgen lacks are refused by the up-front check."""
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
