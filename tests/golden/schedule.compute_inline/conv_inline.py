# RUN: tirgen opt %s --schedule %S/conv_inline.trace.py
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(16), T.int64(3), T.int64(3), T.int64(3)), "float32"), p2: T.Buffer((T.int64(16),), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(34), T.int64(34)))
    conv2d_nchw = T.alloc_buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)))
    T_expand_dims = T.alloc_buffer((T.int64(16), T.int64(1), T.int64(1)))
    T_add = T.alloc_buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(34), T.int64(34)):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(33) and T.int64(1) <= v_i3 and v_i3 < T.int64(33), p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0))
    for nn, ff, yy, xx, rc, ry, rx in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32), T.int64(3), T.int64(3), T.int64(3)):
        with T.block("conv2d_nchw"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            T.reads(pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx], p1[v_ff, v_rc, v_ry, v_rx])
            T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])
            with T.init():
                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * p1[v_ff, v_rc, v_ry, v_rx]
    for ax0, ax1, ax2 in T.grid(T.int64(16), T.int64(1), T.int64(1)):
        with T.block("T_expand_dims"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p2[v_ax0])
            T.writes(T_expand_dims[v_ax0, v_ax1, v_ax2])
            T_expand_dims[v_ax0, v_ax1, v_ax2] = p2[v_ax0]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32)):
        with T.block("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(conv2d_nchw[v_ax0, v_ax1, v_ax2, v_ax3], T_expand_dims[v_ax1, T.int64(0), T.int64(0)])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = conv2d_nchw[v_ax0, v_ax1, v_ax2, v_ax3] + T_expand_dims[v_ax1, T.int64(0), T.int64(0)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32)):
        with T.block("T_relu"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_relu[v_ax0, v_ax1, v_ax2, v_ax3])
            T_relu[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(T_add[v_ax0, v_ax1, v_ax2, v_ax3], T.float32(0))
