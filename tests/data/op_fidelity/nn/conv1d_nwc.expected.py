# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(10), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(4)), "float32"), conv1d_nwc: T.Buffer((T.int64(1), T.int64(10), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(12), T.int64(3)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(12), T.int64(3)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2])
            T.writes(pad_temp[v_i0, v_i1, v_i2])
            pad_temp[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(11), p0[v_i0, v_i1 - T.int64(1), v_i2], T.float32(0))
    for nn, yy, ff, ry, rc in T.grid(T.int64(1), T.int64(10), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("conv1d_nwc"):
            v_nn, v_yy, v_ff, v_ry, v_rc = T.axis.remap("SSSRR", [nn, yy, ff, ry, rc])
            T.reads(pad_temp[v_nn, v_yy + v_ry, v_rc], p1[v_ry, v_rc, v_ff])
            T.writes(conv1d_nwc[v_nn, v_yy, v_ff])
            with T.init():
                conv1d_nwc[v_nn, v_yy, v_ff] = T.float32(0)
            conv1d_nwc[v_nn, v_yy, v_ff] = conv1d_nwc[v_nn, v_yy, v_ff] + pad_temp[v_nn, v_yy + v_ry, v_rc] * p1[v_ry, v_rc, v_ff]
