"""Shared by tests/python/test_onnx_ops_*.py and the zoo: a one-op (or small) torch model exported
to ONNX, imported and run by tirgen, compared with PyTorch."""
import io

import numpy as np
import torch

import tirgen


def export(module, inputs, opset=17):
    """The ONNX bytes of ``module`` on ``inputs`` (a tuple of tensors)."""
    buf = io.BytesIO()
    names = [f"input{i}" for i in range(len(inputs))]
    torch.onnx.export(module.eval(), tuple(inputs), buf, opset_version=opset, input_names=names)
    return buf.getvalue()


def run_onnx(data, inputs, **kw):
    """Imports ONNX bytes and runs them on ``inputs`` (tensors): (module, list of numpy outputs)."""
    mod, params = tirgen.from_onnx(data)
    feed = {f"input{i}": x.numpy() for i, x in enumerate(inputs)}
    return mod, tirgen.run(mod, feed, params=params, **kw)


def flat_outputs(out):
    if isinstance(out, torch.Tensor):
        return [out]
    res = []
    for o in out:
        res.extend(flat_outputs(o))
    return res


def check_module(module, inputs, rtol=1e-4, atol=1e-5, opset=17, expect_ops=()):
    """Exports ``module``, runs it with tirgen and compares every output with PyTorch (integers
    exactly; floats at rtol, atol scaled by the output's magnitude). Returns the relay text."""
    module = module.eval()
    with torch.no_grad():
        want = [w.numpy() for w in flat_outputs(module(*inputs))]
    mod, got = run_onnx(export(module, inputs, opset), inputs)
    text = str(mod)
    for op in expect_ops:
        assert op in text, f"{op} not in\n{text}"
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape, (g.shape, w.shape)
        if np.issubdtype(w.dtype, np.integer):
            np.testing.assert_array_equal(g, w)
        else:
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol * max(1.0, float(np.abs(w).max())))
    return text


class Fn(torch.nn.Module):
    """A module computing ``fn(*inputs)`` (one-op models)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *xs):
        return self.fn(*xs)


def import_error(nodes, inputs, outputs, opset=17, domains=()):
    """The message of the error from importing a graph of ``nodes`` (onnx.helper NodeProtos) over
    ``inputs`` ({name: (onnx dtype, shape)}) to float outputs named ``outputs``; ``domains``
    are further opset domains (version 1). The import must fail."""
    import pytest
    from onnx import TensorProto, helper

    ins = [helper.make_tensor_value_info(n, t, s) for n, (t, s) in inputs.items()]
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in outputs]
    imports = [helper.make_opsetid("", opset)] + [helper.make_opsetid(d, 1) for d in domains]
    model = helper.make_model(helper.make_graph(nodes, "g", ins, outs), opset_imports=imports)
    with pytest.raises(tirgen.TirgenError) as e:
        tirgen.from_onnx(model)
    return str(e.value)


def run_contrib_node(op, inputs, params, attrs=None, order=None, domain="com.microsoft"):
    """One node of ``domain`` (opset 13 beside it): ``inputs`` are graph inputs, ``params``
    initializers, both lists of (name, numpy array); ``order`` the node's input names when
    they differ from inputs + params. Returns (relay text, outputs)."""
    from onnx import helper, numpy_helper
    from onnx.mapping import NP_TYPE_TO_TENSOR_TYPE

    names = order or [n for n, _ in list(inputs) + list(params)]
    node = helper.make_node(op, names, ["y"], domain=domain, **(attrs or {}))
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info(n, NP_TYPE_TO_TENSOR_TYPE[a.dtype], list(a.shape)) for n, a in inputs],
        [helper.make_tensor_value_info("y", 0, None)], [numpy_helper.from_array(a, n) for n, a in params])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13), helper.make_opsetid(domain, 1)])
    mod, p = tirgen.from_onnx(model.SerializeToString())
    return str(mod), tirgen.run(mod, dict(inputs), params=p)
