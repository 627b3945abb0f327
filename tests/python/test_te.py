"""tirgen.te: TE programs and te.create_prim_func, checked against TVM v0.14's own expectations.

The cases are ported from TVM v0.14's tests/python/unittest/test_te_create_primfunc.py: the TE
program as there, the expected TVMScript as there (text, parsed by tirgen). Two adjustments, both
because tirgen's structural equality is stricter than TVM's (it compares block names, TVM's
ignores them): anonymous `T.block()`s carry the name TVM's create_prim_func gives them (the
compute's name), and nothing else is changed. Where TVM's expected text also uses the names
create_prim_func gives (loop and block variables), the printed texts must be byte-equal.
"""
import numpy as np
import pytest

import tirgen
from tirgen import te, tir


def parse(text):
    return tirgen.script.parse(text)


def check(func, expected_text, byte_equal):
    expected = parse(expected_text)
    assert tirgen.structural_equal(func, expected), func.script()
    if byte_equal:
        assert func.script() == expected.script()
    # The result round-trips through our printer/parser and schedules.
    assert tirgen.structural_equal(parse(func.script()), func)
    assert tir.Schedule(func) is not None


# ---- TE programs (as in TVM's test file) ---------------------------------------------------

def te_matmul():
    k = te.reduce_axis((0, 128), "k")
    A = te.placeholder((128, 128), name="A")
    B = te.placeholder((128, 128), name="B")
    C = te.compute((128, 128), lambda x, y: te.sum(A[x, k] * B[y, k], axis=k), name="C")
    return [A, B, C]


def te_element_wise():
    A = te.placeholder((128, 128), name="A")
    B = te.compute((128, 128), lambda x, y: A[x, y] * 2, name="B")
    C = te.compute((128, 128), lambda x, y: B[x, y] + 1, name="C")
    return [A, C]


def te_conv2d():
    batch, in_channel, out_channel, size, kernel = 16, 16, 32, 14, 3
    A = te.placeholder((batch, in_channel, size, size), name="A")
    W = te.placeholder((in_channel, kernel, kernel, out_channel), name="W")
    Apad = te.compute(
        (batch, in_channel, size + 2, size + 2),
        lambda nn, cc, yy, xx: tir.if_then_else(
            tir.all(yy >= 1, yy - 1 < size, xx >= 1, xx - 1 < size),
            A[nn, cc, yy - 1, xx - 1],
            0.0,
        ),
        name="Apad",
    )
    rc = te.reduce_axis((0, in_channel), name="rc")
    ry = te.reduce_axis((0, kernel), name="ry")
    rx = te.reduce_axis((0, kernel), name="rx")
    B = te.compute(
        (batch, out_channel, size, size),
        lambda nn, ff, yy, xx: te.sum(
            Apad[nn, rc, yy + ry, xx + rx] * W[rc, ry, rx, ff], axis=[rc, ry, rx]
        ),
        name="B",
    )
    return [A, W, B]


def te_multi_output():
    n = te.var("n")
    m = te.var("m")
    A0 = te.placeholder((m, n), name="A0")
    A1 = te.placeholder((m, n), name="A1")
    B0, B1 = te.compute((m, n), lambda i, j: (A0[i, j] + 2, A1[i, j] * 3), name="B")
    return [A0, A1, B0, B1]


def te_reordered_matmul():
    A, B, C = te_matmul()
    return [C, A, B]


def te_argmax_idx_val():
    def f_combine(x, y):
        lhs = tir.Select((x[1] >= y[1]), x[0], y[0])
        rhs = tir.Select((x[1] >= y[1]), x[1], y[1])
        return lhs, rhs

    def f_identity(dtype0, dtype1):
        return tir.const(-1, dtype0), te.min_value(dtype1)

    argmax = te.comm_reducer(f_combine, f_identity, name="argmax")
    m = te.var("m")
    n = te.var("n")
    idx = te.placeholder((m, n), name="idx", dtype="int32")
    val = te.placeholder((m, n), name="val", dtype="float32")
    k = te.reduce_axis((0, n), "k")
    max_idx, max_val = te.compute((m,), lambda i: argmax((idx[i, k], val[i, k]), axis=k), name="argmax")
    return [idx, val, max_idx, max_val]


