"""T.Shuffle, T.realize, fp8 dtypes, te.extern and te.scan: parsed, printed as TVM v0.14 prints
them, read back structurally equal; the C code generator and create_prim_func refuse what they
cannot take, with a clear error (TVM v0.14's tests: test_te_create_primfunc.py extern/scan)."""
import numpy as np
import pytest

import tirgen
from tirgen import te, tir
from tirgen.script import tir as T


def round_trip(func):
    text = func.script()
    again = tirgen.script.parse(text)
    assert tirgen.structural_equal(func, again), text
    assert again.script() == text
    return text


def test_shuffle_parses_prints_and_the_c_generator_refuses_it():
    @T.prim_func
    def f(A: T.Buffer((2,), "float32x4"), B: T.Buffer((4,), "float32x2")):
        B[0] = T.Shuffle([A[0], A[1]], [1, 6])
        B[1] = T.Shuffle([A[1]], [3, 0])

    text = round_trip(f)
    assert "B[0] = T.Shuffle([A[0], A[1]], [1, 6])" in text
    with pytest.raises(tirgen.TirgenError, match="T.Shuffle"):
        tirgen.build(f)


@pytest.mark.parametrize("call, message", [
    ("T.Shuffle([A[0]], [4])", r"indices must be constant lanes in \[0, 4\)"),
    ("T.Shuffle([A[0], B[0]], [0])", "vectors differ in element type"),
    ("T.Shuffle([], [0])", "needs at least one vector and one index"),
])
def test_shuffle_errors_are_located(call, message):
    text = ("@T.prim_func\n"
            'def f(A: T.Buffer((2,), "float32x4"), B: T.Buffer((2,), "int32x4"), C: T.Buffer((1,), "float32")):\n'
            f"    C[0] = {call}\n")
    with pytest.raises(tirgen.TirgenError, match=message) as e:
        tirgen.script.parse(text, "shuffle.py")
    assert "shuffle.py:3:" in str(e.value)


def test_realize_as_tvm_prints_it():
    text = '''# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16, 16), "float32")):
    T.realize(A[0:16, 0:8], "")
    for i, j in T.grid(16, 8):
        A[i, j] = T.float32(0)
'''
    f = tirgen.script.parse(text)
    assert f.script() == text
    attr = f.body
    assert attr.attr_key == "realize_scope"
    assert [(r.min, r.extent) for r in attr.body.bounds] == [(0, 16), (0, 8)]
    with pytest.raises(tirgen.TirgenError, match="T.realize"):
        tirgen.build(f)


def test_realize_with_a_condition():
    @T.prim_func
    def f(A: T.Buffer((16,), "float32"), n: T.int32):
        with T.realize(A[2:10], "global", condition=n > 0):
            A[2] = T.float32(1)
        A[0] = T.float32(0)

    text = round_trip(f)
    assert 'with T.realize(A[2:10], "global", condition=n > 0):' in text


@pytest.mark.parametrize("dtype", ["e4m3_float8", "e5m2_float8"])
def test_fp8_dtypes_parse_print_and_cast(dtype):
    @T.prim_func
    def f(A: T.Buffer((4,), dtype), B: T.Buffer((4,), "float32")):
        for i in range(4):
            B[i] = T.Cast("float32", A[i]) + T.Cast("float32", T.Cast(dtype, T.float32(1.5)))

    text = round_trip(f)
    assert f'A: T.Buffer((4,), "{dtype}")' in text
    assert tirgen.tir.const(1.0, dtype).dtype == dtype
    with pytest.raises(tirgen.TirgenError, match=f"{dtype} has no C type; legalize it"):
        tirgen.build(f)


# TVM v0.14's test_te_create_primfunc.py: test_extern and test_extern_with_explicit_buffer_access.

