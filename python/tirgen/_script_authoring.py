"""TVMScript written in Python, TVM's way: `from tirgen.script import tir as T, ir as I`.

    from tirgen.script import tir as T

    N = 128

    @T.prim_func
    def add_one(A: T.Buffer((N,), "float32"), B: T.Buffer((N,), "float32")):
        for i in range(N):
            B[i] = A[i] + T.float32(1)

The decorator reads the function's (or class's) source with `inspect` and gives it to tirgen's
TVMScript parser. Names the program takes from the enclosing Python scope resolve as in TVM:
literal values (ints, floats, bools, strings, dtypes, tuples/lists/dicts of those, `T.<builtin>`
and `T.<builtin>(literals)`) are written into the text in place, so line numbers stay; IR values
(a TIR expression or buffer built in Python) are handed to the parser as they are; functions
are called by the parser when the program calls them, with its values (Python numbers, strings
and lists; TIR expressions and buffers) and keyword arguments, and return an expression, a
buffer, a Python value or a `T.<builtin>(...)` call such as `T.decl_buffer(...)`, which the
parser then makes (a frame is entered where the result is assigned, as in TVM). Errors name the user's .py file and line. The body itself never runs in
Python: `T.<anything>` in annotations is inert, while T.Cast, T.reinterpret, T.exp, T.uint16(..)
and the like build expressions when a helper function calls them.
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

    def _tirgen_builtin_call(self):
        return None  # not a call the parser can make

    def _tirgen_describe(self):
        return "a T.<...> attribute"


class _Builtin(_Inert):
    """T.<name> that is no expression builder (T.decl_buffer, T.target, ...): inert in
    annotations; as a value of the enclosing scope it stands for itself (`buffer_func =
    T.decl_buffer`), and so does a call of it with literal arguments (`T.target("llvm")`)."""

    def __init__(self, dotted, args=None, kwargs=None):
        self._dotted, self._args, self._kwargs = dotted, args, kwargs

    def __call__(self, *args, **kwargs):
        return _Builtin(self._dotted, args, kwargs) if self._args is None else _Inert()

    def _tirgen_builtin_call(self):
        """(name, args, kwargs) of T.<name>(...) made in Python (a helper the program calls):
        the parser evaluates it with its own builtins, as TVM's parser evaluates T.decl_buffer
        to a frame it enters."""
        return None if self._args is None else (self._dotted, self._args, self._kwargs)

    def _tirgen_describe(self):
        return self._dotted

    def source(self):
        if self._args is None:
            return self._dotted
        items = [_literal(a) for a in self._args]
        items += [None if _literal(v) is None else f"{k}={_literal(v)}" for k, v in self._kwargs.items()]
        return None if any(i is None for i in items) else f"{self._dotted}({', '.join(items)})"


def _bound_names(tree):
    """Names the program binds itself: parameters, assignment/for/with targets, lambda args."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            args = node.args
            bound.update(a.arg for a in args.posonlyargs + args.args + args.kwonlyargs)
            bound.update(a.arg for a in (args.vararg, args.kwarg) if a is not None)
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.comprehension)):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        for t in targets:
            bound.update(_target_names(t))
    return bound


def _target_names(t):
    """Names an assignment target binds: `a`, `a, b`; not the names inside `A[i] = ...`."""
    if isinstance(t, ast.Name):
        return [t.id]
    if isinstance(t, (ast.Tuple, ast.List)):
        return [n for e in t.elts for n in _target_names(e)]
    if isinstance(t, ast.Starred):
        return _target_names(t.value)
    return []


def _plain(value):
    """numpy scalars and dtypes (also inside tuples, lists and dicts) as the Python values TVM's
    parser reads them as: np.float64(1.5) -> 1.5, np.dtype("int8") -> "int8"."""
    np = sys.modules.get("numpy")  # values from numpy exist only once it is imported
    if np is not None:
        if isinstance(value, np.dtype):
            return value.name
        if isinstance(value, np.generic):
            return value.item()
    if isinstance(value, (tuple, list)):  # a namedtuple too: its fields, as a plain tuple
        return (tuple if isinstance(value, tuple) else list)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    return value


def _plain_results(func):
    """`func` with its results made plain (_plain): a numpy call used in the program, such as
    np.int64(2) or np.float32(0.5), gives the Python value TVM's evaluator reads it as. The
    wrapper's __wrapped__ is `func`."""
    def call(*args, **kwargs):
        return _plain(func(*args, **kwargs))
    call.__wrapped__ = func
    return call


def _literal(value):
    """Python source for a value the parser understands (after _plain), or None."""
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
    if isinstance(value, _Builtin):
        return value.source()
    if isinstance(value, dict):
        items = [(_literal(k), _literal(v)) for k, v in value.items()]
        if any(k is None or v is None for k, v in items):
            return None
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    return None


