"""GridSample (relay image.grid_sample, topi/grid_sample.cc) from F.grid_sample through ONNX
(opset 16; 4-D and 5-D data), compared with PyTorch (float32, rtol 1e-4, atol 1e-5 x max|out|). Bicubic is TVM's
rule, which folds each integer tap into the image as PyTorch does."""
import pytest
import torch
import torch.nn.functional as F

from onnx_op_util import Fn, check_module, import_error


@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align", [False, True])
def test_grid_sample(mode, padding, align):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 5, 7)
    # positions well outside [-1, 1] exercise the padding modes (and reflection's several folds)
    grid = torch.rand(2, 4, 6, 2) * 3.2 - 1.6
    if mode == "nearest":  # keep clear of the half-way points, where rounding may differ in the last ulp
        grid = (grid * 16).round() / 16 + 1 / 64
    f = Fn(lambda x, g: F.grid_sample(x, g, mode=mode, padding_mode=padding, align_corners=align))
    check_module(f, (x, grid), opset=16, rtol=1e-4, atol=1e-5, expect_ops=["image.grid_sample("])


def test_grid_sample_unsupported_forms_are_listed_up_front():
    from onnx import TensorProto, helper

    nodes = [helper.make_node("GridSample", ["x", "g"], ["a"], name="gs_mode", mode="lanczos"),
             helper.make_node("GridSample", ["x", "g"], ["b"], name="gs_pad", padding_mode="mirror")]
    msg = import_error(nodes, {"x": (TensorProto.FLOAT, [1, 1, 4, 4]), "g": (TensorProto.FLOAT, [1, 2, 2, 2])},
                       "ab", opset=16)
    assert "GridSample with mode 'lanczos' (1 node: 'gs_mode')" in msg, msg
    assert "GridSample with padding_mode 'mirror' (1 node: 'gs_pad')" in msg, msg


@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
@pytest.mark.parametrize("shape", [(1, 2, 1, 5), (1, 2, 4, 1), (1, 2, 1, 1)])
def test_grid_sample_reflection_aligned_over_a_size_1_axis(mode, shape):
    # align_corners=1 gives a size-1 axis an empty reflection span: PyTorch reflects every tap to 0
    torch.manual_seed(0)
    x = torch.randn(*shape)
    grid = torch.rand(1, 3, 4, 2) * 3.2 - 1.6
    if mode == "nearest":
        grid = (grid * 16).round() / 16 + 1 / 64
    f = Fn(lambda x, g: F.grid_sample(x, g, mode=mode, padding_mode="reflection", align_corners=True))
    check_module(f, (x, grid), opset=16, rtol=1e-4, atol=1e-5, expect_ops=["image.grid_sample("])


@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align", [False, True])
def test_grid_sample_3d(mode, padding, align):
    # F.grid_sample on NCDHW data (trilinear or nearest): torch exports a 5-D GridSample
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 5, 6)
    grid = torch.rand(2, 3, 2, 4, 3) * 3.2 - 1.6
    if mode == "nearest":
        grid = (grid * 16).round() / 16 + 1 / 64
    f = Fn(lambda x, g: F.grid_sample(x, g, mode=mode, padding_mode=padding, align_corners=align))
    check_module(f, (x, grid), opset=16, rtol=1e-4, atol=1e-5, expect_ops=["image.grid_sample(", 'layout="NCDHW"'])


def test_grid_sample_3d_bicubic_is_refused_up_front():
    from onnx import TensorProto, helper

    nodes = [helper.make_node("GridSample", ["x", "g"], ["a"], name="gs3", mode="bicubic")]
    msg = import_error(nodes, {"x": (TensorProto.FLOAT, [1, 1, 2, 4, 4]), "g": (TensorProto.FLOAT, [1, 2, 2, 2, 3])},
                       "a", opset=16)
    assert "GridSample with mode 'bicubic' on a 5-D input (trilinear and nearest) (1 node: 'gs3')" in msg, msg
