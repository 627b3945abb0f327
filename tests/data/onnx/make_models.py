"""Builds the ONNX test models of the ONNX frontend tests, with inputs and PyTorch/NumPy
reference outputs.

    /usr/bin/python3 make_models.py OUT_DIR [CASE ...]      (default: every per-op case)

Writes OUT_DIR/<case>.onnx and OUT_DIR/<case>.npz (inputs named like the graph inputs,
reference outputs as out0, out1, ..., initializer values as init.<name>). Per-op cases are exported from PyTorch where PyTorch
has the operator (the export is checked to contain it) and built with onnx.helper otherwise.
Whole models (resnet18, mobilenet_v2, resnet18_tvm) and the error_* models are built only
when named.
"""
import io
import os
import sys

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper

CASES = {}
WHOLE_MODELS = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def whole_model(fn):
    WHOLE_MODELS[fn.__name__] = fn
    return fn


def rand(*shape, lo=-2.0, hi=2.0, seed=0):
    g = np.random.default_rng(seed + sum(shape))
    return (g.random(shape, dtype=np.float32) * (hi - lo) + lo).astype(np.float32)


class Fn(torch.nn.Module):
    def __init__(self, f):
        super().__init__()
        self.f = f

    def forward(self, *xs):
        return self.f(*xs)


def export(module, inputs, opset=13, expect=(), **kwargs):
    """(model bytes, inputs dict, outputs list) of a PyTorch module exported to ONNX."""
    if not isinstance(module, torch.nn.Module):
        module = Fn(module)
    module.eval()
    tins = tuple(torch.from_numpy(x) for x in inputs)
    names = [f"in{i}" for i in range(len(inputs))]
    with torch.no_grad():
        ref = module(*tins)
    refs = list(ref) if isinstance(ref, (tuple, list)) else [ref]
    buf = io.BytesIO()
    torch.onnx.export(module, tins, buf, opset_version=opset, input_names=names,
                      output_names=[f"out{i}" for i in range(len(refs))], **kwargs)
    model = buf.getvalue()
    types = {n.op_type for n in onnx.load_from_string(model).graph.node}
    for op in expect:
        assert op in types, f"export has no {op}: {sorted(types)}"
    return model, dict(zip(names, inputs)), [r.numpy() for r in refs]


def onnx_dtype(a):
    return helper.np_dtype_to_tensor_dtype(a.dtype) if hasattr(helper, "np_dtype_to_tensor_dtype") \
        else onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[a.dtype]


def single(op, inputs, outputs, opset=13, attrs=None, inits=None, extra_nodes=()):
    """(model bytes, inputs, outputs) of a graph of one `op` node (plus `extra_nodes` first).
    `inputs`: name -> array (graph inputs); `inits`: name -> array (initializers, may be used
    as node inputs via their names); `outputs`: list of reference arrays (out0, out1, ...)."""
    inits = inits or {}
    node_inputs = [k for k in list(inputs) + list(inits) if not k.startswith("_")]
    if attrs and "_inputs" in attrs:
        node_inputs = attrs.pop("_inputs")
    out_names = [f"out{i}" for i in range(len(outputs))]
    node = helper.make_node(op, node_inputs, out_names, name=f"{op}_node", **(attrs or {}))
    g = helper.make_graph(
        list(extra_nodes) + [node], f"{op}_test",
        [helper.make_tensor_value_info(k, onnx_dtype(v), v.shape) for k, v in inputs.items()],
        [helper.make_tensor_value_info(n, onnx_dtype(o), o.shape) for n, o in zip(out_names, outputs)],
        [numpy_helper.from_array(v, k) for k, v in inits.items()])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    return m.SerializeToString(), inputs, outputs


# ---- elementwise ----

def _binary(f, a=None, b=None, **kw):
    a = rand(2, 3, 4) if a is None else a
    b = rand(3, 1, seed=1) if b is None else b
    return export(f, [a, b], **kw)


