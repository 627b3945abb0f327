"""Sampling instructions through tirgen.tir, with TVM's names and signatures.

A TVM-style trace script with sample_perfect_tile / sample_categorical / sample_compute_location
runs unchanged (only the import differs); Schedule(mod, seed=N) gives the same decisions in two
separate interpreters; trace.as_json() has TVM's layout and Trace.apply_json_to_schedule replays
it; given decisions are checked with a ScheduleError; the sampled schedule builds and computes
what the unscheduled conv2d does.
"""
import os
import subprocess
import sys

import numpy as np
import pytest

import tirgen
from tirgen import tir

HERE = os.path.dirname(os.path.abspath(__file__))
CONV = os.path.join(HERE, "..", "data", "tvm", "golden", "conv2d_bias_relu", "primfunc_0.py")


def conv2d():
    with open(CONV) as f:
        return tirgen.script.parse(f.read())


TRACE = """# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="conv2d_nchw", func_name="main")
  l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)
  v8, v9, v10 = sch.sample_perfect_tile(loop=l3, n=3, max_innermost_factor=64, decision=[4, 2, 4])
  l11, l12, l13 = sch.split(loop=l3, factors=[v8, v9, v10], preserve_unit_iters=True)
  v14 = sch.sample_categorical(candidates=[0, 16, 64, 512], probs=[0.25, 0.25, 0.25, 0.25], decision=2)
  sch.annotate(block_or_loop=b0, ann_key="meta_schedule.unroll_explicit", ann_val=v14)
  b15 = sch.get_block(name="pad_temp", func_name="main")
  l16 = sch.sample_compute_location(block=b15, decision=2)
  sch.compute_at(block=b15, loop=l16, preserve_unit_loops=True, index=-1)"""


def run_script(sch, text):
    scope = {"tir": tir}
    exec(compile(text, "trace.py", "exec"), scope)
    scope["apply_trace"](sch)


def sample_everything(sch):
    """What a tuner's design space does: tile three loops, pick an unroll, place the padding."""
    block = sch.get_block("conv2d_nchw")
    loops = sch.get_loops(block)
    for loop in loops[1:4]:
        sch.split(loop, factors=sch.sample_perfect_tile(loop, n=3, max_innermost_factor=8))
    unroll = sch.sample_categorical(candidates=[0, 16, 64], probs=[0.5, 0.25, 0.25])
    sch.annotate(block, "meta_schedule.unroll_explicit", unroll)
    pad = sch.get_block("pad_temp")
    sch.compute_at(pad, sch.sample_compute_location(pad))


def test_tvm_trace_script_runs_unchanged_and_prints_back():
    sch = tir.Schedule(conv2d(), seed=3)
    run_script(sch, TRACE)
    assert str(sch.trace) == TRACE
    again = tir.Schedule(conv2d())
    tir.Trace.parse(str(sch.trace)).apply_to_schedule(again)
    assert tirgen.structural_equal(sch.mod, again.mod)


def test_sampled_values_are_usable():
    sch = tir.Schedule(conv2d(), seed=5)
    loop = sch.get_loops(sch.get_block("conv2d_nchw"))[2]
    tiles = sch.sample_perfect_tile(loop, n=4, max_innermost_factor=4)
    assert len(tiles) == 4 and all(isinstance(t, tir.ExprRV) for t in tiles)
    values = [sch.get(t) for t in tiles]
    assert np.prod(values) == 32 and values[-1] <= 4
    parts = sch.split(loop, factors=tiles)
    assert [sch.get(p).extent.value for p in parts] == values
    assert sch.get(sch.sample_categorical([7, 9], [0.0, 1.0])) == 9


def test_same_seed_same_decisions_across_processes():
    code = (
        "import sys; sys.path[:0] = %r\n"
        "import tirgen\n"
        "from tirgen import tir\n"
        "sys.path.insert(0, %r)\n"
        "import test_schedule_sampling as t\n"
        "sch = tir.Schedule(t.conv2d(), seed=%d)\n"
        "t.sample_everything(sch)\n"
        "print(sch.trace)\n"
    )
    outs = []
    for seed in (1234, 1234, 98765):
        r = subprocess.run([sys.executable, "-c", code % (sys.path, HERE, seed)],
                           capture_output=True, text=True, check=True)
        outs.append(r.stdout)
    assert outs[0] == outs[1]
    assert outs[0] != outs[2]
    here = tir.Schedule(conv2d(), seed=1234)
    sample_everything(here)
    assert str(here.trace) + "\n" == outs[0]


def test_json_layout_and_replay():
    sch = tir.Schedule(conv2d())
    run_script(sch, TRACE)
    js = sch.trace.as_json()
    insts, decisions = js
    assert insts[2] == ["SamplePerfectTile", ["l3"], [3, 64], ["v8", "v9", "v10"]]
    assert insts[3] == ["Split", ["l3", "v8", "v9", "v10"], [1], ["l11", "l12", "l13"]]
    assert insts[4] == ["SampleCategorical", [], [[0, 16, 64, 512], [0.25, 0.25, 0.25, 0.25]], ["v14"]]
    assert decisions == [[2, [4, 2, 4]], [4, 2], [7, 2]]
    other = tir.Schedule(conv2d(), seed=99)
    tir.Trace.apply_json_to_schedule(js, other)
    assert str(other.trace) == TRACE
    assert tirgen.structural_equal(sch.mod, other.mod)
    assert tir.Trace.json_dumps(js).startswith('[[["GetBlock",[],["conv2d_nchw","main"],["b0"]],')
    mutated = sch.trace.with_decision(2, [1, 8, 4])
    assert mutated.get_decision(2) == [1, 8, 4] and mutated.get_decision(3) is None


def test_invalid_decisions_and_seeds_are_clear_errors():
    sch = tir.Schedule(conv2d())
    loop = sch.get_loops(sch.get_block("conv2d_nchw"))[1]
    with pytest.raises(tir.ScheduleError, match="multiply to 12, not the loop extent 16"):
        sch.sample_perfect_tile(loop, n=2, decision=[3, 4])
    with pytest.raises(tir.ScheduleError, match=r"decision 5 is not a candidate index in \[0, 2\)"):
        sch.sample_categorical(candidates=[1, 2], probs=[0.5, 0.5], decision=5)
    with pytest.raises(tir.ScheduleError, match="decision 4 is not one of its locations"):
        sch.sample_compute_location("pad_temp", decision=4)
    with pytest.raises(tirgen.TirgenError, match=r"seed must be in \[1, 2147483647\]"):
        tir.Schedule(conv2d(), seed=0)


def test_sampled_schedule_computes_the_same():
    func = conv2d()
    sch = tir.Schedule(func, seed=2024)
    sample_everything(sch)
    rng = np.random.default_rng(0)
    args = [rng.standard_normal((1, 3, 32, 32)).astype("float32"),
            rng.standard_normal((16, 3, 3, 3)).astype("float32"),
            rng.standard_normal((16,)).astype("float32")]
    want = tirgen.build(func)(*args)
    got = tirgen.build(sch.mod)(*args)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)
