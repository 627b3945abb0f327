"""TVMScript written in Python (`from tirgen.script import tir as T`): the decorator path."""
import os

import pytest

import tirgen
from tirgen.script import ir as I
from tirgen.script import tir as T

N = 16
DT = "float32"
SHAPE = (N, N)


@T.prim_func
def add_one(A: T.Buffer(SHAPE, DT), B: T.Buffer(SHAPE, DT)):
    for i, j in T.grid(N, N):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1)


def scaled(n, factor):
    @T.prim_func(private=True)
    def f(A: T.Buffer((n,), "float32")):
        for i in range(n):
            A[i] = A[i] * T.float32(factor)

    return f


@I.ir_module
class Mod:
    @T.prim_func
    def main(A: T.Buffer((N,), "float32")):
        Mod.helper(A.data)

    @T.prim_func
    def helper(A_data: T.handle("float32")):
        A = T.decl_buffer(N, "float32", data=A_data)
        A[0] = T.float32(0)


def test_enclosing_values_are_resolved_like_tvm():
    text = add_one.script()
    assert 'A: T.Buffer((16, 16), "float32")' in text
    assert "T.grid(16, 16)" in text
    # The same program written out as text parses to the same function.
    assert tirgen.structural_equal(tirgen.script.parse(text), add_one)


def test_closure_values_and_private():
    f = scaled(8, 2.5)
    text = f.script()
    assert "@T.prim_func(private=True)" in text
    assert "T.Buffer((8,)" in text and "T.float32(2.5)" in text


def test_ir_module_class_with_calls_between_functions():
    text = Mod.script()
    assert "cls.helper(A.data)" in text
    assert tirgen.structural_equal(tirgen.script.parse(text), Mod)


def test_decorated_function_schedules():
    sch = tirgen.tir.Schedule(add_one)
    i, j = sch.get_loops(sch.get_block("B"))
    sch.split(i, factors=[None, 4])
    assert "T.grid(4, 4, 16)" in sch.mod.script() or "for i_0" in sch.mod.script()


def test_undefined_name_points_at_the_users_file_and_line():
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            A[0] = missing_value  # noqa: F821

    with open(__file__) as src:
        line = next(n for n, text in enumerate(src, 1) if "A[0] = missing_value" in text)
    assert f"{os.path.abspath(__file__)}:{line}:20: error: undefined variable 'missing_value'" in str(e.value)


def test_unsupported_python_value_is_an_error():
    helper = object()
    with pytest.raises(tirgen.TirgenError, match="'helper' is of type object"):

        @T.prim_func
        def g(A: T.Buffer((4,), "float32")):
            A[0] = helper


# ---- Python values resolved as TVM's parser resolves them ------------------------------------

def u16tof32(v):
    # A helper as TVM's tests write them: called while the program is parsed, with TIR values.
    uint32_v = v.astype("uint32")
    uint32_v = uint32_v << tirgen.tir.const(16, "uint32")
    return T.reinterpret("float32", uint32_v)


def test_python_helper_builds_an_expression_while_parsing():
    @T.prim_func
    def f(A: T.Buffer((8,), "uint16"), B: T.Buffer((8,), "float32")):
        for i in range(8):
            B[i] = u16tof32(A[i])

    assert ('B[i] = T.reinterpret("float32", T.shift_left(T.Cast("uint32", A[i]), T.uint32(16)))'
            in f.script())
    assert tirgen.structural_equal(tirgen.script.parse(f.script()), f)


def test_expression_values_with_free_variables():
    i, j = tirgen.tir.Var("i", "int32"), tirgen.tir.Var("j", "int32")
    cond = tirgen.tir.all(i <= j, j < i + 4)

    @T.prim_func
    def f(A: T.Buffer(1, "bool")):
        if cond:
            A[0] = i == j

    text = f.script()
    assert "i = T.int32()\n    j = T.int32()" in text  # TVM's form for free variables
    assert "if i <= j and j < i + 4:" in text and "A[0] = i == j" in text
    assert tirgen.structural_equal(tirgen.script.parse(text), f, map_free_vars=True)


def test_dtype_dict_and_builtin_values():
    import numpy as np

    dtype = np.dtype("float16")
    attrs = {"global_symbol": "main", "tir.noalias": True}
    buffer_func = T.decl_buffer
    target = T.target("llvm")

    @T.prim_func
    def f(A: T.Buffer((4,), dtype), p: T.handle(dtype)):
        T.func_attr(attrs)
        B = buffer_func(4, dtype, data=p)
        B[0] = A[0]

    text = f.script()
    assert 'A: T.Buffer((4,), "float16")' in text
    assert 'B = T.decl_buffer((4,), "float16", data=p)' in text
    assert '"tir.noalias": T.bool(True)' in text

    @T.prim_func
    def g():
        T.func_attr({"target": target})
        T.evaluate(0)

    assert '"target": T.target({"keys": ["cpu"], "kind": "llvm"' in g.script()


