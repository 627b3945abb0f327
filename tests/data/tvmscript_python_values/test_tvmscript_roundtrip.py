# From TVM v0.14 tests/python/unittest/test_tvmscript_roundtrip.py (Apache-2.0): the generators
# nested_boolean_expressions (the program calls the Python lambda `expression` while being
# parsed) and op_of_literal (`call_expr`, built in Python with T.<op>), for every case.
# Ported: `tir` is tirgen.tir.
from tirgen import tir
from tirgen.script import tir as T


def nested_boolean_expressions():
    expressions = {
        "and_lhs_and": lambda i, j, k: tir.all(tir.all(i, j), k),
        "and_rhs_and": lambda i, j, k: tir.all(i, tir.all(j, k)),
        "and_lhs_or": lambda i, j, k: tir.all(tir.any(i, j), k),
        "and_rhs_or": lambda i, j, k: tir.all(i, tir.any(j, k)),
        "or_lhs_and": lambda i, j, k: tir.any(tir.all(i, j), k),
        "or_rhs_and": lambda i, j, k: tir.any(i, tir.all(j, k)),
        "or_lhs_or": lambda i, j, k: tir.any(tir.any(i, j), k),
        "or_rhs_or": lambda i, j, k: tir.any(i, tir.any(j, k)),
        "and_of_ors": lambda i, j, k: tir.all(tir.any(i, j), tir.any(j, k), tir.any(i, k), i, j, k),
        "or_of_ands": lambda i, j, k: tir.any(tir.all(i, j), tir.all(j, k), tir.all(i, k), i, j, k),
    }

    def make_ir_generator(name, expression):
        def inner():
            @T.prim_func
            def func(A: T.Buffer(1, "bool"), i: T.bool, j: T.bool, k: T.bool):
                A[0] = expression(i, j, k)

            return func

        inner.__name__ = f"nested_boolean_expr_{name}"
        return inner

    for name, expression in expressions.items():
        generator = make_ir_generator(name, expression)

        yield generator


def op_of_literal():
    op_list = [
        (T.exp, 0),
        (T.exp2, 0),
        (T.exp10, 0),
        (T.erf, 0.0),
        (T.tanh, 0.0),
        (T.sigmoid, 0.0),
        (T.log, 0.0),
        (T.log2, 0.0),
        (T.log1p, 0.0),
        (T.tan, 0.0),
        (T.cos, 0.0),
        (T.acos, 0.0),
        (T.acosh, 0.0),
        (T.sin, 0.0),
        (T.sinh, 0.0),
        (T.asin, 0.0),
        (T.asinh, 0.0),
        (T.atan, 0.0),
        (T.atanh, 0.0),
        (T.atan2, (1.0, 0.0)),
        (T.sqrt, 0.0),
        (T.rsqrt, 1.0),
        (T.nextafter, (0.0, 1.0)),
        (T.hypot, (1.0, 1.0)),
        (T.copysign, (1.0, 1.0)),
        (T.popcount, 0),
        (T.fmod, (1.0, 1.0)),
    ]

    def make_ir_generator(op, arg):
        def inner():
            call_expr = op(*arg) if isinstance(arg, tuple) else op(arg)

            @T.prim_func
            def func():
                T.evaluate(call_expr)

            return func

        inner.__name__ = f"{op.__name__}_of_literal"
        return inner

    for op, arg in op_list:
        yield make_ir_generator(op, arg)


PROGRAMS = {}
for _gen in nested_boolean_expressions():
    PROGRAMS[f"func@3545[{_gen.__name__}]"] = _gen
for _gen in op_of_literal():
    PROGRAMS[f"func@3962[{_gen.__name__}]"] = _gen