@case
def add(): return _binary(torch.add, expect=["Add"])
@case
def sub(): return _binary(torch.sub, expect=["Sub"])
@case
def mul(): return _binary(torch.mul, expect=["Mul"])
@case
def div(): return _binary(torch.div, b=rand(3, 1, lo=0.5, hi=2.0), expect=["Div"])
@case
def pow(): return _binary(torch.pow, a=rand(2, 3, 4, lo=0.5, hi=2), expect=["Pow"])
@case
def min(): return _binary(torch.minimum, expect=["Min"])
@case
def max(): return _binary(torch.maximum, expect=["Max"])
@case
def equal():
    a = np.arange(24, dtype=np.int64).reshape(2, 3, 4) % 3
    return export(torch.eq, [a, np.array([[0], [1], [2]], dtype=np.int64)], expect=["Equal"])
@case
def less(): return _binary(torch.lt, expect=["Less"])
@case
def greater(): return _binary(torch.gt, expect=["Greater"])


def _bools(seed):
    return np.random.default_rng(seed).random((3, 4)) > 0.5


@case
def logical_not(): return export(lambda x: ~x, [_bools(0)], expect=["Not"])
@case
def logical_and(): return export(lambda a, b: a & b, [_bools(0), _bools(1)], expect=["And"])
@case
def logical_or(): return export(lambda a, b: a | b, [_bools(0), _bools(1)], expect=["Or"])
@case
def where():
    return export(lambda c, x, y: torch.where(c, x, y), [_bools(2), rand(3, 4), rand(4, seed=3)],
                  expect=["Where"])


def _unary(f, x=None, expect=(), opset=13):
    return export(f, [rand(2, 3, 5) if x is None else x], expect=expect, opset=opset)


@case
def neg(): return _unary(torch.neg, expect=["Neg"])
@case
def abs(): return _unary(torch.abs, expect=["Abs"])
@case
def exp(): return _unary(torch.exp, expect=["Exp"])
@case
def log(): return _unary(torch.log, x=rand(2, 3, 5, lo=0.1, hi=3), expect=["Log"])
@case
def sqrt(): return _unary(torch.sqrt, x=rand(2, 3, 5, lo=0.1, hi=3), expect=["Sqrt"])
@case
def reciprocal(): return _unary(torch.reciprocal, x=rand(2, 3, 5, lo=0.5, hi=3), expect=["Reciprocal"])
@case
def floor(): return _unary(torch.floor, expect=["Floor"])
@case
def ceil(): return _unary(torch.ceil, expect=["Ceil"])
@case
def erf(): return _unary(torch.erf, expect=["Erf"])
@case
def relu(): return _unary(torch.relu, expect=["Relu"])
@case
def leaky_relu(): return _unary(lambda x: F.leaky_relu(x, 0.1), expect=["LeakyRelu"])
@case
def sigmoid(): return _unary(torch.sigmoid, expect=["Sigmoid"])
@case
def tanh(): return _unary(torch.tanh, expect=["Tanh"])
@case
def hardsigmoid(): return _unary(F.hardsigmoid, x=rand(2, 3, 5, lo=-4, hi=4), expect=["HardSigmoid"])
@case
def hardswish(): return _unary(F.hardswish, x=rand(2, 3, 5, lo=-4, hi=4), expect=["HardSwish"], opset=14)
@case
def softplus(): return _unary(F.softplus, x=rand(2, 3, 5, lo=-10, hi=10), expect=["Softplus"])
@case
def clip_inputs(): return _unary(lambda x: torch.clamp(x, -0.5, 1.0), expect=["Clip"])
@case
def clip_min_only(): return _unary(lambda x: torch.clamp(x, min=-0.5), expect=["Clip"])
@case
def relu6(): return _unary(F.relu6, expect=["Clip"])
@case
def clip_attributes():
    # The opset <= 10 attribute form (min/max attributes) inside an opset 11 model.
    x = rand(2, 3, 5)
    return single("Clip", {"x": x}, [np.clip(x, -0.5, 1.0)], opset=11, attrs={"min": -0.5, "max": 1.0})
@case
def cast(): return _unary(lambda x: (x * 3).to(torch.int32), expect=["Cast"])
@case
def identity():
    x = rand(3, 4)
    return single("Identity", {"x": x}, [x])
@case
def dropout():
    x = rand(3, 4)
    return single("Dropout", {"x": x}, [x, np.ones_like(x, dtype=bool)])


# ---- value sources and shape subgraphs ----

