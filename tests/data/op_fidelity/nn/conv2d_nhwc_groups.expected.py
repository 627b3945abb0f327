# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(6), T.int64(6), T.int64(4)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(2), T.int64(8)), "float32"), group_conv2d_nhwc: T.Buffer((T.int64(1), T.int64(3), T.int64(3), T.int64(8)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(4)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(8), T.int64(8), T.int64(4)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(7) and T.int64(1) <= v_i2 and v_i2 < T.int64(7), p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3], T.float32(0))
    for nn, yy, xx, ff, ry, rx, rc in T.grid(T.int64(1), T.int64(3), T.int64(3), T.int64(8), T.int64(3), T.int64(3), T.int64(2)):
        with T.block("group_conv2d_nhwc"):
            v_nn, v_yy, v_xx, v_ff, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [nn, yy, xx, ff, ry, rx, rc])
            T.reads(pad_temp[v_nn, v_yy * T.int64(2) + v_ry, v_xx * T.int64(2) + v_rx, v_ff // T.int64(4) * T.int64(2) + v_rc], p1[v_ry, v_rx, v_rc, v_ff])
            T.writes(group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff])
            with T.init():
                group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = T.float32(0)
            group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] = group_conv2d_nhwc[v_nn, v_yy, v_xx, v_ff] + pad_temp[v_nn, v_yy * T.int64(2) + v_ry, v_xx * T.int64(2) + v_rx, v_ff // T.int64(4) * T.int64(2) + v_rc] * p1[v_ry, v_rx, v_rc, v_ff]
