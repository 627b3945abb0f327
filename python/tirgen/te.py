"""Tensor expressions, TVM's way (`from tirgen import te`).

    A = te.placeholder((128, 128), name="A")
    k = te.reduce_axis((0, 128), "k")
    C = te.compute((128, 128), lambda x, y: te.sum(A[x, k] * A[y, k], axis=k), name="C")
    f = te.create_prim_func([A, C])   # a tirgen.PrimFunc, printed as TVM v0.14 prints it

The operations are tirgen's C++ TE layer (src/te; CreatePrimFunc is the one lowering uses);
this module adds what TVM's Python does before calling it: the compute's axis names from the
lambda's argument names, and comm_reducer over Python combine/identity functions.
"""
import inspect

from . import _tirgen
from ._tirgen import tir as _tir

Tensor = _tirgen.te.Tensor
Operation = _tirgen.te.Operation
placeholder = _tirgen.te.placeholder
reduce_axis = _tirgen.te.reduce_axis
create_prim_func = _tirgen.te.create_prim_func
sum = _tirgen.te.sum  # noqa: A001 (TVM's name)
max = _tirgen.te.max  # noqa: A001
min = _tirgen.te.min  # noqa: A001
prod = _tirgen.te.prod

# The tvm.tir expression functions TVM's te re-exports.
const = _tir.const
if_then_else = _tir.if_then_else
min_value = _tir.min_value
max_value = _tir.max_value
exp = _tir.exp
log = _tir.log
sqrt = _tir.sqrt
rsqrt = _tir.rsqrt
tanh = _tir.tanh
sigmoid = _tir.sigmoid
erf = _tir.erf
abs = _tir.abs  # noqa: A001
floor = _tir.floor
ceil = _tir.ceil
round = _tir.round  # noqa: A001
power = _tir.power
floordiv = _tir.floordiv
floormod = _tir.floormod
truncdiv = _tir.truncdiv
truncmod = _tir.truncmod
all = _tir.all  # noqa: A001
any = _tir.any  # noqa: A001


def var(name="tindex", dtype="int32"):
    """A symbolic scalar (a shape or loop bound)."""
    return _tir.Var(name, dtype)


def size_var(name="size", dtype="int32"):
    """A symbolic scalar known to be >= 0 (a shape)."""
    return _tir.SizeVar(name, dtype)


def _axis_names(fcompute, ndim, varargs_names):
    """The compute's axis variable names, as TVM's te.compute picks them."""
    spec = inspect.getfullargspec(fcompute)
    if spec.varkw is not None or spec.defaults or spec.kwonlyargs:
        raise _tirgen.TirgenError(
            "error: te.compute: fcompute takes only positional index arguments (no defaults, "
            "keywords or **kwargs)")
    if not spec.args and spec.varargs is None:
        return [f"i{i}" for i in range(ndim)]
    if spec.varargs is not None:
        rest = ndim - len(spec.args)
        if varargs_names is not None:
            if len(varargs_names) != rest:
                raise _tirgen.TirgenError(
                    f"error: te.compute: {rest} varargs but {len(varargs_names)} varargs_names")
            return spec.args + list(varargs_names)
        return spec.args + [f"i{i}" for i in range(rest)]
    if len(spec.args) != ndim:
        raise _tirgen.TirgenError(
            f"error: te.compute: fcompute takes {len(spec.args)} indices for a {ndim}-d shape; "
            "give one argument per dimension")
    return spec.args


def compute(shape, fcompute, name="compute", tag="", attrs=None, varargs_names=None):
    """out[i...] = fcompute(i...); a tuple of tensors when fcompute returns a tuple."""
    if isinstance(shape, (_tir.PrimExpr, int)):
        shape = (shape,)
    shape = tuple(int(s) if isinstance(s, float) else s for s in shape)
    names = _axis_names(fcompute, len(shape), varargs_names)
    outs = _tirgen.te.compute(shape, lambda vs: fcompute(*vs), name, tag, attrs, names)
    return outs[0] if len(outs) == 1 else tuple(outs)


