"""ONNX symbolics that some torch versions lack for ops with an exact ONNX form, registered by
``from_pytorch`` for the length of one export only (torch's registry is left as it was).

torch 1.13 lacks (newer torch has each, in these forms):
- ``aten::zero`` (``Tensor.zero_()``; torchvision's swin_v2 zeroes its key bias): ConstantOfShape
  over Shape, of the input's dtype;
- ``aten::unflatten`` (``nn.Unflatten``, ``Tensor.unflatten``): Reshape to the input's shape with
  the one dim replaced by the sizes;
- ``aten::channel_shuffle`` (``nn.ChannelShuffle``): Reshape (n, g, c/g, -1), Transpose, Reshape
  back;
- ``aten::bilinear`` (``nn.Bilinear``): Einsum ``...i,oij,...j->...o`` plus the bias;
- ``aten::atan2``: Atan of the quotient, moved to the quadrant by Where.
"""
import contextlib


def _zero(g, self):
    import torch
    from torch.onnx import _type_utils, errors

    name = self.type().scalarType() if hasattr(self.type(), "scalarType") else None
    if name is None:  # a zero of the wrong dtype would be a silently wrong model
        raise errors.SymbolicValueError("aten::zero: the input's dtype is not known to the exporter", self)
    dtype = _type_utils.JitScalarType.from_name(name).dtype()
    return g.op("ConstantOfShape", g.op("Shape", self), value_t=torch.zeros(1, dtype=dtype))


def _ints(g, torch, values):
    return g.op("Constant", value_t=torch.tensor(values, dtype=torch.int64))


def _unflatten(g, self, dim, sizes):
    import torch
    from torch.onnx import symbolic_helper

    rank = symbolic_helper._get_tensor_rank(self)
    dim = symbolic_helper._get_const(dim, "i", "dim")
    if rank is not None and dim < 0:
        dim += rank
    if dim < 0:
        return symbolic_helper._unimplemented("unflatten", "a negative dim of an input of unknown rank", self)
    shape = g.op("Shape", self)
    head = g.op("Slice", shape, _ints(g, torch, [0]), _ints(g, torch, [dim]))
    tail = g.op("Slice", shape, _ints(g, torch, [dim + 1]), _ints(g, torch, [2**62]))
    sizes = g.op("Cast", sizes, to_i=7)  # int64
    return g.op("Reshape", self, g.op("Concat", head, sizes, tail, axis_i=0))


def _channel_shuffle(g, self, groups):
    import torch
    from torch.onnx import symbolic_helper

    groups = symbolic_helper._get_const(groups, "i", "groups")
    shape = g.op("Shape", self)  # the exporter may not know it (after Pad): computed in the graph
    n = g.op("Slice", shape, _ints(g, torch, [0]), _ints(g, torch, [1]))
    per_group = g.op("Div", g.op("Slice", shape, _ints(g, torch, [1]), _ints(g, torch, [2])), _ints(g, torch, [groups]))
    target = g.op("Concat", n, _ints(g, torch, [groups]), per_group, _ints(g, torch, [-1]), axis_i=0)
    split = g.op("Reshape", self, target)
    swapped = g.op("Transpose", split, perm_i=[0, 2, 1, 3])
    return g.op("Reshape", swapped, shape)


def _bilinear(g, a, b, weight, bias):
    from torch.onnx import symbolic_helper

    out = g.op("Einsum", a, weight, b, equation_s="...i,oij,...j->...o")
    return out if symbolic_helper._is_none(bias) else g.op("Add", out, bias)


def _atan2(g, y, x):
    """atan(y / x) moved to the quadrant of (x, y), as torch (IEEE atan2) signs zeros: a -0 counts
    as negative (atan2(-0, -1) = -pi, atan2(+-0, -0) = +-pi, atan2(+-0, +0) = +-0); x == 0
    otherwise gives +-pi/2 by y's sign."""
    import math

    import torch
    from torch.onnx import _type_utils

    name = x.type().scalarType() if hasattr(x.type(), "scalarType") else None
    dtype = _type_utils.JitScalarType.from_name(name).dtype() if name else torch.float32

    def scalar(v):
        return g.op("Constant", value_t=torch.tensor(v, dtype=dtype))

    zero, one = scalar(0.0), scalar(1.0)

    def sign_bit(v):  # v < 0 or v is -0 (1 / -0 = -inf)
        return g.op("Or", g.op("Less", v, zero), g.op("Less", g.op("Div", one, v), zero))

    base = g.op("Atan", g.op("Div", y, x))
    shift = g.op("Where", sign_bit(y), scalar(-math.pi), scalar(math.pi))
    out = g.op("Where", g.op("Less", x, zero), g.op("Add", base, shift), base)
    # x == +-0: at the origin y itself (+-0) for x = +0, +-pi for x = -0; else +-pi/2.
    origin = g.op("Where", sign_bit(x), shift, y)
    on_axis = g.op("Where", g.op("Equal", y, zero), origin, g.op("Mul", g.op("Sign", y), scalar(math.pi / 2)))
    return g.op("Where", g.op("Equal", x, zero), on_axis, out)


# aten op -> (symbolic, first opset it is valid in)
_SYMBOLICS = {
    "aten::zero": (_zero, 9),
    "aten::unflatten": (_unflatten, 11),
    "aten::channel_shuffle": (_channel_shuffle, 11),
    "aten::bilinear": (_bilinear, 12),
    "aten::atan2": (_atan2, 9),
}


def _registry():
    try:
        from torch.onnx._internal import registration
    except ImportError:  # another torch: assume it has the ops, as newer ones do
        return None
    return registration.registry


@contextlib.contextmanager
def missing_symbolics(torch, opset):
    """Registers each symbolic of _SYMBOLICS that this torch lacks at ``opset``; removes them on exit."""
    registry, added = _registry(), []
    try:
        for name, (fn, first) in _SYMBOLICS.items():
            if registry is not None and opset >= first and not registry.is_registered_op(name, opset):
                had_group = registry.get_function_group(name) is not None
                torch.onnx.register_custom_op_symbolic(name, fn, opset)
                added.append((name, had_group))
        yield
    finally:
        for name, had_group in added:
            torch.onnx.unregister_custom_op_symbolic(name, opset)
            # unregistering leaves an empty function group, on which torch's exporter fails
            # with "min() arg is an empty sequence" instead of naming the unsupported op
            if not had_group and getattr(registry, "_registry", None) is not None:
                registry._registry.pop(name, None)