@case
def constant():
    c = rand(3, 4, seed=5)
    node = helper.make_node("Constant", [], ["c"], value=numpy_helper.from_array(c))
    x = rand(3, 4)
    return single("Add", {"x": x}, [x + c], attrs={"_inputs": ["x", "c"]}, extra_nodes=[node])
@case
def constant_of_shape():
    x = rand(2, 3)
    shape = helper.make_node("Shape", ["x"], ["s"])
    return single("ConstantOfShape", {"x": x}, [np.full((2, 3), 1.5, np.float32)],
                  attrs={"_inputs": ["s"], "value": numpy_helper.from_array(np.array([1.5], np.float32))},
                  extra_nodes=[shape])
@case
def shape_range():
    # Range(0, Shape(x)[1], 1) + 0 -> int64 [0..n)
    x = rand(2, 5)
    nodes = [helper.make_node("Shape", ["x"], ["s"]),
             helper.make_node("Gather", ["s", "one"], ["n"], axis=0),
             helper.make_node("Range", ["zero", "n", "one"], ["r"])]
    return single("Add", {"x": x}, [np.arange(5, dtype=np.int64)], attrs={"_inputs": ["r", "zero"]},
                  inits={"zero": np.array(0, np.int64), "one": np.array(1, np.int64)},
                  extra_nodes=nodes)
@case
def shape_subgraph():
    # Reshape(x, Concat(Unsqueeze(Gather(Shape(x), 0)), [-1])): torch's x.view(x.size(0), -1).
    x = rand(2, 3, 4)
    nodes = [helper.make_node("Shape", ["x"], ["s"]),
             helper.make_node("Gather", ["s", "i0"], ["b"], axis=0),
             helper.make_node("Unsqueeze", ["b", "ax0"], ["bu"]),
             helper.make_node("Mul", ["bu", "two"], ["b2"]),
             helper.make_node("Div", ["b2", "two"], ["b1"]),
             helper.make_node("Concat", ["b1", "minus1"], ["shape"], axis=0)]
    inits = {"i0": np.array(0, np.int64), "ax0": np.array([0], np.int64),
             "two": np.array([2], np.int64), "minus1": np.array([-1], np.int64)}
    return single("Reshape", {"x": x}, [x.reshape(2, -1)], attrs={"_inputs": ["x", "shape"]},
                  inits=inits, extra_nodes=nodes)
@case
def dynamic_batch_view():
    # Exported with a symbolic batch: the importer gets the shape {in0: (2, 3, 4)} and folds
    # the Shape -> Gather -> Unsqueeze -> Concat -> Reshape chain.
    return export(lambda x: x.view(x.size(0), -1) * 2, [rand(2, 3, 4)], expect=["Shape", "Reshape"],
                  dynamic_axes={"in0": {0: "batch"}, "out0": {0: "batch"}})


# ---- initializer storage ----

@case
def initializer_typed_fields():
    # Initializers in the typed repeated fields (float_data, int64_data, int32_data for bool)
    # instead of raw_data.
    x, w = rand(2, 6), rand(2, 6, seed=1)
    cond = np.random.default_rng(3).random((3, 4)) > 0.5
    inits = [helper.make_tensor("w", TensorProto.FLOAT, w.shape, w.flatten().tolist()),
             helper.make_tensor("shape", TensorProto.INT64, [2], [3, 4]),
             helper.make_tensor("cond", TensorProto.BOOL, cond.shape, cond.flatten().astype(int).tolist())]
    nodes = [helper.make_node("Mul", ["x", "w"], ["m"]),
             helper.make_node("Reshape", ["m", "shape"], ["r"]),
             helper.make_node("Where", ["cond", "r", "x2"], ["out0"])]
    ref = np.where(cond, (x * w).reshape(3, 4), x.reshape(3, 4))
    g = helper.make_graph(nodes, "typed", [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape),
                                           helper.make_tensor_value_info("x2", TensorProto.FLOAT, (3, 4))],
                          [helper.make_tensor_value_info("out0", TensorProto.FLOAT, ref.shape)], inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    return m.SerializeToString(), {"x": x, "x2": x.reshape(3, 4)}, [ref]


