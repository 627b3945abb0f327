"""tirgen.tir.Schedule replays TVM's own traces unchanged.

Each tests/data/tvm/golden-schedule/<case>/trace.py is exec'd with `tir` bound to tirgen.tir
(the only difference to TVM: the import), its apply_trace(sch) runs on a Schedule of
00_input.py, and the module must print as TVM's last step file, the trace as trace.py.
The seed regression registers the dot3 intrinsic with tirgen.tir.TensorIntrin.register and
then runs LowerInitBlock + PlanAndUpdateBufferAllocationLocation as TVM did.
"""
import os
import subprocess
import sys

import pytest

import tirgen
from tirgen import tir

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "data", "tvm", "golden-schedule")


def read(path):
    with open(path) as f:
        return f.read()


def cases():
    return sorted(d for d in os.listdir(GOLDEN)
                  if os.path.exists(os.path.join(GOLDEN, d, "trace.py"))
                  and os.path.exists(os.path.join(GOLDEN, d, "00_input.py")))


def replay(sch, trace_text):
    scope = {"tir": tir}
    exec(compile(trace_text, "trace.py", "exec"), scope)
    scope["apply_trace"](sch)


@pytest.mark.parametrize("case", cases())
def test_golden_trace_replays_unchanged(case):
    d = os.path.join(GOLDEN, case)
    func = tirgen.script.parse(read(os.path.join(d, "00_input.py")))
    sch = tir.Schedule(func)
    trace_text = read(os.path.join(d, "trace.py"))
    replay(sch, trace_text)
    steps = sorted(f for f in os.listdir(d) if f[:2].isdigit() and f[2] == "_" and not f.startswith("00_"))
    assert sch.mod.script() == read(os.path.join(d, steps[-1]))
    assert str(sch.trace) + "\n" == trace_text


def register_dot3(d):
    desc = tirgen.script.parse(read(os.path.join(d, "dot3_desc.py")))
    impl = tirgen.script.parse(read(os.path.join(d, "dot3_impl.py")))
    tir.TensorIntrin.register("dot3_u8u8i32", desc, impl, override=True)


def test_seed_regression():
    d = os.path.join(GOLDEN, "seed_regression")
    register_dot3(d)
    func = tirgen.script.parse(read(os.path.join(d, "0_lowered.py")))
    sch = tir.Schedule(func)
    replay(sch, read(os.path.join(d, "trace.py")))
    assert sch.mod.script() == read(os.path.join(d, "1_scheduled.py"))
    seq = tir.transform.Sequential([tir.transform.LowerInitBlock(),
                                    tir.transform.PlanAndUpdateBufferAllocationLocation()])
    after = seq(sch.mod)
    assert after.script() == read(os.path.join(d, "2_after_LowerInitBlock_PlanAndUpdateBufferAllocationLocation.py"))
    assert after.script().count("T.allocate_const(") == 1


def test_handles_and_errors():
    d = os.path.join(GOLDEN, "dense_split_reorder")
    sch = tir.Schedule(tirgen.script.parse(read(os.path.join(d, "00_input.py"))))
    b = sch.get_block("T_matmul_NT")
    i, j, k = sch.get_loops(b)
    i0, i1 = sch.split(i, factors=[None, 4])
    assert isinstance(i0, tir.LoopRV) and isinstance(b, tir.BlockRV)
    with pytest.raises(tir.ScheduleError, match='only one factor can be None'):
        sch.split(j, factors=[None, None])
    with pytest.raises(tirgen.TirgenError, match="no block named"):
        sch.get_block("nope")
    # The failed calls are not recorded.
    assert str(sch.trace).count("sch.") == 3


def test_trace_replays_in_another_process():
    # A trace recorded here applies unchanged to a fresh parse of the same function in another
    # process (names are stable, so handles resolve by name and position).
    d = os.path.join(GOLDEN, "conv_compute_at")
    sch = tir.Schedule(tirgen.script.parse(read(os.path.join(d, "00_input.py"))))
    replay(sch, read(os.path.join(d, "trace.py")))
    code = (
        "import sys, tirgen\n"
        "from tirgen import tir\n"
        "sch = tir.Schedule(tirgen.script.parse(open(sys.argv[1]).read()))\n"
        "scope = {'tir': tir}\n"
        "exec(sys.stdin.read(), scope)\n"
        "scope['apply_trace'](sch)\n"
        "sys.stdout.write(sch.mod.script())\n")
    out = subprocess.run([sys.executable, "-c", code, os.path.join(d, "00_input.py")],
                         input=str(sch.trace), capture_output=True, text=True, check=True,
                         env=dict(os.environ))
    assert out.stdout == sch.mod.script()