def _host_value(name, value, where, within):
    """A value of an enclosing Python scope as TVM's parser takes it: (kind, value), kind one
    of "literal" (a Python value the parser reads as written; numpy values made plain),
    "builtin" (T.<name> or T.<name>(literals)), "object" (an IR value built in Python, used as
    it is) or "function" (called while parsing, with the evaluated arguments). Anything else
    is a located error; `within` names where the value is used ("program", "macro")."""
    if isinstance(value, _Builtin):
        if value.source() is None:
            raise _tirgen.TirgenError(
                where + f"'{name}' is a {value._dotted}(...) call with arguments that are not "
                f"literals; write the call in the {within} instead")
        return "builtin", value
    value = _plain(value)
    if _literal(value) is not None:
        return "literal", value
    if isinstance(value, (_tirgen.PrimFunc, _tirgen.IRModule)):
        raise _tirgen.TirgenError(
            where + f"'{name}' is a {type(value).__name__}; as in TVM, one function calls "
            "another inside an @I.ir_module class (cls.<name>(...)), not through a Python value")
    if isinstance(value, _tirgen.Object):
        return "object", value
    if callable(value):
        return "function", value
    raise _tirgen.TirgenError(
        where + f"'{name}' is of type {type(value).__name__}; the enclosing Python scope "
        "can give ints, floats, bools, strings, dtypes, tuples/lists/dicts of those, TIR "
        "expressions and buffers, and functions that build TIR expressions")


def _attribute_chains(tree):
    """(root Name, attribute names, end column of each prefix) of each `a.b.c` read written on
    one line: for `a.b.c`, the ends of `a.b` and `a.b.c`."""
    inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if (not isinstance(node, ast.Attribute) or id(node) in inner or not isinstance(node.ctx, ast.Load) or
                node.lineno != node.end_lineno):
            continue
        attrs, ends, root = [], [], node
        while isinstance(root, ast.Attribute):
            attrs.insert(0, root.attr)
            ends.insert(0, root.end_col_offset)
            root = root.value
        if isinstance(root, ast.Name):
            yield root, attrs, ends


def _chainable(value):
    """Whether a chain `value.a.b` is evaluated in Python (modules, objects, classes), not by
    the parser (attributes of IR values, literals)."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a namedtuple's fields by name
        return True
    value = _plain(value)
    return _literal(value) is None and not isinstance(value, (_tirgen.Object, _Builtin))


def _chain_value(scope, root, attrs, where):
    """None when the parser reads `root.attrs...` itself (root not in `scope`, or an IR value or
    literal); else (n, value of root.attrs[0]...attrs[n-1]) for the longest prefix Python has,
    as TVM's evaluator reads `module.CONST`. It stops at an IR value, whose attributes (`.shape`
    of a buffer) are the parser's."""
    if root not in scope or not _chainable(scope[root]):
        return None
    value = scope[root]
    part, n = value, 0
    for a in attrs:
        if isinstance(part, (_tirgen.Object, _Builtin)):
            break
        try:
            part = getattr(part, a)
        except AttributeError:
            break
        n += 1
    if n == 0:
        raise _tirgen.TirgenError(where + f"'{root}' ({type(value).__name__}) has no attribute '{attrs[0]}'")
    return n, part


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
    host_values, host_functions = {}, {}

    def where_of(node):
        return f"{filename}:{first + node.lineno - 1}:{indent + node.col_offset + 1}: error: "

    def use(node, end, name, value):
        """Hands the value read from `node` to column `end` (its name: `name`) to the parser."""
        kind, value = _host_value(name, value, where_of(node), "program")
        ident = name.replace(".", "__")  # an attribute chain's value goes by a name of its own
        if kind in ("literal", "builtin"):
            edits.append((node.lineno - 1, node.col_offset, end, _literal(value)))
            return
        if ident != name:
            edits.append((node.lineno - 1, node.col_offset, end, ident))
        if kind == "object":
            host_values[ident] = value
        else:
            host_functions[ident] = _plain_results(value)

    chained = set()  # Name nodes read as the root of an attribute chain (`module.CONST`)
    for root, attrs, ends in _attribute_chains(tree):
        chain = None if root.id in bound or root.id in _DIALECT else _chain_value(scope, root.id, attrs, where_of(root))
        if chain is not None:
            chained.add(id(root))
            n, part = chain
            use(root, ends[n - 1], ".".join([root.id] + attrs[:n]), part)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)) or id(node) in chained:
            continue
        name = node.id
        if name in bound or name in _DIALECT or name in ("True", "False", "None"):
            continue
        if name not in scope:
            if hasattr(builtins, name):
                continue
            continue  # the parser reports it, located
        use(node, node.end_col_offset, name, scope[name])
    for row, col, end, lit in sorted(edits, reverse=True):
        rows[row] = rows[row][:col] + lit + rows[row][end:]
    # The decorator line(s) become the parser's; blank lines in front keep line numbers.
    body = "".join(rows)
    start = body.index("def " if isinstance(obj, types.FunctionType) else "class ")
    head = "@T.prim_func(private=True)\n" if private else (
        "@T.prim_func\n" if isinstance(obj, types.FunctionType) else "@I.ir_module\n")
    skipped = body[:start].count("\n")
    text = "\n" * max(first - 1 + skipped - 1, 0) + head + body[start:]
    lines_range = (first, first + len(lines) - 1)
    return text, filename, indent, lines_range, scope, host_values, host_functions


