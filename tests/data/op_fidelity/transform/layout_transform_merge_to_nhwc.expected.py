# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(3), T.int64(4)), "float32"), T_layout_trans: T.Buffer((T.int64(1), T.int64(3), T.int64(3), T.int64(8)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(3), T.int64(3), T.int64(8)):
        with T.block("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax3 // T.int64(4), v_ax1, v_ax2, v_ax3 % T.int64(4)])
            T.writes(T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"dst_layout": "NHWC", "input_shape": [1, 2, 3, 3, 4], "schedule_rule": "None", "src_layout": "NCHW4c"})
            T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(v_ax0 < T.int64(1) and v_ax3 < T.int64(8) and v_ax1 < T.int64(3) and v_ax2 < T.int64(3), p0[v_ax0, v_ax3 // T.int64(4), v_ax1, v_ax2, v_ax3 % T.int64(4)], T.float32(0))