def te_argmax_val_idx():
    def f_combine(x, y):
        lhs = tir.Select((x[0] >= y[0]), x[0], y[0])
        rhs = tir.Select((x[0] >= y[0]), x[1], y[1])
        return lhs, rhs

    def f_identity(dtype0, dtype1):
        return te.min_value(dtype0), tir.const(-1, dtype1)

    argmax = te.comm_reducer(f_combine, f_identity, name="argmax")
    m = te.var("m")
    n = te.var("n")
    val = te.placeholder((m, n), name="val", dtype="float32")
    idx = te.placeholder((m, n), name="idx", dtype="int32")
    k = te.reduce_axis((0, n), "k")
    max_val, max_idx = te.compute((m,), lambda i: argmax((val[i, k], idx[i, k]), axis=k), name="argmax")
    return [val, idx, max_val, max_idx]


def te_zero_dim_add():
    a = te.placeholder((), name="a", dtype="int32")
    b = te.placeholder((), name="b", dtype="int32")
    c = te.compute(a.shape, lambda *i: a(*i) + b(*i), name="c")
    return [a, b, c]


def te_layout_attr():
    k = te.reduce_axis((0, 128), "k")
    A = te.placeholder((128, 128), name="A")
    B = te.placeholder((128, 128), name="B")
    C = te.compute((128, 128), lambda x, y: te.sum(A[x, k] * B[y, k], axis=k), name="C",
                   attrs={"layout_free_placeholders": [B]})
    D = te.compute((128, 128), lambda x, y: C[x, y] + 1, name="D",
                   attrs={"layout_free_placeholders": [C]})
    return [A, B, D]


# ---- expected TVMScript (TVM's test file; block names filled in, see the module doc) -------

TIR_MATMUL = '''
@T.prim_func
def tir_matmul(a: T.handle, b: T.handle, c: T.handle) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    A = T.match_buffer(a, (128, 128))
    B = T.match_buffer(b, (128, 128))
    C = T.match_buffer(c, (128, 128))

    for i0, j0, k0 in T.grid(128, 128, 128):
        with T.block("C"):
            i, j, k = T.axis.remap("SSR", [i0, j0, k0])
            with T.init():
                C[i, j] = 0.0
            C[i, j] += A[i, k] * B[j, k]
'''

TIR_MATMUL_INT64 = '''
@T.prim_func
def tir_matmul_int64(
    A: T.Buffer((T.int64(128), T.int64(128)), "float32"),
    B: T.Buffer((T.int64(128), T.int64(128)), "float32"),
    C: T.Buffer((T.int64(128), T.int64(128)), "float32"),
) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    for i0, j0, k0 in T.grid(T.int64(128), T.int64(128), T.int64(128)):
        with T.block("C"):
            i, j, k = T.axis.remap("SSR", [i0, j0, k0])
            with T.init():
                C[i, j] = 0.0
            C[i, j] += A[i, k] * B[j, k]
'''

TIR_ELEMENT_WISE = '''
@T.prim_func
def tir_element_wise(a: T.handle, c: T.handle) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    A = T.match_buffer(a, (128, 128))
    C = T.match_buffer(c, (128, 128))
    B = T.alloc_buffer((128, 128))

    for i0, j0 in T.grid(128, 128):
        with T.block("B"):
            i, j = T.axis.remap("SS", [i0, j0])
            B[i, j] = A[i, j] * 2.0
    for i0, j0 in T.grid(128, 128):
        with T.block("C"):
            i, j = T.axis.remap("SS", [i0, j0])
            C[i, j] = B[i, j] + 1.0
'''

TIR_CONV2D = '''
@T.prim_func
def tir_conv2d(a: T.handle, w: T.handle, b: T.handle) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    A = T.match_buffer(a, [16, 16, 14, 14])
    W = T.match_buffer(w, [16, 3, 3, 32])
    B = T.match_buffer(b, [16, 32, 14, 14])
    Apad = T.alloc_buffer([16, 16, 16, 16])

    for n, c, y, x in T.grid(16, 16, 16, 16):
        with T.block("Apad"):
            nn, cc, yy, xx = T.axis.remap("SSSS", [n, c, y, x])
            Apad[nn, cc, yy, xx] = T.if_then_else(
                1 <= yy and yy < 15 and 1 <= xx and xx < 15,
                A[nn, cc, yy - 1, xx - 1],
                0.0,
                dtype="float32",
            )
    for n, f, y, x, kc, ky, kx in T.grid(16, 32, 14, 14, 16, 3, 3):
        with T.block("B"):
            nn, ff, yy, xx, rc, ry, rx = T.axis.remap("SSSSRRR", [n, f, y, x, kc, ky, kx])
            with T.init():
                B[nn, ff, yy, xx] = 0.0
            B[nn, ff, yy, xx] += Apad[nn, rc, yy + ry, xx + rx] * W[rc, ry, rx, ff]
'''