@case
def external_data():
    # A weight stored in a file beside the model (at an offset), as onnx.save_model writes
    # large models.
    x, w = rand(3, 4), rand(4, 5, seed=1)
    t = numpy_helper.from_array(w, "w")
    raw = t.raw_data
    t.ClearField("raw_data")
    t.data_location = TensorProto.EXTERNAL
    for k, v in (("location", "external_data.bin"), ("offset", "16"), ("length", str(len(raw)))):
        e = t.external_data.add()
        e.key, e.value = k, v
    g = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["out0"])], "external",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
                          [helper.make_tensor_value_info("out0", TensorProto.FLOAT, (3, 5))], [t])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    return m.SerializeToString(), {"x": x}, [x @ w], {"external_data.bin": b"\0" * 16 + raw}


@case
def initializers_as_inputs():
    # IR version 3 style: the weights are also listed as graph inputs (they stay parameters).
    return export(torch.nn.Linear(6, 4), [rand(3, 6)], expect=["Gemm"], keep_initializers_as_inputs=True)


# ---- nn ----

@case
def conv():
    return export(torch.nn.Conv2d(4, 8, 3, stride=2, padding=1), [rand(1, 4, 9, 9)], expect=["Conv"])
@case
def conv_groups():
    return export(torch.nn.Conv2d(4, 6, 3, groups=2, dilation=2, bias=False), [rand(1, 4, 9, 9)], expect=["Conv"])
@case
def conv_depthwise():
    return export(torch.nn.Conv2d(4, 4, 3, groups=4, padding=1), [rand(1, 4, 8, 8)], expect=["Conv"])
@case
def conv1d():
    return export(torch.nn.Conv1d(3, 5, 3, padding=1), [rand(2, 3, 10)], expect=["Conv"])
@case
def conv_auto_pad():
    x, w = rand(1, 2, 8, 8), rand(3, 2, 3, 3, seed=1)
    ref = F.conv2d(F.pad(torch.from_numpy(x), (0, 1, 0, 1)), torch.from_numpy(w), stride=2).numpy()
    return single("Conv", {"x": x}, [ref], attrs={"auto_pad": "SAME_UPPER", "strides": [2, 2]},
                  inits={"w": w})
@case
def conv_transpose():
    return export(torch.nn.ConvTranspose2d(4, 3, 3, stride=2, padding=1, output_padding=1),
                  [rand(1, 4, 5, 5)], expect=["ConvTranspose"])
@case
def gemm():
    return export(torch.nn.Linear(6, 4), [rand(3, 6)], expect=["Gemm"])
@case
def gemm_alpha_beta():
    a, b, c = rand(6, 3), rand(6, 4, seed=1), rand(4, seed=2)
    return single("Gemm", {"a": a}, [0.5 * a.T @ b + 2.0 * c],
                  attrs={"alpha": 0.5, "beta": 2.0, "transA": 1}, inits={"b": b, "c": c})
@case
def matmul_2d(): return export(torch.matmul, [rand(3, 5), rand(5, 4, seed=1)], expect=["MatMul"])
@case
def matmul_batched():
    return export(torch.matmul, [rand(2, 1, 3, 5), rand(4, 5, 2, seed=1)], expect=["MatMul"])
@case
def matmul_weight():
    return export(torch.matmul, [rand(2, 3, 5), rand(5, 4, seed=1)], expect=["MatMul"])
@case
def matmul_vector():
    return export(torch.matmul, [rand(5), rand(2, 5, 3, seed=1)], expect=["MatMul"])


def _bn(n):
    m = torch.nn.BatchNorm2d(n)
    with torch.no_grad():
        m.running_mean.copy_(torch.from_numpy(rand(n, seed=1)))
        m.running_var.copy_(torch.from_numpy(rand(n, lo=0.5, hi=2, seed=2)))
        m.weight.copy_(torch.from_numpy(rand(n, seed=3)))
        m.bias.copy_(torch.from_numpy(rand(n, seed=4)))
    return m


@case
def batch_norm(): return export(_bn(3), [rand(2, 3, 4, 4)], expect=["BatchNormalization"])
@case
def layer_norm():
    m = torch.nn.LayerNorm(6)
    with torch.no_grad():
        m.weight.copy_(torch.from_numpy(rand(6, seed=3)))
    return export(m, [rand(2, 3, 6)], opset=17, expect=["LayerNormalization"])
