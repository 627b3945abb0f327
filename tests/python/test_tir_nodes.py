"""TIR nodes carry TVM's Python attribute names, so TVM tests that walk PrimFuncs port by
changing imports. The main use: checking programs whose weights are AllocateConst."""
import os

import numpy as np

import tirgen
from tirgen import tir

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "data", "tvm", "golden")


def read(*parts):
    with open(os.path.join(GOLDEN, *parts)) as f:
        return f.read()


def collect(func, cls):
    found = []
    tir.stmt_functor.post_order_visit(func.body, lambda n: found.append(n) if isinstance(n, cls) else None)
    return found


def test_link_params_weight_is_one_allocate_const_with_the_weight_values():
    # The golden PrimFunc of the uint8 link-params conv2d, lowered again from Relay by tirgen.
    func = tirgen.script.parse(read("conv2d_link_params", "primfunc_0.py"))
    consts = collect(func, tir.AllocateConst)
    assert len(consts) == 1
    c = consts[0]
    assert c.dtype == "uint8"
    assert [int(e) for e in c.extents] == [64, 64, 3, 3]
    params = np.load(os.path.join(GOLDEN, "conv2d_link_params", "params.npz"))
    assert np.array_equal(c.data.reshape(64, 64, 3, 3), params["weight"])
    # The buffer declared over it reads the same handle.
    loads = [n for n in collect(func, tir.BufferLoad) if n.buffer.data == c.buffer_var]
    assert loads and all(n.buffer.dtype == "uint8" for n in loads)


def test_prim_func_signature_blocks_and_loops():
    func = tirgen.script.parse(read("conv2d_bias_relu", "primfunc_0.py"))
    assert len(func.params) == 4 and all(p.dtype == "handle" for p in func.params)
    bufs = [func.buffer_map[p] for p in func.params]
    assert [b.name for b in bufs] == ["p0", "p1", "p2", "T_relu"]
    assert [int(d) for d in bufs[1].shape] == [16, 3, 3, 3] and bufs[1].dtype == "float32"
    assert func.attrs["tir.noalias"] is True
    blocks = collect(func, tir.Block)
    assert [b.name_hint for b in blocks] == ["pad_temp", "conv2d_nchw", "T_expand_dims", "T_add", "T_relu", "root"]
    conv = blocks[1]
    assert [iv.iter_type for iv in conv.iter_vars] == [0, 0, 0, 0, 2, 2, 2]  # DataPar / CommReduce
    assert isinstance(conv.init, tir.BufferStore) and conv.init.value.value == 0.0
    update = conv.body
    assert isinstance(update, tir.BufferStore) and isinstance(update.value, tir.Add)
    assert isinstance(update.value.b, tir.Mul) and isinstance(update.value.b.a, tir.BufferLoad)
    assert [r.buffer.name for r in conv.reads] == ["pad_temp", "p1"]
    loops = collect(func, tir.For)
    assert all(l.kind == tir.ForKind.SERIAL for l in loops)
    assert [l.loop_var.name for l in loops if isinstance(l.body, tir.BlockRealize)][:2] == ["i3", "rx"]


def test_schedule_get_returns_typed_nodes():
    func = tirgen.script.parse(read("dense_bias_relu", "primfunc_0.py"))
    sch = tir.Schedule(func)
    block = sch.get_block("T_matmul_NT")
    loops = sch.get_loops(block)
    sch.parallel(loops[0])
    assert isinstance(sch.get(block), tir.Block) and sch.get(block).name_hint == "T_matmul_NT"
    assert sch.get(loops[0]).kind == tir.ForKind.PARALLEL
    assert int(sch.get(loops[-1]).extent) == int(sch.get(block).iter_vars[-1].dom.extent)