def extern(shape, inputs, fcompute, name="extern", dtype=None, tag="", attrs=None):
    """Outputs computed by a TIR statement (TVM's te.extern): fcompute(ins, outs) gets the
    input and output placeholder buffers and returns a statement or an expression (e.g.
    tir.call_packed / tir.call_extern). A list of tensors when there are several outputs."""
    if isinstance(shape, (_tir.PrimExpr, int)):
        shape = (shape,)
    shapes = [shape] if shape == () or isinstance(shape[0], (_tir.PrimExpr, int)) else list(shape)
    inputs = list(inputs)
    if dtype is None:
        types = {t.dtype for t in inputs}
        if len(types) != 1:
            raise _tirgen.TirgenError(
                f"error: te.extern {name}: cannot infer the output type; give dtype=")
        dtype = [types.pop()] * len(shapes)
    elif isinstance(dtype, str):
        dtype = [dtype]
    outs = _tirgen.te._extern(shapes, list(dtype), inputs, fcompute, name, tag, attrs)
    return outs[0] if len(outs) == 1 else outs


def scan(init, update, state_placeholder, inputs=None, name="scan", tag="", attrs=None):
    """TVM's te.scan: a recurrence along the first axis. te.create_prim_func refuses it, as
    TVM v0.14's does."""
    del attrs
    many = isinstance(init, (list, tuple))
    outs = _tirgen.te._scan(list(init) if many else [init], list(update) if many else [update],
                            list(state_placeholder) if many else [state_placeholder],
                            list(inputs or []), name, tag)
    return outs if many else outs[0]


def comm_reducer(fcombine, fidentity, name="reduce"):
    """A reducer from combine(x, y) and identity(dtype...) functions (TVM's te.comm_reducer).

    The result is called as reducer(expr, axis, where=None, init=None); a tuple `expr` reduces
    several values together (argmax) and gives a tuple of expressions.
    """
    code = fcombine.__code__

    def reducer(expr, axis, where=None, init=None):
        multi = isinstance(expr, (tuple, list))
        source = list(expr) if multi else [expr]
        dtypes = [_as_expr(e).dtype for e in source]
        if multi:
            lhs = [_tir.Var(f"{code.co_varnames[0]}_{i}", t) for i, t in enumerate(dtypes)]
            rhs = [_tir.Var(f"{code.co_varnames[1]}_{i}", t) for i, t in enumerate(dtypes)]
            result = list(fcombine(lhs, rhs))
        else:
            lhs = [_tir.Var(code.co_varnames[0], dtypes[0])]
            rhs = [_tir.Var(code.co_varnames[1], dtypes[0])]
            result = [fcombine(lhs[0], rhs[0])]
        identity = fidentity(*dtypes)
        identity = list(identity) if isinstance(identity, (tuple, list)) else [identity]
        combiner = _tirgen.te._comm_reducer(lhs, rhs, result, identity)
        if init is not None and not isinstance(init, (tuple, list)):
            init = [init]
        outs = _tirgen.te._reduce(combiner, source, axis, where, init)
        return tuple(outs) if multi else outs[0]

    reducer.__name__ = name
    return reducer


def _as_expr(e):
    return e if isinstance(e, _tir.PrimExpr) else _tir.const(e)


# A te.reduce_axis (tir.IterVar) is usable in index arithmetic as its variable, as in TVM.
def _delegate(op):
    def method(self, *args):
        return getattr(self.var, op)(*args)

    method.__name__ = op
    return method


for _op in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__floordiv__",
            "__rfloordiv__", "__mod__", "__rmod__", "__lt__", "__le__", "__gt__", "__ge__",
            "__neg__"):
    setattr(_tir.IterVar, _op, _delegate(_op))
