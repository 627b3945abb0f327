"""TVMScript written in Python, TVM's way: `from tirgen.script import tir as T, ir as I`.

    from tirgen.script import tir as T

    N = 128

    @T.prim_func
    def add_one(A: T.Buffer((N,), "float32"), B: T.Buffer((N,), "float32")):
        for i in range(N):
            B[i] = A[i] + T.float32(1)

The decorator reads the function's (or class's) source with `inspect`, replaces each name the
program takes from the enclosing Python scope (ints, floats, bools, strings, dtypes, tuples and
lists of those) by its value, in place so line numbers stay, and gives the text to tirgen's
TVMScript parser. Errors name the user's .py file and line. Nothing of the body runs in Python:
`T.<anything>` in annotations evaluates to an inert placeholder.
"""

import ast
import builtins
import inspect
import sys
import textwrap
import types

from . import _tirgen

# Names the dialect itself provides (never looked up in the enclosing scope).
_DIALECT = {"T", "I", "tir", "tvm", "range"}


class _Inert:
    """What T.<anything> evaluates to at definition time (annotations, decorator arguments)."""

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return self

    def __getitem__(self, key):
        return self


def _bound_names(tree):
    """Names the program binds itself: parameters, assignment/for/with targets, lambda args."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            bound.update(a.arg for a in node.args.args + node.args.kwonlyargs)
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.comprehension)):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        for t in targets:
            bound.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
    return bound


def _literal(value):
    """Python source for a value the parser understands, or None."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float, str)):
        return repr(value)
    if isinstance(value, (tuple, list)):
        items = [_literal(v) for v in value]
        if any(i is None for i in items):
            return None
        body = ", ".join(items)
        if isinstance(value, tuple):
            return "(" + body + ("," if len(items) == 1 else "") + ")"
        return "[" + body + "]"
    return None


def _scope(obj, frame):
    """The enclosing scope as TVM's parser sees it: the caller's locals, closure cells, globals."""
    values = {}
    values.update(getattr(obj, "__globals__", None) or frame.f_globals)
    if isinstance(obj, types.FunctionType):
        values.update(inspect.getclosurevars(obj).nonlocals)
    values.update(frame.f_locals)
    return values


def _source(obj, frame, private):
    """(text for the parser, file name, first line) with enclosing-scope names replaced."""
    try:
        lines, first = inspect.getsourcelines(obj)
        filename = inspect.getsourcefile(obj) or "<unknown>"
    except (OSError, TypeError) as e:
        raise _tirgen.TirgenError(
            f"error: {getattr(obj, '__name__', obj)}: cannot read its source ({e}); "
            "define it in a .py file") from None
    text = textwrap.dedent("".join(lines))
    indent = len(lines[0]) - len(lines[0].lstrip())
    tree = ast.parse(text)
    bound = _bound_names(tree)
    scope = _scope(obj, frame)
    rows = text.splitlines(keepends=True)
    edits = []  # (row, col, end_col, replacement)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)):
            continue
        name = node.id
        if name in bound or name in _DIALECT or name in ("True", "False", "None"):
            continue
        if name not in scope:
            if hasattr(builtins, name):
                continue
            continue  # the parser reports it, located
        lit = _literal(scope[name])
        if lit is None:
            raise _tirgen.TirgenError(
                f"{filename}:{first + node.lineno - 1}:{indent + node.col_offset + 1}: error: "
                f"'{name}' is of type {type(scope[name]).__name__}; only ints, floats, bools, strings "
                "and tuples/lists of those can be taken from the enclosing Python scope")
        edits.append((node.lineno - 1, node.col_offset, node.end_col_offset, lit))
    for row, col, end, lit in sorted(edits, reverse=True):
        rows[row] = rows[row][:col] + lit + rows[row][end:]
    # The decorator line(s) become the parser's; blank lines in front keep line numbers.
    body = "".join(rows)
    start = body.index("def " if isinstance(obj, types.FunctionType) else "class ")
    head = "@T.prim_func(private=True)\n" if private else (
        "@T.prim_func\n" if isinstance(obj, types.FunctionType) else "@I.ir_module\n")
    skipped = body[:start].count("\n")
    text = "\n" * max(first - 1 + skipped - 1, 0) + head + body[start:]
    return text, filename, indent


def _parse(obj, frame, private=False):
    text, filename, indent = _source(obj, frame, private)
    try:
        return _tirgen.script.parse(text, filename)
    except _tirgen.TirgenError as e:
        # The parser saw the dedented source: give the column in the user's file.
        msg = str(e)
        prefix = filename + ":"
        if indent and msg.startswith(prefix):
            line, col, rest = msg[len(prefix):].split(":", 2)
            if line.isdigit() and col.isdigit():
                msg = f"{prefix}{line}:{int(col) + indent}:{rest}"
        raise _tirgen.TirgenError(msg) from None


def prim_func(func=None, *, private=False, check_well_formed=True):
    """@T.prim_func / @T.prim_func(private=True): the function as a tirgen PrimFunc."""
    del check_well_formed
    frame = sys._getframe(1)
    # Inside an @I.ir_module class body the method stays as it is: the class is parsed whole.
    in_class = "__qualname__" in frame.f_locals and "__module__" in frame.f_locals
    if func is None:
        return (lambda f: f) if in_class else (lambda f: _parse(f, frame, private))
    return func if in_class else _parse(func, frame, private)


def ir_module(cls):
    """@I.ir_module on a class whose methods are @T.prim_func: a tirgen IRModule."""
    return _parse(cls, sys._getframe(1))


class _Namespace(types.ModuleType):
    """`T` / `I`: the decorators, anything else an inert placeholder (never evaluated)."""

    def __init__(self, name, members):
        super().__init__(name)
        self.__dict__.update(members)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Inert()


tir = _Namespace("tirgen.script.tir", {"prim_func": prim_func})
ir = _Namespace("tirgen.script.ir", {"ir_module": ir_module})
