# From TVM v0.14 tests/python/unittest/test_tir_transform_simplify.py (Apache-2.0): the fixtures
# of TestRemoveTransitivelyProvableCondition and TestMostRestrictiveConditional that take
# expressions built in Python (`priors`, `postulate`, `expr_before`, `expr_after`, over the free
# variables i, j, k) from the enclosing scope, for every test case. Ported: tvm.tir.Var /
# IntImm / all are tirgen.tir's, tvm.arith.Analyzer is tirgen.arith's; tvm.testing.parameter(...)
# is a plain tuple. The `expected` fixture of TestRemoveTransitivelyProvableCondition is func@669
# (provable cases) or func@679 (the others).
from tirgen import arith, tir
from tirgen.script import tir as T


class TestRemoveTransitivelyProvableCondition:
    transitively_prove_inequalities = True

    i, j, k = [tir.Var(name, "int32") for name in "ijk"]
    zero = tir.IntImm("int32", 0)

    test_case = (
        (tir.all(zero < i, i <= j), zero < j, True),
        # Transitive comparisons from LT
        (tir.all(i < j, j < k), i < k, True),
        (tir.all(i < j, j == k), i < k, True),
        (tir.all(i < j, j <= k), i < k, True),
        (tir.all(i < j, j > k), i < k, False),
        (tir.all(i < j, j >= k), i < k, False),
        (tir.all(i < j, j != k), i < k, False),
        # Transitive comparisons from LE
        (tir.all(i <= j, j < k), i < k, True),
        (tir.all(i <= j, j == k), i == k, False),
        (tir.all(i <= j, j == k), i <= k, True),
        (tir.all(i <= j, j <= k), i <= k, True),
        (tir.all(i <= j, j <= k), i < k, False),
        (tir.all(i <= j, j > k), i < k, False),
        (tir.all(i <= j, j >= k), i < k, False),
        (tir.all(i <= j, j != k), i < k, False),
        # Transitive comparisons from GT
        (tir.all(i > j, j > k), i > k, True),
        (tir.all(i > j, j == k), i > k, True),
        (tir.all(i > j, j >= k), i > k, True),
        (tir.all(i > j, j < k), i > k, False),
        (tir.all(i > j, j <= k), i > k, False),
        (tir.all(i > j, j != k), i > k, False),
        # Transitive comparisons from GE
        (tir.all(i >= j, j > k), i > k, True),
        (tir.all(i >= j, j == k), i == k, False),
        (tir.all(i >= j, j == k), i >= k, True),
        (tir.all(i >= j, j >= k), i >= k, True),
        (tir.all(i >= j, j >= k), i > k, False),
        (tir.all(i >= j, j < k), i > k, False),
        (tir.all(i >= j, j <= k), i > k, False),
        (tir.all(i >= j, j != k), i > k, False),
        # GT or LT may be used to prove NE
        (tir.all(i == j, j != k), i != k, True),
        (tir.all(i == j, j < k), i != k, True),
        (tir.all(i == j, j > k), i != k, True),
        (tir.all(i == j, j != k), i < k, False),
        (tir.all(i == j, j != k), i > k, False),
        # Because these are integers, x<y is equivalent to x <= y-1,
        # and may be used in equivalent simplifications.
        (tir.all(i <= j - 1, j < k), i < k, True),
        (tir.all(i <= j - 1, j == k), i < k, True),
        (tir.all(i <= j - 1, j <= k), i < k, True),
        (tir.all(i <= j - 1, j > k), i < k, False),
        (tir.all(i <= j - 1, j >= k), i < k, False),
        (tir.all(i <= j - 1, j != k), i < k, False),
        # Either or both inequalities may have an additive offset.
        (tir.all(i <= j + 5, j <= k + 7), i <= k + 12, True),
        (tir.all(i <= j + 5, j <= k + 7), i <= k + 11, False),
        # For floats, x < y + c1 and y < z + c2 implies that x < z + (c1 + c2).
        # Because this simplification applies to integers, transitive
        # application of LT or GT can give a tighter constraint.
        #
        # i < j + c1, j < k + c2
        # i <= j + c1 - 1, j <= k + c2 - 1
        # i + 1 - c1 <= j, j <= k + c2 - 1
        # i + 1 - c1 <= k + c2 - 1
        # i <= k + c1 + c2 - 2
        # i < k + (c1 + c2 - 1)
        #
        (tir.all(i < j + 5, j < k + 7), i < k + 11, True),
        (tir.all(i < j + 5, j < k + 7), i < k + 10, False),
    )

    def before(self, test_case):
        priors, postulate, _ = test_case

        @T.prim_func
        def func(A: T.Buffer(1, "bool")):
            if priors:
                A[0] = postulate

        return func

    def expected(self, test_case):
        priors, postulate, provable = test_case

        analyzer = arith.Analyzer()
        priors = analyzer.canonical_simplify(priors)

        if provable:

            @T.prim_func
            def func(A: T.Buffer(1, "bool")):
                if priors:
                    A[0] = True

            return func

        else:
            postulate = analyzer.canonical_simplify(postulate)

            @T.prim_func
            def func(A: T.Buffer(1, "bool")):
                if priors:
                    A[0] = postulate

            return func


class TestMostRestrictiveConditional:
    i, j, k = [tir.Var(name, "int32") for name in "ijk"]
    tir_int = tir.IntImm("int32", 0)

    test_case = (
        (i <= tir_int, tir_int <= i, i == tir_int),
        (i <= tir_int, i != tir_int, i < tir_int),
        (i != tir_int, i <= tir_int, i < tir_int),
        (i != tir_int, tir_int <= i, tir_int < i),
        (i <= j, j <= i, j == i),
        (i <= j, i != j, i < j),
        (i != j, i <= j, i < j),
        (i != j, j <= i, j < i),
    )

    def before(self, test_case):
        priors, expr_before, _ = test_case

        @T.prim_func
        def func(A: T.Buffer(1, "bool")):
            if priors:
                A[0] = expr_before

        return func

    def expected(self, test_case):
        priors, _, expr_after = test_case

        @T.prim_func
        def func(A: T.Buffer(1, "bool")):
            if priors:
                A[0] = expr_after

        return func


PROGRAMS = {}
_t = TestRemoveTransitivelyProvableCondition()
for _n, _case in enumerate(_t.test_case):
    PROGRAMS[f"func@653[{_n}]"] = lambda c=_case: _t.before(c)
    PROGRAMS[f"func@{669 if _case[2] else 679}[{_n}]"] = lambda c=_case: _t.expected(c)
_m = TestMostRestrictiveConditional()
for _n, _case in enumerate(_m.test_case):
    PROGRAMS[f"func@1037[{_n}]"] = lambda c=_case: _m.before(c)
    PROGRAMS[f"func@1048[{_n}]"] = lambda c=_case: _m.expected(c)
