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


def from_pytorch(module, example_inputs, opset_version=None, input_names=None, freeze_params=False):
    """Exports ``module`` with ``torch.onnx.export`` (in memory) on ``example_inputs`` (a tensor or a
    tuple of tensors) and imports the result. Inputs are named ``input0``, ``input1``, ... unless
    ``input_names`` is given; an input ``forward`` does not use stays one of main's (the
    exporter drops it). Tuple (and nested) outputs become the module's tuple of outputs.

    The export is an inference graph: the module is put in eval mode for the export (its mode
    is restored afterwards) and constants are folded. Gradients stay enabled during the export,
    because under ``torch.no_grad()`` ``nn.MultiheadAttention`` and the ``nn.Transformer*`` layers
    take PyTorch's fast path (``aten::_native_multi_head_attention``), which has no ONNX form.
    ``opset_version`` defaults to the newest opset both this torch and tirgen handle (17:
    ``LayerNormalization``, ``Trilu`` and ReduceSum's axes input are then single ops).
    Ops this torch cannot export but that have an exact ONNX form (torch 1.13: ``Tensor.zero_``)
    get a symbolic for the length of the export (see ``_torch_symbolics``).
    When the exporter fails, its error is raised as a ``tirgen.TirgenError`` naming the module.
    A graph the exporter wrote but its ONNX checker refused is imported all the same (tirgen
    checks each node); an import error then also quotes the checker.
    """
    import torch

    from ._tirgen import TirgenError
    from ._torch_symbolics import missing_symbolics

    if isinstance(example_inputs, torch.Tensor):
        example_inputs = (example_inputs,)
    example_inputs = tuple(example_inputs)
    if opset_version is None:
        opset_version = _default_opset(torch)
    names = list(input_names) if input_names else [f"input{i}" for i in range(len(example_inputs))]
    buf = io.BytesIO()
    was_training = getattr(module, "training", False)
    checker_error = _checker_errors(torch)
    checker_note = None

    def refused(e):
        return TirgenError(f"from_pytorch: torch.onnx.export (opset {opset_version}) cannot export "
                           f"{type(module).__name__}: {type(e).__name__}: {e}")

    try:
        if hasattr(module, "eval"):
            module.eval()
        with torch.enable_grad(), missing_symbolics(torch, opset_version):
            torch.onnx.export(
                module,
                example_inputs,
                buf,
                opset_version=opset_version,
                input_names=names,
                do_constant_folding=True,
                training=torch.onnx.TrainingMode.EVAL,
            )
    except checker_error as e:
        # The exporter wrote the model, then its ONNX checker refused it (torch 1.13 exports
        # LayerNorm without elementwise_affine with an empty required Scale): the importer
        # checks every node itself, so the model is imported, and the checker's words are kept
        # for an import error.
        if not buf.getvalue():
            raise refused(e) from e
        checker_note = " ".join(str(e).split())
    except Exception as e:  # the exporter's own message says which op or construct it refused
        raise refused(e) from e
    finally:
        if was_training and hasattr(module, "train"):
            module.train(True)
    data = _keep_unused_inputs(buf.getvalue(), names, example_inputs)
    if checker_note is None:
        return from_onnx(data, freeze_params=freeze_params)
    try:
        return from_onnx(data, freeze_params=freeze_params)
    except TirgenError as e:
        raise TirgenError(f"{e} (torch.onnx.export's checker had refused the graph: {checker_note})") from e


def _keep_unused_inputs(data, names, example_inputs):
    """The exported model with every tensor input of the module as a graph input, in the
    module's order. torch.onnx.export drops inputs that forward() does not use, so main's
    parameters would no longer match the module's (a run with all of them names an unknown
    input); the dropped ones come back as unused inputs of their example's type."""
    import torch
    import onnx
    from onnx import helper, mapping

    model = onnx.load_from_string(data)
    graph_inputs = {vi.name: vi for vi in model.graph.input}
    wanted = [(n, x) for n, x in zip(names, example_inputs) if isinstance(x, torch.Tensor)]
    if all(n in graph_inputs for n, _ in wanted):
        return data
    ordered = []
    for name, x in wanted:
        if name in graph_inputs:
            ordered.append(graph_inputs[name])
            continue
        try:
            elem = mapping.NP_TYPE_TO_TENSOR_TYPE[x.detach().cpu().numpy().dtype]
        except (KeyError, TypeError):  # a dtype ONNX has no numpy form for: leave it dropped
            continue
        ordered.append(helper.make_tensor_value_info(name, elem, list(x.shape)))
    listed = {vi.name for vi in ordered}
    ordered += [vi for vi in model.graph.input if vi.name not in listed]
    del model.graph.input[:]
    model.graph.input.extend(ordered)
    return model.SerializeToString()


def _checker_errors(torch):
    """The exceptions of torch.onnx.export's final ONNX check: its CheckerError, or onnx's own
    ValidationError, which passes through unwrapped once the onnx package has been imported."""
    errors = []
    checker = getattr(getattr(torch.onnx, "errors", None), "CheckerError", None)
    if checker is not None:
        errors.append(checker)
    try:
        from onnx.checker import ValidationError

        errors.append(ValidationError)
    except ImportError:
        pass
    return tuple(errors)


def _default_opset(torch):
    """17, or the newest opset this torch's exporter knows when it is older."""
    try:
        from torch.onnx._constants import ONNX_MAX_OPSET
    except ImportError:  # older torch
        try:
            from torch.onnx.symbolic_helper import _onnx_main_opset as ONNX_MAX_OPSET
        except ImportError:
            return 13
    return min(17, int(ONNX_MAX_OPSET))