TIR_MULTI_OUTPUT = '''
@T.prim_func
def tir_multi_output(a0: T.handle, a1: T.handle, b0: T.handle, b1: T.handle) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    m = T.int32()
    n = T.int32()
    A0 = T.match_buffer(a0, (m, n))
    A1 = T.match_buffer(a1, (m, n))
    B0 = T.match_buffer(b0, (m, n))
    B1 = T.match_buffer(b1, (m, n))

    for i0, i1 in T.grid(m, n):
        with T.block("B_v0"):
            i, j = T.axis.remap("SS", [i0, i1])
            B0[i, j] = A0[i, j] + 2.0
        with T.block("B_v1"):
            i, j = T.axis.remap("SS", [i0, i1])
            B1[i, j] = A1[i, j] * 3.0
'''

# TVM's expected text is tir_matmul's with the parameters in the order [C, A, B].
TIR_REORDERED_MATMUL = TIR_MATMUL.replace(
    "def tir_matmul(a: T.handle, b: T.handle, c: T.handle)",
    "def tir_reordered_matmul(c: T.handle, a: T.handle, b: T.handle)")
assert TIR_REORDERED_MATMUL != TIR_MATMUL

TIR_ARGMAX_IDX_VAL = '''
@T.prim_func
def tir_argmax_idx_val(
    var_idx: T.handle, var_val: T.handle, var_argmax_v0: T.handle, var_argmax_v1: T.handle
) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    m = T.int32()
    n = T.int32()
    idx = T.match_buffer(var_idx, [m, n], dtype="int32")
    val = T.match_buffer(var_val, [m, n], dtype="float32")
    argmax_v0 = T.match_buffer(var_argmax_v0, [m], dtype="int32")
    argmax_v1 = T.match_buffer(var_argmax_v1, [m], dtype="float32")
    for i0, i1 in T.grid(m, n):
        with T.block("argmax"):
            i, k = T.axis.remap("SR", [i0, i1])
            T.reads(val[i, k], idx[i, k])
            T.writes(argmax_v0[i], argmax_v1[i])
            with T.init():
                argmax_v0[i] = T.int32(-1)
                argmax_v1[i] = T.min_value("float32")
            v_argmax_v0: T.int32 = T.Select(argmax_v1[i] >= val[i, k], argmax_v0[i], idx[i, k])
            v_argmax_v1: T.float32 = T.Select(argmax_v1[i] >= val[i, k], argmax_v1[i], val[i, k])
            argmax_v0[i] = v_argmax_v0
            argmax_v1[i] = v_argmax_v1
'''

TIR_ARGMAX_VAL_IDX = '''
@T.prim_func
def tir_argmax_val_idx(
    var_val: T.handle, var_idx: T.handle, var_argmax_v0: T.handle, var_argmax_v1: T.handle
) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    m = T.int32()
    n = T.int32()
    val = T.match_buffer(var_val, [m, n], dtype="float32")
    idx = T.match_buffer(var_idx, [m, n], dtype="int32")
    argmax_v0 = T.match_buffer(var_argmax_v0, [m], dtype="float32")
    argmax_v1 = T.match_buffer(var_argmax_v1, [m], dtype="int32")
    for i0, i1 in T.grid(m, n):
        with T.block("argmax"):
            i, k = T.axis.remap("SR", [i0, i1])
            T.reads(val[i, k], idx[i, k])
            T.writes(argmax_v0[i], argmax_v1[i])
            with T.init():
                argmax_v0[i] = T.min_value("float32")
                argmax_v1[i] = T.int32(-1)
            v_argmax_v0: T.float32 = T.Select(argmax_v0[i] >= val[i, k], argmax_v0[i], val[i, k])
            v_argmax_v1: T.int32 = T.Select(argmax_v0[i] >= val[i, k], argmax_v1[i], idx[i, k])
            argmax_v0[i] = v_argmax_v0
            argmax_v1[i] = v_argmax_v1
'''

