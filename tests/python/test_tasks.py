"""tirgen.extract_tasks (TVM's meta_schedule extract_tasks): dedup by structure, weights, TVM's
order and names, link-params under both module equalities, and on resnet18 (as TVM's ONNX
frontend prints it) the task list TVM produces; the binding agrees with `tirgen tasks --json`."""
import json
import os
import subprocess

import numpy as np
import pytest

import tirgen

SHARED = os.environ.get(
    "TIRGEN_SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "data", "tvm"))
RESNET = os.path.join(SHARED, "models", "resnet18", "model.relay")
CLI = os.environ.get("TIRGEN_CLI", os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirgen.__file__)))), "tirgen"))

# x -> relu(dense(x, w1)) -> relu(dense(., w2)) -> relu(dense(., w3)); w1 and w2 have one shape.
CHAIN = open(os.path.join(os.path.dirname(__file__), "..", "data", "tasks", "dense_chain.relay")).read()


def chain_params():
    rng = np.random.default_rng(7)
    return {
        "w1": rng.standard_normal((4, 4)).astype("float32"),
        "w2": rng.standard_normal((4, 4)).astype("float32"),
        "w3": rng.standard_normal((8, 4)).astype("float32"),
    }


def summary(tasks):
    return [(t.task_name, t.weight) for t in tasks]


def test_dedup_weights_order_and_names():
    tasks = tirgen.extract_tasks(CHAIN)
    # Post order meets the 8x4 function first; reversed, the 4x4 task (two call sites) leads.
    assert summary(tasks) == [("fused_nn_dense_nn_relu", 2), ("fused_nn_dense_nn_relu_1", 1)]
    prim = tasks[0].dispatched[0]["main"]
    text = prim.script()
    assert "@T.prim_func" in text and '"tir.noalias": T.bool(True)' in text
    assert "T.Buffer((T.int64(4), T.int64(4))" in text
    assert tasks[0].hash == tirgen.structural_hash(tasks[0].dispatched[0])
    assert tasks[0].target == "generic"
    relay_text = str(tasks[0].mod)
    assert "Primitive=1" in relay_text and "nn.dense" in relay_text
    assert tasks[0].mod.get_global_vars() == ["fused_nn_dense_nn_relu"]
    assert "fused_nn_dense_nn_relu" in repr(tasks[0])


def test_link_params_under_both_equalities():
    params = chain_params()
    assert summary(tirgen.extract_tasks(CHAIN, params)) == [
        ("fused_nn_dense_nn_relu", 2), ("fused_nn_dense_nn_relu_1", 1)]
    linked = tirgen.extract_tasks(CHAIN, params, link_params=True)
    assert summary(linked) == [
        ("fused_nn_dense_nn_relu", 1), ("fused_nn_dense_nn_relu_1", 1), ("fused_nn_dense_nn_relu_2", 1)]
    assert "T.allocate_const" in linked[0].dispatched[0]["main"].script()
    ignoring = tirgen.extract_tasks(CHAIN, params, link_params=True, module_equality="ignore-ndarray")
    assert summary(ignoring) == [("fused_nn_dense_nn_relu", 2), ("fused_nn_dense_nn_relu_1", 1)]
    for t in ignoring:
        assert t.hash == tirgen.structural_hash(t.dispatched[0], ignore_ndarray_data=True)
    # Same weights in both 4x4 layers: one task even comparing data.
    params["w2"] = params["w1"]
    assert [t.weight for t in tirgen.extract_tasks(CHAIN, params, link_params=True)] == [2, 1]


def test_accepts_modules_paths_and_reports_errors(tmp_path):
    path = tmp_path / "chain.relay"
    path.write_text(CHAIN)
    assert summary(tirgen.extract_tasks(str(path))) == summary(tirgen.extract_tasks(CHAIN))
    # A bare (here already primitive) Relay function is wrapped as main, as TVM does.
    fn = tirgen.extract_tasks(CHAIN)[1].mod["fused_nn_dense_nn_relu"]
    assert summary(tirgen.extract_tasks(fn)) == [("fused_nn_dense_nn_relu", 1)]
    with pytest.raises(tirgen.TirgenError, match="module equality"):
        tirgen.extract_tasks(CHAIN, module_equality="anchor")
    with pytest.raises(tirgen.TirgenError, match="cuda"):
        tirgen.extract_tasks(CHAIN, target="cuda")
    with pytest.raises(TypeError):
        tirgen.extract_tasks(42)
    # TVM's positional order (mod, target, params) ports unchanged.
    params = chain_params()
    assert summary(tirgen.extract_tasks(CHAIN, "llvm", params)) == summary(tirgen.extract_tasks(CHAIN, params))
    assert tirgen.extract_tasks(CHAIN, "llvm")[0].target == "generic"


