"""Writes the binary cases of the malformed corpus (npy/, params/, onnx/); the text cases and
cases.txt are written by hand. Run with Debian's python3 (numpy, onnx) from this directory;
the outputs are committed, so the tests need neither."""
import io
import struct
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def npy_header(descr, shape, fortran=False):
    d = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, shape)
    while (10 + len(d) + 1) % 64:
        d += " "
    d += "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(d)) + d.encode()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


# ---- .npy ----
np.save("npy/x4.npy", np.arange(4, dtype=np.float32))
np.save("npy/a8.npy", np.arange(8, dtype=np.float32))
np.save("npy/x4_int32.npy", np.arange(4, dtype=np.int32))
np.save("npy/x5.npy", np.arange(5, dtype=np.float32))
np.save("npy/zero_int32.npy", np.array([1, 0, 2, 3], dtype=np.int32))
np.save("npy/idx_ok.npy", np.array([0, 7, 3, 1], dtype=np.int32))
np.save("npy/idx_bad.npy", np.array([0, 9, 3, 1], dtype=np.int32))
np.save("npy/idx_huge.npy", np.array([0, 1 << 30, 3, 1], dtype=np.int32))
np.save("npy/idx1_huge.npy", np.array([1 << 30], dtype=np.int32))
write("npy/huge_header.npy", npy_header("<f4", "(1073741824, 1073741824, 1073741824)"))
write("npy/truncated.npy", npy_header("<f4", "(4,)") + b"\0" * 8)
write("npy/bad_magic.npy", b"\x93NUMPX\x01\x00" + b"\0" * 60)
write("npy/bad_descr.npy", npy_header("<q9", "(4,)") + b"\0" * 16)
write("npy/object.npy", npy_header("|O", "(4,)") + b"\0" * 32)
write("npy/negative_dim.npy", npy_header("<f4", "(-4,)"))
write("npy/garbage_header.npy", b"\x93NUMPY\x01\x00\x20\x00" + b"{'descr': <f4 ((((((((((((((((\n")
write("npy/header_len_past_end.npy", b"\x93NUMPY\x01\x00\xff\xff{'descr'")
write("npy/empty.npy", b"")
write("npy/fortran.npy", npy_header("<f4", "(2, 2)", True) + b"\0" * 16)
write("npy/dim_beyond_int64.npy", npy_header("<f4", "(99999999999999999999999,)"))

# ---- .npz (params) ----
write("params/not_a_zip.npz", b"PK\x03\x04 this is not a zip file")
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    z.writestr("w.npy", npy_header("<f4", "(1073741824, 1073741824)"))
write("params/huge_member.npz", buf.getvalue())
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    z.writestr("readme.txt", "no arrays here")
write("params/no_npy.npz", buf.getvalue())
np.savez("params/unknown_name.npz", nope=np.zeros(4, np.float32))
np.savez("params/binds_input.npz", x=np.zeros(4, np.float32), w=np.zeros(4, np.float32))
np.savez("params/wrong_shape.npz", w=np.zeros(5, np.float32))
np.savez("params/wrong_dtype.npz", w=np.zeros(4, np.int64))
write("params/truncated.npz", open("params/wrong_shape.npz", "rb").read()[:40])


# ---- ONNX ----
def model(path, nodes, inits=(), in_shape=(8,), ir_version=8, opset=13, out="y", inputs=None, outputs=None,
          in_type=TensorProto.FLOAT):
    inputs = inputs if inputs is not None else [helper.make_tensor_value_info("x", in_type, list(in_shape))]
    outputs = outputs or [helper.make_tensor_value_info(out, TensorProto.FLOAT, None)]
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = ir_version
    write(path, m.SerializeToString())


def ints(name, v):
    return numpy_helper.from_array(np.array(v, dtype=np.int64), name)


N = helper.make_node
model("onnx/relu.onnx", [N("Relu", ["x"], ["y"], name="r")])
model("onnx/slice_step_beyond_int32.onnx", [N("Slice", ["x", "s", "e", "a", "st"], ["y"], name="big_step")],
      [ints("s", [0]), ints("e", [8]), ints("a", [0]), ints("st", [1 << 40])])
model("onnx/slice_int64_min.onnx", [N("Slice", ["x", "s", "e", "a", "st"], ["y"], name="neg_step")],
      [ints("s", [7]), ints("e", [-(1 << 62)]), ints("a", [0]), ints("st", [-(1 << 63)])])