TIR_ZERO_DIM_ADD = '''
@T.prim_func
def expected(
    a: T.Buffer((), "int32"),
    b: T.Buffer((), "int32"),
    c: T.Buffer((), "int32"),
) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    with T.block("root"):
        T.reads()
        T.writes()
        with T.block("c"):
            vi = T.axis.spatial(1, 0)
            T.reads(a[()], b[()])
            T.writes(c[()])
            c[()] = a[()] + b[()]
'''

EXPECTED_LAYOUT_ATTR = '''
@T.prim_func
def expected_layout_attr(
    A: T.Buffer((128, 128), "float32"),
    B: T.Buffer((128, 128), "float32"),
    D: T.Buffer((128, 128), "float32"),
) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True, "layout_free_buffers": [1]})
    C = T.alloc_buffer([128, 128], dtype="float32")
    for i0, i1, i2 in T.grid(128, 128, 128):
        with T.block("C"):
            x, y, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[x, y] = T.float32(0)
            C[x, y] = C[x, y] + A[x, k] * B[y, k]
    for i0, i1 in T.grid(128, 128):
        with T.block("D"):
            T.block_attr({"layout_free_placeholders": [C]})
            x, y = T.axis.remap("SS", [i0, i1])
            D[x, y] = C[x, y] + T.float32(1)
'''

EXPECTED_LAYOUT_ATTR_INT64 = '''
@T.prim_func
def expected_layout_attr_int64(
    A: T.Buffer((T.int64(128), T.int64(128)), "float32"),
    B: T.Buffer((T.int64(128), T.int64(128)), "float32"),
    D: T.Buffer((T.int64(128), T.int64(128)), "float32"),
):
    T.func_attr({"global_symbol": "main", "tir.noalias": True, "layout_free_buffers": [1]})
    C = T.alloc_buffer([T.int64(128), T.int64(128)], dtype="float32")
    for x, y, k in T.grid(T.int64(128), T.int64(128), T.int64(128)):
        with T.block("C"):
            v_x, v_y, v_k = T.axis.remap("SSR", [x, y, k])
            T.reads(A[v_x, v_k], B[v_y, v_k])
            T.writes(C[v_x, v_y])
            with T.init():
                C[v_x, v_y] = T.float32(0)
            C[v_x, v_y] = C[v_x, v_y] + A[v_x, v_k] * B[v_y, v_k]
    for x, y in T.grid(T.int64(128), T.int64(128)):
        with T.block("D"):
            T.block_attr({"layout_free_placeholders": [C]})
            v_x, v_y = T.axis.remap("SS", [x, y])
            T.reads(C[v_x, v_y])
            T.writes(D[v_x, v_y])
            D[v_x, v_y] = C[v_x, v_y] + T.float32(1)
'''