def resnet_params():
    """Seeded random arrays of main's declared shapes (task lists do not depend on values)."""
    import re
    text = open(RESNET).read()
    header = text[text.index("def @main("):text.index(") -> Tensor")]
    rng = np.random.default_rng(0)
    params = {}
    for name, dims, dtype in re.findall(r"%([\w.:]+): Tensor\[\(([\d, ]*)\), (\w+)\]", header):
        if name != "input_0":
            params[name] = rng.standard_normal([int(d) for d in dims.split(",")]).astype(dtype)
    return params


# TVM's resnet18 tasks (derivation: tests/unit/cli_tasks_test.cc): downsample convs of stages
# 4, 3, 2; the stem; max pool; then per stage conv1 (strided), conv2 (x2 calls), second conv1.
RESNET_TASKS = [
    ("fused_nn_conv2d_add", 1), ("fused_nn_conv2d_add_1", 1), ("fused_nn_conv2d_add_2", 1),
    ("fused_nn_conv2d_add_nn_relu", 1), ("fused_nn_max_pool2d", 1),
    ("fused_nn_conv2d_add_nn_relu_1", 2), ("fused_nn_conv2d_add_add_nn_relu", 2),
    ("fused_nn_conv2d_add_nn_relu_2", 1), ("fused_nn_conv2d_add_nn_relu_3", 1),
    ("fused_nn_conv2d_add_add_nn_relu_1", 2),
    ("fused_nn_conv2d_add_nn_relu_4", 1), ("fused_nn_conv2d_add_nn_relu_5", 1),
    ("fused_nn_conv2d_add_add_nn_relu_2", 2),
    ("fused_nn_conv2d_add_nn_relu_6", 1), ("fused_nn_conv2d_add_nn_relu_7", 1),
    ("fused_nn_conv2d_add_add_nn_relu_3", 2),
    ("fused_nn_global_avg_pool2d", 1), ("fused_nn_batch_flatten", 1), ("fused_nn_dense_add", 1),
]


def cli_tasks(params_path, *flags):
    out = subprocess.run([CLI, "tasks", RESNET, "--params", params_path, "--json", *flags],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("link_params", [False, True])
def test_resnet18_matches_tvm_and_the_cli(tmp_path, link_params):
    params = resnet_params()
    tasks = tirgen.extract_tasks(RESNET, params, link_params=link_params)
    if link_params:
        assert len(tasks) == 24 and all(t.weight == 1 for t in tasks), "one task per call site"
        collapsed = tirgen.extract_tasks(RESNET, params, link_params=True, module_equality="ignore-ndarray")
        assert summary(collapsed) == RESNET_TASKS
    else:
        assert summary(tasks) == RESNET_TASKS
    anchor = tirgen.extract_tasks(RESNET, params, link_params=link_params, module_equality="anchor-block")
    assert len(anchor) == 15 and sum(t.weight for t in anchor) == 24, "residual conv2s join their conv1 twins"
    assert not any("add_add" in t.task_name for t in anchor)
    if not os.path.exists(CLI):
        pytest.skip(f"no tirgen CLI at {CLI} to compare with")
    npz = str(tmp_path / "params.npz")
    np.savez(npz, **params)
    cli = cli_tasks(npz, *(["--link-params"] if link_params else []))
    assert [(t["name"], t["weight"], t["hash"]) for t in cli] == [
        (t.task_name, t.weight, "%016x" % t.hash) for t in tasks]


def test_onnx_bytes_and_paths_bring_their_initializers(tmp_path):
    torch = pytest.importorskip("torch")
    import io
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.ReLU(),
                              torch.nn.Conv2d(4, 4, 3, padding=1), torch.nn.ReLU()).eval()
    buf = io.BytesIO()
    torch.onnx.export(net, torch.randn(1, 3, 8, 8), buf, opset_version=13, input_names=["data"])
    path = tmp_path / "net.onnx"
    path.write_bytes(buf.getvalue())
    mod, params = tirgen.from_onnx(str(path))
    want = [("fused_nn_conv2d_add_nn_relu", 1), ("fused_nn_conv2d_add_nn_relu_1", 1)]
    assert summary(tirgen.extract_tasks(mod, params)) == want
    assert summary(tirgen.extract_tasks(str(path))) == want
    assert summary(tirgen.extract_tasks(buf.getvalue(), link_params=True)) == want
    # The first conv (3 input channels) is the input-side one: it comes first.
    first = tirgen.extract_tasks(path)[0].dispatched[0]["main"].script()
    assert "T.Buffer((T.int64(1), T.int64(3), T.int64(8), T.int64(8))" in first


def test_relay_objects_as_tvm_passes_them():
    # TVM style: a parsed module, its main function, or an already optimized module.
    mod = tirgen.relay.parse(CHAIN)
    want = summary(tirgen.extract_tasks(CHAIN))
    assert summary(tirgen.extract_tasks(mod)) == want
    assert summary(tirgen.extract_tasks(mod["main"])) == want
    assert summary(tirgen.extract_tasks(tirgen.relay.optimize(mod))) == want
    fn = tirgen.extract_tasks(mod)[0].mod["fused_nn_dense_nn_relu"]
    assert isinstance(fn, tirgen.relay.Function)
    assert fn.body.op.name == "nn.relu"
