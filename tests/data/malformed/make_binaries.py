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
np.savez("params/wrong_shape.npz", w=np.zeros(5, np.float32))
np.savez("params/wrong_dtype.npz", w=np.zeros(4, np.int64))
write("params/truncated.npz", open("params/wrong_shape.npz", "rb").read()[:40])


# ---- ONNX ----
def model(path, nodes, inits=(), in_shape=(8,), ir_version=8, opset=13, out="y", inputs=None, outputs=None):
    inputs = inputs or [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(in_shape))]
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