# (TE program, index_dtype_override, expected text, whether TVM's text uses create_prim_func's names)
CASES = {
    "matmul": (te_matmul, None, TIR_MATMUL, False),
    "matmul_int64": (te_matmul, "int64", TIR_MATMUL_INT64, False),
    "element_wise": (te_element_wise, None, TIR_ELEMENT_WISE, False),
    "conv2d": (te_conv2d, None, TIR_CONV2D, False),
    "multi_output": (te_multi_output, None, TIR_MULTI_OUTPUT, False),
    "arg_order": (te_reordered_matmul, None, TIR_REORDERED_MATMUL, False),
    "argmax_idx_val": (te_argmax_idx_val, None, TIR_ARGMAX_IDX_VAL, False),
    "argmax_val_idx": (te_argmax_val_idx, None, TIR_ARGMAX_VAL_IDX, False),
    "zero_dim_add": (te_zero_dim_add, None, TIR_ZERO_DIM_ADD, True),
    "layout_attr": (te_layout_attr, None, EXPECTED_LAYOUT_ATTR, False),
    "layout_attr_int64": (te_layout_attr, "int64", EXPECTED_LAYOUT_ATTR_INT64, True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_create_prim_func_matches_tvm(case):
    te_program, index_dtype, expected, byte_equal = CASES[case]
    check(te.create_prim_func(te_program(), index_dtype), expected, byte_equal)


# ---- the other cases of TVM's test file ------------------------------------------------------

def test_unique_name_complete_block():
    A = te.placeholder((16, 16), name="A")
    B = te.compute((16, 16), lambda x, y: A[x, y] * 2, name="main")
    C = te.compute((16, 16), lambda x, y: B[x, y] + 1, name="main")
    s = tir.Schedule(te.create_prim_func([A, C]))
    assert s.get(s.get_block("main")).name_hint == "main"
    assert s.get(s.get_block("main_1")).name_hint == "main_1"


def test_unique_name_reduction_block():
    k1 = te.reduce_axis((0, 16), "k1")
    k2 = te.reduce_axis((0, 16), "k2")
    A = te.placeholder((16, 16), name="A")
    B = te.compute((16,), lambda i: te.sum(A[i, k1], axis=k1), name="sum")
    C = te.compute((), lambda: te.sum(B[k2], axis=k2), name="sum")
    s = tir.Schedule(te.create_prim_func([A, C]))
    assert s.get(s.get_block("sum")).name_hint == "sum"
    assert s.get(s.get_block("sum_1")).name_hint == "sum_1"


def test_int64_indices():
    n = te.var("n", "int64")
    A = te.placeholder((n,), name="A")
    B = te.compute(A.shape, lambda *i: A(*i) + 1, name="B")
    loop = te.create_prim_func([A, B]).body.block.body
    assert loop.loop_var.dtype == "int64"
    assert loop.min.dtype == "int64"
    assert loop.extent.dtype == "int64"


def test_tensor_attr_round_trips():
    k = te.reduce_axis((0, 128), "k")
    A = te.placeholder((128, 128), name="A")
    B = te.placeholder((128, 128), name="B")
    C = te.compute((128, 128), lambda x, y: te.sum(A[x, k] * B[y, k], axis=k), name="C",
                   attrs={"layout_free_placeholders": [B]})
    func = te.create_prim_func([A, B, C])
    assert func.attrs["layout_free_buffers"] == [1]
    assert tirgen.structural_equal(parse(func.script()), func)


def test_constant_builds_and_runs():
    M = 11
    A = te.placeholder((M,), name="A")
    B = te.compute(tuple(), lambda: 2, name="B")
    # TVM builds the 0-d read with ProducerLoad(B, []); here B[()] is that load.
    C = te.compute((M,), lambda x: A[x] + B[()], name="C", tag="broadcast")
    m = tirgen.build(te.create_prim_func([C, A]))
    a = np.random.RandomState(0).uniform(size=(M,)).astype("float32")
    c = np.zeros(M, dtype="float32")
    m(c, a)
    np.testing.assert_allclose(c, a + 2, rtol=1e-6)


def test_reduction_init_is_the_starting_value():
    # te.sum(..., init=x) starts the reduction from x (TE's semantics); TVM v0.14's
    # create_prim_func would start from 0 and drop it. The T.init block stores the init.
    A = te.placeholder((4, 6), name="A")
    B = te.placeholder((4,), name="B")
    k = te.reduce_axis((0, 6), name="k")
    C = te.compute((4,), lambda i: te.sum(A[i, k], axis=k, init=B[i] * 2), name="C")
    func = te.create_prim_func([A, B, C])
    text = func.script()
    assert "C[v_i] = B[v_i] * T.float32(2)" in text, text
    assert tirgen.structural_equal(parse(text), func)
    a = np.random.RandomState(1).uniform(size=(4, 6)).astype("float32")
    b = np.arange(4, dtype="float32")
    c = np.zeros(4, dtype="float32")
    tirgen.build(func)(a, b, c)
    np.testing.assert_allclose(c, a.sum(axis=1) + b * 2, rtol=1e-5)


def test_data_dependent_access_builds_and_runs():
    A = te.placeholder((10,), name="A")
    B = te.placeholder((10,), name="B", dtype="int32")
    C = te.compute((10,), lambda i: A[B[i]])
    m = tirgen.build(te.create_prim_func([C, A, B]))
    a = np.random.RandomState(1).uniform(size=(10,)).astype("float32")
    b = np.arange(10, dtype="int32")[::-1].copy()
    c = np.zeros(10, dtype="float32")
    m(c, a, b)
    np.testing.assert_array_equal(c, a[b])


# ---- tirgen.te with schedules, passes and build ---------------------------------------------

def test_matmul_scheduled_built_and_run_against_numpy():
    A, B, C = te_matmul()
    sch = tir.Schedule(te.create_prim_func([A, B, C]))
    i, j, k = sch.get_loops(sch.get_block("C"))
    i0, i1 = sch.split(i, factors=[None, 16])
    sch.reorder(i0, j, i1)
    m = tirgen.build(sch.mod)
    rng = np.random.RandomState(2)
    a = rng.randn(128, 128).astype("float32")
    b = rng.randn(128, 128).astype("float32")
    c = np.zeros((128, 128), dtype="float32")
    m(a, b, c)
    np.testing.assert_allclose(c, a @ b.T, rtol=1e-4, atol=1e-4)


def test_passes_run_on_a_te_function():
    func = te.create_prim_func(te_element_wise())
    mod = tirgen.IRModule({"main": func})
    lowered = tir.transform.LowerInitBlock()(mod)
    assert "T.block" in lowered.script()


def test_softmax_like_program_with_max_exp_and_if_then_else():
    n = 8
    X = te.placeholder((4, n), name="X")
    k = te.reduce_axis((0, n), "k")
    mx = te.compute((4,), lambda i: te.max(X[i, k], axis=k), name="mx")
    e = te.compute((4, n), lambda i, j: te.exp(X[i, j] - mx[i]), name="e")
    k2 = te.reduce_axis((0, n), "k2")
    s = te.compute((4,), lambda i: te.sum(e[i, k2], axis=k2), name="s")
    k3 = te.reduce_axis((0, n), "k3")
    mn = te.compute((4,), lambda i: te.min(X[i, k3], axis=k3), name="mn")
    out = te.compute((4, n), lambda i, j: te.if_then_else(j % 2 == 0, e[i, j] / s[i], mn[i]),
                     name="out")
    func = te.create_prim_func([X, out])
    text = func.script()
    assert "T.max(mx[v_i], X[v_i, v_k])" in text and "T.exp(" in text and "T.if_then_else(" in text
    x = np.random.RandomState(3).randn(4, n).astype("float32")
    y = tirgen.build(func)(x)
    ex = np.exp(x - x.max(axis=1, keepdims=True))
    ref = np.where(np.arange(n) % 2 == 0, ex / ex.sum(axis=1, keepdims=True), x.min(axis=1, keepdims=True))
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-6)


def test_expression_operators_and_names():
    x = te.var("x")
    y = te.size_var("y")
    assert str(x + 1) == "x + 1"
    assert str(x // y) == "x // y" and str(x % y) == "x % y"
    assert str(-x) == "x * -1"  # TVM's ExprOp.__neg__
    assert str((x < y).dtype) == "bool"
    assert str(x.astype("int64")) == 'T.Cast("int64", x)'
    assert str(tir.max(x, 3)) == "T.max(x, 3)"
    f = te.var("f", "float32")
    assert str(f / 2) == "f / T.float32(2)"
    with pytest.raises(tirgen.TirgenError, match="ambiguous"):
        x / y
    A = te.placeholder((4, 4), name="A")
    C = te.compute((4, 4), lambda *i: A(*i) * 2)
    assert C.name == "compute" and C.shape[0] == 4 and C.dtype == "float32"
    assert [v.var.name for v in C.op.axis] == ["i0", "i1"]


def test_errors_are_user_errors():
    A = te.placeholder((4, 4), name="A")
    with pytest.raises(tirgen.TirgenError, match="takes 1 indices for a 2-d shape"):
        te.compute((4, 4), lambda i: A[i, i])
    with pytest.raises(tirgen.TirgenError, match="rank 2, indexed with 1"):
        te.compute((4,), lambda i: A[i])
    B = te.compute((4, 4), lambda i, j: A[i, j] + 1, name="B")
    with pytest.raises(tirgen.TirgenError, match="placeholder A is not a function argument"):
        te.create_prim_func([B])
    with pytest.raises(tirgen.TirgenError, match="expected a TIR expression"):
        te.compute((4,), lambda i: "text")
