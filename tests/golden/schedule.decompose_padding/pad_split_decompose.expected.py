# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32"), p1: T.Buffer((T.int64(4), T.int64(2), T.int64(3), T.int64(3)), "float32"), conv2d_nchw: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(8), T.int64(8)))
        for i0, i1, i2_0 in T.grid(T.int64(1), T.int64(2), T.int64(2)):
            for i2_1, i3 in T.grid(T.int64(4), T.int64(8)):
                with T.block("pad_temp_pad_const"):
                    v_i0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v_i1 = T.axis.spatial(T.int64(2), i1)
                    v_i2 = T.axis.spatial(T.int64(8), i2_0 * T.int64(4) + i2_1)
                    v_i3 = T.axis.spatial(T.int64(8), i3)
                    T.reads()
                    T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
                    pad_temp[v_i0, v_i1, v_i2, v_i3] = T.float32(0)
            for i2_1, i3 in T.grid(T.int64(4), T.int64(6)):
                with T.block("pad_temp"):
                    v_i0 = T.axis.spatial(T.int64(1), T.int64(0))
                    v_i1 = T.axis.spatial(T.int64(2), i1)
                    v_i2 = T.axis.spatial(T.int64(6), i2_0 * T.int64(4) + i2_1 - T.int64(1))
                    v_i3 = T.axis.spatial(T.int64(6), i3)
                    T.where(T.int64(1) <= i2_0 * T.int64(4) + i2_1 and i2_0 * T.int64(4) + i2_1 < T.int64(7))
                    T.reads(p0[v_i0, v_i1, v_i2, v_i3])
                    T.writes(pad_temp[v_i0, v_i1, v_i2 + T.int64(1), v_i3 + T.int64(1)])
                    pad_temp[v_i0, v_i1, v_i2 + T.int64(1), v_i3 + T.int64(1)] = p0[v_i0, v_i1, v_i2, v_i3]
        for nn, ff, yy, xx, rc, ry, rx in T.grid(T.int64(1), T.int64(4), T.int64(6), T.int64(6), T.int64(2), T.int64(3), T.int64(3)):
            with T.block("conv2d_nchw"):
                v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
                T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx], p1[v_ff, v_rc, v_ry, v_rx])
                T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])
                with T.init():
                    conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * p1[v_ff, v_rc, v_ry, v_rx]
