"""Writes examples/small_cnn.onnx (the README's bundled model) and small_cnn_input.npy.

A small image classifier authored in PyTorch: conv-bn-relu, maxpool, depthwise + pointwise
conv with ReLU6, global average pooling, a linear layer and softmax over 10 classes, on a
1x3x32x32 input. Weights come from torch.manual_seed(0); BatchNorm statistics are randomized
so the folded conv bias is not zero. Exported with opset 13 (Debian's torch 1.13):

    /usr/bin/python3 examples/make_small_cnn.py
"""
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def model():
    torch.manual_seed(0)
    net = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
        torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(8, 8, 3, padding=1, groups=8), torch.nn.Conv2d(8, 16, 1), torch.nn.ReLU6(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(16, 10), torch.nn.Softmax(dim=1))
    with torch.no_grad():
        bn = net[1]
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 1.5)
    return net.eval()


def main():
    x = torch.randn(1, 3, 32, 32, generator=torch.Generator().manual_seed(1))
    torch.onnx.export(model(), x, os.path.join(HERE, "small_cnn.onnx"), opset_version=13,
                      input_names=["image"], output_names=["probabilities"])
    np.save(os.path.join(HERE, "small_cnn_input.npy"), x.numpy())


if __name__ == "__main__":
    main()