def test_prim_func_value_is_a_clear_error():
    # (T.macro values expand: tests/python/test_script_macro.py.)
    with pytest.raises(tirgen.TirgenError, match="'add_one' is a PrimFunc; as in TVM, one function calls another"):

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            add_one(A.data)


def _line_of(snippet):
    with open(__file__) as src:
        return next(n for n, text in enumerate(src, 1) if snippet in text)


def test_tvmscript_syntax_error_points_at_the_users_file_and_line():
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            while_loops_are_fine = 1  # noqa: F841
            try:  # noqa: SIM105
                A[0] = T.float32(1)
            except ValueError:
                pass

    line = _line_of("            try:  # noqa: SIM105")
    assert f"{os.path.abspath(__file__)}:{line}:13: error: 'try' statements are not supported" in str(e.value)


def raises(x):
    raise ValueError("no value for " + str(x))


def test_helper_raising_points_at_the_call():
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            A[0] = raises(A[1])

    line = _line_of("A[0] = raises(A[1])")
    assert (f"{os.path.abspath(__file__)}:{line}:20: error: Python function 'raises' raised ValueError: "
            "no value for A[1]") in str(e.value)


def scratch(n, dtype="float32", **kwargs):
    # Called while parsing with the program's values: Python ints/strings stay Python values,
    # keyword arguments are passed, and the T.decl_buffer frame it returns is entered where it
    # is assigned (TVM's helpers return frames the same way).
    assert isinstance(n, int) and isinstance(dtype, str)
    return T.decl_buffer([n], dtype=dtype, **kwargs)


def test_helper_returning_a_decl_buffer_frame():
    @T.prim_func
    def f(A: T.Buffer((4,), "float32")):
        B = scratch(4, scope="local")
        C = scratch(4, data=A.data)
        for i in range(4):
            B[i] = A[i] + C[i]
            A[i] = B[i]

    @T.prim_func
    def g(A: T.Buffer((4,), "float32")):
        B = T.decl_buffer([4], dtype="float32", scope="local")
        C = T.decl_buffer([4], dtype="float32", data=A.data)
        for i in range(4):
            B[i] = A[i] + C[i]
            A[i] = B[i]

    assert f.script().replace("def f(", "def g(") == g.script()
    assert "B = T.decl_buffer((4,), scope=\"local\")" in f.script()


def no_call():
    return T.decl_buffer


def test_helper_returning_a_builtin_that_is_no_value():
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            B = no_call()  # noqa: F841
            A[0] = T.float32(0)

    line = _line_of("B = no_call()  # noqa: F841")
    assert (f"{os.path.abspath(__file__)}:{line}:17: error: Python function 'no_call' returned "
            "T.decl_buffer, which is no value") in str(e.value)


# Attribute chains of the enclosing scope (`module.CONST`, `self.x.y`), as TVM's evaluator
# reads them: evaluated in Python, then used as any other value.


class _Config:
    class dims:  # noqa: N801 (a namespace, as a test's config object holds them)
        n = 8
        dtype = "float32"

    scale = 2.5

    @staticmethod
    def twice(x):
        return x * T.float32(2)


