"""decompose_padding, reindex, merge, add_unit_loop, get_output_blocks, unsafe_set_dtype and transform_block_layout through the Python
Schedule with TVM v0.14's argument names (blocks by name or handle, positional or keyword),
their printed trace replaying to the same module, and the scheduled conv built and run equal
to the unscheduled one (exact: inputs are small multiples of 1/4)."""
import os

import numpy as np
import pytest

import tirgen
from tirgen import tir

HERE = os.path.dirname(os.path.abspath(__file__))
CONV = os.path.join(HERE, "..", "data", "tvm", "golden-schedule", "conv_inline", "00_input.py")


def conv_func():
    with open(CONV) as f:
        return tirgen.script.parse(f.read())


def replay(func, trace_text):
    scope = {"tir": tir}
    exec(compile(trace_text, "trace.py", "exec"), scope)
    sch = tir.Schedule(func)
    scope["apply_trace"](sch)
    return sch


def run(mod):
    rng = np.random.default_rng(0)
    args = [(rng.integers(-4, 5, size=s) * 0.25).astype("float32") for s in [(1, 3, 32, 32), (16, 3, 3, 3), (16,)]]
    return np.asarray(tirgen.build(mod)(*args))


def test_decompose_padding_runs_like_the_padded_conv():
    func = conv_func()
    sch = tir.Schedule(func)
    loops = sch.get_loops("pad_temp")
    const = sch.decompose_padding("pad_temp", loops[0])
    assert sch.get(const).name_hint == "pad_temp_pad_const"
    script = sch.mod.script()
    # The pad value fills all 34x34, the in-bound block copies the 32x32 interior on shrunk loops.
    assert "for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(34), T.int64(34)):" in script
    assert "for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(32), T.int64(32)):" in script
    assert "pad_temp[v_i0, v_i1, v_i2 + T.int64(1), v_i3 + T.int64(1)] = p0[v_i0, v_i1, v_i2, v_i3]" in script
    assert "T.where" not in script
    assert "b6 = sch.decompose_padding(block=b5, loop=l1)" in str(sch.trace)
    assert replay(func, str(sch.trace)).mod.script() == script
    np.testing.assert_array_equal(run(sch.mod), run(func))
    # The in-bound block is no longer the only writer of pad_temp.
    with pytest.raises(tir.ScheduleError, match="it is not a complete block"):
        sch.decompose_padding(block="pad_temp", loop=sch.get_loops("pad_temp")[0])


def test_decompose_padding_inside_a_tile_keeps_a_predicate():
    func = conv_func()
    sch = tir.Schedule(func)
    pad = sch.get_block("pad_temp")
    conv = sch.get_block("conv2d_nchw")
    yy = sch.get_loops(conv)[2]
    yo, yi = sch.split(yy, factors=[None, 8])
    sch.compute_at(pad, yo)
    sch.decompose_padding(pad, sch.get_loops(pad)[1])
    script = sch.mod.script()
    assert "T.where" in script
    assert replay(func, str(sch.trace)).mod.script() == script
    np.testing.assert_array_equal(run(sch.mod), run(func))


def test_unit_loops_output_blocks_and_set_dtype():
    func = conv_func()
    sch = tir.Schedule(func)
    root = sch.get_block("root")
    outs = sch.get_output_blocks(scope_block=root)
    assert [sch.get(b).name_hint for b in outs] == ["T_relu"]
    assert [sch.get(b).name_hint for b in sch.get_output_blocks("root")] == ["T_relu"]
    assert [sch.get(b).name_hint for b in sch.get_output_blocks(scope_block="root")] == ["T_relu"]
    u = sch.add_unit_loop(outs[0])
    assert isinstance(u, tir.LoopRV)
    assert sch.get(u).extent.value == 1
    u2 = sch.add_unit_loop(block_or_loop=sch.get_loops("conv2d_nchw")[0])
    assert sch.get(u2).loop_var.name == "u"
    sch.unsafe_set_dtype("pad_temp", 0, "float64")
    sch.unsafe_set_dtype(block="T_add", buffer_index=0, dtype="float64")
    script = sch.mod.script()
    assert 'pad_temp = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(34), T.int64(34)), "float64")' in script
    assert 'T.Cast("float32", pad_temp[' in script
    text = str(sch.trace)
    assert "b1, = sch.get_output_blocks(block=b0)" in text
    assert 'sch.unsafe_set_dtype(block=b17, buffer_index=0, dtype="float64")' in text
    assert replay(func, text).mod.script() == script
    # float64 holds every float32 value: the results do not change.
    np.testing.assert_array_equal(run(sch.mod), run(func))
    with pytest.raises(tir.ScheduleError, match="it is the root block"):
        sch.add_unit_loop(root)
    with pytest.raises(tir.ScheduleError, match="is not allocated by a block"):
        sch.unsafe_set_dtype("T_relu", 0, "float16")


