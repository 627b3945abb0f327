"""tirgen.tune: tuning a small two-convolution model into a database in this process and on a
dask LocalCluster of two workers (loopback), giving the same database format; the tuned build
(tirgen.relay.build(..., tuning_db=DIR)) computes what the untuned one does (rtol 1e-4,
atol 1e-5: schedules differ only in float summation order); a trace that does not replay is a
failed measurement, not an exception."""
import json
import os

import numpy as np
import pytest

import tirgen

MODEL = open(os.path.join(os.path.dirname(__file__), "..", "data", "tune", "small_cnn.relay")).read()


def params():
    rng = np.random.default_rng(3)
    return {"w1": rng.standard_normal((16, 8, 3, 3)).astype("float32"),
            "w2": rng.standard_normal((16, 16, 1, 1)).astype("float32")}


def records(db):
    with open(os.path.join(db, "database_tuning_record.json")) as f:
        return [json.loads(line) for line in f if line.strip()]


def check_database(db, count):
    with open(os.path.join(db, "database_workload.json")) as f:
        workloads = [json.loads(line) for line in f if line.strip()]
    assert len(workloads) == 2  # one per convolution
    for w in workloads:
        assert isinstance(w[0], str) and w[0].isdigit() and isinstance(w[1], str)  # hash, base64 module
    recs = records(db)
    assert len(recs) == count
    for index, (trace, run_secs, target, args_info) in recs:
        assert 0 <= index < len(workloads)
        assert isinstance(trace, list) and len(trace) == 2  # [instructions, decisions]
        # JSON numbers: a run that failed (a timeout on a loaded machine) costs 1e10, which TVM's
        # writer (setprecision(20)) and tirgen's print as the integer 10000000000
        assert run_secs and all(isinstance(s, (int, float)) and s > 0 for s in run_secs), run_secs
        assert target["kind"] in ("c", "llvm")
        assert args_info[0][0] == "TENSOR"


def test_tune_then_build_with_the_database(tmp_path):
    db = str(tmp_path / "db")
    log = str(tmp_path / "log.jsonl")
    mod = tirgen.relay.parse(MODEL)
    result = tirgen.tune(mod, params(), db=db, trials=6, trials_per_round=3, log=log, verbose=False)
    assert result["trials"] == 6 and result["records"] == 6
    assert [t["weight"] for t in result["tasks"]] == [1, 1]
    assert "Speed (GFLOPS)" in result["table"]
    check_database(db, 6)
    events = [json.loads(line)["event"] for line in open(log)]
    assert events.count("measure") == 6 and "round" in events

    x = np.random.default_rng(1).standard_normal((1, 8, 14, 14)).astype("float32")
    want = tirgen.relay.build(mod, params=params())(x)[0]
    got = tirgen.relay.build(mod, params=params(), tuning_db=db)(x)[0]
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_tune_needs_a_limit(tmp_path):
    with pytest.raises(ValueError, match="trials=N or time_budget=SECONDS"):
        tirgen.tune(MODEL, params(), db=str(tmp_path / "db"))
    assert not (tmp_path / "db").exists()


def test_tune_on_a_dask_cluster(tmp_path):
    distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed")
    db = str(tmp_path / "db")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as cluster, distributed.Client(cluster) as client:
        result = tirgen.tune(MODEL, params(), db=db, trials=6, trials_per_round=3, client=client, verbose=False)
    assert result["trials"] == 6
    check_database(db, 6)
    assert any(r[1][1][0] < 1e9 for r in records(db)), "every candidate failed on the workers"


MATMUL = """
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    T.func_attr({"global_symbol": "main", "tir.noalias": T.bool(True)})
    for i, j, k in T.grid(16, 16, 16):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"""


def test_measure_traces_reports_a_bad_trace_as_a_failure():
    out = tirgen._tirgen._measure_traces(MATMUL, ["not json", "[[], []]"], timeout=10)
    assert out[0]["ok"] is False and "does not replay" in out[0]["error"]
    assert out[0]["run_secs"] == [1e10]
    assert out[1]["ok"] is True, out[1]  # the empty trace: the unscheduled function itself
