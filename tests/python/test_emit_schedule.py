"""tirgen build --emit-schedule: each PrimFunc's default CPU schedule as a TVM trace that replays
on the lowered function to exactly the scheduled one, and the scheduled function computes what
the lowered one does (rtol 1e-5: the schedule keeps each output's summation order; the C
compiler may contract multiply-adds)."""
import os
import subprocess

import numpy as np

import tirgen

CLI = os.environ.get("TIRGEN_CLI", os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirgen.__file__)))), "tirgen"))
CONV = """#[version = "0.0.5"]
def @main(%x: Tensor[(1, 16, 16, 16), float32], %w: Tensor[(32, 16, 3, 3), float32]) {
  nn.relu(nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=32, kernel_size=[3, 3]))
}
"""


def test_traces_replay_to_the_scheduled_functions(tmp_path):
    src = tmp_path / "conv.relay"
    src.write_text(CONV)
    out = tmp_path / "sched"
    subprocess.run([CLI, "build", str(src), "-o", str(tmp_path / "conv.so"), "--target", "c -mcpu=x86-64-v4",
                    "--emit-schedule", str(out)], check=True, capture_output=True, text=True)
    names = sorted(p.name[:-len(".trace.py")] for p in out.glob("*.trace.py"))
    assert names == ["tvmgen_default_fused_nn_conv2d_nn_relu"]
    for name in names:
        lowered = tirgen.script.parse((out / f"{name}.py").read_text())
        trace = (out / f"{name}.trace.py").read_text()
        assert "sch.cache_write" in trace and "sch.vectorize" in trace and "sch.parallel" in trace
        scope = {}
        exec(trace, scope)
        sch = tirgen.tir.Schedule(lowered)
        scope["apply_trace"](sch)
        scheduled = (out / f"{name}.scheduled.py").read_text()
        assert sch.mod["main"].script().strip() == scheduled.strip()
        rng = np.random.default_rng(0)
        x = rng.standard_normal((1, 16, 16, 16), dtype=np.float32)
        w = rng.standard_normal((32, 16, 3, 3), dtype=np.float32)
        want = tirgen.build(lowered)(x, w)  # one output: the array itself
        got = tirgen.build(tirgen.script.parse(scheduled))(x, w)
        assert want.shape == (1, 32, 16, 16)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * np.abs(want).max())


def test_emit_schedule_of_tvmscript_is_a_user_error(tmp_path):
    src = tmp_path / "f.py"
    src.write_text("""# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = A[i]
""")
    r = subprocess.run([CLI, "build", str(src), "-o", str(tmp_path / "f.so"), "--emit-schedule", str(tmp_path / "s")],
                       capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    assert "--emit-schedule" in r.stderr and "TVMScript is built exactly as written" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "f.so").exists() and not (tmp_path / "s").exists()
