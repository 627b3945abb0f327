"""tuning_db= of tirgen.relay.build, tirgen.build and tirgen.run: a tuning database directory's
schedules applied to a Relay module's PrimFuncs. The records themselves are made and checked by
the C++ tests (tests/unit/tuner_apply_database_test.cc); here: the Python surface, errors as
TirgenError, and a database without records leaving the default build unchanged (bitwise)."""
import os

import numpy as np
import pytest

import tirgen

MODEL = """#[version = "0.0.5"]
def @main(%x: Tensor[(1, 8, 10, 10), float32], %w: Tensor[(16, 8, 3, 3), float32], %d: Tensor[(10, 1600), float32]) {
  %0 = nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=16, kernel_size=[3, 3]);
  %1 = nn.relu(%0);
  %2 = reshape(%1, newshape=[1, 1600]);
  nn.dense(%2, %d, units=10)
}
"""


@pytest.fixture(scope="module")
def case():
    rng = np.random.RandomState(0)
    params = {"w": rng.uniform(-1, 1, (16, 8, 3, 3)).astype("float32"),
              "d": rng.uniform(-1, 1, (10, 1600)).astype("float32")}
    x = rng.uniform(-1, 1, (1, 8, 10, 10)).astype("float32")
    return tirgen.relay.parse(MODEL), params, x


def test_empty_database_builds_the_default_schedules(case, tmp_path):
    mod, params, x = case
    want = tirgen.relay.build(mod, params=params)(x)[0]
    ex = tirgen.relay.build(mod, params=params, tuning_db=tmp_path)  # os.PathLike accepted
    assert ex.tuning_log[-1].startswith("tuning database %s: 0 of " % tmp_path)
    assert ex.tuning_log[-1].endswith(" functions tuned")
    assert np.array_equal(ex(x)[0], want)
    assert tirgen.relay.build(mod, params=params).tuning_log == []
    assert np.array_equal(tirgen.run(mod, [x], params=params, tuning_db=str(tmp_path))[0], want)
    assert np.array_equal(tirgen.build(mod, params=params, tuning_db=str(tmp_path))(x), want)


def test_missing_directory_is_an_error(case, tmp_path):
    mod, params, _ = case
    missing = os.path.join(str(tmp_path), "nope")
    with pytest.raises(tirgen.TirgenError, match="no such tuning database directory"):
        tirgen.relay.build(mod, params=params, tuning_db=missing)
    assert not os.path.exists(missing)


def test_corrupt_table_names_file_and_line(case, tmp_path):
    mod, params, x = case
    (tmp_path / "database_tuning_record.json").write_text("{\n")
    with pytest.raises(tirgen.TirgenError, match="database_tuning_record.json:1:"):
        tirgen.run(mod, [x], params=params, tuning_db=str(tmp_path))


def test_primfuncs_take_no_database(tmp_path):
    f = tirgen.script.parse("""
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.remap("S", [i])
            B[vi] = A[vi] + T.float32(1)
""")
    with pytest.raises(tirgen.TirgenError, match="tuning_db apply to Relay modules"):
        tirgen.build(f, tuning_db=str(tmp_path))
