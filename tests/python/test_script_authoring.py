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