@case
def layer_norm_2axes():
    m = torch.nn.LayerNorm([3, 6])
    return export(m, [rand(2, 3, 6)], opset=17, expect=["LayerNormalization"])
@case
def instance_norm():
    m = torch.nn.InstanceNorm2d(3, affine=True)
    with torch.no_grad():
        m.weight.copy_(torch.from_numpy(rand(3, seed=3)))
    return export(m, [rand(2, 3, 5, 5)], expect=["InstanceNormalization"])
@case
def max_pool():
    return export(torch.nn.MaxPool2d(3, stride=2, padding=1), [rand(1, 2, 9, 9)], expect=["MaxPool"])
@case
def max_pool_ceil():
    return export(torch.nn.MaxPool2d(2, stride=2, ceil_mode=True), [rand(1, 2, 7, 7)], expect=["MaxPool"])
@case
def avg_pool_include_pad():
    return export(torch.nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=True), [rand(1, 2, 8, 8)],
                  expect=["AveragePool"])
@case
def avg_pool_count_include_pad():  # PyTorch exports count_include_pad=True as Pad + AveragePool
    x = rand(1, 2, 8, 8)
    ref = F.avg_pool2d(torch.from_numpy(x), 3, 2, 1, count_include_pad=True).numpy()
    return single("AveragePool", {"x": x}, [ref],
                  attrs={"kernel_shape": [3, 3], "strides": [2, 2], "pads": [1, 1, 1, 1], "count_include_pad": 1})
@case
def avg_pool_exclude_pad():
    return export(torch.nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False), [rand(1, 2, 8, 8)],
                  expect=["AveragePool"])
@case
def global_avg_pool():
    return export(torch.nn.AdaptiveAvgPool2d(1), [rand(1, 3, 5, 5)], expect=["GlobalAveragePool"])
@case
def global_max_pool():
    x = rand(1, 3, 5, 5)  # PyTorch exports AdaptiveMaxPool2d(1) as MaxPool
    return single("GlobalMaxPool", {"x": x}, [x.max(axis=(2, 3), keepdims=True)])
@case
def softmax(): return export(lambda x: torch.softmax(x, 1), [rand(2, 3, 4)], expect=["Softmax"])
@case
def softmax_opset11():
    x = rand(2, 3, 4)
    e = np.exp(x.reshape(2, 12) - x.reshape(2, 12).max(1, keepdims=True))
    return single("Softmax", {"x": x}, [(e / e.sum(1, keepdims=True)).reshape(2, 3, 4)], opset=11, attrs={"axis": 1})
@case
def log_softmax(): return export(lambda x: torch.log_softmax(x, -1), [rand(2, 3, 4)], expect=["LogSoftmax"])
@case
def log_softmax_opset11():
    return export(lambda x: torch.log_softmax(x, 1), [rand(2, 3, 4)], opset=11, expect=["LogSoftmax"])


# ---- reductions ----

@case
def reduce_mean(): return _unary(lambda x: x.mean(dim=(1, 2), keepdim=True), expect=["ReduceMean"])
@case
def reduce_sum(): return _unary(lambda x: x.sum(dim=-1), expect=["ReduceSum"])
@case
def reduce_sum_opset11(): return _unary(lambda x: x.sum(dim=1), expect=["ReduceSum"], opset=11)
@case
def reduce_max(): return _unary(lambda x: x.amax(dim=1), expect=["ReduceMax"])
@case
def reduce_min(): return _unary(lambda x: x.amin(dim=(0, 2), keepdim=True), expect=["ReduceMin"])
@case
def reduce_prod(): return _unary(lambda x: x.prod(dim=1), x=rand(2, 3, 5, lo=0.5, hi=1.5), expect=["ReduceProd"])
@case
def argmax(): return _unary(lambda x: x.argmax(dim=1), expect=["ArgMax"])
@case
def argmin(): return _unary(lambda x: x.argmin(dim=-1, keepdim=True), expect=["ArgMin"])


# ---- transforms ----