model("onnx/slice_zero_step.onnx", [N("Slice", ["x", "s", "e", "a", "st"], ["y"], name="zero_step")],
      [ints("s", [0]), ints("e", [8]), ints("a", [0]), ints("st", [0])])
model("onnx/tile_beyond_int32.onnx", [N("Tile", ["x", "r"], ["y"], name="big_tile")], [ints("r", [1 << 40])])
model("onnx/tile_overflow.onnx", [N("Tile", ["x", "r"], ["y"], name="ovf_tile")], [ints("r", [1 << 62])])
model("onnx/two_producers.onnx", [N("Relu", ["x"], ["y"], name="a"), N("Neg", ["x"], ["y"], name="b")])
model("onnx/ir_version_99.onnx", [N("Relu", ["x"], ["y"])], ir_version=99)
model("onnx/unsupported_op.onnx", [N("FrobnicateOp", ["x"], ["y"], name="f")])
model("onnx/missing_input.onnx", [N("Add", ["x", "nowhere"], ["y"], name="add")])
model("onnx/unproduced_output.onnx", [N("Relu", ["x"], ["z"], name="r")])
model("onnx/reshape_bad.onnx", [N("Reshape", ["x", "s"], ["y"], name="rs")], [ints("s", [3, 5])])
model("onnx/reshape_negative.onnx", [N("Reshape", ["x", "s"], ["y"], name="rs")], [ints("s", [-3, 5])])
model("onnx/expand_huge.onnx", [N("Expand", ["x", "s"], ["y"], name="ex")], [ints("s", [1 << 40, 8])])
model("onnx/matmul_mismatch.onnx", [N("MatMul", ["x", "w"], ["y"], name="mm")],
      [numpy_helper.from_array(np.zeros((3, 4), np.float32), "w")], in_shape=(2, 8))
model("onnx/conv_bad_group.onnx", [N("Conv", ["x", "w"], ["y"], name="cv", group=3)],
      [numpy_helper.from_array(np.zeros((4, 1, 3, 3), np.float32), "w")], in_shape=(1, 2, 8, 8))
model("onnx/concat_float_int.onnx", [N("Concat", ["x", "c"], ["y"], name="cat", axis=0)],
      [ints("c", [1, 2])])
t = TensorProto()
t.name, t.data_type, t.raw_data = "w", TensorProto.FLOAT, b"\0" * 16
t.dims.extend([1 << 32, 1 << 32])
model("onnx/initializer_overflow.onnx", [N("Add", ["x", "w"], ["y"], name="add")], [t])
t = TensorProto()
t.name, t.data_type, t.raw_data = "w", TensorProto.FLOAT, b"\0" * 8
t.dims.extend([8])
model("onnx/initializer_short.onnx", [N("Add", ["x", "w"], ["y"], name="add")], [t])
t = TensorProto()
t.name, t.data_type = "w", TensorProto.FLOAT
t.dims.extend([8])
t.data_location = TensorProto.EXTERNAL
e = t.external_data.add()
e.key, e.value = "location", "w.bin"
e = t.external_data.add()
e.key, e.value = "offset", "twelve"
model("onnx/external_offset_text.onnx", [N("Add", ["x", "w"], ["y"], name="add")], [t])
t2 = TensorProto()
t2.CopyFrom(t)
del t2.external_data[:]
e = t2.external_data.add()
e.key, e.value = "location", "../../../../etc/passwd"
model("onnx/external_escape.onnx", [N("Add", ["x", "w"], ["y"], name="add")], [t2])
model("onnx/opset_99.onnx", [N("Relu", ["x"], ["y"])], opset=99)
good = open("onnx/relu.onnx", "rb").read()
write("onnx/truncated.onnx", good[: len(good) // 2])
write("onnx/random_bytes.onnx", bytes((i * 37 + 11) % 256 for i in range(300)))
write("onnx/empty.onnx", b"")
model("onnx/dynamic_input.onnx", [N("Relu", ["x"], ["y"], name="r")],
      inputs=[helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 8])])
model("onnx/div_int.onnx", [N("Div", ["a", "b"], ["y"], name="div")],
      inputs=[helper.make_tensor_value_info("a", TensorProto.INT32, [4]),
              helper.make_tensor_value_info("b", TensorProto.INT32, [4])],
      outputs=[helper.make_tensor_value_info("y", TensorProto.INT32, [4])])
