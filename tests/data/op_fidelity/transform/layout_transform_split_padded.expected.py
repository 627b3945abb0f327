# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(6), T.int64(2), T.int64(2)), "float32"), T_layout_trans: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(2), T.int64(4)):
        with T.block("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(p0[v_ax0, v_ax1 * T.int64(4) + v_ax4, v_ax2, v_ax3])
            T.writes(T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"dst_layout": "NCHW4c", "input_shape": [1, 6, 2, 2], "schedule_rule": "None", "src_layout": "NCHW"})
            T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.if_then_else(v_ax0 < T.int64(1) and v_ax1 * T.int64(4) + v_ax4 < T.int64(6) and v_ax2 < T.int64(2) and v_ax3 < T.int64(2), p0[v_ax0, v_ax1 * T.int64(4) + v_ax4, v_ax2, v_ax3], T.float32(0))
