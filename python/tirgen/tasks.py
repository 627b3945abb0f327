"""Tuning-task extraction with TVM's names: ``tirgen.extract_tasks`` is
``tvm.meta_schedule.relay_integration.extract_tasks`` (spec §7): the distinct PrimFuncs of a
model, each with the number of call sites that use it, in TVM's order and with TVM's names.

    mod, params = tirgen.from_onnx("resnet18.onnx")
    for task in tirgen.extract_tasks(mod, params):
        print(task.task_name, task.weight, task.dispatched[0]["main"].script())

Each task has ``task_name``, ``weight``, ``mod`` (the Relay IRModule of its primitive
function), ``dispatched`` (``[IRModule({"main": PrimFunc})]``, the TensorIR to tune),
``target`` and ``hash`` (the structural hash tasks were deduplicated by).
"""
import os

from . import _tirgen
from .frontend import from_onnx


def _is_relay_text(text):
    head = text.lstrip()
    return "\n" in text or head.startswith(("#[version", "def @", "fn "))


def _load_model(mod, params):
    """A model given as ONNX bytes, an ONNX protobuf, or a path to a ``.onnx`` or Relay text file,
    read (ONNX initializers overridden by ``params``); anything else is returned as given."""
    if isinstance(mod, (bytes, bytearray, memoryview)) or hasattr(mod, "SerializeToString"):
        mod, model_params = from_onnx(mod)
        params = {**model_params, **(params or {})}
    elif isinstance(mod, os.PathLike) or (isinstance(mod, str) and not _is_relay_text(mod)):
        path = os.fspath(mod)
        if path.endswith(".onnx"):
            mod, model_params = from_onnx(path)
            params = {**model_params, **(params or {})}
        else:
            with open(path, encoding="utf-8") as f:
                mod = f.read()
    return mod, params


def extract_tasks(mod, params=None, link_params=False, module_equality="structural", target="generic"):
    """The tuning tasks of ``mod``: an IRModule (``tirgen.from_onnx``), a Relay function, Relay
    text, ONNX bytes, or a path to a ``.onnx`` model or a Relay text file.

    ``params`` ({name: numpy array}) are bound to main's parameters by name (for an ONNX path,
    they override the model's initializers). With ``link_params`` the weights are embedded in
    the PrimFuncs; ``module_equality`` is ``"structural"`` (embedded weights compared by value),
    ``"ignore-ndarray"`` (by shape and dtype, so layers differing only in weights are one task
    whose weight counts them all) or ``"anchor-block"`` (only the main reduction block compared).

    TVM's positional order ``extract_tasks(mod, target, params)`` is accepted too: a string in
    the ``params`` position is the target, and the next positional argument the params.
    """
    if isinstance(params, str):  # TVM's extract_tasks(mod, target, params=None, ...)
        target, params = params, (link_params if isinstance(link_params, dict) else None)
        if params is not None:
            link_params = False
    mod, params = _load_model(mod, params)
    if not isinstance(mod, (str, _tirgen.Object)):
        raise TypeError(f"extract_tasks takes an IRModule, a Relay function, Relay text, ONNX bytes or a "
                        f"path, not {type(mod).__name__}")
    return _tirgen._extract_tasks(mod, params, bool(link_params), module_equality, target)