model("onnx/gather_fast_oob.onnx", [N("Gather", ["x", "i"], ["y"], name="g")],
      [ints("i", [1 << 40])])


# ---- variants of every example issue 18 names (other ops, counts, forms) ----
def f32(name, v):
    return numpy_helper.from_array(np.array(v, dtype=np.float32), name)


def i32(name, v):
    return numpy_helper.from_array(np.array(v, dtype=np.int32), name)


def int_io(names, elem, shape=(4,)):
    return [helper.make_tensor_value_info(n, elem, list(shape)) for n in names]


I64MAX, I64MIN = (1 << 63) - 1, -(1 << 63)
INT = TensorProto.INT32
# Constants of two element types meeting in one op (the null dereference in constant evaluation).
model("onnx/const_concat_float_int.onnx",
      [N("Constant", [], ["cf"], value=f32("cfv", [1.5]), name="cf"),
       N("Constant", [], ["ci"], value=ints("civ", [2]), name="ci"),
       N("Concat", ["cf", "ci"], ["c"], axis=0, name="cat"), N("Reshape", ["x", "c"], ["y"], name="rs")])
# Initializers: element counts and data that do not agree (read out of bounds, allocated first).
def raw_init(path, dims, raw=None, dtype=TensorProto.FLOAT, node="Add", **fields):
    t = TensorProto()
    t.name, t.data_type = "w", dtype
    t.dims.extend(dims)
    if raw is not None:
        t.raw_data = raw
    for k, v in fields.items():
        getattr(t, k).extend(v)
    model(path, [N(node, ["x", "w"], ["y"], name="add")], [t])


raw_init("onnx/init_negative_dim.onnx", [-1, 8], b"\0" * 32)
raw_init("onnx/init_dims_int64_overflow.onnx", [1 << 21, 1 << 21, 1 << 21], b"\0" * 32)
raw_init("onnx/init_huge_no_data.onnx", [1 << 40])
raw_init("onnx/init_huge_float_data.onnx", [1 << 40], float_data=[1.0] * 8)
raw_init("onnx/init_int64_data_short.onnx", [8], dtype=TensorProto.INT64, node="Reshape", int64_data=[1, 2, 3])
raw_init("onnx/init_int32_raw_short.onnx", [8], b"\0" * 31, dtype=INT)
raw_init("onnx/init_string.onnx", [1], dtype=TensorProto.STRING, string_data=[b"hi"])
raw_init("onnx/init_dtype_99.onnx", [8], b"\0" * 32, dtype=99)
raw_init("onnx/init_dtype_undefined.onnx", [8], b"\0" * 32, dtype=0)
t = TensorProto()
t.name, t.data_type, t.raw_data = "w", TensorProto.FLOAT, b"\0" * 32
t.dims.extend([8])
model("onnx/init_twice.onnx", [N("Add", ["x", "w"], ["y"], name="add")], [t, t])
# external_data: every field that is not a number, or points outside the file.
write("onnx/w.bin", b"\0" * 64)
def ext(path, kv, dims=(8,)):
    t = TensorProto()
    t.name, t.data_type = "w", TensorProto.FLOAT
    t.dims.extend(list(dims))
    t.data_location = TensorProto.EXTERNAL
    for k, v in kv:
        e = t.external_data.add()
        e.key, e.value = k, v
    model(path, [N("Add", ["x", "w"], ["y"], name="add")], [t])


ext("onnx/ext_length_text.onnx", [("location", "w.bin"), ("length", "lots")])
ext("onnx/ext_offset_negative.onnx", [("location", "w.bin"), ("offset", "-16")])
ext("onnx/ext_offset_past_end.onnx", [("location", "w.bin"), ("offset", "1000")])
ext("onnx/ext_offset_beyond_int64.onnx", [("location", "w.bin"), ("offset", "99999999999999999999999")])
ext("onnx/ext_offset_max_plus_length.onnx", [("location", "w.bin"), ("offset", str(I64MAX)), ("length", "32")])
ext("onnx/ext_length_short.onnx", [("location", "w.bin"), ("length", "8")])
ext("onnx/ext_no_location.onnx", [("offset", "0")])
ext("onnx/ext_absolute.onnx", [("location", "/etc/passwd")])
ext("onnx/ext_missing_file.onnx", [("location", "nope.bin")])
ext("onnx/ext_directory.onnx", [("location", ".")])
ext("onnx/ext_huge_dims.onnx", [("location", "w.bin")], dims=(1 << 40,))
# Graph inputs.
model("onnx/input_dim_beyond_int32.onnx", [N("Relu", ["x"], ["y"], name="r")], in_shape=(1 << 40,))
model("onnx/input_dims_overflow.onnx", [N("Relu", ["x"], ["y"], name="r")], in_shape=(1 << 32, 1 << 32))
model("onnx/input_string.onnx", [N("Relu", ["x"], ["y"], name="r")], in_type=TensorProto.STRING)
model("onnx/input_twice.onnx", [N("Add", ["x", "x"], ["y"], name="a")],
      inputs=[helper.make_tensor_value_info("x", TensorProto.FLOAT, [8])] * 2)
