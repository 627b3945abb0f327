# From TVM v0.14 tests/python/unittest/test_tir_transform_simplify.py (Apache-2.0): the fixtures
# of TestRemoveTransitivelyProvableCondition and TestMostRestrictiveConditional that take
# expressions built in Python (`priors`, `postulate`, `expr_before`, `expr_after`, over the free
# variables i, j, k) from the enclosing scope, for every test case. The `expected` fixture of
# TestRemoveTransitivelyProvableCondition is func@669 (provable cases) or func@679 (the others).
import importlib.util
import os
import sys

# The fixtures themselves live with every other class of that TVM file in
# ../tvm_unittest/test_tir_transform_simplify.py (tests/python/test_tvm_simplify.py checks
# TVM's Simplify(before) == expected on them); here they are round-tripped.
_name = "tvm_unittest_test_tir_transform_simplify"
if _name not in sys.modules:
    _spec = importlib.util.spec_from_file_location(
        _name, os.path.join(os.path.dirname(__file__), "..", "tvm_unittest", "test_tir_transform_simplify.py"))
    sys.modules[_name] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules[_name])
TestRemoveTransitivelyProvableCondition = sys.modules[_name].TestRemoveTransitivelyProvableCondition
TestMostRestrictiveConditional = sys.modules[_name].TestMostRestrictiveConditional


PROGRAMS = {}
_t = TestRemoveTransitivelyProvableCondition()
for _n, _case in enumerate(_t.test_case):
    PROGRAMS[f"func@653[{_n}]"] = lambda c=_case: _t.before(c)
    PROGRAMS[f"func@{669 if _case[2] else 679}[{_n}]"] = lambda c=_case: _t.expected(c)
_m = TestMostRestrictiveConditional()
for _n, _case in enumerate(_m.test_case):
    PROGRAMS[f"func@1037[{_n}]"] = lambda c=_case: _m.before(c)
    PROGRAMS[f"func@1048[{_n}]"] = lambda c=_case: _m.expected(c)
