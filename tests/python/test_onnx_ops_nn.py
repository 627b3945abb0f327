"""1-d and 3-d convolutions and pools, Celu and the decomposed Reduce* forms, imported from
PyTorch through ONNX and compared with PyTorch; the up-front check's op forms."""
import pytest
import torch

import tirgen
from onnx_op_util import Fn, check_module, export

F = torch.nn.functional


def rand(*shape):
    return torch.randn(*shape)


@pytest.mark.parametrize(
    "module, shape, op",
    [
        (torch.nn.Conv1d(3, 4, 3, stride=2, padding=1, dilation=1), (2, 3, 11), "nn.conv1d("),
        # grouped 1-d: nn.conv1d with groups (TVM's CPU strategy: group_conv1d_ncw)
        (torch.nn.Conv1d(4, 4, 3, groups=2, dilation=2), (1, 4, 12), "nn.conv1d("),
        (torch.nn.Conv1d(6, 6, 5, groups=6, stride=2, padding=2), (2, 6, 15), "nn.conv1d("),
        (torch.nn.Conv3d(2, 3, (3, 2, 3), stride=(1, 2, 1), padding=(1, 0, 1)), (1, 2, 5, 6, 5), "nn.conv3d("),
        (torch.nn.ConvTranspose1d(3, 2, 3, stride=2, padding=1, output_padding=1), (1, 3, 7), "nn.conv1d_transpose("),
        (torch.nn.ConvTranspose3d(3, 2, 2, stride=2), (1, 3, 2, 3, 2), "nn.conv3d_transpose("),
        (torch.nn.MaxPool1d(3, stride=2, padding=1), (2, 3, 10), "nn.max_pool1d("),
        (torch.nn.AvgPool1d(2), (2, 3, 10), "nn.avg_pool1d("),
        (torch.nn.MaxPool3d(2, stride=2, ceil_mode=True), (1, 2, 5, 5, 4), "nn.max_pool3d("),
        (torch.nn.AvgPool3d(3, stride=1, padding=1, count_include_pad=False), (1, 2, 4, 4, 4), "nn.avg_pool3d("),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_conv_and_pool_1d_3d(module, shape, op):
    torch.manual_seed(0)
    check_module(module, (rand(*shape),), expect_ops=[op])


@pytest.mark.parametrize(
    "fn, text",
    [
        (lambda x: F.celu(x, 0.6), "minimum("),
        (lambda x: torch.logsumexp(x, dim=1), "squeeze("),
        (lambda x: torch.logsumexp(x, dim=(0, 2), keepdim=True), "log("),
        (lambda x: x.norm(dim=-1), "sqrt("),
        (lambda x: x.norm(), "sqrt("),
        (lambda x: F.normalize(x, dim=1), "sqrt("),
        (lambda x: x.norm(p=1, dim=1, keepdim=True), "abs("),
    ],
    ids=["celu", "logsumexp", "logsumexp_keep", "l2", "l2_all", "normalize", "l1"],
)
def test_decomposed_ops(fn, text):
    torch.manual_seed(0)
    check_module(Fn(fn), (rand(2, 3, 5),), expect_ops=[text])


def onnx_model(nodes, inputs, outputs, opset=17):
    import onnx
    from onnx import helper

    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)]).SerializeToString()


def test_reduce_sum_square_and_log_sum():
    import numpy as np
    import onnx
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4])
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("a", "b")]
    nodes = [
        helper.make_node("ReduceSumSquare", ["x"], ["a"], axes=[-1], keepdims=0),
        helper.make_node("ReduceLogSum", ["x2"], ["b"], axes=[0, 2]),
        helper.make_node("Abs", ["x"], ["x2"]),
    ]
    nodes = [nodes[2], nodes[0], nodes[1]]
    mod, params = tirgen.from_onnx(onnx_model(nodes, [x], outs))
    data = np.random.RandomState(0).randn(2, 3, 4).astype("float32")
    a, b = tirgen.run(mod, {"x": data}, params=params)
    np.testing.assert_allclose(a, (data * data).sum(-1), rtol=1e-5)
    np.testing.assert_allclose(b, np.log(np.abs(data).sum((0, 2), keepdims=True)), rtol=1e-5)


