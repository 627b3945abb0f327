"""TVM v0.14's corpus programs that take Python values (tests/data/tvmscript_python_values):
through the decorators they parse, print, re-parse to the same function and re-print the same.
Free variables (expressions built in Python over tir.Var) print as `i = T.int32()`, as TVM
prints them; re-parsing makes new variables, so the comparison maps free variables."""
import importlib.util
import os
import sys

import pytest

import tirgen

DIR = os.path.join(os.path.dirname(__file__), "..", "data", "tvmscript_python_values")


def _load(filename):
    name = "tvmscript_python_values_" + filename[:-3]
    spec = importlib.util.spec_from_file_location(name, os.path.join(DIR, filename))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # inspect finds a class's source through its module
    spec.loader.exec_module(module)
    return module


def _programs(table):
    out = []
    for filename in sorted(os.listdir(DIR)):
        if filename.endswith(".py"):
            for key, make in getattr(_load(filename), table, {}).items():
                out.append(pytest.param(make, id=f"{filename[:-3]}:{key}"))
    return out


PROGRAMS = _programs("PROGRAMS")
# (before, expected, schedule) of TVM tests whose programs take Python values.
SCHEDULES = _programs("SCHEDULES")


@pytest.mark.parametrize("make", PROGRAMS)
def test_round_trip(make):
    program = make()
    text = program.script()
    again = tirgen.script.parse(text)
    assert tirgen.structural_equal(program, again, map_free_vars=True)
    assert again.script() == text


@pytest.mark.parametrize("make", SCHEDULES)
def test_schedule_as_tvm(make):
    # TVM's test: the schedule turns `before` into `expected`, structurally (variable names
    # aside), global symbols aside (re-read under the expected function's name).
    before, expected, schedule = make()
    sch = tirgen.tir.Schedule(before)
    schedule(sch)
    after = tirgen.script.parse(sch.mod["main"].script().replace("def before(", "def expected("))
    assert tirgen.structural_equal(after, expected), sch.mod["main"].script()


def test_all_ported_programs_are_collected():
    # The 31 programs (README.md), each over its test parameters.
    programs = {p.id.split("[")[0] for p in PROGRAMS}
    assert len(programs) == 31, sorted(programs)
    assert len(SCHEDULES) == 8