def test_attribute_chains_of_the_enclosing_scope():
    import types as _types

    cfg = _Config()
    consts = _types.SimpleNamespace(offset=T.float32(1))

    @T.prim_func(private=True)
    def f(A: T.Buffer((cfg.dims.n,), cfg.dims.dtype), B: T.Buffer((cfg.dims.n,), cfg.dims.dtype)):
        for i in range(cfg.dims.n):
            B[i] = cfg.twice(A[i]) * T.float32(cfg.scale) + consts.offset

    @T.prim_func(private=True)
    def g(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
        for i in range(8):
            B[i] = A[i] * T.float32(2) * T.float32(2.5) + T.float32(1)

    assert tirgen.structural_equal(f, g), f.script()


def test_namedtuple_and_numpy_values_read_as_plain_values():
    import collections

    import numpy as np

    Shape = collections.namedtuple("Shape", "n m")
    shape, dtype, step = Shape(4, 2), np.dtype("float32"), np.int64(2)

    @T.prim_func(private=True)
    def f(A: T.Buffer(shape, dtype), B: T.Buffer((shape.n * shape.m,), dtype)):
        for i, j in T.grid(shape.n, shape.m):
            B[i * step + j] = A[i, j]

    @T.prim_func(private=True)
    def g(A: T.Buffer((4, 2), "float32"), B: T.Buffer((8,), "float32")):
        for i, j in T.grid(4, 2):
            B[i * 2 + j] = A[i, j]

    assert tirgen.structural_equal(f, g), f.script()


def test_star_unpacking_of_a_tuple_from_the_enclosing_scope():
    """T.grid(*shape), as TVM's parser evaluates it; *A.shape unpacks a buffer's shape."""
    shape = (4, 2)

    @T.prim_func(private=True)
    def f(A: T.Buffer(shape, "float32"), B: T.Buffer(shape, "float32")):
        for i, j in T.grid(*shape):
            A[i, j] = T.float32(0)
        for i, j in T.grid(*B.shape):
            B[i, j] = T.float32(1)

    @T.prim_func(private=True)
    def g(A: T.Buffer((4, 2), "float32"), B: T.Buffer((4, 2), "float32")):
        for i, j in T.grid(4, 2):
            A[i, j] = T.float32(0)
        for i, j in T.grid(4, 2):
            B[i, j] = T.float32(1)

    assert tirgen.structural_equal(f, g), f.script()
    with pytest.raises(tirgen.TirgenError, match=r"\* unpacks a tuple or list"):
        tirgen.script.parse('@T.prim_func\ndef h(A: T.Buffer(4, "float32")):\n'
                            '    for i in T.grid(*A):\n        A[i] = T.float32(0)\n')


def test_star_unpacking_after_a_keyword_argument():
    """f(x=1, *seq) is valid Python: the unpacked items are positional arguments."""
    head = '@T.prim_func\ndef f(A: T.Buffer(2, "float32"), B: T.Buffer(2, "int32")):\n'
    starred = tirgen.script.parse(head + '    B[0] = T.Cast(value=A[0], *("int32",))\n')
    plain = tirgen.script.parse(head + '    B[0] = T.Cast("int32", A[0])\n')
    assert tirgen.structural_equal(starred, plain), starred.script()


def test_numpy_calls_in_the_function_give_plain_values():
    """np.int64(2) and np.float32(0.5) called inside the function are the Python values 2 and
    0.5 (the parser cannot take numpy scalars), in a program and in a macro."""
    import numpy as np

    @T.macro
    def fill(B, i):
        B[i] = np.float32(0.5)

    @T.prim_func(private=True)
    def f(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "float32")):
        for i in range(4):
            A[i] = np.int64(2) * T.int64(i)
            fill(B, i)

    @T.prim_func(private=True)
    def g(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "float32")):
        for i in range(4):
            A[i] = T.int64(2) * T.int64(i)
            B[i] = T.float32(0.5)

    assert tirgen.structural_equal(f, g), f.script()


def test_a_missing_attribute_in_a_chain_is_located():
    cfg = _Config()
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func(private=True)
        def f(A: T.Buffer((4,), "float32")):
            A[0] = T.float32(cfg.nope)

    line = next(n for n, t in enumerate(open(__file__), 1) if "T.float32(cfg.nope)" in t)
    assert f"{os.path.abspath(__file__)}:{line}:" in str(e.value)
    assert "'cfg' (_Config) has no attribute 'nope'" in str(e.value)


def test_schedule_takes_a_block_by_name_where_tvm_does():
    sch = tirgen.tir.Schedule(add_one)
    by_name = sch.get_loops("B")
    by_handle = sch.get_loops(sch.get_block("B"))
    assert len(by_name) == len(by_handle) == 2
    assert all(sch.get(x).same_as(sch.get(y)) for x, y in zip(by_name, by_handle))
    sch.split(by_name[0], [None, 4])
    assert len(sch.get_loops("B")) == 3
    with pytest.raises(tirgen.TirgenError, match="nope"):
        sch.get_loops("nope")
    # cache_read with the block (and its consumers) by name, recorded as get_block in the trace.
    cached = sch.cache_read("B", 0, "global", consumer_blocks=["B"])
    assert sch.get(cached).name_hint == "A_global"
    assert 'get_block(name="B"' in str(sch.trace)


@T.macro
def chained_macro(A):
    for i in range(_Config.dims.n):
        A[i] = _Config.twice(A[i]) + T.float32(_Config.scale)


def test_attribute_chains_in_a_macro():
    @T.prim_func(private=True)
    def f(A: T.Buffer((8,), "float32")):
        chained_macro(A)

    @T.prim_func(private=True)
    def g(A: T.Buffer((8,), "float32")):
        for i in range(8):
            A[i] = A[i] * T.float32(2) + T.float32(2.5)

    assert tirgen.structural_equal(f, g), f.script()