@case
def reshape(): return _unary(lambda x: x.reshape(5, 6) + 1, expect=["Reshape"])
@case
def flatten(): return export(torch.nn.Flatten(), [rand(2, 3, 4)], expect=["Flatten"])
@case
def flatten_axis2():
    x = rand(2, 3, 4, 5)
    return single("Flatten", {"x": x}, [x.reshape(6, 20)], attrs={"axis": 2})
@case
def transpose(): return _unary(lambda x: x.permute(2, 0, 1), expect=["Transpose"])
@case
def squeeze(): return export(lambda x: x.squeeze(1), [rand(2, 1, 4)], expect=["Squeeze"])
@case
def unsqueeze(): return export(lambda x: x.unsqueeze(0).unsqueeze(-1), [rand(2, 4)], expect=["Unsqueeze"])
@case
def concat(): return export(lambda a, b: torch.cat([a, b], 1), [rand(2, 3), rand(2, 4, seed=1)], expect=["Concat"])
@case
def split(): return export(lambda x: torch.split(x, [2, 4], dim=1), [rand(2, 6)], expect=["Split"])
@case
def split_equal():
    x = rand(2, 6)
    return single("Split", {"x": x}, [x[:, :2], x[:, 2:4], x[:, 4:]], attrs={"axis": 1})
@case
def chunk():  # exported as Shape -> Gather -> arithmetic -> Slice
    return export(lambda x: torch.chunk(x, 3, dim=1), [rand(2, 6)], expect=["Shape", "Slice"])
@case
def slice(): return export(lambda x: x[:, 1:, ::2], [rand(2, 4, 7)], expect=["Slice"])
@case
def slice_negative_step():
    x = rand(4, 7)
    return single("Slice", {"x": x}, [x[:, -2::-2]],
                  inits={"starts": np.array([-2], np.int64), "ends": np.array([-1000], np.int64),
                         "axes": np.array([1], np.int64), "steps": np.array([-2], np.int64)})
@case
def gather(): return export(lambda x: x[:, 2], [rand(3, 4, 5)], expect=["Gather"])
@case
def gather_indices():
    x = rand(5, 3)
    idx = np.array([[0, -1], [2, 1]], np.int64)
    return single("Gather", {"x": x}, [np.take(x, np.where(idx < 0, idx + 5, idx), axis=0)], inits={"idx": idx})
@case
def gather_elements():
    idx = np.array([[0, 2, 1], [1, 0, 0]], np.int64)
    return export(lambda x, i: torch.gather(x, 1, i), [rand(2, 4), idx], expect=["GatherElements"])
@case
def expand(): return export(lambda x: x.expand(2, 3, 4), [rand(3, 1)], expect=["Expand"])
@case
def tile(): return export(lambda x: x.repeat(2, 3), [rand(2, 3)], expect=["Tile"])
@case
def pad_constant(): return export(lambda x: F.pad(x, (1, 2, 0, 1), value=0.5), [rand(1, 2, 3, 4)], expect=["Pad"])
@case
def pad_reflect(): return export(lambda x: F.pad(x, (2, 1, 1, 2), mode="reflect"), [rand(1, 2, 4, 5)], expect=["Pad"])
@case
def pad_edge(): return export(lambda x: F.pad(x, (2, 1, 1, 2), mode="replicate"), [rand(1, 2, 4, 5)], expect=["Pad"])
@case
def resize_nearest():
    return export(lambda x: F.interpolate(x, scale_factor=2, mode="nearest"), [rand(1, 2, 3, 4)], expect=["Resize"])
@case
def resize_linear():
    return export(lambda x: F.interpolate(x, size=(5, 7), mode="bilinear", align_corners=False),
                  [rand(1, 2, 3, 4)], expect=["Resize"])
@case
def resize_linear_align_corners():
    return export(lambda x: F.interpolate(x, size=(5, 7), mode="bilinear", align_corners=True),
                  [rand(1, 2, 3, 4)], expect=["Resize"])
@case
def depth_to_space_crd():
    return export(torch.nn.PixelShuffle(2), [rand(1, 8, 3, 3)], expect=["DepthToSpace"])
@case
def depth_to_space_dcr():
    x = rand(1, 8, 2, 3)
    b = 2
    ref = x.reshape(1, b, b, 2, 2, 3).transpose(0, 3, 4, 1, 5, 2).reshape(1, 2, 4, 6)
    return single("DepthToSpace", {"x": x}, [ref], attrs={"blocksize": 2, "mode": "DCR"})
