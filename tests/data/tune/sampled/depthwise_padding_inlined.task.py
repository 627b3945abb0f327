# from tvm.script import tir as T

@T.prim_func
def tvmgen_default_fused_nn_conv2d_add_clip_11(p0: T.Buffer((T.int64(1), T.int64(144), T.int64(56), T.int64(56)), "float32"), p1: T.Buffer((T.int64(144), T.int64(1), T.int64(3), T.int64(3)), "float32"), p2: T.Buffer((T.int64(144), T.int64(1), T.int64(1)), "float32"), T_clip: T.Buffer((T.int64(1), T.int64(144), T.int64(56), T.int64(56)), "float32")):
    T.func_attr({"Primitive": 1, "hash": "bb0d3aca4e4e3fa8", "target": "generic", "tir.noalias": T.bool(True)})
    # with T.block("root"):
    PaddedInput = T.alloc_buffer((T.int64(1), T.int64(144), T.int64(58), T.int64(58)))
    DepthwiseConv2d = T.alloc_buffer((T.int64(1), T.int64(144), T.int64(56), T.int64(56)))
    T_add = T.alloc_buffer((T.int64(1), T.int64(144), T.int64(56), T.int64(56)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(144), T.int64(58), T.int64(58)):
        with T.block("PaddedInput"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(PaddedInput[v_i0, v_i1, v_i2, v_i3])
            PaddedInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(57) and T.int64(1) <= v_i3 and v_i3 < T.int64(57), p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.float32(0))
    for b, c, i, j, di, dj in T.grid(T.int64(1), T.int64(144), T.int64(56), T.int64(56), T.int64(3), T.int64(3)):
        with T.block("DepthwiseConv2d"):
            v_b, v_c, v_i, v_j, v_di, v_dj = T.axis.remap("SSSSRR", [b, c, i, j, di, dj])
            T.reads(PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj], p1[v_c, T.int64(0), v_di, v_dj])
            T.writes(DepthwiseConv2d[v_b, v_c, v_i, v_j])
            with T.init():
                DepthwiseConv2d[v_b, v_c, v_i, v_j] = T.float32(0)
            DepthwiseConv2d[v_b, v_c, v_i, v_j] = DepthwiseConv2d[v_b, v_c, v_i, v_j] + PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj] * p1[v_c, T.int64(0), v_di, v_dj]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(144), T.int64(56), T.int64(56)):
        with T.block("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(DepthwiseConv2d[v_ax0, v_ax1, v_ax2, v_ax3], p2[v_ax1, T.int64(0), T.int64(0)])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = DepthwiseConv2d[v_ax0, v_ax1, v_ax2, v_ax3] + p2[v_ax1, T.int64(0), T.int64(0)]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(144), T.int64(56), T.int64(56)):
        with T.block("T_clip"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_clip[v_ax0, v_ax1, v_ax2, v_ax3])
            T_clip[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(T.min(T_add[v_ax0, v_ax1, v_ax2, v_ax3], T.float32(6)), T.float32(0))