# Constant evaluation: division by zero, INT64_MIN / -1, overflows (wrap, then the shape is checked).
def shape_calc(path, op, a, b):
    model(path, [N(op, ["a", "b"], ["s"], name="calc"), N("Reshape", ["x", "s"], ["y"], name="rs")],
          [ints("a", a), ints("b", b)])


shape_calc("onnx/const_div_zero.onnx", "Div", [8], [0])
shape_calc("onnx/const_mod_zero.onnx", "Mod", [8], [0])
shape_calc("onnx/const_div_int64_min.onnx", "Div", [I64MIN], [-1])
shape_calc("onnx/const_add_overflow.onnx", "Add", [I64MAX], [1])
shape_calc("onnx/const_sub_overflow.onnx", "Sub", [I64MIN], [1])
shape_calc("onnx/const_pow_overflow.onnx", "Pow", [10], [40])
model("onnx/const_neg_int64_min.onnx", [N("Neg", ["a"], ["s"], name="neg"), N("Reshape", ["x", "s"], ["y"], name="rs")],
      [ints("a", [I64MIN])])
model("onnx/const_cast_nan.onnx", [N("Cast", ["a"], ["s"], to=TensorProto.INT64, name="cast"),
                                   N("Reshape", ["x", "s"], ["y"], name="rs")], [f32("a", [float("nan")])])
model("onnx/const_int_div_zero_output.onnx", [N("Div", ["a", "b"], ["y"], name="div")],
      [i32("a", [1, 2, 3, 4]), i32("b", [0, 0, 0, 0])], inputs=[], outputs=int_io(["y"], INT))
model("onnx/const_int_mod_zero_output.onnx", [N("Mod", ["a", "b"], ["y"], name="md")],
      [i32("a", [1, 2, 3, 4]), i32("b", [0, 0, 0, 0])], inputs=[], outputs=int_io(["y"], INT))
model("onnx/const_int_min_div.onnx", [N("Div", ["a", "b"], ["y"], name="div")],
      [i32("a", [-2 ** 31] * 4), i32("b", [-1] * 4)], inputs=[], outputs=int_io(["y"], INT))
# Sizes: shapes, counts and ranges that are huge, negative or overflow.
model("onnx/range_huge.onnx", [N("Range", ["a", "b", "c"], ["y"], name="rg")],
      [f32("a", 0), f32("b", 1e12), f32("c", 1)], inputs=[])
model("onnx/range_int64_overflow.onnx", [N("Range", ["a", "b", "c"], ["y"], name="rg")],
      [ints("a", I64MIN), ints("b", I64MAX), ints("c", 1)], inputs=[])
model("onnx/range_zero_delta.onnx", [N("Range", ["a", "b", "c"], ["y"], name="rg")],
      [ints("a", 0), ints("b", 8), ints("c", 0)], inputs=[])
for nm, shp in [("huge", [1 << 40]), ("overflow", [1 << 32, 1 << 32]), ("negative", [-3])]:
    model("onnx/constant_of_shape_%s.onnx" % nm, [N("ConstantOfShape", ["s"], ["y"], name="cos")], [ints("s", shp)],
          inputs=[])