TIR_EXTERN = '''# from tvm.script import tir as T

@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle):
    T.func_attr({"global_symbol": "main", "tir.noalias": T.bool(True)})
    off1 = T.int32()
    off2 = T.int32()
    off3 = T.int32()
    A = T.match_buffer(a, (128, 128), elem_offset=off1)
    B = T.match_buffer(b, (128, 128), elem_offset=off2)
    C = T.match_buffer(c, (128, 128), elem_offset=off3)
    with T.block("C"):
        T.reads(A[0:128, 0:128], B[0:128, 0:128])
        T.writes(C[0:128, 0:128])
        T.tvm_call_packed("tvm.contrib.cblas.matmul", T.tvm_stack_make_array(A.data, T.tvm_stack_make_shape(128, 128), 0, 2, T.float32(0), off1), T.tvm_stack_make_array(B.data, T.tvm_stack_make_shape(128, 128), 0, 2, T.float32(0), off2), T.tvm_stack_make_array(C.data, T.tvm_stack_make_shape(128, 128), 0, 2, T.float32(0), off3), 0, 0)
'''


def test_extern_as_tvm():
    A = te.placeholder((128, 128), name="A")
    B = te.placeholder((128, 128), name="B")
    C = te.extern((128, 128), [A, B],
                  lambda ins, outs: tir.call_packed("tvm.contrib.cblas.matmul", ins[0], ins[1], outs[0], 0, 0),
                  name="C")
    f = te.create_prim_func([A, B, C])
    assert tirgen.structural_equal(f, tirgen.script.parse(TIR_EXTERN), map_free_vars=True), f.script()
    tirgen.tir.Schedule(f)


def test_extern_with_explicit_buffer_access():
    A = te.placeholder((128, 128), name="A")
    B = te.placeholder((128, 128), name="B")
    P = te.placeholder((1,), name="P")
    C = te.extern((128, 128), [A, B, P],
                  lambda ins, outs: tir.call_extern("", "myfunc", ins[0].data, ins[1].data, outs[0].data, ins[2][0]),
                  name="C")
    f = te.create_prim_func([A, B, P, C])
    text = f.script()
    assert 'with T.block("C"):' in text
    assert "T.reads(A[0:128, 0:128], B[0:128, 0:128], P[0])" in text
    assert "T.writes(C[0:128, 0:128])" in text
    assert 'T.call_extern("void", "myfunc", A.data, B.data, C.data, P[0])' in text  # TVM prints void so


def test_extern_between_computes_is_well_formed():
    # The extern's intermediate output is allocated in the root block with offset 0 (its
    # placeholder's elem_offset var would be undefined there), and the intermediate input's
    # elem_offset the body reads is the producer buffer's. The passes take it; only the C code
    # generator refuses the extern call, clearly.
    A = te.placeholder((8,), name="A")
    B = te.compute((8,), lambda i: A[i] + tir.const(1, "float32"), name="B")
    C = te.extern((8,), [B], lambda ins, outs: tir.call_packed("copy", ins[0], outs[0]), name="C")
    D = te.compute((8,), lambda i: C[i] * tir.const(2, "float32"), name="D")
    f = te.create_prim_func([A, D])
    text = round_trip(f)
    assert 'C = T.alloc_buffer((8,))' in text, text
    assert "elem_offset" not in text, text
    tirgen.tir.Schedule(f)
    with pytest.raises(tirgen.TirgenError, match="C code generator: unsupported call tir.tvm_call_packed"):
        tirgen.build(f)


def test_scan_is_refused_as_tvm_refuses_it():
    m = te.var("m")
    n = te.var("n")
    X = te.placeholder((m, n), name="X")
    s_state = te.placeholder((m, n))
    s_init = te.compute((1, n), lambda _, i: X[0, i])
    s_update = te.compute((m, n), lambda t, i: s_state[t - 1, i] + X[t, i])
    s_scan = te.scan(s_init, s_update, s_state, inputs=[X])
    with pytest.raises(tirgen.TirgenError, match="Unsupported Operation: ScanOp."):
        te.create_prim_func([X, s_scan])
