"""tirgen.build: PrimFuncs (block form, as lowered) compiled and called on numpy arrays.
References are computed here with NumPy (exact for integers; float32 within rtol 1e-5)."""
import os

import numpy as np
import pytest

import tirgen

SHARED = os.environ.get(
    "TIRGEN_SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "data", "tvm"))


def golden(rel):
    return os.path.join(SHARED, "golden", rel)


def parse(rel):
    with open(golden(rel)) as f:
        return tirgen.script.parse(f.read())


def test_build_primfunc_returns_outputs():
    m = tirgen.build(parse("add_relu/primfunc_0.py"))
    x = np.load(golden("add_relu/input_0.npy"))
    y = np.load(golden("add_relu/input_1.npy"))
    out = m(x, y)
    assert isinstance(out, np.ndarray) and out.dtype == np.float32
    np.testing.assert_allclose(out, np.maximum(x + y, 0), rtol=1e-5, atol=0)


def test_build_fills_given_outputs():
    m = tirgen.build(parse("add_relu/primfunc_0.py"))
    x = np.random.RandomState(0).randn(1, 16, 32, 32).astype("float32")
    y = np.random.RandomState(1).randn(1, 16, 32, 32).astype("float32")
    out = np.full((1, 16, 32, 32), 7, dtype="float32")
    assert m(x, y, out) is None
    np.testing.assert_allclose(out, np.maximum(x + y, 0), rtol=1e-5, atol=0)
    assert m["main"](x, y).shape == (1, 16, 32, 32)


def test_link_params_conv2d_exact():
    m = tirgen.build(parse("conv2d_link_params/primfunc_0.py"))
    data = np.load(golden("conv2d_link_params/input_0.npy"))
    weight = np.load(golden("conv2d_link_params/params.npz"))["weight"]
    out = m(data)
    assert out.dtype == np.int32
    # Independent reference: direct convolution in int64 over the 3x3 window.
    d = data.astype(np.int64)
    ref = np.zeros((1, 64, 54, 54), dtype=np.int64)
    for ry in range(3):
        for rx in range(3):
            ref += np.einsum("nchw,fc->nfhw", d[:, :, ry:ry + 54, rx:rx + 54], weight[:, :, ry, rx].astype(np.int64))
    np.testing.assert_array_equal(out, ref.astype(np.int32))
    np.testing.assert_array_equal(out, np.load(golden("conv2d_link_params/output_0.npy")))


def test_build_ir_module_of_several_functions():
    text = open(os.path.join(SHARED, "golden-passes", "add_relu__primfunc_0", "10_Simplify.py")).read()
    mod = tirgen.script.parse(text)
    m = tirgen.build(mod)
    assert m.function_names == ["main"]
    assert "tirgen_main" in tirgen.emit_c(mod)
    x = np.ones((1, 16, 32, 32), "float32")
    np.testing.assert_array_equal(m(x, -2 * x), np.zeros_like(x))


def test_wrong_arguments_raise_with_clear_messages():
    m = tirgen.build(parse("add_relu/primfunc_0.py"))
    x = np.zeros((1, 16, 32, 32), "float32")
    with pytest.raises(tirgen.TirgenError, match=r"must be float32\(1, 16, 32, 32\), got float64"):
        m(x, x.astype("float64"))
    with pytest.raises(tirgen.TirgenError, match="no function 'nope'"):
        m["nope"]
    with pytest.raises(tirgen.TirgenError, match="expects a PrimFunc or an IRModule"):
        tirgen.build(42)
    with pytest.raises(tirgen.TirgenError, match=r"argument 2 \(T_relu\) must be float32"):
        m(x, x, np.zeros((1, 16, 32, 32), "int32"))


def test_build_for_a_target():
    x = np.load(golden("add_relu/input_0.npy"))
    y = np.load(golden("add_relu/input_1.npy"))
    for target in ["c", "llvm -mcpu=native", "c -mcpu=x86-64-v3 -num-cores 2"]:
        out = tirgen.build(parse("add_relu/primfunc_0.py"), target=target)(x, y)
        np.testing.assert_array_equal(out, np.maximum(x + y, 0))  # one rounding: exact
    with pytest.raises(tirgen.TirgenError, match="unknown -mcpu 'pentium9'"):
        tirgen.build(parse("add_relu/primfunc_0.py"), target="c -mcpu=pentium9")