model("onnx/expand_overflow.onnx", [N("Expand", ["x", "s"], ["y"], name="ex")], [ints("s", [1 << 32, 1 << 32, 8])])
model("onnx/expand_negative.onnx", [N("Expand", ["x", "s"], ["y"], name="ex")], [ints("s", [-2, 8])])
model("onnx/reshape_two_unknown.onnx", [N("Reshape", ["x", "s"], ["y"], name="rs")], [ints("s", [-1, -1])])
model("onnx/reshape_copy_missing_dim.onnx", [N("Reshape", ["x", "s"], ["y"], name="rs")], [ints("s", [0, 0, 8])])
model("onnx/tile_negative.onnx", [N("Tile", ["x", "r"], ["y"], name="t")], [ints("r", [-2])])
model("onnx/tile_wrong_count.onnx", [N("Tile", ["x", "r"], ["y"], name="t")], [ints("r", [2, 2])])
model("onnx/pad_beyond_int32.onnx", [N("Pad", ["x", "p"], ["y"], name="pad")], [ints("p", [1 << 40, 0])])
model("onnx/pad_int64_max.onnx", [N("Pad", ["x", "p"], ["y"], name="pad")], [ints("p", [I64MAX, I64MAX])])
model("onnx/pad_crop_too_much.onnx", [N("Pad", ["x", "p"], ["y"], name="pad")], [ints("p", [-6, -6])])
model("onnx/pad_wrong_count.onnx", [N("Pad", ["x", "p"], ["y"], name="pad")], [ints("p", [1, 1, 1])])
model("onnx/resize_sizes_huge.onnx", [N("Resize", ["x", "", "", "s"], ["y"], name="rsz")],
      [ints("s", [1, 1, 1 << 40, 8])], in_shape=(1, 1, 8, 8))
model("onnx/resize_sizes_negative.onnx", [N("Resize", ["x", "", "", "s"], ["y"], name="rsz")],
      [ints("s", [1, 1, -8, 8])], in_shape=(1, 1, 8, 8))
model("onnx/resize_scale_inf.onnx", [N("Resize", ["x", "", "sc"], ["y"], name="rsz")],
      [f32("sc", [1, 1, float("inf"), 1])], in_shape=(1, 1, 8, 8))
model("onnx/topk_k_huge.onnx", [N("TopK", ["x", "k"], ["y", "i"], name="tk")], [ints("k", [1 << 40])])
model("onnx/topk_k_negative.onnx", [N("TopK", ["x", "k"], ["y", "i"], name="tk")], [ints("k", [-1])])
model("onnx/onehot_depth_huge.onnx", [N("OneHot", ["i", "d", "v"], ["y"], name="oh")],
      [ints("i", [1]), ints("d", [1 << 40]), f32("v", [0, 1])], inputs=[])
model("onnx/onehot_depth_int64_max.onnx", [N("OneHot", ["i", "d", "v"], ["y"], name="oh")],
      [ints("i", [1] * 8), ints("d", [I64MAX]), f32("v", [0, 1])], inputs=[])
model("onnx/split_sizes_mismatch.onnx", [N("Split", ["x", "s"], ["y", "z"], name="sp")], [ints("s", [3, 3])])
model("onnx/split_sizes_negative.onnx", [N("Split", ["x", "s"], ["y", "z"], name="sp")], [ints("s", [-4, 12])])
model("onnx/split_more_outputs_than_elements.onnx",
      [N("Split", ["x"], ["y"] + ["o%d" % i for i in range(15)], name="sp")])
model("onnx/unsqueeze_beyond_rank_limit.onnx", [N("Unsqueeze", ["x", "a"], ["y"], name="usq")],
      [ints("a", list(range(100)))])
# Attributes: beyond int32, zero, negative, out of range, of the wrong kind.
W = f32("w", np.zeros((4, 2, 3, 3)))
for nm, attrs in [("pads_beyond_int32", dict(pads=[1 << 40] * 4)), ("strides_zero", dict(strides=[0, 0])),
                  ("strides_beyond_int32", dict(strides=[1 << 40, 1])), ("dilations_zero", dict(dilations=[0, 0])),
                  ("kernel_shape_mismatch", dict(kernel_shape=[5, 5])), ("group_zero", dict(group=0)),
                  ("pads_negative", dict(pads=[-9] * 4))]:
    model("onnx/conv_%s.onnx" % nm, [N("Conv", ["x", "w"], ["y"], name="cv", **attrs)], [W], in_shape=(1, 2, 8, 8))
model("onnx/conv_transpose_output_beyond_int32.onnx",
      [N("ConvTranspose", ["x", "w"], ["y"], strides=[1 << 30, 1 << 30], name="ct")],
      [f32("w", np.zeros((2, 4, 3, 3)))], in_shape=(1, 2, 8, 8))
model("onnx/maxpool_kernel_beyond_int32.onnx", [N("MaxPool", ["x"], ["y"], kernel_shape=[1 << 40, 1], name="mp")],
      in_shape=(1, 2, 8, 8))