# The parses under way (innermost last): what a T.macro expanding now needs of the function
# being parsed (its enclosing scope, and the table of Python functions the parser may call).
_PARSES = []


def _parse(obj, frame, private=False):
    text, filename, indent, lines_range, scope, values, functions = _source(obj, frame, private)
    _PARSES.append((scope, functions))
    try:
        return _tirgen.script._parse_with_host(text, filename, values, functions)
    except _tirgen.TirgenError as e:
        # The parser saw the dedented source: give the column in the user's file (errors in a
        # macro body elsewhere are located in its own source already).
        msg = str(e)
        prefix = filename + ":"
        if indent and msg.startswith(prefix):
            line, col, rest = msg[len(prefix):].split(":", 2)
            if line.isdigit() and col.isdigit() and lines_range[0] <= int(line) <= lines_range[1]:
                msg = f"{prefix}{line}:{int(col) + indent}:{rest}"
        raise _tirgen.TirgenError(msg) from None
    finally:
        _PARSES.pop()


class _HostFunction:
    """A Python function a macro body calls: the parser calls it by `name`."""

    def __init__(self, name):
        self.name = name

    def _tirgen_host_function(self):
        return self.name


class _BuiltinName:
    """T.<name> as a value a macro body uses (`buffer_func = T.decl_buffer`)."""

    def __init__(self, dotted):
        self.dotted = dotted

    def _tirgen_builtin_name(self):
        return self.dotted


class _MacroCall:
    """A T.macro called by the parser: what it expands to (HostMacro in tirgen/script/parser.h)."""

    def __init__(self, body, filename, hygienic, params, names):
        self.expansion = (body, filename, hygienic, params, names)

    def _tirgen_macro_expansion(self):
        return self.expansion


class Macro:
    """@T.macro / @T.macro(hygienic=False): a piece of TVMScript inserted where it is called
    (TVM's ScriptMacro). A hygienic macro's names resolve where it is defined; a non-hygienic
    one's where it is used."""

    def __init__(self, func, hygienic):
        self.func, self.hygienic = func, hygienic
        self.__name__ = func.__name__
        self._text = None  # (body, filename, free names, chains) read from the source once

    def _read(self):
        """The body's text at its own lines of its file, and the names it reads from outside
        (each with where it is first read, for errors)."""
        if self._text is None:
            lines, first = inspect.getsourcelines(self.func)
            filename = inspect.getsourcefile(self.func) or "<unknown>"
            indent = len(lines[0]) - len(lines[0].lstrip())
            fdef = ast.parse(textwrap.dedent("".join(lines))).body[0]
            start = fdef.body[0].lineno
            if start == fdef.lineno:
                raise ValueError(f"T.macro '{self.__name__}': write its body on the lines below the def")
            body = "\n" * (first + start - 2) + "".join(lines[start - 1:fdef.end_lineno])
            bound_names = _bound_names(fdef)

            def where(node):
                return f"{filename}:{first + node.lineno - 1}:{indent + node.col_offset + 1}: error: "

            free = {}
            for node in ast.walk(fdef):
                if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and
                        node.id not in bound_names and node.id not in _DIALECT and node.id not in free):
                    free[node.id] = where(node)
            # `module.CONST` chains of free names (one line each): (root, attrs, line of the
            # body text, start column, end column of each prefix, where).
            chains = [(root.id, attrs, first + root.lineno - 2, indent + root.col_offset,
                       [indent + e for e in ends], where(root))
                      for root, attrs, ends in _attribute_chains(fdef) if root.id in free]
            self._text = (body, filename, list(free.items()), chains)
        return self._text

    def __call__(self, *args, **kwargs):
        if not _PARSES:
            raise RuntimeError(f"T.macro '{self.__name__}' can only be called inside a @T.prim_func")
        try:
            bound = inspect.signature(self.func).bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"T.macro '{self.__name__}': {e}") from None
        bound.apply_defaults()
        body, filename, free, chains = self._read()
        # TVM: a hygienic macro sees its own enclosing scope only (never the caller's Python
        # values); a non-hygienic one the call site's variables and the caller's scope.
        scope, functions = _PARSES[-1]
        if self.hygienic:
            scope = dict(self.func.__globals__)
            scope.update(inspect.getclosurevars(self.func).nonlocals)
        names, edits = {}, []
        for root, attrs, row, col, ends, where in chains:
            chain = _chain_value(scope, root, attrs, where)
            if chain is not None:
                n, part = chain
                ident = "__".join([root] + attrs[:n])  # the chain's value goes by a name of its own
                names[ident] = _macro_value(ident, part, functions, self.__name__, where)
                edits.append((row, col, ends[n - 1], ident))
        if edits:
            rows = body.split("\n")
            for row, col, end, ident in sorted(edits, reverse=True):
                rows[row] = rows[row][:col] + ident + rows[row][end:]
            body = "\n".join(rows)
        names.update({name: _macro_value(name, scope[name], functions, self.__name__, where)
                      for name, where in free
                      if name in scope and not (_chainable(scope[name]) and
                                                any(c[0] == name for c in chains))})
        params = {k: _plain(v) for k, v in bound.arguments.items()}
        return _MacroCall(body, filename, self.hygienic, params, names)


