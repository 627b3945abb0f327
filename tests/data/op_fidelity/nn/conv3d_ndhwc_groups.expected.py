# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4), T.int64(2)), "float32"), p1: T.Buffer((T.int64(3), T.int64(3), T.int64(3), T.int64(1), T.int64(4)), "float32"), group_conv3d_ndhwc: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(5), T.int64(6), T.int64(6), T.int64(2)))
    for i0, i1, i2, i3, i4 in T.grid(T.int64(1), T.int64(5), T.int64(6), T.int64(6), T.int64(2)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4])
            pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(T.int64(1) <= v_i1 and v_i1 < T.int64(4) and T.int64(1) <= v_i2 and v_i2 < T.int64(5) and T.int64(1) <= v_i3 and v_i3 < T.int64(5), p0[v_i0, v_i1 - T.int64(1), v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4], T.float32(0))
    for nn, yy, xx, zz, ff, ry, rx, rz, rc in T.grid(T.int64(1), T.int64(3), T.int64(2), T.int64(2), T.int64(4), T.int64(3), T.int64(3), T.int64(3), T.int64(1)):
        with T.block("group_conv3d_ndhwc"):
            v_nn, v_yy, v_xx, v_zz, v_ff, v_ry, v_rx, v_rz, v_rc = T.axis.remap("SSSSSRRRR", [nn, yy, xx, zz, ff, ry, rx, rz, rc])
            T.reads(pad_temp[v_nn, v_yy + v_ry, v_xx * T.int64(2) + v_rx, v_zz * T.int64(2) + v_rz, v_ff // T.int64(2) + v_rc], p1[v_ry, v_rx, v_rz, v_rc, v_ff])
            T.writes(group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff])
            with T.init():
                group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff] = T.float32(0)
            group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff] = group_conv3d_ndhwc[v_nn, v_yy, v_xx, v_zz, v_ff] + pad_temp[v_nn, v_yy + v_ry, v_xx * T.int64(2) + v_rx, v_zz * T.int64(2) + v_rz, v_ff // T.int64(2) + v_rc] * p1[v_ry, v_rx, v_rz, v_rc, v_ff]