model("onnx/maxpool_strides_zero.onnx", [N("MaxPool", ["x"], ["y"], kernel_shape=[2, 2], strides=[0, 0], name="mp")],
      in_shape=(1, 2, 8, 8))
model("onnx/maxpool_no_kernel.onnx", [N("MaxPool", ["x"], ["y"], name="mp")], in_shape=(1, 2, 8, 8))
model("onnx/avgpool_pads_beyond_int32.onnx",
      [N("AveragePool", ["x"], ["y"], kernel_shape=[2, 2], pads=[1 << 40] * 4, name="ap")], in_shape=(1, 2, 8, 8))
model("onnx/depth_to_space_blocksize_zero.onnx", [N("DepthToSpace", ["x"], ["y"], blocksize=0, name="d2s")],
      in_shape=(1, 4, 2, 2))
model("onnx/depth_to_space_blocksize_huge.onnx", [N("DepthToSpace", ["x"], ["y"], blocksize=1 << 40, name="d2s")],
      in_shape=(1, 4, 2, 2))
model("onnx/space_to_depth_blocksize_huge.onnx", [N("SpaceToDepth", ["x"], ["y"], blocksize=1 << 40, name="s2d")],
      in_shape=(1, 4, 2, 2))
model("onnx/lrn_size_zero.onnx", [N("LRN", ["x"], ["y"], size=0, name="lrn")], in_shape=(1, 2, 8, 8))
model("onnx/lstm_hidden_size_mismatch.onnx", [N("LSTM", ["x", "W", "R"], ["y"], hidden_size=1 << 40, name="lstm")],
      [f32("W", np.zeros((1, 8, 4))), f32("R", np.zeros((1, 8, 2)))], in_shape=(2, 1, 4))
model("onnx/gather_axis_huge.onnx", [N("Gather", ["x", "i"], ["y"], axis=1 << 40, name="g")], [ints("i", [0])])
model("onnx/gather_index_negative_huge.onnx", [N("Gather", ["x", "i"], ["y"], name="g")], [ints("i", [-(1 << 40)])])
model("onnx/softmax_axis_huge.onnx", [N("Softmax", ["x"], ["y"], axis=-(1 << 40), name="sm")])
model("onnx/softmax_axis_float.onnx", [N("Softmax", ["x"], ["y"], axis=1.5, name="sm")])
model("onnx/transpose_perm_floats.onnx", [N("Transpose", ["x"], ["y"], perm=[1.0, 0.0], name="tp")], in_shape=(2, 4))
model("onnx/transpose_perm_out_of_range.onnx", [N("Transpose", ["x"], ["y"], perm=[0, 5], name="tp")], in_shape=(2, 4))
model("onnx/transpose_perm_repeated.onnx", [N("Transpose", ["x"], ["y"], perm=[0, 0], name="tp")], in_shape=(2, 4))
model("onnx/unsqueeze_axis_huge.onnx", [N("Unsqueeze", ["x", "a"], ["y"], name="usq")], [ints("a", [1 << 40])])
model("onnx/unsqueeze_axes_repeated.onnx", [N("Unsqueeze", ["x", "a"], ["y"], name="usq")], [ints("a", [0, 0])])
model("onnx/squeeze_axis_out_of_range.onnx", [N("Squeeze", ["x", "a"], ["y"], name="sq")], [ints("a", [4])])
model("onnx/flatten_axis_out_of_range.onnx", [N("Flatten", ["x"], ["y"], axis=9, name="fl")])
model("onnx/concat_axis_out_of_range.onnx", [N("Concat", ["x", "x"], ["y"], axis=5, name="cat")])
model("onnx/reducesum_axes_out_of_range.onnx", [N("ReduceSum", ["x", "a"], ["y"], name="rsum")], [ints("a", [3])])
model("onnx/cast_to_string.onnx", [N("Cast", ["x"], ["y"], to=TensorProto.STRING, name="c")])
model("onnx/cast_to_unknown_type.onnx", [N("Cast", ["x"], ["y"], to=99, name="c")])
model("onnx/gemm_mismatch.onnx", [N("Gemm", ["x", "w"], ["y"], name="gm")], [f32("w", np.zeros((3, 4)))], in_shape=(2, 8))
model("onnx/einsum_unknown_label.onnx", [N("Einsum", ["x"], ["y"], equation="ij->k", name="es")], in_shape=(2, 4))
# Graph structure: cycles, nameless ops, other domains, control flow, versions.
model("onnx/cycle.onnx", [N("Add", ["x", "b"], ["a"], name="n1"), N("Relu", ["a"], ["b"], name="n2"),
                          N("Relu", ["a"], ["y"], name="n3")])
