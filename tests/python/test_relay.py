"""tirgen.relay from Python (TVM's names): parsing Relay text (errors as tirgen.TirgenError with
the CLI's located message), printing (byte-identical to TVM's astext for every golden input),
the IR objects' attributes (Function.params/body/ret_type/attrs, Call.op/args/attrs, Var,
Constant.data as numpy, Tuple, TupleGetItem, Op, checked_type), mod["main"], relay.optimize
against TVM's optimized.relay, and from_onnx's (mod, params) feeding optimize."""
import glob
import json
import os
import subprocess

import numpy as np
import pytest

import tirgen
from tirgen import relay

SHARED = os.environ.get(
    "TIRGEN_SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "data", "tvm"))
GOLDEN = os.path.join(SHARED, "golden")
CASES = sorted(os.path.basename(os.path.dirname(p)) for p in glob.glob(os.path.join(GOLDEN, "*", "manifest.json")))
CLI = os.environ.get("TIRGEN_CLI", os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirgen.__file__)))), "tirgen"))


def read(case, name):
    with open(os.path.join(GOLDEN, case, name)) as f:
        return f.read()


def case_params(case):
    path = os.path.join(GOLDEN, case, "params.npz")
    return dict(np.load(path)) if os.path.exists(path) else {}


def manifest(case):
    return json.loads(read(case, "manifest.json"))


SMALL = """#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4), float32], %w: Tensor[(8, 4), float32]) {
  %0 = nn.dense(%x, %w, units=8);
  %1 = (%0, %x);
  %2 = %1.0;
  add(%2, 1f)
}
"""


@pytest.mark.parametrize("case", CASES)
def test_golden_input_parses_and_prints_back(case):
    text = read(case, "input.relay")
    mod = relay.parse(text, case + "/input.relay")
    assert isinstance(mod, tirgen.IRModule)
    assert mod.astext(show_meta_data=False) == text
    assert str(mod) == text
    assert isinstance(mod["main"], relay.Function)


@pytest.mark.parametrize("case", CASES)
def test_golden_optimize_matches_tvm(case):
    man = manifest(case)
    mod = relay.parse(read(case, "input.relay"))
    opt = relay.optimize(mod, case_params(case) if man["params"] else None, link_params=man["link_params"])
    want = read(case, "optimized.relay")
    assert str(opt) == want


def test_ir_objects_have_tvm_attribute_names():
    mod = relay.parse(SMALL)
    main = mod["main"]
    assert [p.name_hint for p in main.params] == ["x", "w"]
    assert main.params[0].type_annotation.shape == (1, 4)
    assert main.params[0].type_annotation.dtype == "float32"
    assert str(main.ret_type) == "Tensor[(1, 8), float32]"
    add = main.body
    assert isinstance(add, relay.Call) and add.op.name == "add"
    assert isinstance(add.op, relay.Op) and relay.Op.get("add").same_as(add.op)
    assert add.op == relay.Op.get("add") and add.op != relay.Op.get("subtract")
    assert main.body == mod["main"].body and len({main.body, mod["main"].body}) == 1
    get = add.args[0]
    assert isinstance(get, relay.TupleGetItem) and get.index == 0
    tup = get.tuple_value
    assert isinstance(tup, relay.Tuple) and len(tup.fields) == 2
    assert tup.fields[1].same_as(main.params[0])
    dense = tup.fields[0]
    assert dense.op.name == "nn.dense"
    assert dense.attrs.units == 8 and dense.attrs["units"] == 8
    assert dense.attrs.out_dtype == ""  # a default, as TVM's Attrs object holds every field
    assert "units" in dense.attrs.keys()
    with pytest.raises(AttributeError):
        dense.attrs.no_such_field
    one = add.args[1]
    assert isinstance(one, relay.Constant)
    assert one.data.dtype == np.float32 and one.data.shape == () and one.data == 1.0
    assert str(dense.checked_type) == "Tensor[(1, 8), float32]"
    assert isinstance(tup.checked_type, relay.TupleType)
    assert [str(f) for f in tup.checked_type.fields] == ["Tensor[(1, 8), float32]", "Tensor[(1, 4), float32]"]
    ft = main.checked_type
    assert isinstance(ft, relay.FuncType) and str(ft.ret_type) == "Tensor[(1, 8), float32]"
    assert len(ft.arg_types) == 2


