# From TVM v0.14 tests/python/unittest/test_tir_schedule_transform_layout.py (Apache-2.0):
# TestPaddedTransformIfThenElse's before/expected fixtures, which take `dtype` and `pad_value`
# from the enclosing scope, for each dtype the test is parametrized with. Ported:
# tir.IntImm(dtype, pad_value) is tirgen.tir.IntImm.
from tirgen import tir
from tirgen.script import tir as T


class TestPaddedTransformIfThenElse:
    pad_value = 0

    def before(self, dtype):
        @T.prim_func
        def func(A: T.Buffer(14, dtype)):
            B = T.alloc_buffer(14, dtype)
            for i in T.serial(14):
                with T.block("block"):
                    vi = T.axis.remap("S", [i])
                    B[vi] = A[vi]

        return func

    def expected(self, dtype, pad_value):
        pad_value = tir.IntImm(dtype, pad_value)

        @T.prim_func
        def func(A: T.Buffer(14, dtype)):
            B = T.alloc_buffer([4, 4], dtype)
            for i, j in T.grid(4, 4):
                with T.block("block"):
                    vi, vj = T.axis.remap("SS", [i, j])
                    B[vi, vj] = T.if_then_else(
                        vi == 3 and 2 <= vj, pad_value, A[vi * 4 + vj], dtype=dtype
                    )

        return func


PROGRAMS = {}
for _dtype in ("int32", "int8"):
    _t = TestPaddedTransformIfThenElse()
    PROGRAMS[f"func@665[{_dtype}]"] = lambda d=_dtype, t=_t: t.before(d)
    PROGRAMS[f"func@679[{_dtype}]"] = lambda d=_dtype, t=_t: t.expected(d, t.pad_value)