model("onnx/self_loop.onnx", [N("Add", ["x", "y"], ["y"], name="n1")])
model("onnx/node_empty_op_type.onnx", [N("", ["x"], ["y"], name="e")])
model("onnx/node_custom_domain.onnx", [N("Relu", ["x"], ["y"], name="r", domain="com.example")])
model("onnx/if_node.onnx", [N("If", ["c"], ["y"], name="branch", then_branch=helper.make_graph([], "t", [], []),
                              else_branch=helper.make_graph([], "e", [], []))],
      [numpy_helper.from_array(np.array(True), "c")])
model("onnx/ir_version_0.onnx", [N("Relu", ["x"], ["y"], name="r")], ir_version=0)
model("onnx/ir_version_negative.onnx", [N("Relu", ["x"], ["y"], name="r")], ir_version=-1)
model("onnx/opset_1.onnx", [N("Relu", ["x"], ["y"], name="r")], opset=1)
model("onnx/no_nodes_unproduced_output.onnx", [], inputs=[], outputs=[helper.make_tensor_value_info("zz", TensorProto.FLOAT, [8])])
# Run time: integer division and modulo of every width by zero, INT_MIN / -1 (defined: wraps).
model("onnx/div_int64.onnx", [N("Div", ["a", "b"], ["y"], name="div")],
      inputs=int_io(["a", "b"], TensorProto.INT64), outputs=int_io(["y"], TensorProto.INT64))
model("onnx/mod_int.onnx", [N("Mod", ["a", "b"], ["y"], name="md")], inputs=int_io(["a", "b"], INT), outputs=int_io(["y"], INT))
model("onnx/div_by_zero_constant.onnx", [N("Div", ["a", "b"], ["y"], name="div")], [i32("b", [0, 0, 0, 0])],
      inputs=int_io(["a"], INT), outputs=int_io(["y"], INT))
np.save("npy/x4_int64.npy", np.arange(4, dtype=np.int64))
np.save("npy/zero_int64.npy", np.array([1, 0, 2, 3], dtype=np.int64))
np.save("npy/int_min_int32.npy", np.array([-2 ** 31, 7, -2 ** 31, 5], dtype=np.int32))
np.save("npy/minus_one_int32.npy", np.array([-1, 2, -1, 3], dtype=np.int32))
np.save("npy/int_min_int64.npy", np.array([-2 ** 63, 7, -2 ** 63, 5], dtype=np.int64))
np.save("npy/minus_one_int64.npy", np.array([-1, 2, -1, 3], dtype=np.int64))
np.save("npy/x1144.npy", np.zeros((1, 1, 4, 4), np.float32))

# ---- .npy variants: versions, headers, dtypes, shapes ----
def npy2(descr, shape, ver=2):
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    while (12 + len(d) + 1) % 64:
        d += " "
    d += "\n"
    return b"\x93NUMPY" + bytes([ver, 0]) + struct.pack("<I", len(d)) + d.encode()


def raw_header(text):
    while (10 + len(text) + 1) % 64:
        text += " "
    text += "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