def _macro_value(name, value, functions, macro, where):
    """A value of a macro's scope as the parser takes it (a function is registered with the
    parse, under the macro's name when the program has another of that name)."""
    kind, value = _host_value(name, value, where, "macro")
    if kind == "builtin" and value._args is None:
        return _BuiltinName(value._dotted)
    if kind == "function":
        known = functions.get(name)
        key = name if known is None or known.__wrapped__ is value else f"{macro}.{name}"
        functions[key] = _plain_results(value)
        return _HostFunction(key)
    return value


def macro(*args, hygienic=True):
    """@T.macro, @T.macro(), @T.macro(hygienic=False), as TVM's."""
    if not args:
        return lambda func: Macro(func, hygienic)
    if len(args) == 1 and inspect.isfunction(args[0]):
        return Macro(args[0], hygienic)
    raise ValueError("Invalid use of T.macro. Usage: @T.macro, @T.macro(), @T.macro(hygienic=[True|False])")


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
    """`T` / `I`: the decorators, expression builders (T.Cast, ...), anything else a _Builtin."""

    def __init__(self, name, members):
        super().__init__(name)
        self.__dict__.update(members)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Builtin(("T." if self.__name__.endswith(".tir") else "I.") + name)


def _dtype_const(dtype):
    """T.float32(x) in Python code (a helper function): a constant; T.float32 as an
    annotation stays what it is."""
    def make(value=None, *args, **kwargs):
        return _Inert() if value is None else _tirgen.tir.const(value, dtype)

    make.__name__ = dtype
    return make


def _intrinsic(name):
    """T.acos(x), T.atan2(x, y), ...: a tir.<name> call of the first argument's type (TVM's
    call_intrin(x.dtype, "tir.<name>", ...))."""
    def call(*args):
        xs = [a if isinstance(a, _tirgen.tir.PrimExpr) else _tirgen.tir.const(a) for a in args]
        return _tirgen.tir.Call(xs[0].dtype, "tir." + name, xs)

    call.__name__ = name
    return call


def _call_extern(dtype, name, *args):
    return _tirgen.tir.call_extern(dtype, name, *args)


# What T.<name> is when Python code (a helper the program calls, a value of the enclosing
# scope) evaluates it: TIR expression builders. Anything else is inert (annotations).
_T_EXPR = {n: getattr(_tirgen.tir, n) for n in (
    "Cast", "Select", "reinterpret", "if_then_else", "likely", "max", "min", "floordiv",
    "floormod", "truncdiv", "truncmod", "all", "any", "min_value", "max_value", "exp", "log",
    "sqrt", "rsqrt", "tanh", "sigmoid", "erf", "floor", "ceil", "round", "nearbyint", "pow",
    "shift_left", "shift_right", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not")}
_T_EXPR.update({n: _intrinsic(n) for n in (
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "atan2", "cos", "cosh", "sin", "sinh",
    "tan", "exp2", "exp10", "log2", "log10", "log1p", "trunc", "fabs", "fmod", "hypot",
    "nextafter", "copysign", "ldexp", "popcount", "clz")})
_T_EXPR.update({d: _dtype_const(d) for d in (
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
    "float32", "float64", "bfloat16", "e4m3_float8", "e5m2_float8", "bool")})
_T_EXPR["call_extern"] = _call_extern

tir = _Namespace("tirgen.script.tir", dict(_T_EXPR, prim_func=prim_func, macro=macro))
ir = _Namespace("tirgen.script.ir", {"ir_module": ir_module})
