# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(10)), "float32"), p1: T.Buffer((T.int64(4), T.int64(3), T.int64(3)), "float32"), conv1d_ncw: T.Buffer((T.int64(1), T.int64(4), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(13)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(13)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2])
            pad_temp[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(11), p0[v_i0, v_i1, v_i2 - T.int64(1)], T.float32(0))
    for nn, ff, yy, rc, ry in T.grid(T.int64(1), T.int64(4), T.int64(5), T.int64(3), T.int64(3)):
        with T.block("conv1d_ncw"):
            v_nn, v_ff, v_yy, v_rc, v_ry = T.axis.remap("SSSRR", [nn, ff, yy, rc, ry])
            T.reads(pad_temp[v_nn, v_rc, v_yy * T.int64(2) + v_ry * T.int64(2)], p1[v_ff, v_rc, v_ry])
            T.writes(conv1d_ncw[v_nn, v_ff, v_yy])
            with T.init():
                conv1d_ncw[v_nn, v_ff, v_yy] = T.float32(0)
            conv1d_ncw[v_nn, v_ff, v_yy] = conv1d_ncw[v_nn, v_ff, v_yy] + pad_temp[v_nn, v_rc, v_yy * T.int64(2) + v_ry * T.int64(2)] * p1[v_ff, v_rc, v_ry]