x4 = np.arange(4, dtype=np.float32).tobytes()
write("npy/version_9.npy", npy2("<f4", "(4,)", ver=9) + x4)
write("npy/v2_header_len_huge.npy", b"\x93NUMPY\x02\x00" + struct.pack("<I", 0xFFFFFFFF) + b"{")
write("npy/shape_not_a_tuple.npy", npy_header("<f4", "[4]") + x4)
write("npy/shape_int.npy", npy_header("<f4", "4") + x4)
write("npy/shape_float.npy", npy_header("<f4", "(4.0,)") + x4)
write("npy/shape_nested.npy", npy_header("<f4", "((4,),)") + x4)
write("npy/shape_deep_parens.npy", npy2("<f4", "(" * 20000 + ")" * 20000) + x4)
write("npy/shape_int64_max.npy", npy_header("<f4", "(9223372036854775807,)"))
write("npy/shape_2d_overflow.npy", npy_header("<f4", "(4294967296, 4294967296)"))
write("npy/shape_u1_over_limit.npy", npy_header("|u1", "(17179869185,)"))
write("npy/missing_descr.npy", raw_header("{'fortran_order': False, 'shape': (4,), }") + x4)
write("npy/missing_shape.npy", raw_header("{'descr': '<f4', 'fortran_order': False, }") + x4)
write("npy/shape_no_value.npy", raw_header("{'descr': '<f4', 'fortran_order': False, 'shape': , }") + x4)
write("npy/header_a_list.npy", raw_header("['<f4', False, (4,)]") + x4)
write("npy/descr_struct.npy", raw_header("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }") + x4)
write("npy/descr_empty.npy", npy_header("", "(4,)") + x4)
write("npy/descr_nul.npy", raw_header("{'descr': '\x00', 'fortran_order': False, 'shape': (4,), }") + x4)
write("npy/descr_trailing_nul.npy", raw_header("{'descr': '<f4\x00', 'fortran_order': False, 'shape': (4,), }") + x4)
write("npy/descr_twice.npy", raw_header("{'descr': '<f4', 'descr': '<i4', 'fortran_order': False, 'shape': (4,), }") + x4)
write("npy/fortran_order_text.npy", raw_header("{'descr': '<f4', 'fortran_order': 'no', 'shape': (4,), }") + x4)
write("npy/header_unterminated.npy", raw_header("{'descr': '<f4', 'fortran_order': False, 'shape': (4,") + x4)
write("npy/magic_only.npy", b"\x93NUMPY")
write("npy/header_short.npy", b"\x93NUMPY\x01\x00\x40\x00{'descr'")
write("npy/big_endian.npy", npy_header(">f4", "(4,)") + x4)
for nm, descr, n in [("complex", "<c8", 32), ("datetime", "<M8[s]", 32), ("void", "|V4", 16), ("bytes", "|S4", 16),
                     ("int128", "<i16", 64), ("unicode", "<U1", 16)]:
    write("npy/dtype_%s.npy" % nm, npy_header(descr, "(4,)") + b"\0" * n)

# ---- .npz variants: members, names and zip structures ----
def npz(path, members, method=zipfile.ZIP_STORED):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=method) as z:
        for name, data in members:
            z.writestr(name, data)
    write(path, buf.getvalue())


w4 = npy_header("<f4", "(4,)") + np.zeros(4, np.float32).tobytes()
import warnings  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # zipfile warns about the duplicate name
    npz("params/member_twice.npz", [("w.npy", w4), ("w.npy", w4)])
npz("params/member_truncated.npz", [("w.npy", w4[:70])])
npz("params/member_not_npy.npz", [("w.npy", b"garbage")])
npz("params/compressed.npz", [("w.npy", w4)], zipfile.ZIP_DEFLATED)
npz("params/empty.npz", [])
np.save("npy/w4.npy", np.zeros(4, np.float32))
good = io.BytesIO()
with zipfile.ZipFile(good, "w") as z:
    z.writestr("w.npy", w4)
g = good.getvalue()


def patched(path, at, data):  # `at` < 0 counts from the end-of-central-directory/central record
    b = bytearray(g)
    b[at:at + len(data)] = data
    write(path, bytes(b))


cd, eocd = g.rfind(b"PK\x01\x02"), g.rfind(b"PK\x05\x06")
write("params/zip_truncated.npz", g[:-10])
patched("params/zip_count_zip64.npz", eocd + 8, b"\xff\xff\xff\xff")
patched("params/zip_directory_offset_huge.npz", eocd + 16, struct.pack("<I", 0x7FFFFFFF))
patched("params/zip_member_size_huge.npz", cd + 20, struct.pack("<II", 0xFFFFFFF0, 0xFFFFFFF0))
patched("params/zip_name_length_huge.npz", cd + 28, struct.pack("<H", 0xFFFF))
patched("params/zip_local_offset_huge.npz", cd + 42, struct.pack("<I", 0xFFFFFFF0))
patched("params/zip_bad_crc.npz", cd + 16, b"\1\2\3\4")
write("params/zip64_marker_only.npz", b"PK\x05\x06" + b"\0" * 4 + b"\xff" * 12 + b"\0\0")
model("onnx/input_numel_overflow.onnx", [N("Relu", ["x"], ["y"], name="r")], in_shape=(2 ** 31 - 1,) * 3)
model("onnx/reshape_product_overflow.onnx", [N("Reshape", ["x", "s"], ["y"], name="rs")],
      [ints("s", [1 << 40, 1 << 40, 1 << 40])])
