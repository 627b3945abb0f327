"""Clip followed by casts (SimplifyExpr's clip-and-consecutive-cast rule) computes what PyTorch
computes: a float clip cast to an integer type and back keeps the truncation (TVM v0.14 drops
it; tirgen deliberately does not). Integer outputs exactly, floats to rtol 1e-6."""
import torch

from onnx_op_util import Fn, check_module


def test_float_clip_to_int_and_back_truncates():
    x = torch.linspace(-3, 3, 40).reshape(4, 10)
    check_module(Fn(lambda x: x.clamp(-0.5, 0.5).to(torch.int32).to(torch.float32)), (x,), rtol=1e-6)


def test_image_style_clamp_to_uint8_and_back():
    x = torch.linspace(-20, 300, 64).reshape(1, 1, 8, 8) + 0.37
    check_module(Fn(lambda x: x.clamp(0, 255).to(torch.uint8).to(torch.float32) / 255), (x,), rtol=1e-6)


def test_float_clip_to_uint8_then_int32_stays_integer():
    x = torch.linspace(-20, 300, 64).reshape(8, 8) + 0.37
    check_module(Fn(lambda x: x.clamp(0, 255).to(torch.uint8).to(torch.int32)), (x,))
