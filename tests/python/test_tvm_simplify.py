"""TVM v0.14's test_tir_transform_simplify.py, every BaseBeforeAfter class (data in
tests/data/tvm_unittest): `before` through tir.Simplify under the class's PassContext config
must equal `expected` structurally, as tvm.testing.CompareBeforeAfter checks it. Cases tirgen
does not simplify as TVM does yet are strict xfails with the reason (XFAIL below)."""
import importlib.util
import inspect
import os
import re
import sys

import pytest

import tirgen
from tirgen.script import tir as T

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "tvm_unittest")
FLAGS = ("transitively_prove_inequalities", "convert_boolean_to_and_of_ors",
         "apply_constraints_to_boolean_branches", "propagate_knowns_to_prove_conditional",
         "propagate_knowns_to_simplify_expressions")


def _load(filename):
    name = "tvm_unittest_" + filename[:-3]
    spec = importlib.util.spec_from_file_location(name, os.path.join(DATA, filename))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # inspect finds a class's source through its module
    spec.loader.exec_module(module)
    return module


MODULE = _load("test_tir_transform_simplify.py")


def _cases():
    out = []
    # vars() keeps the last of a class name defined twice, as pytest collects it in TVM.
    for name, cls in vars(MODULE).items():
        if not (isinstance(cls, type) and issubclass(cls, MODULE.BaseBeforeAfter)) or cls is MODULE.BaseBeforeAfter:
            continue
        params = getattr(cls, "test_case", None)
        if params is None:
            out.append((name, cls, None))
        else:
            out.extend((f"{name}[{n}]", cls, p) for n, p in enumerate(params))
    return out


CASES = _cases()

# Cases that still differ from TVM, with the reason (strict: a case that starts passing fails
# here until it is taken off the list).
CONTROL_FLOW_GRAPH = ("propagate_knowns_to_prove_conditional / propagate_knowns_to_simplify_expressions "
                      "(TVM's ControlFlowGraph of known buffer values) are not implemented; tir.Simplify "
                      "refuses them with an error")
XFAIL = {name: CONTROL_FLOW_GRAPH for name, cls, _ in CASES
         if cls.propagate_knowns_to_prove_conditional or cls.propagate_knowns_to_simplify_expressions}
XFAIL["TestConditionalFloorMod"] = ("needs TVM's ModularSet analysis under a constraint (floormod(i, -2) == 0 "
                                    "makes i even, so floormod(i, 2) == 0); tirgen's arith has none")
# Inputs tirgen's VerifyWellFormed rejects and TVM's test never verifies: free variables (the
# test_case tables), and a variable defined only inside a buffer_map shape expression (n * 32;
# tirgen's verifier takes a shape variable as defined only when it stands alone).
UNVERIFIED = {"TestBufferShapeConstraint", "TestBufferShapeConstraintWithOffset"}


def _func(cls, attr, param):
    f = getattr(cls, attr)
    if "test_case" in inspect.signature(f).parameters:
        return f(cls(), param)  # a fixture method: builds its @T.prim_func itself
    return T.prim_func(f)  # a bare function, as CompareBeforeAfter takes it


def _simplify(cls, func, free_vars):
    config = {"tir.Simplify": {flag: getattr(cls, flag) for flag in FLAGS}}
    old = tirgen.tir.transform.set_verify_each(False) if free_vars else None
    try:
        with tirgen.tir.transform.PassContext(config=config):
            return tirgen.tir.transform.Simplify()(tirgen.IRModule({"main": func}))["main"]
    finally:
        if free_vars:
            tirgen.tir.transform.set_verify_each(old)


def _as_main(func):
    # CompareBeforeAfter sets both global symbols to "main" before comparing.
    return tirgen.script.parse(re.sub(r"def \w+\(", "def main(", func.script(), count=1))


@pytest.mark.parametrize("name,cls,param", [
    pytest.param(*c, id=c[0], marks=[pytest.mark.xfail(reason=XFAIL[c[0]], strict=True)] if c[0] in XFAIL else [])
    for c in CASES])
def test_simplify_as_tvm(name, cls, param):
    before = _func(cls, "before", param)
    expected = _func(cls, "expected", param)
    after = _simplify(cls, before, free_vars=param is not None or name in UNVERIFIED)
    assert tirgen.structural_equal(_as_main(after), _as_main(expected), map_free_vars=True), after.script()


def test_counts():
    # 96 of the 121 cases match TVM; the other 25 are the strict xfails above.
    assert len(CASES) - len(XFAIL) == 96


def test_every_class_is_collected():
    # 71 class names (74 definitions, 3 defined twice); 44 + 8 parameter cases of the 2 classes
    # with a test_case table.
    assert len({c[0].split("[")[0] for c in CASES}) == 71
    assert len(CASES) == 69 + 44 + 8