@case
def two_outputs():
    return export(lambda x: (x.relu(), x.sigmoid()), [rand(2, 3)], expect=["Relu", "Sigmoid"])


# ---- models the importer must reject (error_*: not per-op cases) ----

@whole_model
def error_unsupported():
    # Two unsupported operator types, one used by two nodes; the first node is unnamed.
    x = rand(3, 4)
    nodes = [helper.make_node("NonZero", ["x"], ["nz"]),
             helper.make_node("Unique", ["x"], ["e1"], name="e_one", sorted=0),
             helper.make_node("Relu", ["e1"], ["r"], name="relu"),
             helper.make_node("Unique", ["r"], ["out0"], name="e_two", sorted=0)]
    g = helper.make_graph(nodes, "unsupported", [helper.make_tensor_value_info("x", TensorProto.FLOAT, (3, 4))],
                          [helper.make_tensor_value_info("out0", TensorProto.FLOAT, (3, 4))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    return m.SerializeToString(), {"x": x}, [x]


@whole_model
def error_opset21():
    x = rand(3, 4)
    return single("Relu", {"x": x}, [np.maximum(x, 0)], opset=21)


# ---- whole models ----

def _torchvision(name, opset, input_name="in0", randomize_bn=False):
    import torchvision
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)(weights=None).eval()
    if randomize_bn:
        # Fresh BatchNorm statistics fold into all-zero conv biases, which this torch
        # deduplicates into Identity nodes; random statistics keep one initializer per bias,
        # the graph TVM's golden was printed from.
        g = torch.Generator().manual_seed(1)
        for mod in m.modules():
            if isinstance(mod, torch.nn.BatchNorm2d):
                with torch.no_grad():
                    mod.running_mean.copy_(torch.rand(mod.num_features, generator=g) * 0.2 - 0.1)
                    mod.bias.copy_(torch.rand(mod.num_features, generator=g) * 0.2 - 0.1)
    x = torch.randn(1, 3, 224, 224, generator=torch.Generator().manual_seed(2))
    with torch.no_grad():
        ref = m(x).numpy()
    buf = io.BytesIO()
    torch.onnx.export(m, x, buf, opset_version=opset, input_names=[input_name])
    model = onnx.load_from_string(buf.getvalue())
    out_name = model.graph.output[0].name
    return buf.getvalue(), {input_name: x.numpy()}, [ref], out_name


@whole_model
def resnet18(): return _torchvision("resnet18", 13)
@whole_model
def resnet18_opset17(): return _torchvision("resnet18", 17)
@whole_model
def resnet18_tvm(): return _torchvision("resnet18", 13, input_name="input_0", randomize_bn=True)
@whole_model
def mobilenet_v2(): return _torchvision("mobilenet_v2", 13)
@whole_model
def mobilenet_v2_opset17(): return _torchvision("mobilenet_v2", 17)


def write(out_dir, name, result):
    model, inputs, outputs = result[:3]
    with open(os.path.join(out_dir, name + ".onnx"), "wb") as f:
        f.write(model)
    arrays = dict(inputs)
    for i, o in enumerate(outputs):
        arrays[f"out{i}"] = np.asarray(o)
    extra = result[3] if len(result) > 3 and isinstance(result[3], dict) else {}
    for fname, data in extra.items():
        with open(os.path.join(out_dir, fname), "wb") as f:
            f.write(data)
    # The initializers' values as onnx reads them (init.<name>), to check the imported params.
    for t in onnx.load_from_string(model).graph.initializer:
        arrays["init." + t.name] = numpy_helper.to_array(t, base_dir=out_dir)
    np.savez(os.path.join(out_dir, name + ".npz"), **arrays)


def main(argv):
    out_dir = argv[1]
    os.makedirs(out_dir, exist_ok=True)
    names = argv[2:] or list(CASES)
    for name in names:
        fn = CASES.get(name) or WHOLE_MODELS.get(name)
        if fn is None:
            sys.exit(f"unknown case {name}")
        write(out_dir, name, fn())


if __name__ == "__main__":
    main(sys.argv)