def test_reindex_turns_the_conv_input_into_im2col():
    func = conv_func()
    sch = tir.Schedule(func)
    conv = sch.get_block("conv2d_nchw")
    data = sch.reindex(conv, ("read", 0))
    out = sch.reindex(block="conv2d_nchw", buffer="conv2d_nchw")
    assert sch.get(data).name_hint == "pad_temp_reindex_reindex"
    assert sch.get(out).name_hint == "conv2d_nchw_reindex"
    script = sch.mod.script()
    # pad_temp[nn, rc, yy + ry, xx + rx] becomes a buffer over (nn, yy, xx, rc, ry, rx): iter var order.
    assert ("pad_temp_reindex = T.alloc_buffer((T.int64(1), T.int64(32), T.int64(32), T.int64(3), T.int64(3), T.int64(3)))"
            in script)
    assert "pad_temp_reindex[v0, v1, v2, v3, v4, v5] = pad_temp[v0, v3, v1 + v4, v2 + v5]" in script
    assert "conv2d_nchw[v0, v1, v2, v3] = conv2d_nchw_reindex[v0, v1, v2, v3]" in script
    text = str(sch.trace)
    assert 'b1 = sch.reindex(block=b0, buffer=("read", 0))' in text
    assert 'b3 = sch.reindex(block=b2, buffer=("write", 0))' in text
    assert replay(func, text).mod.script() == script
    np.testing.assert_array_equal(run(sch.mod), run(func))
    with pytest.raises(tir.ScheduleError, match="buffer index 3 is out of range"):
        sch.reindex(conv, ("read", 3))


def test_merge_runs_two_nests_in_one():
    func = conv_func()
    sch = tir.Schedule(func)
    # T_add and T_relu are elementwise over the same 1x16x32x32 domain.
    add_loops = sch.get_loops("T_add")
    relu_loops = sch.get_loops("T_relu")
    merged = sch.merge(add_loops[3], relu_loops[3])
    assert sch.get(merged).loop_var.name == "ax3_m"
    script = sch.mod.script()
    assert "for ax0_m, ax1_m, ax2_m, ax3_m in T.grid(" in script
    assert "l10 = sch.merge(l4, l9)" in str(sch.trace)
    assert replay(func, str(sch.trace)).mod.script() == script
    np.testing.assert_array_equal(run(sch.mod), run(func))
    with pytest.raises(tir.ScheduleError, match="have different extents"):
        sch.merge(sch.get_loops("conv2d_nchw")[0], sch.get_loops("T_expand_dims")[0])


def test_transform_block_layout_fuses_and_splits_iters():
    func = conv_func()
    sch = tir.Schedule(func)
    # T_add over (n: 1, c: 16, h: 32, w: 32): n (unit) is dropped and read back as 0; h, w fuse.
    sch.transform_block_layout("T_add", lambda n, c, h, w: (c, h * 32 + w))
    conv = sch.get_block("conv2d_nchw")
    # The conv's reduction iters fuse into one reduce iter of 27; f splits around them.
    sch.transform_block_layout(block=conv, index_map=lambda n, f, y, x, rc, ry, rx:
                               (f // 4, y * 32 + x, rc * 9 + ry * 3 + rx, f % 4))
    script = sch.mod.script()
    # Expected lines derived from TVM's TransformBlockLayout: loops ax<i> over the map's output
    # extents, iters v<i> typed by the old iters they use, the body through the inverse map.
    assert "for ax0, ax1 in T.grid(T.int64(16), T.int64(1024)):" in script
    assert "v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])" in script
    assert ("T_add[T.int64(0), v0, v1 // T.int64(32), v1 % T.int64(32)] = "
            "conv2d_nchw[T.int64(0), v0, v1 // T.int64(32), v1 % T.int64(32)] + T_expand_dims[v0, T.int64(0), T.int64(0)]"
            in script)
    assert "for ax0, ax1, ax2, ax3 in T.grid(T.int64(4), T.int64(1024), T.int64(27), T.int64(4)):" in script
    assert "v0, v1, v2, v3 = T.axis.remap(\"SSRS\", [ax0, ax1, ax2, ax3])" in script
    assert "p1[v0 * T.int64(4) + v3, v2 // T.int64(9), v2 % T.int64(9) // T.int64(3), v2 % T.int64(3)]" in script
    text = str(sch.trace)
    assert 'sch.transform_block_layout(block=b0, index_map=lambda n, c, h, w: (c, h * 32 + w,))' in text
    assert replay(func, text).mod.script() == script
    np.testing.assert_array_equal(run(sch.mod), run(func))
    with pytest.raises(tir.ScheduleError, match="is not bijective affine"):
        sch.transform_block_layout("T_relu", lambda n, c, h, w: (n, c, h, h))
    with pytest.raises(tir.ScheduleError, match="mixes iters of different types"):
        sch.transform_block_layout("conv2d_nchw", lambda a, b, c, d: (a, b + c, d))
