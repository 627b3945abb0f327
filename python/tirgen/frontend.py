"""Model importers with TVM's names: ``tirgen.from_onnx`` (``relay.frontend.from_onnx``) and
``tirgen.from_pytorch`` (exports the module to ONNX in memory with torch.onnx, then imports).

    mod, params = tirgen.from_onnx("resnet18.onnx")
    mod, params = tirgen.from_pytorch(model.eval(), torch.randn(1, 3, 224, 224))
    print(mod)      # Relay text, TVM's astext()

Both return ``(IRModule, {name: numpy.ndarray})``: main's parameters are the graph inputs (ONNX
names) followed by the weights, whose values are in ``params`` (with ``freeze_params=True`` they
are bound into the module as constants and ``params`` is empty).
"""
import io
import os

from . import _tirgen


def from_onnx(model, shape=None, freeze_params=False):
    """Imports an ONNX model: a file path, serialized bytes or an ``onnx.ModelProto``.

    ``shape`` maps input names to static shapes for inputs with symbolic dimensions.
    """
    shape = {k: [int(d) for d in v] for k, v in (shape or {}).items()}
    if isinstance(model, (str, os.PathLike)):
        return _tirgen._from_onnx_file(os.fspath(model), shape, bool(freeze_params))
    if hasattr(model, "SerializeToString"):  # onnx.ModelProto
        model = model.SerializeToString()
    if isinstance(model, (bytes, bytearray, memoryview)):
        return _tirgen._from_onnx_bytes(bytes(model), shape, bool(freeze_params))
    raise TypeError(f"from_onnx takes a path, bytes or an onnx.ModelProto, not {type(model).__name__}")


def from_pytorch(module, example_inputs, opset_version=13, input_names=None, freeze_params=False):
    """Exports ``module`` with ``torch.onnx.export`` (in memory) on ``example_inputs`` (a tensor or a
    tuple of tensors) and imports the result. Inputs are named ``input0``, ``input1``, ... unless
    ``input_names`` is given. Put the module in eval mode first for inference graphs.
    """
    import torch

    if isinstance(example_inputs, torch.Tensor):
        example_inputs = (example_inputs,)
    example_inputs = tuple(example_inputs)
    names = list(input_names) if input_names else [f"input{i}" for i in range(len(example_inputs))]
    buf = io.BytesIO()
    with torch.no_grad():
        torch.onnx.export(module, example_inputs, buf, opset_version=opset_version, input_names=names)
    return from_onnx(buf.getvalue(), freeze_params=freeze_params)