def test_pass_context_checks_its_config_and_scopes_it():
    ctx = tirgen.tir.transform.PassContext
    with pytest.raises(tirgen.TirgenError, match=r'unknown key "tir.Nope" \(known: tir.Simplify\)'):
        ctx(config={"tir.Nope": {}})
    with pytest.raises(tirgen.TirgenError, match=r'tir.Simplify has no option "nope"'):
        ctx(config={"tir.Simplify": {"nope": True}})
    cls = MODULE.TestSimplifyRHSOfBooleanAndUsingLHSWithoutConst
    before, expected = _func(cls, "before", None), _func(cls, "expected", None)
    simplify = tirgen.tir.transform.Simplify()
    on = {"tir.Simplify": {"transitively_prove_inequalities": True, "apply_constraints_to_boolean_branches": True}}
    with ctx(config=on):
        assert tirgen.structural_equal(_as_main(simplify(tirgen.IRModule({"main": before}))["main"]), _as_main(expected))
        with ctx(config={}):  # an inner context replaces the outer one's config, as in TVM
            inner = simplify(tirgen.IRModule({"main": before}))["main"]
            assert tirgen.structural_equal(_as_main(inner), _as_main(before))
    outside = simplify(tirgen.IRModule({"main": before}))["main"]
    assert tirgen.structural_equal(_as_main(outside), _as_main(before))


def test_analyzer_constraint_scope_and_rewrite_simplify():
    # TVM's Analyzer API as the ported tests use it: facts hold inside the scope only.
    a = tirgen.arith.Analyzer()
    i, j = tirgen.tir.Var("i", "int32"), tirgen.tir.Var("j", "int32")
    with a.constraint_scope(i <= j):
        assert tirgen.structural_equal(a.rewrite_simplify(j <= i), a.rewrite_simplify(j == i))
        assert a.can_prove(i < j + 1)
    assert not a.can_prove(i < j + 1)


def test_let_inlining_is_decided_from_the_value_as_written():
    """TVM's CanInlineLetStmt looks at the let's original value: a float let whose value only
    simplifies to a constant stays a let (with the simplified value); an int one is inlined."""
    @T.prim_func(private=True)
    def before(A: T.Buffer((2,), "float32"), n: T.int32):
        x: T.float32 = T.Cast("float32", n - n)
        y: T.int32 = n - n
        A[0] = x
        A[1] = T.Cast("float32", y)

    @T.prim_func(private=True)
    def expected(A: T.Buffer((2,), "float32"), n: T.int32):
        x: T.float32 = T.float32(0)
        A[0] = x
        A[1] = T.float32(0)

    after = tirgen.tir.transform.Simplify()(tirgen.IRModule({"main": before}))["main"]
    assert tirgen.structural_equal(after, expected), after.script()


def test_analyzer_takes_ten_thousand_deep_chains():
    # Deeper than a Python thread's stack holds for the simplifiers' recursion: the call goes
    # through (on the work stack) instead of ending in a SIGSEGV.
    from tirgen import tir
    x, y = tir.Var("x", "int64"), tir.Var("y", "int64")
    n = 10000
    chains = {"add": x, "sub": x, "floordiv": x}
    for _ in range(n):
        chains["add"] = chains["add"] + y
        chains["sub"] = y - chains["sub"]
        chains["floordiv"] = tir.floordiv(chains["floordiv"] + 1, 2)
    a = tirgen.arith.Analyzer()
    for kind, e in chains.items():
        for mode in ("simplify", "rewrite_simplify", "canonical_simplify"):
            assert getattr(a, mode)(e) is not None, (kind, mode)
    assert str(a.simplify(chains["add"])) == "y * T.int64(10000) + x"  # the canonical sum
    assert str(a.simplify(chains["sub"])) == "x"  # an even number of negations
    assert a.can_prove(chains["add"] - y * n == x)


def test_analyzer_simplifies_each_branch_under_its_condition():
    # TVM's IRMutatorWithAnalyzer, for Select as for if_then_else: the true value where the
    # condition holds, the false value where it fails (the arith layer's rule; tir.Simplify
    # relies on it).
    from tirgen import tir
    i = tir.Var("i", "int32")
    a = tirgen.arith.Analyzer()
    assert str(a.simplify(tir.Select(i < 8, tir.min(i, 7), tir.max(i - 8, 0)))) == "T.Select(i < 8, i, i - 8)"
    assert str(a.simplify(tir.if_then_else(i < 8, tir.min(i, 7), tir.max(i - 8, 0)))) == "T.if_then_else(i < 8, i, i - 8)"
    assert str(a.simplify(tir.min(i, 7))) == "T.min(i, 7)"  # outside a branch nothing is known
