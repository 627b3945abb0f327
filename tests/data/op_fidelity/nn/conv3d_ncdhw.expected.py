# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(4), T.int64(4)), "float32"), p1: T.Buffer((T.int64(2), T.int64(2), T.int64(3), T.int64(3), T.int64(3)), "float32"), conv3d_ncdhw: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(5), T.int64(6), T.int64(6)))
    for i0, i1, i2, i3, i4 in T.grid(T.int64(1), T.int64(2), T.int64(5), T.int64(6), T.int64(6)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4])
            pad_temp[v_i0, v_i1, v_i2, v_i3, v_i4] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(4) and T.int64(1) <= v_i3 and v_i3 < T.int64(5) and T.int64(1) <= v_i4 and v_i4 < T.int64(5), p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1), v_i4 - T.int64(1)], T.float32(0))
    for nn, ff, yy, xx, zz, rc, ry, rx, rz in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(4), T.int64(4), T.int64(2), T.int64(3), T.int64(3), T.int64(3)):
        with T.block("conv3d_ncdhw"):
            v_nn, v_ff, v_yy, v_xx, v_zz, v_rc, v_ry, v_rx, v_rz = T.axis.remap("SSSSSRRRR", [nn, ff, yy, xx, zz, rc, ry, rx, rz])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx, v_zz + v_rz], p1[v_ff, v_rc, v_ry, v_rx, v_rz])
            T.writes(conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz])
            with T.init():
                conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] = T.float32(0)
            conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] = conv3d_ncdhw[v_nn, v_ff, v_yy, v_xx, v_zz] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx, v_zz + v_rz] * p1[v_ff, v_rc, v_ry, v_rx, v_rz]
