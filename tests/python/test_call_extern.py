# T.call_extern / T.call_pure_extern in the C generator: te.extern programs whose extern function
# is a C file compiled here (loaded with RTLD_GLOBAL before the module, as TVM's C host module
# links against what the process already has), run against NumPy.
import ctypes
import os
import subprocess
import tempfile

import numpy as np
import pytest

import tirgen
from tirgen import te, tir

EXTERN_C = r"""
#include <stdint.h>
/* out[i, j] = sum_k a[i, k] * b[k, j] + bias[0] */
void ext_matmul_bias(const float* a, const float* b, float* out, float bias, int32_t n) {
  for (int32_t i = 0; i < n; ++i)
    for (int32_t j = 0; j < n; ++j) {
      float s = 0;
      for (int32_t k = 0; k < n; ++k) s += a[i * n + k] * b[k * n + j];
      out[i * n + j] = s + bias;
    }
}
int32_t ext_twice(int32_t x) { return 2 * x; }
"""


@pytest.fixture(scope="module")
def extern_lib():
    d = tempfile.mkdtemp(prefix="tirgen_extern_")
    src, lib = os.path.join(d, "ext.c"), os.path.join(d, "libext.so")
    with open(src, "w") as f:
        f.write(EXTERN_C)
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-fPIC", "-shared", src, "-o", lib], check=True)
    return ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)


def test_te_extern_calls_a_c_function(extern_lib):
    n = 16
    A = te.placeholder((n, n), name="A")
    B = te.placeholder((n, n), name="B")
    P = te.placeholder((1,), name="P")
    C = te.extern((n, n), [A, B, P],
                  lambda ins, outs: tir.call_extern("", "ext_matmul_bias", ins[0].data, ins[1].data,
                                                    outs[0].data, ins[2][0], n),
                  name="C")
    D = te.compute((n, n), lambda i, j: C[i, j] * tir.const(2, "float32"), name="D")
    f = te.create_prim_func([A, B, P, D])
    code = tirgen.emit_c(f)
    assert "void ext_matmul_bias(void*, void*, void*, float, int32_t);" in code, code
    rng = np.random.RandomState(0)
    a = rng.randn(n, n).astype("float32")
    b = rng.randn(n, n).astype("float32")
    p = np.array([0.5], dtype="float32")
    d = np.zeros((n, n), dtype="float32")
    tirgen.build(f)(a, b, p, d)
    np.testing.assert_allclose(d, (a @ b + 0.5) * 2, rtol=1e-5, atol=1e-5)  # float32 sums of 16 terms


def test_pure_extern_in_an_expression(extern_lib):
    A = te.placeholder((8,), name="A", dtype="int32")
    B = te.compute((8,), lambda i: tir.call_pure_extern("int32", "ext_twice", A[i]) + 1, name="B")
    a = np.arange(8, dtype="int32") - 3
    b = np.zeros(8, dtype="int32")
    tirgen.build(te.create_prim_func([A, B]))(a, b)
    np.testing.assert_array_equal(b, 2 * a + 1)


def test_c_library_function_needs_no_extra_library():
    A = te.placeholder((6,), name="A")
    B = te.compute((6,), lambda i: tir.call_pure_extern("float32", "fabsf", A[i]), name="B")
    a = np.linspace(-2, 3, 6).astype("float32")
    b = np.zeros(6, dtype="float32")
    tirgen.build(te.create_prim_func([A, B]))(a, b)
    np.testing.assert_array_equal(b, np.abs(a))


def test_missing_extern_function_is_a_clear_error():
    A = te.placeholder((4,), name="A", dtype="int32")
    B = te.compute((4,), lambda i: tir.call_extern("int32", "no_such_function_anywhere", A[i]), name="B")
    with pytest.raises(tirgen.TirgenError, match="undefined symbol: no_such_function_anywhere.*RTLD_GLOBAL"):
        tirgen.build(te.create_prim_func([A, B]))


@pytest.mark.parametrize("name,message", [
    ("not a name", "not a C identifier"),
    ("tg_alloc", "the generated code's own"),
])
def test_bad_extern_names_are_refused(name, message):
    A = te.placeholder((4,), name="A", dtype="int32")
    B = te.compute((4,), lambda i: tir.call_extern("int32", name, A[i]), name="B")
    with pytest.raises(tirgen.TirgenError, match=message):
        tirgen.build(te.create_prim_func([A, B]))


def test_two_signatures_for_one_function_are_refused():
    A = te.placeholder((4,), name="A", dtype="int32")
    B = te.compute((4,), lambda i: tir.call_extern("int32", "f", A[i]) +
                   tir.call_extern("int32", "f", A[i], A[i]), name="B")
    with pytest.raises(tirgen.TirgenError, match="f is called with two signatures"):
        tirgen.build(te.create_prim_func([A, B]))