def test_constants_and_params_are_numpy():
    w = np.arange(32, dtype=np.float32).reshape(8, 4)
    mod = relay.bind_params_by_name(relay.parse(SMALL), {"w": w})
    consts = []
    relay.analysis.post_order_visit(mod["main"], lambda e: consts.append(e) if isinstance(e, relay.Constant) else None)
    got = [c.data for c in consts if c.data.shape == (8, 4)]
    assert len(got) == 1 and got[0].dtype == np.float32
    np.testing.assert_array_equal(got[0], w)


def test_optimize_fuses_and_functions_expose_attrs():
    opt = relay.optimize(relay.parse(SMALL))
    fns = []
    relay.analysis.post_order_visit(opt["main"], lambda e: fns.append(e) if isinstance(e, relay.Function) else None)
    prim = [f for f in fns if f.is_primitive]
    assert prim and all(f.attrs["Primitive"] == 1 for f in prim)
    assert all(p.name_hint.startswith("p") for f in prim for p in f.params)
    assert "Primitive" not in opt["main"].attrs


def test_fuse_ops_and_infer_type():
    mod = relay.parse(SMALL)
    fused = relay.fuse_ops(mod)
    assert "Primitive=1" in str(fused)
    fn = relay.parse_expr('#[version = "0.0.5"]\nfn (%a: Tensor[(3), float32]) { negative(%a) }\n')
    typed = relay.infer_type(fn)
    assert str(typed.body.checked_type) == "Tensor[(3), float32]"
    m2 = tirgen.IRModule.from_expr(typed)
    assert str(m2["main"].checked_type.ret_type) == "Tensor[(3), float32]"


def test_parse_error_is_the_cli_message(tmp_path):
    bad = '#[version = "0.0.5"]\ndef @main(%x: Tensor[(2), float32]) {\n  nn.no_such_op(%x)\n}\n'
    with pytest.raises(tirgen.TirgenError) as e:
        relay.parse(bad, str(tmp_path / "bad.relay"))
    msg = str(e.value)
    assert "bad.relay:3:" in msg and "nn.no_such_op" in msg
    (tmp_path / "bad.relay").write_text(bad)
    r = subprocess.run([CLI, "fuse", str(tmp_path / "bad.relay")], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.strip() == msg.strip()


def test_type_error_is_located():
    bad = '#[version = "0.0.5"]\ndef @main(%x: Tensor[(2), float32], %y: Tensor[(3), float32]) {\n  add(%x, %y)\n}\n'
    with pytest.raises(tirgen.TirgenError, match=r"t\.relay:3:"):
        relay.parse(bad, "t.relay")


def test_checked_type_before_inference_says_what_to_do():
    fn = relay.parse_expr('#[version = "0.0.5"]\nfn (%a: Tensor[(3), float32]) { negative(%a) }\n')
    with pytest.raises(tirgen.TirgenError, match="infer_type"):
        fn.body.checked_type


def test_from_onnx_result_feeds_optimize_and_lowering():
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    w = np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32)
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"]), helper.make_node("Relu", ["y"], ["z"])],
        "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 4])],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, [2, 3])],
        [numpy_helper.from_array(w, "w")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    mod, params = tirgen.from_onnx(model)
    assert isinstance(params["w"], np.ndarray)
    opt = relay.optimize(mod, params)
    lowered = tirgen.lower_te(opt)
    assert any(n != "main" for n in lowered.get_global_vars())
    x = np.random.default_rng(1).standard_normal((2, 4)).astype(np.float32)
    (got,) = tirgen.run(mod, {"x": x}, params=params)
    np.testing.assert_allclose(got, np.maximum(x @ w, 0), rtol=1e-5, atol=1e-6)


def test_relay_transform_passes_compose_like_tvms():
    from tirgen.relay import transform

    mod = relay.parse(read("conv2d_bias_relu", "input.relay"))
    seq = transform.Sequential([transform.SimplifyInference(), transform.CanonicalizeOps(),
                                transform.FoldConstant(), transform.FuseOps(fuse_opt_level=2)])
    fused = seq(mod)
    assert str(fused) == read("conv2d_bias_relu", "optimized.relay")
    assert str(transform.InferType()(mod)) == str(mod)
    assert str(transform.DeadCodeElimination()(mod)) == str(mod)
    assert str(transform.EliminateCommonSubexpr()(mod)) == str(mod)
