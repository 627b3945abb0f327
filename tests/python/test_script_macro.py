"""@T.macro as TVM v0.14's parser expands it: the macro tests of TVM's
tests/python/unittest/test_tvmscript_parser_tir.py (test_tir_macro_*, test_tir_empty_tuple_index),
ported (tvm.ir.assert_structural_equal is tirgen.structural_equal), and tirgen's own cases."""
import os

import numpy as np
import pytest

import tirgen
from tirgen.script import tir as T


def test_tir_macro_decorator_signature():
    @T.prim_func(private=True)
    def evaluate0():
        T.evaluate(0)

    # Ok, no parentheses
    @T.macro
    def func1():
        T.evaluate(0)

    assert func1.hygienic

    @T.prim_func(private=True)
    def use1():
        func1()

    assert tirgen.structural_equal(use1, evaluate0)

    # Ok, empty parentheses
    @T.macro()
    def func2():
        T.evaluate(0)

    assert func2.hygienic

    @T.prim_func(private=True)
    def use2():
        func2()

    assert tirgen.structural_equal(use2, evaluate0)

    with pytest.raises(ValueError):
        # Wrong: non-keyword argument
        @T.macro(True)
        def func3():
            T.evaluate()


def test_tir_macro_signature():
    @T.macro
    def assign(i, *args, t1, **kwargs):
        vi, vj, vk = T.axis.remap("SSR", [i, args[0], args[1]])
        kwargs["t3"][vi, vj] = kwargs["t3"][vi, vj] + t1[vi, vk] * kwargs["t2"][vj, vk]

    @T.prim_func(private=True)
    def matmul_w_macro(a: T.handle, b: T.handle, c: T.handle) -> None:
        A = T.match_buffer(a, [128, 128])
        B = T.match_buffer(b, [128, 128])
        C = T.match_buffer(c, [128, 128])
        for i, j, k in T.grid(128, 128, 128):
            with T.block("update"):
                assign(i, j, k, t1=A, t2=B, t3=C)

    @T.prim_func(private=True)
    def matmul_no_macro(a: T.handle, b: T.handle, c: T.handle) -> None:
        A = T.match_buffer(a, [128, 128])
        B = T.match_buffer(b, [128, 128])
        C = T.match_buffer(c, [128, 128])
        for i, j, k in T.grid(128, 128, 128):
            with T.block("update"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]

    assert tirgen.structural_equal(matmul_no_macro, matmul_w_macro)


def test_tir_macro_hygienic():
    x_value = 128

    @T.macro(hygienic=True)
    def static_capture(A, B):
        B[()] = A[x_value]

    @T.prim_func(private=True)
    def use_hygienic(A: T.Buffer((1024,), "int32"), B: T.Buffer((), "int32")) -> None:
        for x_value in T.serial(10):
            static_capture(A, B)

    @T.prim_func(private=True)
    def expected_hygienic(A: T.Buffer((1024,), "int32"), B: T.Buffer((), "int32")) -> None:
        for x_value in range(10):
            B[()] = A[128]

    assert tirgen.structural_equal(use_hygienic, expected_hygienic)


def test_tir_macro_non_hygienic():
    x_value = 128

    @T.macro(hygienic=False)
    def dynamic_capture(A, B):
        B[()] = A[x_value]

    @T.prim_func(private=True)
    def use_non_hygienic(A: T.Buffer((1024,), "int32"), B: T.Buffer((), "int32")) -> None:
        for x_value in T.serial(10):
            dynamic_capture(A, B)

    @T.prim_func(private=True)
    def expected_non_hygienic(A: T.Buffer((1024,), "int32"), B: T.Buffer((), "int32")) -> None:
        for x_value in range(10):
            B[()] = A[x_value]

    assert tirgen.structural_equal(use_non_hygienic, expected_non_hygienic)


def test_tir_empty_tuple_index():
    @T.macro
    def bar(val):
        T.evaluate(val)

    @T.prim_func(private=True)
    def func_with_empty_tuple(A: T.Buffer((), "int32"), B: T.Buffer((), "int32")):
        bar(val=A[()])

    @T.prim_func(private=True)
    def expected(A: T.Buffer((), "int32"), B: T.Buffer((), "int32")):
        T.evaluate(A[()])

    assert tirgen.structural_equal(func_with_empty_tuple, expected)


# tirgen's own cases.

SCALE = 3


def offset(x):
    return x + T.float32(1)


@T.macro
def scale_into(dst, src, n):
    # Frames the body opens (the scratch buffer) wrap the rest of the macro body only; names
    # of its scope (SCALE, a helper function, a macro) resolve where it is defined.
    tmp = T.decl_buffer((n,), "float32")
    for i in range(n):
        tmp[i] = src[i] * T.float32(SCALE)
    for i in range(n):
        dst[i] = offset(tmp[i])


