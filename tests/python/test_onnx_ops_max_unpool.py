"""MaxUnpool (zeros, scatter_elements of the pooled values at their flat indices, reshape; as TVM
builds it) against torch.nn.functional.max_unpool2d / 3d. Indices come from torch's max pool
(per channel plane) shifted to ONNX's whole-tensor flat indices; values are moved, not
computed, so the comparison is exact."""
import numpy as np
import pytest
import torch
from onnx import TensorProto, helper

import tirgen


def unpool(x, idx, kernel, strides, pads=None, output_shape=None):
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape)),
              helper.make_tensor_value_info("i", TensorProto.INT64, list(idx.shape))]
    names = ["x", "i"]
    inits = []
    if output_shape is not None:
        inits.append(helper.make_tensor("s", TensorProto.INT64, [len(output_shape)], list(output_shape)))
        names.append("s")
    attrs = dict(kernel_shape=kernel, strides=strides)
    if pads:
        attrs["pads"] = pads
    node = helper.make_node("MaxUnpool", names, ["y"], **attrs)
    graph = helper.make_graph([node], "g", inputs, [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    mod, p = tirgen.from_onnx(model.SerializeToString())
    return tirgen.run(mod, {"x": x, "i": idx}, params=p)[0]


def onnx_indices(idx, plane):
    """torch's per-(n, c) plane indices -> ONNX's flat indices over the whole tensor."""
    n, c = idx.shape[:2]
    base = (np.arange(n * c, dtype=np.int64) * plane).reshape(n, c, *([1] * (idx.ndim - 2)))
    return idx.numpy().astype(np.int64) + base


@pytest.mark.parametrize("dims, kernel, stride, pad, sized", [
    (2, 2, 2, 0, False), (2, 3, 2, 1, False), (2, 2, 2, 0, True), (3, 2, 2, 0, False)])
def test_max_unpool_matches_torch(dims, kernel, stride, pad, sized):
    torch.manual_seed(0)
    # Spatial sizes the unpooled shape reproduces ((in - 1) * stride + kernel - pads), so every
    # index of the pool falls inside it.
    shape = (2, 3) + (((7, 5) if pad else (8, 6)) if dims == 2 else (4, 6, 4))
    x = torch.randn(*shape)
    pool = torch.nn.functional.max_pool2d if dims == 2 else torch.nn.functional.max_pool3d
    unpool_t = torch.nn.functional.max_unpool2d if dims == 2 else torch.nn.functional.max_unpool3d
    y, idx = pool(x, kernel, stride, pad, return_indices=True)
    out_size = list(shape) if sized else None
    want = unpool_t(y, idx, kernel, stride, pad, output_size=shape[2:] if sized else None).numpy()
    plane = int(np.prod(want.shape[2:]))
    got = unpool(y.numpy(), onnx_indices(idx, plane), [kernel] * dims, [stride] * dims,
                 pads=[pad] * (2 * dims) if pad else None, output_shape=out_size)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)