def test_up_front_check_lists_missing_ops_and_forms_together():
    # A MaxPool with storage_order=2 is an unsupported *form* of a supported op; NonZero of a
    # non-constant input another (its output shape depends on values); Conv on a rank-6 input a
    # third. All are named in one error.
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 4])
    x6 = helper.make_tensor_value_info("x6", TensorProto.FLOAT, [1, 1, 2, 2, 2, 2])
    w = helper.make_tensor_value_info("w", TensorProto.FLOAT, [1, 1, 1, 1, 1, 1])
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("p", "c")]
    outs.append(helper.make_tensor_value_info("i", TensorProto.INT64, None))
    outs.append(helper.make_tensor_value_info("nz", TensorProto.INT64, None))
    nodes = [
        helper.make_node("MaxPool", ["x"], ["p", "i"], kernel_shape=[2, 2], storage_order=2, name="pool"),
        helper.make_node("Conv", ["x6", "w"], ["c"], name="conv4d"),
        helper.make_node("NonZero", ["x"], ["nz"], name="nz"),
    ]
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(onnx_model(nodes, [x, x6, w], outs))
    msg = str(e.value)
    assert "3 ONNX operator types or forms tirgen cannot import" in msg, msg
    assert "MaxPool with storage_order=2 (0 or 1) (1 node: 'pool')" in msg, msg
    assert "Conv with an input of rank 6 (1-, 2- and 3-D Conv, inputs of rank 3 to 5, are supported)" in msg, msg
    assert "NonZero with a non-constant input (the output shape depends on input values" in msg, msg
    assert "(1 node: 'nz')" in msg, msg


def test_form_check_sees_ranks_through_elementwise_ops():
    # The Conv's input rank is not declared: it comes through Relu from the graph input.
    from onnx import TensorProto, helper

    x6 = helper.make_tensor_value_info("x6", TensorProto.FLOAT, [1, 1, 2, 2, 2, 2])
    w = helper.make_tensor_value_info("w", TensorProto.FLOAT, [1, 1, 1, 1, 1, 1])
    out = helper.make_tensor_value_info("c", TensorProto.FLOAT, None)
    nodes = [helper.make_node("Relu", ["x6"], ["r"]), helper.make_node("Conv", ["r", "w"], ["c"])]
    with pytest.raises(tirgen.TirgenError, match=r"Conv with an input of rank 6 .*\(1 node: #1\)"):
        tirgen.from_onnx(onnx_model(nodes, [x6, w], [out]))


def test_export_helper_roundtrip_sanity():
    # The helper really compares: a wrong expectation fails.
    with pytest.raises(AssertionError):
        check_module(Fn(lambda x: x + 1), (rand(2, 2),), expect_ops=["nn.conv2d("])
    assert export(Fn(lambda x: x * 2), (rand(2),))


def test_gather_nd_lrn_thresholded_relu():
    import numpy as np
    from onnx import TensorProto, helper

    rs = np.random.RandomState(0)
    data = rs.randn(3, 4, 5).astype("float32")
    img = rs.randn(1, 6, 3, 3).astype("float32")
    idx = np.array([[[0, 1], [2, 3]], [[1, 0], [0, 2]]], dtype="int64")  # (2, 2, 2)
    ins = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4, 5]),
           helper.make_tensor_value_info("img", TensorProto.FLOAT, [1, 6, 3, 3])]
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in ("g", "l", "t")]
    nodes = [helper.make_node("GatherND", ["x", "i"], ["g"]),
             helper.make_node("LRN", ["img"], ["l"], size=3, alpha=0.01, beta=0.5, bias=2.0),
             helper.make_node("ThresholdedRelu", ["x"], ["t"], alpha=0.3)]
    graph = helper.make_graph(nodes, "g", ins, outs, initializer=[helper.make_tensor("i", TensorProto.INT64, idx.shape, idx.flatten())])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()
    mod, params = tirgen.from_onnx(model)
    g, l, t = tirgen.run(mod, {"x": data, "img": img}, params=params)
    np.testing.assert_allclose(g, data[idx[..., 0], idx[..., 1]], rtol=1e-6)
    np.testing.assert_allclose(t, np.where(data > 0.3, data, 0), rtol=1e-6)
    sq = np.pad(img ** 2, ((0, 0), (1, 1), (0, 0), (0, 0)))
    window = sum(sq[:, k:k + 6] for k in range(3))
    np.testing.assert_allclose(l, img / (2.0 + 0.01 / 3 * window) ** 0.5, rtol=1e-5)


def test_form_check_ignores_ranks_it_cannot_know():
    # BatchNormalization's parameters are 1-d; its data's rank comes from an op the check does
    # not follow (Concat): the Conv after it must not be judged "rank 1".
    check_module(Fn(lambda x: F.conv2d(F.batch_norm(torch.cat([x, x], 1), torch.zeros(4), torch.ones(4)),
                                       torch.ones(1, 4, 1, 1))), (rand(1, 2, 3, 3),), expect_ops=["nn.conv2d("])