def test_macro_with_frames_helpers_and_a_run_against_numpy():
    @T.prim_func
    def f(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
        scale_into(B, A, 8)
        B[0] = B[0] + T.float32(1)

    text = f.script()
    assert "with T.decl_buffer((8,)) as tmp:" in text and "scale_into" not in text
    again = tirgen.script.parse(text)
    assert tirgen.structural_equal(f, again) and again.script() == text
    a = np.arange(8, dtype="float32")
    b = np.zeros(8, dtype="float32")
    tirgen.build(f)(a, b)
    expect = a * 3 + 1
    expect[0] += 1
    np.testing.assert_allclose(b, expect)


@T.macro
def nested(A, i):
    inner(A, i)
    inner(A, i + 1)


@T.macro
def inner(A, i):
    A[i] = A[i] * T.float32(2)


def test_macro_calling_macros():
    @T.prim_func(private=True)
    def f(A: T.Buffer((4,), "float32")):
        nested(A, 0)
        nested(A, 2)

    body = f.script()
    assert body.count("A[") == 8, body
    a = np.arange(4, dtype="float32")
    tirgen.build(f)(a)
    np.testing.assert_allclose(a, np.arange(4) * 2)


def _line_of(snippet):
    with open(__file__) as src:
        return next(n for n, text in enumerate(src, 1) if snippet in text)


@T.macro
def broken(A):
    A[0] = undefined_name  # noqa: F821


def test_error_in_a_macro_points_at_the_macro_body():
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            broken(A)

    line = _line_of("A[0] = undefined_name  # noqa: F821")
    assert f"{os.path.abspath(__file__)}:{line}:12: error: undefined variable 'undefined_name'" in str(e.value)


def test_macro_used_as_a_value_or_with_wrong_arguments():
    @T.macro
    def m(A):
        A[0] = T.float32(0)

    with pytest.raises(tirgen.TirgenError, match="a T.macro call must be a statement of its own"):

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            x = m(A)  # noqa: F841

    with pytest.raises(tirgen.TirgenError, match="Python function 'm' raised TypeError: T.macro 'm': "):

        @T.prim_func
        def g(A: T.Buffer((4,), "float32")):
            m(A, A)

    with pytest.raises(RuntimeError, match="can only be called inside a @T.prim_func"):
        m(None)


def test_non_hygienic_macro_sees_the_call_site_and_its_scope():
    @T.macro(hygienic=False)
    def store(A):
        A[i] = T.float32(SCALE) + value  # noqa: F821 (names of the call site)

    def make(value):
        @T.prim_func(private=True)
        def f(A: T.Buffer((4,), "float32")):
            for i in range(4):
                store(A)

        return f

    @T.prim_func(private=True)
    def g(A: T.Buffer((4,), "float32")):
        for i in range(4):
            A[i] = T.float32(3) + T.float32(0.5)

    assert tirgen.structural_equal(make(T.float32(0.5)), g)


def test_macro_in_an_ir_module_class():
    from tirgen.script import ir as I

    @I.ir_module
    class Mod:
        @T.prim_func
        def main(A: T.Buffer((4,), "float32")):
            nested(A, 1)

    assert Mod["main"].script().count("A[1] = A[1] * T.float32(2)") == 1


# Values located in their own source (review findings): a value read inside a macro body keeps
# the text it was written in, so number lists, "-0" checks and errors use the right text.


@T.macro(hygienic=False)
def const_from_caller(B):
    c = T.allocate_const(caller_weights, "float32", [4])  # noqa: F821 (the caller's variable)
    cb = T.decl_buffer((4,), "float32", data=c)
    for i in range(4):
        B[i] = cb[i]


def test_non_hygienic_macro_reads_the_callers_number_list_from_the_callers_text():
    @T.prim_func
    def f(B: T.Buffer((4,), "float32")):
        caller_weights = [1.5, -0.0, 2.5, 3.0]  # noqa: F841 (read by the macro)
        const_from_caller(B)

    text = f.script()
    assert "T.allocate_const([1.5, -0, 2.5, 3], \"float32\", [4])" in text, text
    b = np.zeros(4, dtype="float32")
    tirgen.build(f)(b)
    np.testing.assert_array_equal(b, [1.5, -0.0, 2.5, 3.0])
    assert np.signbit(b[1])


def test_an_error_in_the_callers_list_points_at_the_caller():
    with pytest.raises(tirgen.TirgenError) as e:

        @T.prim_func
        def f(B: T.Buffer((4,), "float32")):
            caller_weights = [1.5, 2.5, 3.0]  # noqa: F841 (three values for four)
            const_from_caller(B)

    line = _line_of("caller_weights = [1.5, 2.5, 3.0]")
    assert f"{os.path.abspath(__file__)}:{line}:" in str(e.value), str(e.value)
    assert "got 3 values but extents hold 4" in str(e.value)


@T.macro
def const_from_param(B, values):
    c = T.allocate_const(values, "float32", [4])
    cb = T.decl_buffer((4,), "float32", data=c)
    for i in range(4):
        B[i] = cb[i]


def test_allocate_const_of_a_macro_parameter():
    # The list comes from the call (far below the macro's lines): its values are located at
    # the call, in the caller's text, not at that line and column of the macro's text.
    @T.prim_func
    def f(B: T.Buffer((4,), "float32")):
        const_from_param(B, [0, 1, 2, 3])

    b = np.full(4, 7, dtype="float32")
    tirgen.build(f)(b)
    np.testing.assert_array_equal(b, [0, 1, 2, 3])
    assert not np.signbit(b[0])


def test_hygienic_macro_does_not_see_the_callers_python_values():
    @T.macro
    def m(A):
        A[0] = host_only  # noqa: F821 (only in the caller's scope)

    def make(host_only):
        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            A[1] = host_only
            m(A)

        return f

    with pytest.raises(tirgen.TirgenError, match="undefined variable 'host_only'") as e:
        make(tirgen.tir.const(2.0, "float32"))
    assert f":{_line_of('A[0] = host_only  # noqa')}:" in str(e.value)

    @T.macro(hygienic=False)
    def n(A):
        A[0] = host_only  # noqa: F821 (the caller's scope, as TVM's non-hygienic macros)

    def make_n(host_only):
        @T.prim_func(private=True)
        def f(A: T.Buffer((4,), "float32")):
            A[1] = host_only
            n(A)

        return f

    assert "A[0] = T.float32(2)" in make_n(tirgen.tir.const(2.0, "float32")).script()


SCALE64 = np.float64(2.5)
COUNT64 = np.int64(4)


@T.macro
def numpy_scalars(A):
    for i in range(COUNT64):
        A[i] = T.float32(SCALE64)


def test_numpy_scalars_in_a_macros_scope_and_a_functions():
    @T.prim_func(private=True)
    def f(A: T.Buffer((COUNT64,), "float32")):
        numpy_scalars(A)

    @T.prim_func(private=True)
    def g(A: T.Buffer((4,), "float32")):
        for i in range(4):
            A[i] = T.float32(2.5)

    assert tirgen.structural_equal(f, g)


def test_macro_source_is_read_once(monkeypatch):
    from tirgen import _script_authoring

    @T.macro
    def once(A):
        A[0] = T.float32(1)

    @T.prim_func(private=True)
    def f(A: T.Buffer((4,), "float32")):
        once(A)

    reads = []
    real = _script_authoring.inspect.getsourcelines

    def counting(obj):
        reads.append(obj)
        return real(obj)

    # A second expansion (here outside a parse, with an empty scope) reads nothing again.
    monkeypatch.setattr(_script_authoring.inspect, "getsourcelines", counting)
    monkeypatch.setattr(_script_authoring, "_PARSES", [({}, {})])
    body, filename, hygienic, params, names = once(None)._tirgen_macro_expansion()
    assert "A[0] = T.float32(1)" in body and filename == os.path.abspath(__file__)
    assert hygienic and params == {"A": None} and names == {}
    assert reads == []


def test_a_helpers_integer_beyond_int64_is_a_clear_error():
    def big():
        return 2**70

    with pytest.raises(tirgen.TirgenError,
                       match=r"Python function 'big' gave the integer 1180591620717411303424, "
                             r"which does not fit int64"):

        @T.prim_func
        def f(A: T.Buffer((4,), "int64")):
            A[0] = big()


def test_negative_zero_in_constant_data_off_the_fast_path():
    # "inf" makes the list one of values (not the number-list fast path): `-0` is still
    # negative zero in float data, and `-(-0)` is zero.
    text = '''@T.prim_func
def f(B: T.Buffer((4,), "float32")):
    c = T.allocate_const([-0, "inf", 1, -(-0)], "float32", [4])
    cb = T.decl_buffer((4,), data=c)
    for i in range(4):
        B[i] = cb[i]
'''
    f = tirgen.script.parse(text)
    b = np.full(4, 7, dtype="float32")
    tirgen.build(f)(b)
    np.testing.assert_array_equal(b, [0, np.inf, 1, 0])
    assert np.signbit(b[0]) and not np.signbit(b[3])
